import { applyTestMode, footerHtml, footerText, insertBeforeBodyEnd } from "@/lib/email/compose";

describe("applyTestMode", () => {
  it("marks every subject of a preview [PREVIEW], once, also on top of [TEST]", () => {
    expect(applyTestMode({ to: "pat@example.com", subject: "Your quote" }, undefined, "[PREVIEW] ")).toEqual({ to: "pat@example.com", subject: "[PREVIEW] Your quote", isTest: true });
    expect(applyTestMode({ to: "pat@example.com", subject: "Your quote" }, "qa@agency.test", "[PREVIEW] ").subject).toBe("[PREVIEW] [TEST] Your quote");
    expect(applyTestMode({ to: "pat@example.com", subject: "[PREVIEW] Your quote" }, undefined, "[PREVIEW] ").subject).toBe("[PREVIEW] Your quote");
  });

  it("leaves the message alone without a test address", () => {
    expect(applyTestMode({ to: "pat@example.com", subject: "Your quote" }, undefined)).toEqual({ to: "pat@example.com", subject: "Your quote", isTest: false });
  });
  it("redirects to the test address and marks the subject once", () => {
    expect(applyTestMode({ to: "pat@example.com", subject: "Your quote" }, "qa@agency.test")).toEqual({ to: "qa@agency.test", subject: "[TEST] Your quote", isTest: true });
    expect(applyTestMode({ to: "pat@example.com", subject: "[TEST] Your quote" }, "qa@agency.test").subject).toBe("[TEST] Your quote");
  });
});

describe("footer", () => {
  const footer = { postalAddress: "1 Main St, Austin, TX", productName: "Gapwise", unsubscribeUrl: "https://app.test/unsubscribe?t=a&b=<c>" };
  it("carries the postal address and an escaped unsubscribe link", () => {
    const html = footerHtml(footer);
    expect(html).toContain("1 Main St, Austin, TX");
    expect(html).toContain('href="https://app.test/unsubscribe?t=a&amp;b=&lt;c&gt;"');
    expect(footerText(footer)).toBe("Sent with Gapwise · 1 Main St, Austin, TX\nUnsubscribe: https://app.test/unsubscribe?t=a&b=<c>");
    expect(footerHtml({ ...footer, unsubscribeUrl: undefined })).not.toContain("Unsubscribe");
  });
  it("goes before </body>, or at the end", () => {
    expect(insertBeforeBodyEnd("<html><body><p>x</p></BODY></html>", "<f/>")).toBe("<html><body><p>x</p><f/></BODY></html>");
    expect(insertBeforeBodyEnd("<p>x</p>", "<f/>")).toBe("<p>x</p><f/>");
  });
});
