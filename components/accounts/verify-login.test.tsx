import { render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { VerifyLogin } from "@/components/accounts/verify-login";

// jsdom has no Response: the page reads only ok and json().
const refused = { ok: false, status: 404, json: async () => ({ error: { code: "not_found", message: "This link is not valid." } }) };

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
    expect(fetchMock.mock.calls).toEqual([["/api/auth/verify/sample%20agency/0123abcd", { method: "POST", credentials: "same-origin", cache: "no-store" }]]);
  });
});
