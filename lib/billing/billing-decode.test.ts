import { DecodeError, decodeInvoiceStatus, decodeIsoDate, formatDisplayDate } from "@/lib/billing/billing-decode";

describe("decodeIsoDate (§5 dates in server responses)", () => {
  it("accepts a date only", () => {
    expect(decodeIsoDate("2026-11-01")).toBe("2026-11-01");
  });
  it.each([
    ["2026-11-01T10:00:00.000Z", "Expected a date only, not a date and time"],
    ["11/01/2026", "Expected a date in ISO 8601 format"],
    [20261101, "Expected a date in ISO 8601 format"],
    [null, "Expected a date in ISO 8601 format"],
    ["2026-11-01 junk", "Expected a date in ISO 8601 format"],
    ["2026-02-30", "Invalid date format"],
    ["2026-13-01", "Invalid date format"],
  ])("%p → '%s'", (value, message) => {
    expect(() => decodeIsoDate(value)).toThrow(new DecodeError(message));
  });
});

describe("decodeInvoiceStatus (§3 Invoice status)", () => {
  it("pending, paid and failed pass; anything else is 'Unknown invoice status: {value}'", () => {
    expect(["pending", "paid", "failed"].map(decodeInvoiceStatus)).toEqual(["pending", "paid", "failed"]);
    expect(() => decodeInvoiceStatus("refunded")).toThrow("Unknown invoice status: refunded");
    expect(() => decodeInvoiceStatus(undefined)).toThrow("Unknown invoice status: undefined");
  });
});

describe("formatDisplayDate (§9 MMM dd, yyyy)", () => {
  it("formats a date only", () => {
    expect(formatDisplayDate("2026-12-05")).toBe("Dec 05, 2026");
  });
});
