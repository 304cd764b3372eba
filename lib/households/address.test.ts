import { addressKey, normalizeAddress, normalizeStreet, normalizeUnit, normalizeZip } from "@/lib/households/address";
import { addressPairs, orderedPair } from "@/lib/households/pairing";

describe("normalizeStreet", () => {
  it.each([
    ["123 Main Street", "123 main st"],
    ["123  MAIN   st.", "123 main st"],
    ["123 Main St", "123 main st"],
    ["45 Oak Avenue", "45 oak ave"],
    ["45 Oak Av.", "45 oak ave"],
    ["9 Mill Road", "9 mill rd"],
    ["9 Sunset Boulevard", "9 sunset blvd"],
    ["9 Sunset Blvd.", "9 sunset blvd"],
    ["77 Lake Drive", "77 lake dr"],
    ["77 Pine Lane", "77 pine ln"],
    ["10 Elm Court", "10 elm ct"],
    ["3 Hwy 61", "3 hwy 61"],
    ["3 Highway 61", "3 hwy 61"],
    ["100 North Main Street", "100 n main st"],
    ["100 N. Main St.", "100 n main st"],
    ["100 N Main St", "100 n main st"],
    ["2200 Northwest Blvd", "2200 nw blvd"],
    ["2200 NW Boulevard", "2200 nw blvd"],
    ["5 West Fifth Street", "5 w 5th st"],
    ["5 W 5th St", "5 w 5th st"],
    ["5 W. 5 th St", "5 w 5th st"],
    ["12 Twenty-First Ave", "12 21st ave"],
    ["12 21st Avenue", "12 21st ave"],
    ["12 Forty Second St", "12 42nd st"],
    ["12 Second Ave", "12 2nd ave"],
    ["12 2nd Avenue", "12 2nd ave"],
    ["Peñasco Drive 8", "penasco dr 8"],
    ["O'Brien's Way 4", "obriens way 4"],
    ["  ", null],
    ["", null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeStreet(input)).toBe(expected);
  });

  it("keeps a house number's number apart from an ordinal street after it", () => {
    expect(normalizeStreet("12 St Charles Ave")).toBe("12 st charles ave");
    expect(normalizeStreet("12 Saint Charles Avenue")).toBe("12 st charles ave");
  });
});

describe("normalizeUnit", () => {
  it.each([
    ["Apt 4B", "4b"],
    ["#4b", "4b"],
    ["# 4B", "4b"],
    ["Unit 4-B", "4b"],
    ["Apartment 4 B", "4b"],
    ["Ste. 4B", "4b"],
    ["Suite 4b", "4b"],
    ["4B", "4b"],
    ["Apt 04", "4"],
    ["Bldg 2", "bldg2"],
    ["Apt", null],
    ["", null],
    [null, null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeUnit(input)).toBe(expected);
  });
});

describe("normalizeZip", () => {
  it.each([
    ["78701", "78701"],
    [" 78701 ", "78701"],
    ["78701-1234", "78701"],
    ["787011234", "78701"],
    ["78701 1234", "78701"],
    ["7870", null],
    ["787012", null],
    ["ABCDE", null],
    ["", null],
    [null, null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeZip(input)).toBe(expected);
  });
});

describe("a unit written on the street line", () => {
  it.each([
    ["12 Elm St Apt 4B", { street: "12 elm st", unit: "4b" }],
    ["12 Elm St #4B", { street: "12 elm st", unit: "4b" }],
    ["12 Elm St, Unit 4-B", { street: "12 elm st", unit: "4b" }],
    ["12 Elm St Apt B", { street: "12 elm st", unit: "b" }],
    ["12 Elm Street Suite 200", { street: "12 elm st", unit: "200" }],
    // Not units: a street named like a designator, and a suffix after one.
    ["12 Suite Ave", { street: "12 suite ave", unit: null }],
    ["12 Unit Road", { street: "12 unit rd", unit: null }],
  ])("%j → %j", (street, expected) => {
    expect(normalizeAddress({ street, zip: "78701" })).toEqual({ ...expected, zip: "78701" });
  });

  it("leaves the street line alone when the unit field has a value", () => {
    expect(normalizeAddress({ street: "12 Elm St #4B", unit: "Apt 5" })).toEqual({
      street: "12 elm st 4b",
      unit: "5",
      zip: null,
    });
  });
});

