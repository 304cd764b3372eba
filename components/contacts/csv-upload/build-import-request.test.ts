import { OTHER_CARRIER } from "@/lib/contacts/contact-fields";
import { parseCsvText, uniqueColumnValues } from "@/lib/contacts/import/parse-csv";
import { autoMapColumns } from "@/lib/contacts/import/column-mapping";
import {
  buildImportRequest,
  countEmails,
  suggestCarrierMapping,
  suggestPlanMapping,
  supportedCarrierList,
  supportedCarriersFromNames,
  uploadBlocker,
  type UploadRuleInput,
} from "@/components/contacts/csv-upload/build-import-request";

const SUPPORTED = supportedCarriersFromNames([
  "Aetna",
  "Humana",
  "United Healthcare",
  "Cigna",
  "Mutual of Omaha",
  "Other",
]);

const CSV = [
  "First Name,Last Name,Email,Current Carrier,Plan Type,Effective Date,Birth Date,Tobacco User,Gender,ZIP Code,Phone Number,State",
  "Ann,Lee,ann@example.com,AARP/UHC,G,2024-01-01,1955-02-03,No,F,78701,5125550100,TX",
  "Bob,Ray,bob@example.com, Acme Mutual ,plan n,2024-02-01,1956-02-03,yes,M,78702,5125550101,TX",
  "Cy,Ko,not-an-email,Aetna,HDG,2024-03-01,1957-02-03,n,M,78703,5125550102,TX",
  "Di,Mo,di@example.com,aetna,PPO,2024-04-01,1958-02-03,,F,78704,5125550103,TX",
].join("\n");

describe("carrier and plan suggestions", () => {
  it("lists each unique trimmed carrier once and maps it to a supported carrier or Other", () => {
    const parsed = parseCsvText(CSV);
    const values = uniqueColumnValues(parsed, "Current Carrier");
    expect(values).toEqual(["AARP/UHC", "Acme Mutual", "aetna", "Aetna"]);
    const suggestions = suggestCarrierMapping(values, SUPPORTED);
    expect(suggestions).toEqual([
      { value: "AARP/UHC", carrier: "United Healthcare", recognized: true },
      { value: "Acme Mutual", carrier: OTHER_CARRIER, recognized: false },
      { value: "aetna", carrier: "Aetna", recognized: true },
      { value: "Aetna", carrier: "Aetna", recognized: true },
    ]);
  });

  it("leaves Other out of the supported list and lists aliases", () => {
    expect(SUPPORTED.map((c) => c.name)).not.toContain("Other");
    const list = supportedCarrierList(SUPPORTED);
    expect(list.find((c) => c.name === "United Healthcare")?.aliases).toEqual(expect.arrayContaining(["uhc", "aarp"]));
  });

  it("maps unique plan names to standard plans", () => {
    expect(suggestPlanMapping(["G", "plan n", "HDG", "PPO"])).toEqual({
      G: "Plan G",
      "plan n": "Plan N",
      HDG: "High Deductible Plan G",
      PPO: "Other",
    });
  });
});

describe("uploadBlocker (§2 Upload enabling)", () => {
  const mapping = { firstName: "First", lastName: "Last", email: "Email", currentCarrier: "Carrier" };
  const ready: UploadRuleInput = {
    hasFile: true,
    phase: "mapped",
    mapping,
    carrierMappingCount: 2,
    uniqueCarrierCount: 2,
  };
  it.each<[string, Partial<UploadRuleInput>, boolean]>([
    ["ready", {}, true],
    ["no file", { hasFile: false, phase: "empty" }, false],
    ["processing", { phase: "processing" }, false],
    ["uploading", { phase: "uploading" }, false],
    ["no carrier mapping", { carrierMappingCount: 0 }, false],
    // #18 point 6: carrier is optional (a plain prospect list; blank = unknown).
    ["no carrier column", { mapping: { ...mapping, currentCarrier: null }, uniqueCarrierCount: 0 }, true],
    ["a carrier column with every cell blank", { uniqueCarrierCount: 0, carrierMappingCount: 0 }, true],
  ])("%s", (_name, change, allowed) => {
    expect(uploadBlocker({ ...ready, ...change }) === null).toBe(allowed);
  });

  it("says which required column is missing, each with its own message (not the carrier's)", () => {
    expect(uploadBlocker({ ...ready, mapping: { ...mapping, email: null } })).toBe(
      "Your file has no Email column. Choose the column that holds email addresses for Email.",
    );
    expect(uploadBlocker({ ...ready, mapping: { ...mapping, firstName: null } })).toBe(
      "Your file has no First Name column. Choose the column that holds first names for First Name.",
    );
    expect(uploadBlocker({ ...ready, mapping: { ...mapping, lastName: null } })).toBe(
      "Your file has no Last Name column. Choose the column that holds last names for Last Name.",
    );
    expect(
      uploadBlocker({ ...ready, mapping: { ...mapping, email: null, lastName: null }, uniqueCarrierCount: 0 }),
    ).toBe(
      "Your file has no Last Name column. Choose the column that holds last names for Last Name. " +
        "Your file has no Email column. Choose the column that holds email addresses for Email.",
    );
  });
});

