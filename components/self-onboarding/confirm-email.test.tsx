import { fireEvent, render, screen } from "@testing-library/react";
import { ConfirmEmail } from "@/components/self-onboarding/confirm-email";
import { SELF_SERVICE_MESSAGES as M } from "@/lib/self-onboarding/self-onboarding-schema";

const TOKEN = "T".repeat(43);

function answer(status: number, body: unknown) {
  const fetchMock = jest.fn(async () => ({ ok: status === 200, status, json: async () => body }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const renderPage = (initialState: "pending" | "used" | "invalid" = "pending") =>
  render(
    <ConfirmEmail
      token={TOKEN}
      initialState={initialState}
      organizationName="Sample Agency"
      brandColor="#6B46C1"
      formUrl="/self-onboarding/sample-agency"
    />,
  );

const confirmButton = () => screen.getByRole("button", { name: M.confirmButton });

describe("ConfirmEmail", () => {
  it("confirms only when the button is pressed, then offers the quotes", async () => {
    const fetchMock = answer(200, {
      success: true,
      status: "confirmed",
      organizationName: "Sample Agency",
      redirectUrl: "/compare?id=abc",
    });
    renderPage();
    expect(screen.getByRole("heading", { name: M.confirmTitle })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(confirmButton());
    expect(screen.getByRole("button", { name: M.confirming })).toHaveProperty("disabled", true);
    expect(await screen.findByRole("heading", { name: M.confirmed })).toBeTruthy();
    expect(screen.getByRole("link", { name: "See your quotes" }).getAttribute("href")).toBe("/compare?id=abc");
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/self-service/confirm-email",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ token: TOKEN }) }),
    );
  });

  it("a link already used says so, with no quotes link", async () => {
    answer(200, { success: true, status: "already_confirmed", organizationName: "Sample Agency" });
    renderPage();
    fireEvent.click(confirmButton());
    expect(await screen.findByRole("heading", { name: M.alreadyConfirmed })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "See your quotes" })).toBeNull();
    renderPage("used");
    expect(screen.getAllByRole("heading", { name: M.alreadyConfirmed })).toHaveLength(2);
  });

  it("an expired or unknown link sends the person back to the form", async () => {
    answer(404, { error: { code: "not_found", message: M.confirmInvalid } });
    renderPage();
    fireEvent.click(confirmButton());
    expect((await screen.findByRole("alert")).textContent).toBe(M.confirmInvalid);
    expect(screen.getByRole("link", { name: "Fill out the form again" }).getAttribute("href")).toBe(
      "/self-onboarding/sample-agency",
    );
  });

  it("a full agency says so; anything else asks to try again, and the button stays", async () => {
    answer(409, { error: { code: "conflict", message: M.notAccepting } });
    renderPage();
    fireEvent.click(confirmButton());
    expect((await screen.findByRole("alert")).textContent).toBe(M.notAccepting);
    answer(500, { error: { code: "internal", message: "Something went wrong." } });
    fireEvent.click(confirmButton());
    expect((await screen.findByRole("alert")).textContent).toBe(M.confirmFailed);
    expect(confirmButton()).toBeTruthy();
  });
});
