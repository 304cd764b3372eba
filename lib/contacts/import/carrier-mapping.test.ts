import { OTHER_CARRIER } from "@/lib/contacts/contact-fields";
import { createCarrierMapper, mapCarrierName, withBuiltInAliases } from "@/lib/contacts/import/carrier-mapping";

// The carriers table's groups (data/reference/carriers/carrier_naic_groups.json) plus two from D.1's built-in list.
const SUPPORTED = withBuiltInAliases([
  "Aetna",
  "Humana",
  "UnitedHealthcare",
  "Cigna",
  "Aflac",
  "Allstate",
  "Mutual of Omaha",
  "Ace Chubb",
  "Blue Cross Blue Shield",
  "Wellcare",
]);

describe("mapCarrierName", () => {
  it.each([
    // (a) special cases
    ["AARP/UHC", "UnitedHealthcare", "special"],
    ["aarp / uhica", "UnitedHealthcare", "special"],
    ["United Healthcare", "UnitedHealthcare", "special"],
    ["ace/chubb", "Ace Chubb", "special"],
    ["Cigna-HealthSpring", "Cigna", "special"],
    ["BCBS", "Blue Cross Blue Shield", "special"],
    ["blue shield", "Blue Cross Blue Shield", "special"],
    ["Humana Gold Plus", "Humana", "special"],
    ["Allwell", "Wellcare", "special"],
    // (b) exact name or alias
    ["CIGNA", "Cigna", "exact"],
    ["  aetna  ", "Aetna", "exact"],
    ["united", "UnitedHealthcare", "exact"],
    ["Chubb", "Ace Chubb", "exact"],
    // (c) contained / near misses
    ["AARP Medicare Supplement Plans", "UnitedHealthcare", "contains"],
    ["Mutual of Omaha Insurance Company", "Mutual of Omaha", "contains"],
    ["Cigna Health and Life Ins Co", "Cigna", "contains"],
    ["UnitedHealthcare Insurance Co", "UnitedHealthcare", "contains"],
    ["Humanna", "Humana", "fuzzy"],
    ["Aetan", "Aetna", "fuzzy"],
    ["Mutual Omaha", "Mutual of Omaha", "fuzzy"],
    // (d) Other
    ["United American", OTHER_CARRIER, "none"],
    ["Globe Life", OTHER_CARRIER, "none"],
    ["Peace Life", OTHER_CARRIER, "none"],
    ["Gold Coast Mutual", OTHER_CARRIER, "none"],
    ['=HYPERLINK("x")', OTHER_CARRIER, "none"],
  ])("%j → %s (%s)", (raw, carrier, match) => {
    const result = mapCarrierName(raw, SUPPORTED);
    expect(result).toMatchObject({ carrier, match, recognized: carrier !== OTHER_CARRIER, original: raw.trim() });
  });

  it("answers empty for a blank value", () => {
    expect(mapCarrierName("  ", SUPPORTED)).toEqual({ carrier: "", recognized: false, original: "", match: "empty" });
  });

  it("uses a special case only when its target is supported", () => {
    expect(mapCarrierName("bcbs", withBuiltInAliases(["Aetna"]))).toMatchObject({
      carrier: OTHER_CARRIER,
      original: "bcbs",
    });
  });

  it("without fuzzy steps (the server) only special cases and exact spellings match", () => {
    const strict = createCarrierMapper(SUPPORTED, { fuzzy: false });
    expect(strict.map("Humanna").carrier).toBe(OTHER_CARRIER);
    expect(strict.map("AARP/UHC").carrier).toBe("UnitedHealthcare");
    expect(strict.map("humana insurance company").carrier).toBe(OTHER_CARRIER);
    const withTableAliases = createCarrierMapper([{ name: "Humana", aliases: ["humana insurance company"] }], {
      fuzzy: false,
    });
    expect(withTableAliases.map("Humana Insurance Company").carrier).toBe("Humana");
  });

  it("prefers a carrier's own name over another's alias", () => {
    expect(mapCarrierName("Anthem", withBuiltInAliases(["Blue Cross Blue Shield", "Anthem"])).carrier).toBe("Anthem");
  });
});