describe("addressKey: which addresses pair", () => {
  const home = { street: "123 Main Street", unit: "Apt 4B", zip: "78701" };
  const key = addressKey(home);

  it("is zip|street|unit", () => {
    expect(key).toBe("78701|123 main st|4b");
    expect(addressKey({ street: "123 Main St", zip: "78701" })).toBe("78701|123 main st|");
  });

  it.each([
    ["abbreviations and case", { street: "123 MAIN ST.", unit: "#4b", zip: "78701" }],
    ["unit spellings", { street: "123 Main St", unit: "Unit 4-B", zip: "78701-0042" }],
    ["unit on the street line", { street: "123 Main St Apt 4B", unit: "", zip: "78701" }],
    ["extra spaces and punctuation", { street: " 123  Main   St. ", unit: "apartment 4 b", zip: " 78701 " }],
  ])("pairs: %s", (_, other) => {
    expect(addressKey(other)).toBe(key);
  });

  it.each([
    ["a different unit in the same building", { ...home, unit: "Apt 4C" }],
    ["the building without a unit", { ...home, unit: null }],
    ["another house number", { ...home, street: "125 Main Street" }],
    ["another street suffix", { ...home, street: "123 Main Avenue" }],
    ["another directional", { ...home, street: "123 N Main Street" }],
    ["another ZIP", { ...home, zip: "78702" }],
  ])("does not pair: %s", (_, other) => {
    expect(addressKey(other)).not.toBe(key);
  });

  it.each([
    ["no street", { street: null, unit: "Apt 4B", zip: "78701" }],
    ["a blank street", { street: "  ", zip: "78701" }],
    ["a street without a house number", { street: "Main Street", zip: "78701" }],
    ["no ZIP", { street: "123 Main St", zip: null }],
    ["a malformed ZIP", { street: "123 Main St", zip: "7870" }],
  ])("has no key (never pairs): %s", (_, address) => {
    expect(addressKey(address)).toBeNull();
  });
});

describe("addressPairs", () => {
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

  it("suggests a pair for a key held by exactly two contacts, in a < b order", () => {
    expect(
      addressPairs(
        [
          { id: id(2), key: "k1" },
          { id: id(1), key: "k1" },
          { id: id(3), key: "k2" },
        ],
        new Set(),
      ),
    ).toEqual([{ contactAId: id(1), contactBId: id(2), key: "k1" }]);
  });

  it("suggests nothing for three or more contacts at one key, nor for contacts without a key", () => {
    expect(
      addressPairs(
        [
          { id: id(1), key: "care-home" },
          { id: id(2), key: "care-home" },
          { id: id(3), key: "care-home" },
          { id: id(4), key: null },
          { id: id(5), key: null },
        ],
        new Set(),
      ),
    ).toEqual([]);
  });

  it("does not suggest a contact already in a confirmed household (an explicit link overrides the address)", () => {
    const contacts = [
      { id: id(1), key: "k" },
      { id: id(2), key: "k" },
    ];
    expect(addressPairs(contacts, new Set([id(2)]))).toEqual([]);
  });

  it("orders ids as PostgreSQL orders uuids", () => {
    expect(orderedPair("B0000000-0000-4000-8000-000000000000", "a0000000-0000-4000-8000-000000000000")).toEqual([
      "a0000000-0000-4000-8000-000000000000",
      "b0000000-0000-4000-8000-000000000000",
    ]);
  });
});
