import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildImportContacts, previewImport } from "@/lib/contacts/import/build-import-contacts";
import { autoMapColumns } from "@/lib/contacts/import/column-mapping";
import { createCarrierMapper, withBuiltInAliases } from "@/lib/contacts/import/carrier-mapping";
import { parseCsvText } from "@/lib/contacts/import/parse-csv";
import { validateImportRow } from "@/lib/contacts/import/validate-row";

/** public/example.csv (the modal's "download an example file") is a correct file for this import. */
describe("public/example.csv", () => {
  const parsed = parseCsvText(readFileSync(join(process.cwd(), "public", "example.csv"), "utf8"));

  it("maps all 11 columns and every row is valid", () => {
    expect(parsed.errors).toEqual([]);
    const mapping = autoMapColumns(parsed.headers);
    expect(Object.values(mapping).every((header) => header !== null)).toBe(true);
    const contacts = buildImportContacts({ parsed, mapping });
    expect(contacts.length).toBeGreaterThanOrEqual(3);
    expect(previewImport(contacts, { now: new Date("2026-01-01T00:00:00Z") })).toEqual({
      valid: contacts.length,
      withErrors: 0,
      invalidEmails: [],
    });
    for (const c of contacts) {
      const contact = validateImportRow(c, { now: new Date("2026-01-01T00:00:00Z") }).contact!;
      expect(contact.email).toMatch(/@example\.com$/);
      expect(contact.phoneNumber).toMatch(/^\d{3}5550[1][0-9]{2}$/);
      expect(contact.planType).not.toBe("Other");
    }
  });

  it("uses carriers the import recognises", () => {
    const mapping = autoMapColumns(parsed.headers);
    const mapper = createCarrierMapper(
      withBuiltInAliases(["Aetna", "Humana", "UnitedHealthcare", "Cigna", "Mutual of Omaha"]),
      { fuzzy: false },
    );
    const index = parsed.headers.indexOf(mapping.currentCarrier!);
    for (const row of parsed.rows) expect(mapper.map(row.values[index]).recognized).toBe(true);
  });
});
