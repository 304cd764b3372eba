import { bulkImportContacts } from "@/lib/contacts/import/bulk-import";
import { bulkImportRequestSchema } from "@/lib/contacts/import/import-types";
import { rescheduleOrganization } from "@/lib/outreach/reschedule-contact";
import {
  limitTrialCopies,
  TRIAL_SAMPLE_CONTACTS,
  TRIAL_SAMPLE_SKIP_REASON,
  type DesiredRow,
} from "@/lib/outreach/rules";
import { runSweep } from "@/lib/outreach/sweep";
import { planContactEmails } from "@/lib/outreach-schedule/plan";
import { setupTestDatabase } from "@/lib/testing/db";
import { asImportUser, importAgency, importRow, numbered, seedImportCarriers } from "@/lib/testing/import-fixtures";

const db = setupTestDatabase();
const NOW = new Date("2026-03-16T15:00:00Z");
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

beforeAll(() => seedImportCarriers(db.prisma));

async function trialImport(count: number) {
  const { org, admin } = await importAgency(db.prisma, { now: NOW });
  // Policies from 2020 (no effective-date gate), birthdays in August (no window in the weeks swept).
  const contacts = numbered(
    Array.from({ length: count }, () => importRow({ effectiveDate: "2020-03-01", birthDate: "08/20/1954" })),
  );
  const result = await bulkImportContacts({
    organizationId: org.id,
    user: asImportUser(admin),
    request: bulkImportRequestSchema.parse({ contacts }),
    now: NOW,
  });
  expect(result.newContacts).toBe(count);
  await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now: NOW });
  return { org, admin };
}

const outboxOf = (organizationId: string) =>
  db.prisma.outboxEmail.findMany({ where: { tags: { path: ["organization_id"], equals: organizationId } } });

/** Sweeps once a day from day 1 to day `to` (the initial emails go 72 hours after the import, spread over 3 days). */
async function sweepDays(from: number, to: number) {
  for (let day = from; day <= to; day += 1) await runSweep({ now: days(day) });
}

describe("trial: [TEST] copies of a sample, not of the whole book", () => {
  it(`a trial import of 20 contacts sends [TEST] copies for ${TRIAL_SAMPLE_CONTACTS} contacts only, to the agent; the others' emails are planned as skipped`, async () => {
    const { org, admin } = await trialImport(20);
    await sweepDays(1, 7);

    const sent = await outboxOf(org.id);
    expect(
      sent.every((email) => email.to === admin.email && email.subject.startsWith("[TEST] ") && email.testMode),
    ).toBe(true);
    const sentRows = await db.prisma.scheduledEmail.findMany({
      where: { id: { in: sent.map((email) => (email.tags as { scheduled_email_id: string }).scheduled_email_id) } },
      select: { contactId: true, emailType: true },
    });
    // One welcome (initial) email per sample contact, and their follow-ups: 5 contacts, not 20.
    expect(new Set(sentRows.map((r) => r.contactId)).size).toBe(TRIAL_SAMPLE_CONTACTS);
    expect(sentRows.filter((r) => r.emailType === "initial_blast")).toHaveLength(TRIAL_SAMPLE_CONTACTS);
    const blasts = await db.prisma.scheduledEmail.findMany({
      where: { organizationId: org.id, emailType: "initial_blast" },
      select: { status: true, skipReason: true },
    });
    expect(blasts.filter((r) => r.status === "skipped" && r.skipReason === TRIAL_SAMPLE_SKIP_REASON)).toHaveLength(
      20 - TRIAL_SAMPLE_CONTACTS,
    );
  });

  it("after go-live every contact's emails go to the contacts themselves, and none is skipped for the trial", async () => {
    const { org } = await trialImport(20);
    await sweepDays(1, 7);
    // The trial's copies, by id: the outbox has no order of its own (PostgreSQL returns rows in any order).
    const trialCopies = new Set((await outboxOf(org.id)).map((email) => email.id));

    await db.prisma.organization.update({ where: { id: org.id }, data: { demoMode: false, wentLiveAt: days(8) } });
    await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now: days(8) });
    expect(
      await db.prisma.scheduledEmail.count({
        where: {
          organizationId: org.id,
          skipReason: TRIAL_SAMPLE_SKIP_REASON,
          status: { in: ["pending", "skipped"] },
          scheduledSendAt: { gte: days(8) },
        },
      }),
    ).toBe(0);
    // The go-live welcome is spread over 30 days.
    await sweepDays(9, 42);

    const live = (await outboxOf(org.id)).filter((email) => !trialCopies.has(email.id));
    const contacts = await db.prisma.contact.findMany({ where: { organizationId: org.id }, select: { email: true } });
    expect(new Set(live.map((email) => email.to))).toEqual(new Set(contacts.map((c) => c.email)));
    expect(live.every((email) => !email.testMode && !email.subject.startsWith("[TEST]"))).toBe(true);
  });
});

describe("limitTrialCopies", () => {
  const row = (over: Partial<DesiredRow>): DesiredRow => ({
    emailType: "birthday",
    sendDate: "2026-04-01",
    status: "pending",
    skipReason: null,
    priority: 10,
    eventDate: null,
    scheduledSendAt: new Date("2026-04-01T13:30:00Z"),
    sendMode: "test",
    parentEmailId: null,
    metadata: null,
    ...over,
  });

  it("skips a non-sample contact's test-mode emails only: production rows and earlier skips stay as planned", () => {
    const production = row({ sendMode: "production", sendDate: "2026-05-01" });
    const windowSkip = row({ status: "skipped", skipReason: "Birthday window" });
    expect(limitTrialCopies([row({}), production, windowSkip], false)).toEqual([
      { ...row({}), status: "skipped", skipReason: TRIAL_SAMPLE_SKIP_REASON },
      production,
      windowSkip,
    ]);
    expect(limitTrialCopies([row({})], true)).toEqual([row({})]);
  });
});
