import { seedReferenceData } from "@/lib/demo/seed-demo-agency";
import { createContact } from "@/lib/contacts/create-contact";
import { bulkImportContacts } from "@/lib/contacts/import/bulk-import";
import { bulkImportRequestSchema } from "@/lib/contacts/import/import-types";
import { updateContact } from "@/lib/contacts/update-contact";
import { queueReschedulesForRateIncreases, runQueuedReschedules } from "@/lib/outreach/triggers";
import { loadRateBook } from "@/lib/quotes/load-rate-book";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createUser } from "@/lib/testing/factories";
import { importRow } from "@/lib/testing/import-fixtures";
import { writeIncreaseRateBook } from "@/lib/testing/increase-rate-book";

/**
 * The whole path of a rate-increase email for contacts an agency adds itself (#16 point 2): the carrier
 * as someone types it in the contact form or a CSV file → its NAIC group on the contact → a rate book
 * with an increase for one NAIC of that group → a rate_increase email planned for each of them.
 * The services read the clock when they plan a new contact, so the dates follow a `now` read from it.
 */

const db = setupTestDatabase();
const now = new Date();

/** The first of the month `offset` months from now, "YYYY-MM-DD". */
function firstOfMonth(offset: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
}
const dayBefore = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

// Mutual of Omaha's group is 13100, 71412 and 72850 (data/reference/carriers); the increase is filed under 71412 only.
const INCREASE_DATE = firstOfMonth(3);

beforeAll(async () => {
  await seedReferenceData();
});

async function agency() {
  const org = await createOrganization(db.prisma, { now });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true, isAgent: true });
  return { org, admin, viewer: { id: admin.id, isAdmin: true } };
}

const typed = (email: string, currentCarrier: string) => ({
  firstName: "Rae",
  lastName: "Typed",
  email,
  zipCode: "78701",
  birthDate: "1956-02-10",
  currentCarrier,
});

