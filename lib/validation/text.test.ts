import { z } from "zod";
import {
  hasControlCharacters,
  illFormedTextPaths,
  isWellFormedText,
  oneLine,
  singleLine,
  TEXT_MESSAGES,
  toWellFormedText,
} from "@/lib/validation/text";

describe("control characters", () => {
  it.each([
    ["Ann", false],
    ["Jos\u00e9 O\u2019Brien-Smith", false],
    ["Ann\r\nBcc: x@y.z", true],
    ["Ann\nLee", true],
    ["Ann\tLee", true],
    ["Ann\u0000", true],
    ["Ann\u0085", true],
    ["Ann\u2028Lee", true],
    ["Ann\u007f", true],
  ])("%j has control characters: %s", (value, expected) => {
    expect(hasControlCharacters(value)).toBe(expected);
  });

  it("oneLine turns each run into one space and trims", () => {
    expect(oneLine(" Ann\r\n\r\nLee\t ")).toBe("Ann Lee");
  });

  it("singleLine refuses them in a zod field, after the field's own trim", () => {
    const name = singleLine(z.string().trim().min(1));
    expect(name.parse("  Ann Lee\r\n")).toBe("Ann Lee");
    const refused = name.safeParse("Ann\r\nBcc: x@y.z");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(TEXT_MESSAGES.controlCharacters);
    expect(singleLine(z.string(), "Custom").safeParse("a\nb").error?.issues[0]?.message).toBe("Custom");
  });
});

describe("well-formed text (no lone surrogates)", () => {
  it.each([
    ["Lee Insurance", true],
    ["\u{1F600} emoji pair", true],
    ["lone high \uD800 end", false],
    ["lone low \uDC00 start", false],
    ["reversed \uDC00\uD800", false],
    ["high at the end \uD83D", false],
  ])("%j is well formed: %s", (value, expected) => {
    expect(isWellFormedText(value)).toBe(expected);
    expect(isWellFormedText(toWellFormedText(value))).toBe(true);
  });

  it("toWellFormedText replaces only the lone halves", () => {
    expect(toWellFormedText("a\uD800b\u{1F600}c\uDC00")).toBe("a\uFFFDb\u{1F600}c\uFFFD");
  });

  it("illFormedTextPaths names every ill-formed string of a value, keys too", () => {
    expect(
      illFormedTextPaths({
        settings: { brandName: "Lee \uD800", ok: "fine" },
        list: ["a", "\uDC00"],
        n: 1,
        b: true,
        z: null,
      }),
    ).toEqual(["settings.brandName", "list.1"]);
    expect(illFormedTextPaths({ ["k\uD800"]: "v" })).toEqual(["k\uFFFD"]);
    expect(illFormedTextPaths("\uD800")).toEqual(["_"]);
    expect(illFormedTextPaths({ a: "b", c: ["d", { e: "f" }] })).toEqual([]);
  });

  it("illFormedTextPaths also names strings holding NUL, which PostgreSQL cannot store", () => {
    expect(illFormedTextPaths({ contacts: [{ firstName: "Ann" }, { firstName: "Bo\u0000b" }] })).toEqual([
      "contacts.1.firstName",
    ]);
    expect(illFormedTextPaths({ ["k\u0000"]: "v" })).toEqual(["k\uFFFD"]);
    expect(illFormedTextPaths({ note: "tab\tand\r\nbreaks are text" })).toEqual([]);
  });
});
