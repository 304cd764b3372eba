import {
  displayPhone,
  formatPhone,
  formatStoredPhone,
  nationalDigits,
  nextPhoneDigits,
  phoneDigits,
  telHref,
} from "@/lib/phone/phone";

describe("nationalDigits", () => {
  it.each([
    ["(512) 555-0100", "5125550100"],
    ["+1 512 555 0100", "5125550100"],
    ["15125550100", "5125550100"],
    ["25125550100", "25125550100"], // 11 digits without the country code stay 11: invalid
    ["5125550100999", "5125550100999"], // never truncated
    ["", ""],
  ])("%j -> %j", (input, expected) => {
    expect(nationalDigits(input)).toBe(expected);
  });
});

describe("phoneDigits", () => {
  it.each([
    ["", ""],
    ["abc", ""],
    ["(555) 123-4567", "5551234567"],
    ["555.123.4567 ext 9", "5551234567"],
    ["+1 (555) 123-4567", "5551234567"],
    ["1-555-123-4567", "5551234567"],
    ["555123456789", "5551234567"],
  ])("%j -> %j", (input, expected) => {
    expect(phoneDigits(input)).toBe(expected);
  });
});

describe("formatPhone", () => {
  it("formats progressively as digits are typed", () => {
    const typed = "5551234567".split("").map((_, i) => formatPhone("5551234567".slice(0, i + 1)));
    expect(typed).toEqual([
      "(5",
      "(55",
      "(555",
      "(555) 1",
      "(555) 12",
      "(555) 123",
      "(555) 123-4",
      "(555) 123-45",
      "(555) 123-456",
      "(555) 123-4567",
    ]);
  });

  it.each([
    ["", ""],
    ["(555) 12", "(555) 12"],
    ["5551234567999", "(555) 123-4567"],
    ["a5b5c5", "(555"],
  ])("%j -> %j", (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe("nextPhoneDigits", () => {
  it("takes the digits of an ordinary edit", () => {
    expect(nextPhoneDigits("555", "(5551", 5)).toBe("5551");
    expect(nextPhoneDigits("5551", "(555) ", 6)).toBe("555");
    expect(nextPhoneDigits("", "5", 1)).toBe("5");
  });

  it("removes the digit before a deleted formatting character", () => {
    // Backspace just after "-" in "(555) 123-4567" leaves "(555) 1234567" with the caret at 9.
    expect(nextPhoneDigits("5551234567", "(555) 1234567", 9)).toBe("555124567");
    // Backspace just after ")" leaves "(555 123-4567" with the caret at 4.
    expect(nextPhoneDigits("5551234567", "(555 123-4567", 4)).toBe("551234567");
    // Deleting the leading "(" has no digit before it: nothing changes.
    expect(nextPhoneDigits("5551234567", "555) 123-4567", 0)).toBe("5551234567");
  });
});

describe("formatStoredPhone", () => {
  it("shows 10 stored digits as (XXX) XXX-XXXX and anything else as stored", () => {
    expect(formatStoredPhone("5125550100")).toBe("(512) 555-0100");
    expect(formatStoredPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(formatStoredPhone("15125550100")).toBe("15125550100");
    expect(formatStoredPhone("512555")).toBe("512555");
  });
});

describe("displayPhone", () => {
  it.each([
    ["5125550100", "(512) 555-0100"],
    ["+1 (512) 555-0100", "(512) 555-0100"],
    ["512-555-010", null],
    ["", null],
    [null, null],
  ])("%p → %p", (input, expected) => {
    expect(displayPhone(input)).toBe(expected);
  });
});

describe("telHref", () => {
  it("dials in E.164", () => {
    expect(telHref("(512) 555-0100")).toBe("tel:+15125550100");
    expect(telHref("+1 512 555 0100")).toBe("tel:+15125550100");
  });
});
