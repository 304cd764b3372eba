import { render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { VerifyLogin } from "@/components/accounts/verify-login";

// jsdom has no Response: the page reads only ok and json().
const refused = {
  ok: false,
  status: 404,
  json: async () => ({ error: { code: "not_found", message: "This link is not valid." } }),
};

describe("VerifyLogin", () => {
  it("consumes the link with one POST (no GET changes state, docs/security.md), and shows why a refused link failed", async () => {
    const fetchMock = jest.fn(async () => refused);
    global.fetch = fetchMock as unknown as typeof fetch;
    render(
      <StrictMode>
        <VerifyLogin orgSlug="sample agency" token="0123abcd" />
      </StrictMode>,
    );
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "This link is not valid.");
    expect(fetchMock.mock.calls).toEqual([
      ["/api/auth/verify/sample%20agency/0123abcd", expect.objectContaining({ method: "POST" })],
    ]);
  });

  it("says the link could not be checked when no answer arrives", async () => {
    global.fetch = jest.fn(async () => Promise.reject(new TypeError("network"))) as unknown as typeof fetch;
    render(<VerifyLogin orgSlug="sample" token="0123abcd" />);
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "We couldn't check your link. Please try again.",
    );
  });
});
