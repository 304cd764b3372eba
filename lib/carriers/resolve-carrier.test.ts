import { readFileSync } from "node:fs";
import { carrierGroups, createCarrierResolver, type CarrierRecord } from "@/lib/carriers/resolve-carrier";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";

/** Rows as the seed writes them (lib/demo/seed-demo-agency.ts): one per NAIC, the group as name and groupName. */
const CARRIERS: CarrierRecord[] = [
  {
    naic: "71412",
    name: "Mutual of Omaha",
    nameFull: "Mutual of Omaha Insurance Company",
    groupName: "Mutual of Omaha",
    aliases: ["mutual of omaha", "mutual of omaha ins co"],
  },
  {
    naic: "13100",
    name: "Mutual of Omaha",
    nameFull: "Omaha Insurance Company",
    groupName: "Mutual of Omaha",
    aliases: ["mutual of omaha", "omaha ins co"],
  },
  {
    naic: "72850",
    name: "Mutual of Omaha",
    nameFull: "United World Life Insurance Company",
    groupName: "Mutual of Omaha",
    aliases: ["mutual of omaha"],
  },
  {
    naic: "79413",
    name: "UnitedHealthcare",
    nameFull: "UnitedHealthcare Insurance Company",
    groupName: "UnitedHealthcare",
    aliases: ["unitedhealthcare", "uhc", "united healthcare"],
  },
  {
    naic: "60093",
    name: "UnitedHealthcare",
    nameFull: "UnitedHealthcare Insurance Company of New York",
    groupName: "UnitedHealthcare",
    aliases: ["unitedhealthcare"],
  },
  {
    naic: "20699",
    name: "Ace Chubb",
    nameFull: "ACE Property & Casualty Insurance Company",
    groupName: "Ace Chubb",
    aliases: ["ace chubb", "ace", "chubb"],
  },
  { naic: "10001", name: "Alpha Life", nameFull: null, groupName: null, aliases: [] },
];

describe("createCarrierResolver().resolve: free text → the carrier group's NAIC key", () => {
  const resolver = createCarrierResolver(CARRIERS);
  it.each([
    ["Mutual of Omaha", "13100"],
    ["  MUTUAL OF OMAHA  ", "13100"],
    ["mutual-of-omaha", "13100"],
    ["Mutual of Omaha Insurance Company", "13100"], // a legal name
    ["Omaha Ins Co", "13100"], // an alias of one company
    ["United of Omaha", "13100"], // a built-in alias of the import
    ["71412", "13100"], // a NAIC code: its group
    ["NAIC 72850", "13100"],
    ["UnitedHealthcare", "60093"],
    ["United Healthcare", "60093"],
    ["UHC", "60093"],
    ["AARP", "60093"], // the import's special case
    ["Ace/Chubb", "20699"],
    ["chubb", "20699"],
    ["Alpha Life", "10001"], // no group: the carrier is its own
  ])("%j → %s", (text, key) => {
    expect(resolver.resolve(text)).toBe(key);
  });

  it.each([
    [""],
    ["   "],
    [null],
    [undefined],
    ["Other"],
    ["other"],
    ["Humana"],
    ["Local Mutual"],
    ["99999"],
    ["Mutual of Omah"],
  ])("%j → null", (text) => {
    expect(resolver.resolve(text)).toBeNull();
  });

  it("knows nothing without a carriers table", () => {
    expect(createCarrierResolver([]).resolve("Mutual of Omaha")).toBeNull();
  });
});

describe("createCarrierResolver: NAIC groups", () => {
  const resolver = createCarrierResolver(CARRIERS);
  it("gives every NAIC of a group the same key, and an unknown NAIC its own", () => {
    expect(["71412", "13100", "72850"].map(resolver.groupKeyOfNaic)).toEqual(["13100", "13100", "13100"]);
    expect(resolver.groupKeyOfNaic("79413")).toBe("60093");
    expect(resolver.groupKeyOfNaic("55555")).toBe("55555");
  });

  it("lists the NAICs of a NAIC's group", () => {
    expect(resolver.naicsInGroupOf("71412")).toEqual(["13100", "71412", "72850"]);
    expect(resolver.naicsInGroupOf("55555")).toEqual(["55555"]);
  });
});

describe("carrierGroups", () => {
  it("is one entry per group with every spelling of its rows, lower case", () => {
    const groups = carrierGroups(CARRIERS);
    expect(groups.map((g) => g.name)).toEqual(["Ace Chubb", "Alpha Life", "Mutual of Omaha", "UnitedHealthcare"]);
    expect(groups.find((g) => g.name === "Mutual of Omaha")!.aliases).toEqual(
      expect.arrayContaining([
        "mutual of omaha",
        "mutual of omaha insurance company",
        "omaha insurance company",
        "omaha ins co",
        "united world life insurance company",
      ]),
    );
  });
});

describe("the supported carriers of data/reference", () => {
  it("resolves each group's name, in any case, to the group's lowest NAIC", () => {
    const file = JSON.parse(readFileSync(REFERENCE_FILES.carrierGroups, "utf8")) as {
      carriers: Record<string, string[]>;
    };
    const rows: CarrierRecord[] = Object.entries(file.carriers).flatMap(([group, naics]) =>
      naics.map((naic) => ({ naic, name: group, groupName: group, aliases: [group.toLowerCase()] })),
    );
    const resolver = createCarrierResolver(rows);
    for (const [group, naics] of Object.entries(file.carriers)) {
      expect([group, resolver.resolve(group.toUpperCase())]).toEqual([group, [...naics].sort()[0]]);
    }
  });
});