describe("rate-increase emails reach contacts added in the app", () => {
  it("plans rate_increase for contacts created in the form, imported from a CSV file or edited, whose carrier is in the filing carrier's group", async () => {
    const { org, admin, viewer } = await agency();
    const organizationId = org.id;

    const manual = await createContact({
      organizationId,
      viewer,
      input: typed(`manual.${now.getTime()}@example.com`, "Mutual of Omaha"),
    });
    const edited = await createContact({
      organizationId,
      viewer,
      input: typed(`edited.${now.getTime()}@example.com`, "Aetna"),
    });
    await updateContact({ organizationId, viewer, id: edited.id, input: typed(edited.email, "mutual-of-omaha") });
    const leftGroup = await createContact({
      organizationId,
      viewer,
      input: typed(`left.${now.getTime()}@example.com`, "Mutual of Omaha"),
    });
    await updateContact({
      organizationId,
      viewer,
      id: leftGroup.id,
      input: typed(leftGroup.email, "Local Mutual Benefit"),
    });
    const other = await createContact({
      organizationId,
      viewer,
      input: typed(`other.${now.getTime()}@example.com`, "Aetna"),
    });

    const file = [
      importRow({
        email: `csv.${now.getTime()}@example.com`,
        currentCarrier: "MUTUAL OF OMAHA",
        zipCode: "78701",
        effectiveDate: "2020-03-01",
      }),
      importRow({
        email: `csv-alias.${now.getTime()}@example.com`,
        currentCarrier: "United of Omaha",
        zipCode: "78701",
        effectiveDate: "2020-03-01",
      }),
    ];
    const imported = await bulkImportContacts({
      organizationId,
      user: { id: admin.id, isAdmin: true, isAgent: true },
      request: bulkImportRequestSchema.parse({ overwriteExisting: false, agentId: null, contacts: file }),
      now,
    });
    expect(imported.newContacts).toBe(2);
    const csv = await db.prisma.contact.findMany({
      where: { organizationId, source: "csv" },
      orderBy: { email: "asc" },
      select: { id: true, currentCarrier: true, currentCarrierNaic: true },
    });

    // Every path stored the group's key, the group's lowest NAIC; an unknown carrier stores none.
    const naics = await db.prisma.contact.findMany({
      where: { organizationId },
      select: { id: true, currentCarrierNaic: true },
    });
    const naicOf = new Map(naics.map((c) => [c.id, c.currentCarrierNaic]));
    expect([manual.id, edited.id, ...csv.map((c) => c.id)].map((id) => naicOf.get(id))).toEqual([
      "13100",
      "13100",
      "13100",
      "13100",
    ]);
    expect(naicOf.get(leftGroup.id)).toBeNull();
    expect(naicOf.get(other.id)).toBe("68500"); // Aetna's group

    // The agency's own reschedules (new contacts, the import) are done before the book arrives.
    await runQueuedReschedules({ now, organizationId });

    await loadRateBook({
      dir: writeIncreaseRateBook("Mutual of Omaha increase", [
        { key: "M1", naic: "71412", state: "TX", date: firstOfMonth(-2), rateCents: 10000 },
        { key: "M2", naic: "71412", state: "TX", date: INCREASE_DATE, rateCents: 10800 },
      ]),
    });
    // Loading the book queues this organization's reschedule (rates:load does this), which plans the emails.
    await queueReschedulesForRateIncreases({ now });
    expect(await db.prisma.schedulerRun.count({ where: { organizationId, status: "queued" } })).toBe(1);
    await runQueuedReschedules({ now, organizationId });

    const rows = await db.prisma.scheduledEmail.findMany({
      where: { organizationId, emailType: "rate_increase" },
      select: { contactId: true, scheduledSendDate: true, eventDate: true, status: true, metadata: true },
    });
    const byContact = new Map(rows.map((row) => [row.contactId, row]));
    for (const contact of [manual.id, edited.id, ...csv.map((c) => c.id)]) {
      expect(byContact.get(contact)).toMatchObject({
        eventDate: new Date(`${INCREASE_DATE}T00:00:00Z`),
        scheduledSendDate: new Date(`${dayBefore(INCREASE_DATE, 14)}T00:00:00Z`),
        status: "pending",
        metadata: { carrierNaic: "71412" },
      });
    }
    expect(byContact.has(leftGroup.id)).toBe(false);
    expect(byContact.has(other.id)).toBe(false);
    expect(rows).toHaveLength(4);
  });

  it("a CSV overwrite that changes the carrier changes the NAIC; the same carrier keeps it, a blank cell too", async () => {
    const { org, admin } = await agency();
    const organizationId = org.id;
    const user = { id: admin.id, isAdmin: true, isAgent: true };
    const emails = ["same", "changed", "blank", "unknown"].map((name) => `${name}.${now.getTime()}@example.com`);
    const run = (contacts: ReturnType<typeof importRow>[], overwriteExisting: boolean) =>
      bulkImportContacts({
        organizationId,
        user,
        request: bulkImportRequestSchema.parse({ overwriteExisting, agentId: null, contacts }),
        now,
      });

    await run(
      emails.map((email) => importRow({ email, currentCarrier: "Mutual of Omaha" })),
      false,
    );
    // A stored NAIC of the group that is not its key (as the sample agency's contacts have) stays with the same carrier text.
    await db.prisma.contact.updateMany({
      where: { organizationId, email: emails[0] },
      data: { currentCarrierNaic: "71412" },
    });
    await run(
      [
        importRow({ email: emails[0], currentCarrier: "Mutual of Omaha" }),
        importRow({ email: emails[1], currentCarrier: "Aetna" }),
        importRow({ email: emails[2], currentCarrier: "" }),
        importRow({ email: emails[3], currentCarrier: "Local Mutual Benefit" }),
      ],
      true,
    );
    const stored = await db.prisma.contact.findMany({
      where: { organizationId },
      select: { email: true, currentCarrier: true, currentCarrierNaic: true },
    });
    const byEmail = new Map(stored.map((c) => [c.email, [c.currentCarrier, c.currentCarrierNaic]]));
    expect(emails.map((email) => byEmail.get(email))).toEqual([
      ["Mutual of Omaha", "71412"],
      ["Aetna", "68500"],
      ["Mutual of Omaha", "13100"],
      ["Local Mutual Benefit", null],
    ]);
  });
});
