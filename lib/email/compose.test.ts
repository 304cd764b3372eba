import {
  applyTestMode,
  footerHtml,
  footerText,
  fromWithName,
  headerText,
  insertBeforeBodyEnd,
  redactSecrets,
  safeHeaders,
} from "@/lib/email/compose";

describe("applyTestMode", () => {
  it("marks every subject of a preview [PREVIEW], once, also on top of [TEST]", () => {
    expect(applyTestMode({ to: "pat@example.com", subject: "Your quote" }, undefined, "[PREVIEW] ")).toEqual({
      to: "pat@example.com",
      subject: "[PREVIEW] Your quote",
      isTest: true,
    });
    expect(
      applyTestMode({ to: "pat@example.com", subject: "Your quote" }, "qa@agency.test", "[PREVIEW] ").subject,
    ).toBe("[PREVIEW] [TEST] Your quote");
    expect(
      applyTestMode({ to: "pat@example.com", subject: "[PREVIEW] Your quote" }, undefined, "[PREVIEW] ").subject,
    ).toBe("[PREVIEW] Your quote");
  });

  it("leaves the message alone without a test address", () => {
    expect(applyTestMode({ to: "pat@example.com", subject: "Your quote" }, undefined)).toEqual({
      to: "pat@example.com",
      subject: "Your quote",
      isTest: false,
    });
  });
  it("redirects to the test address and marks the subject once", () => {
    expect(applyTestMode({ to: "pat@example.com", subject: "Your quote" }, "qa@agency.test")).toEqual({
      to: "qa@agency.test",
      subject: "[TEST] Your quote",
      isTest: true,
    });
    expect(applyTestMode({ to: "pat@example.com", subject: "[TEST] Your quote" }, "qa@agency.test").subject).toBe(
      "[TEST] Your quote",
    );
  });
});

describe("footer", () => {
  const footer = {
    postalAddress: "1 Main St, Austin, TX",
    productName: "Gapwise",
    unsubscribeUrl: "https://app.test/unsubscribe?t=a&b=<c>",
  };
  it("carries the postal address and an escaped unsubscribe link", () => {
    const html = footerHtml(footer);
    expect(html).toContain("1 Main St, Austin, TX");
    expect(html).toContain('href="https://app.test/unsubscribe?t=a&amp;b=&lt;c&gt;"');
    expect(footerText(footer)).toBe(
      "Sent with Gapwise · 1 Main St, Austin, TX\nUnsubscribe: https://app.test/unsubscribe?t=a&b=<c>",
    );
    expect(footerHtml({ ...footer, unsubscribeUrl: undefined })).not.toContain("Unsubscribe");
  });
  it("a white-label email (no product name) says nothing of the platform; the text is 14px or more", () => {
    const whiteLabel = { ...footer, productName: null };
    expect(footerText(whiteLabel)).toBe("1 Main St, Austin, TX\nUnsubscribe: https://app.test/unsubscribe?t=a&b=<c>");
    expect(footerHtml(whiteLabel)).not.toContain("Sent with");
    const size = Number(/font-size:(\d+)px/.exec(footerHtml(footer))?.[1]);
    expect(size).toBeGreaterThanOrEqual(14);
  });
  it("goes before </body>, or at the end", () => {
    expect(insertBeforeBodyEnd("<html><body><p>x</p></BODY></html>", "<f/>")).toBe(
      "<html><body><p>x</p><f/></BODY></html>",
    );
    expect(insertBeforeBodyEnd("<p>x</p>", "<f/>")).toBe("<p>x</p><f/>");
  });
});

describe("headers stay one line each", () => {
  it("headerText turns every control character (CR, LF, NUL, TAB, C1, U+2028) into one space", () => {
    expect(headerText("Pat\r\nBcc: victim@example.com")).toBe("Pat Bcc: victim@example.com");
    expect(headerText("A\u0000B\tC\u0085D\u2028E\u2029F\u007fG")).toBe("A B C D E F G");
    expect(headerText("  \r\n  ")).toBe("");
    expect(headerText("Jos\u00e9 O\u2019Brien")).toBe("Jos\u00e9 O\u2019Brien");
  });

  it("fromWithName keeps the configured address and a display name without quotes, brackets, backslashes or line breaks", () => {
    expect(fromWithName("Gapwise <hello@gapwise.test>", "Ann Lee - Lone Star")).toBe(
      '"Ann Lee - Lone Star" <hello@gapwise.test>',
    );
    expect(fromWithName("hello@gapwise.test", 'Eve"\r\nBcc: x@y.z <evil@x>\\')).toBe(
      '"Eve Bcc: x@y.z evil@x" <hello@gapwise.test>',
    );
    expect(fromWithName("Gapwise <hello@gapwise.test>", "\r\n")).toBe("Gapwise <hello@gapwise.test>");
  });

  it("safeHeaders cleans Subject, From, Reply-To and every extra header", () => {
    const cleaned = safeHeaders({
      subject: "Pat\r\nBcc: victim@example.com, your quotes",
      from: "Gapwise\n <hello@gapwise.test>",
      replyTo: "agent@agency.test\r\nX-Evil: 1",
      headers: { "List-Unsubscribe": "<https://app.test/u?t=1>\r\nX-Evil: 1" },
    });
    expect(cleaned).toEqual({
      subject: "Pat Bcc: victim@example.com, your quotes",
      from: "Gapwise <hello@gapwise.test>",
      replyTo: "agent@agency.test X-Evil: 1",
      headers: { "List-Unsubscribe": "<https://app.test/u?t=1> X-Evil: 1" },
    });
    for (const value of [cleaned.subject, cleaned.from, cleaned.replyTo!, ...Object.values(cleaned.headers)])
      expect(value).not.toMatch(/[\r\n]/);
    expect(safeHeaders({ subject: "s", from: "f", replyTo: undefined, headers: {} }).replyTo).toBeUndefined();
  });
});

describe("redactSecrets", () => {
  it("replaces each secret, as written and percent-encoded, everywhere it appears", () => {
    const token = "a1b2c3d4e5f6";
    const odd = "tok+en/with=chars";
    const html = `<a href="https://app.test/auth/verify/acme/${token}">Sign in</a> https://app.test/auth/verify/acme/${token} ${encodeURIComponent(odd)}`;
    expect(redactSecrets(html, [token, odd])).toBe(
      '<a href="https://app.test/auth/verify/acme/[redacted]">Sign in</a> https://app.test/auth/verify/acme/[redacted] [redacted]',
    );
  });

  it("leaves the text alone without secrets, and ignores values too short to be one", () => {
    expect(redactSecrets("Sign in at https://app.test", [])).toBe("Sign in at https://app.test");
    expect(redactSecrets("Sign in at https://app.test", ["app", ""])).toBe("Sign in at https://app.test");
  });
});
