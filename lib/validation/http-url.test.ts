import { httpUrlField, isHttpUrl, safeHttpUrl, withHttpScheme } from "@/lib/validation/http-url";

const field = httpUrlField("Enter a valid link");

describe("links people click: http(s) only", () => {
  it.each([
    ["https://calendly.com/ann", "https://calendly.com/ann"],
    ["http://calendly.com/ann", "http://calendly.com/ann"],
    ["  calendly.com/ann  ", "https://calendly.com/ann"],
    ["www.example.com/book/sample-agency", "https://www.example.com/book/sample-agency"],
    ["example.com:8443/book", "https://example.com:8443/book"],
    ["", ""],
    ["https://", ""],
  ])("accepts %j as %j", (input, stored) => {
    expect(field.parse(input)).toBe(stored);
  });

  it.each([
    "javascript:alert(1)",
    "javascript://%0aalert(document.cookie)",
    "JAVASCRIPT://example.com/%0aalert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "data://text/html,x",
    "vbscript:msgbox(1)",
    "mailto:ann@example.com",
    "ftp://files.example.com/x",
    "https://user:pass@example.com/",
    "https://exa mple.com/",
    "https://example.com/\nX",
    "not a url",
    "book",
  ])("refuses %j", (input) => {
    expect(field.safeParse(input).success).toBe(false);
    expect(safeHttpUrl(input)).toBeNull();
  });

  it("withHttpScheme never prefixes another scheme into something that parses", () => {
    expect(withHttpScheme("javascript:alert(1)")).toBe("javascript:alert(1)");
    expect(withHttpScheme("localhost:3000/x")).toBe("https://localhost:3000/x");
    expect(isHttpUrl("https://localhost:3000/x")).toBe(true);
  });

  it("safeHttpUrl gives the normalized href of a stored link, or null", () => {
    expect(safeHttpUrl("HTTPS://Calendly.com/ann")).toBe("https://calendly.com/ann");
    expect(safeHttpUrl(null)).toBeNull();
    expect(safeHttpUrl("   ")).toBeNull();
  });
});
