import { buildImportContacts, previewImport } from "@/lib/contacts/import/build-import-contacts";
import { autoMapColumns, detectStateColumn } from "@/lib/contacts/import/column-mapping";
import { bulkImportRequestSchema } from "@/lib/contacts/import/import-types";
import { parseCsvText } from "@/lib/contacts/import/parse-csv";

describe("buildImportContacts", () => {
  const parsed = parseCsvText(
    "First Name,Last Name,Email,Carrier,Plan,State\nAda,L,ada@example.com,Humanna,hdg,TX\nBob,M,bad-email,Globe,G,\n",
  );
  const mapping = autoMapColumns(parsed.headers);

  it("applies the confirmed mappings and keeps the original text for Other", () => {
    const contacts = buildImportContacts({
      parsed,
      mapping,
      carrierMapping: { Humanna: "Humana", Globe: "Other" },
      planMapping: { hdg: "High Deductible Plan G" },
      stateColumn: detectStateColumn(parsed.headers, mapping),
    });
    expect(contacts).toEqual([
      {
        rowNumber: 2,
        firstName: "Ada",
        lastName: "L",
        email: "ada@example.com",
        currentCarrier: "Humana",
        planType: "High Deductible Plan G",
        effectiveDate: "",
        birthDate: "",
        tobaccoUser: "",
        gender: "",
        zipCode: "",
        phoneNumber: "",
        state: "TX",
      },
      {
        rowNumber: 3,
        firstName: "Bob",
        lastName: "M",
        email: "bad-email",
        currentCarrier: "Globe",
        planType: "G",
        effectiveDate: "",
        birthDate: "",
        tobaccoUser: "",
        gender: "",
        zipCode: "",
        phoneNumber: "",
        state: "",
      },
    ]);
    expect(bulkImportRequestSchema.safeParse({ contacts, overwriteExisting: false, agentId: null }).success).toBe(true);
    expect(previewImport(contacts, { now: new Date("2026-01-01T00:00:00Z") })).toEqual({
      valid: 1,
      withErrors: 0,
      invalidEmails: [{ rowNumber: 3, email: "bad-email" }],
    });
  });
});
