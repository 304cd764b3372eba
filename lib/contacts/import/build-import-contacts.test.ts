import { buildImportContacts, previewImport } from "@/lib/contacts/import/build-import-contacts";
import {
  autoMapColumns,
  detectStateColumn,
  detectStreetColumn,
  detectUnitColumn,
} from "@/lib/contacts/import/column-mapping";
import { bulkImportRequestSchema } from "@/lib/contacts/import/import-types";
import { parseCsvText } from "@/lib/contacts/import/parse-csv";

describe("buildImportContacts", () => {
  it("sends the Address and Address 2 columns as the street line and the unit", () => {
    const withAddress = parseCsvText(
      "First Name,Last Name,Email,Address,Address 2\nAda,L,ada@example.com,12 Elm St,Apt 4B\n",
    );
    const columns = autoMapColumns(withAddress.headers);
    const [contact] = buildImportContacts({
      parsed: withAddress,
      mapping: columns,
      streetColumn: detectStreetColumn(withAddress.headers, columns),
      unitColumn: detectUnitColumn(withAddress.headers, columns),
    });
    expect(contact).toMatchObject({ email: "ada@example.com", streetAddress: "12 Elm St", addressUnit: "Apt 4B" });
  });

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