describe("countEmails", () => {
  it("counts rows the import can use and rows it will skip", () => {
    const parsed = parseCsvText(CSV);
    expect(countEmails(parsed, "Email")).toEqual({ valid: 3, invalid: 1 });
    expect(countEmails(parsed, null)).toEqual({ valid: 0, invalid: 4 });
  });
});

describe("buildImportRequest", () => {
  const parsed = parseCsvText(CSV);
  const mapping = autoMapColumns(parsed.headers);
  const selections = {
    mapping,
    carrierMapping: { "AARP/UHC": "United Healthcare", "Acme Mutual": OTHER_CARRIER, Aetna: "Aetna", aetna: "Aetna" },
    planMapping: { G: "Plan G", "plan n": "Plan N", HDG: "High Deductible Plan G", PPO: "Other" },
    stateColumn: "State",
  };

  it("sends the mapped values with spreadsheet row numbers and the original text for Other carriers", async () => {
    const built = await buildImportRequest(parsed, selections);
    const body = { contacts: built.rowJson.map((json) => JSON.parse(json)) };
    expect(body.contacts).toHaveLength(4);
    expect(body.contacts[0]).toMatchObject({
      rowNumber: 2,
      firstName: "Ann",
      email: "ann@example.com",
      currentCarrier: "United Healthcare",
      planType: "Plan G",
      state: "TX",
    });
    expect(body.contacts[1]).toMatchObject({
      rowNumber: 3,
      currentCarrier: " Acme Mutual ",
      planType: "Plan N",
      tobaccoUser: "yes",
    });
    expect(body.contacts[2]).toMatchObject({ rowNumber: 4, email: "not-an-email", planType: "High Deductible Plan G" });
    expect(body.contacts[3]).toMatchObject({ rowNumber: 5, currentCarrier: "Aetna", planType: "Other" });
    expect(built.contacts).toEqual(body.contacts);
  });

  it("works slice by slice, yielding to the browser between slices and reporting progress", async () => {
    const rows = Array.from({ length: 12_345 }, (_, i) => `N${i},L${i},p${i}@example.com,Aetna,G`);
    const big = parseCsvText(["First Name,Last Name,Email,Carrier,Plan", ...rows].join("\n"));
    const yieldToBrowser = jest.fn(async () => {});
    const progress: number[] = [];
    const built = await buildImportRequest(
      big,
      { mapping: autoMapColumns(big.headers), carrierMapping: { Aetna: "Aetna" }, planMapping: { G: "Plan G" } },
      { sliceSize: 5000, yieldToBrowser, onProgress: (f) => progress.push(f) },
    );
    expect(yieldToBrowser).toHaveBeenCalledTimes(2);
    expect(progress).toEqual([5000 / 12_345, 10_000 / 12_345, 1]);
    expect(built.rowJson).toHaveLength(12_345);
    expect(JSON.parse(built.rowJson[12_344]!)).toMatchObject({ rowNumber: 12_346, email: "p12344@example.com" });
  });

  it("stops when cancelled", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(buildImportRequest(parsed, selections, { signal: controller.signal })).rejects.toThrow(
      "Import cancelled",
    );
  });
});
