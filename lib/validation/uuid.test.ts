import { isUuid } from "@/lib/validation/uuid";

describe("isUuid", () => {
  it("accepts a uuid in either case", () => {
    expect(isUuid("3f2504e0-4f89-11d3-9a0c-0305e82c3301")).toBe(true);
    expect(isUuid("3F2504E0-4F89-11D3-9A0C-0305E82C3301")).toBe(true);
  });

  it("rejects near misses and non-strings", () => {
    expect(isUuid("3f2504e0-4f89-11d3-9a0c-0305e82c330")).toBe(false);
    expect(isUuid("3f2504e0-4f89-11d3-9a0c-0305e82c33011")).toBe(false);
    expect(isUuid(" 3f2504e0-4f89-11d3-9a0c-0305e82c3301")).toBe(false);
    expect(isUuid("3f2504e04f8911d39a0c0305e82c3301")).toBe(false);
    expect(isUuid("zf2504e0-4f89-11d3-9a0c-0305e82c3301")).toBe(false);
    expect(isUuid("")).toBe(false);
    expect(isUuid(null)).toBe(false);
    expect(isUuid(undefined)).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
