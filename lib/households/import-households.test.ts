import { bulkImportContacts } from "@/lib/contacts/import/bulk-import";
import { bulkImportRequestSchema, type ImportContactInput } from "@/lib/contacts/import/import-types";
import { suggestHouseholdsForOrganization } from "@/lib/households/suggest";
import { setupTestDatabase } from "@/lib/testing/db";
import { asImportUser, importAgency, importRow, numbered, seedImportCarriers } from "@/lib/testing/import-fixtures";

/**
 * Households and the CSV import (docs/households.md "When suggestions are made"): the import's answer counts the
 * households it newly suggested, and the whole-book pass runs only when the import may have moved an address key.
 */

const db = setupTestDatabase();
const NOW = new Date("2026-06-01T15:00:00Z");

beforeAll(() => seedImportCarriers(db.prisma));

let seq = 0;

/** A contact written straight to the table: no suggester runs, so a pair at one address stays unsuggested. */
async function person(organizationId: string, address: { street: string | null; unit?: string | null; zip: string }) {
  seq += 1;
  return db.prisma.contact.create({
    data: {
      organizationId,
      firstName: "Pat",
      lastName: `Import Household ${seq}`,
      email: `import.household.${seq}.${Date.now()}@example.test`,
      streetAddress: address.street,
      addressUnit: address.unit ?? null,
      zipCode: address.zip,
      createdAt: NOW,
      updatedAt: NOW,
    },
  });
}

const households = (organizationId: string) => db.prisma.household.findMany({ where: { organizationId } });

async function importFile(
  agency: Awaited<ReturnType<typeof importAgency>>,
  contacts: ImportContactInput[],
  overwriteExisting = false,
) {
  return bulkImportContacts({
    organizationId: agency.org.id,
    user: asImportUser(agency.admin),
    request: bulkImportRequestSchema.parse({ overwriteExisting, agentId: null, contacts: numbered(contacts) }),
    now: NOW,
  });
}

describe("the import's household count", () => {
  it("answers 1 for two rows at one address, and 0 new for the same file again", async () => {
    const agency = await importAgency(db.prisma, { now: NOW });
    const file = [
      importRow({ streetAddress: "14 Willow Lane", addressUnit: "", zipCode: "78701" }),
      importRow({ streetAddress: "14 Willow Ln.", addressUnit: "", zipCode: "78701" }),
      importRow({ streetAddress: "15 Willow Lane", addressUnit: "", zipCode: "78701" }),
    ];
    const first = await importFile(agency, file);
    expect(first).toMatchObject({ newContacts: 3, householdsSuggested: 1 });
    expect(await households(agency.org.id)).toHaveLength(1);

    // The same file, overwrite off (nothing written) and on (every row written, no address moved).
    expect(await importFile(agency, file)).toMatchObject({ unchangedContacts: 3, householdsSuggested: 0 });
    expect(await importFile(agency, file, true)).toMatchObject({ updatedContacts: 3, householdsSuggested: 0 });
    expect(await households(agency.org.id)).toHaveLength(1);
  });

  it("counts only households newly put before the agent: not a dismissed pair at its address, but it when the two move", async () => {
    const agency = await importAgency(db.prisma, { now: NOW });
    const orgId = agency.org.id;
    const ann = await person(orgId, { street: "1 Bay St", zip: "78701" });
    const bob = await person(orgId, { street: "1 Bay Street", zip: "78701" });
    expect(await suggestHouseholdsForOrganization(orgId, NOW)).toMatchObject({ suggested: 1, created: 1 });
    const [dismissed] = await households(orgId);
    await db.prisma.household.update({ where: { id: dismissed!.id }, data: { status: "dismissed" } });

    // A new pair in the file; the dismissed pair stays dismissed and is not counted.
    const result = await importFile(agency, [
      importRow({ streetAddress: "2 Cove Rd", zipCode: "78702" }),
      importRow({ streetAddress: "2 Cove Road", zipCode: "78702" }),
    ]);
    expect(result.householdsSuggested).toBe(1);
    expect((await households(orgId)).find((h) => h.id === dismissed!.id)).toMatchObject({ status: "dismissed" });

    // Bob moved (edited elsewhere); the file moves Ann to him: the two are suggested again at the new address.
    await db.prisma.contact.update({ where: { id: bob.id }, data: { streetAddress: "30 Dune Dr", zipCode: "78703" } });
    const moved = await importFile(
      agency,
      [importRow({ email: ann.email, streetAddress: "30 Dune Drive", addressUnit: "", zipCode: "78703" })],
      true,
    );
    expect(moved).toMatchObject({ updatedContacts: 1, householdsSuggested: 1 });
    expect((await households(orgId)).find((h) => h.id === dismissed!.id)).toMatchObject({
      status: "suggested",
      addressKey: "78703|30 dune dr|",
    });
  });
});

describe("the import's whole-book pass", () => {
  it("does not run when the import writes no address: a pair already in the book stays unsuggested", async () => {
    const agency = await importAgency(db.prisma, { now: NOW });
    const orgId = agency.org.id;
    // Two at one address that no pass has seen yet: any whole-book pass would suggest them.
    await person(orgId, { street: "8 Aspen Way", zip: "78701" });
    const stored = await person(orgId, { street: "8 Aspen Way", zip: "78701" });

    // New contacts without a street column, and an overwrite of a stored contact's ZIP to the one it has.
    const result = await importFile(
      agency,
      [importRow({ zipCode: "78701" }), importRow({ zipCode: "78702" }), importRow({ email: stored.email })],
      true,
    );
    expect(result).toMatchObject({ newContacts: 2, updatedContacts: 1, householdsSuggested: 0 });
    expect(await households(orgId)).toHaveLength(0);
  });

  it("runs when an overwrite changes only the ZIP, or only the unit, of a contact whose street is stored", async () => {
    const agency = await importAgency(db.prisma, { now: NOW });
    const orgId = agency.org.id;
    const mover = await person(orgId, { street: "6 Birch St", zip: "78701" });
    await person(orgId, { street: "6 Birch Street", zip: "78702" });
    // The file has no street column: the ZIP alone moves the mover next to the other.
    const zipOnly = await importFile(agency, [importRow({ email: mover.email, zipCode: "78702" })], true);
    expect(zipOnly).toMatchObject({ updatedContacts: 1, householdsSuggested: 1 });
    expect(await households(orgId)).toHaveLength(1);

    const flat = await person(orgId, { street: "40 Tower Pl", unit: "Apt 1", zip: "78703" });
    await person(orgId, { street: "40 Tower Pl", unit: "Apt 2", zip: "78703" });
    const unitOnly = await importFile(
      agency,
      [importRow({ email: flat.email, zipCode: "78703", addressUnit: "Apt 2" })],
      true,
    );
    expect(unitOnly).toMatchObject({ updatedContacts: 1, householdsSuggested: 1 });
    expect(await households(orgId)).toHaveLength(2);
  });
});
