import { listEmailTracking, listScheduledEmails } from "@/lib/contacts/contact-activity";
import { tenantDb, tenantTransaction } from "@/lib/db";
import {
  applyContactPlans,
  balancePlans,
  contactRanges,
  loadRescheduleContext,
  rescheduleOrganization,
  storedScheduleDigest,
  syncContactSchedule,
  type Planner,
} from "@/lib/outreach/reschedule-contact";
import { scheduleDigest } from "@/lib/outreach/schedule-digest";
import { boundedHeapGrowthRuns } from "@/lib/outreach/heap-growth";
import { outreachIdempotencyKey } from "@/lib/outreach/rules";
import { planContactEmails } from "@/lib/outreach-schedule/plan";
import { referenceBalanceDailyLoad } from "@/lib/outreach-schedule/balance.reference";
import type { Plan, PlanInput } from "@/lib/outreach-schedule/types";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
const now = new Date("2026-06-01T15:00:00Z"); // 10:00 in Chicago

/** A hand-written planner: answers whatever the test sets, and remembers what it was asked. */
function fakePlanner(initial: Plan) {
  let plan = initial;
  const inputs: PlanInput[] = [];
  const planner: Planner = (input) => {
    inputs.push(input);
    return plan;
  };
  return { planner, inputs, set: (next: Plan) => (plan = next) };
}

const birthday = { emailType: "birthday" as const, sendDate: "2026-07-01", priority: 10, eventDate: "2026-07-15" };
const anniversary = {
  emailType: "effective_date" as const,
  sendDate: "2026-08-01",
  priority: 20,
  eventDate: "2026-08-31",
};
const aep = { emailType: "aep" as const, sendDate: "2026-09-10", priority: 30, eventDate: null };

async function setup({ live = false }: { live?: boolean } = {}) {
  const org = await createOrganization(db.prisma, { now });
  if (live)
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { demoMode: false, wentLiveAt: new Date("2026-05-01T00:00:00Z") },
    });
  const contact = await createContact(db.prisma, org.id, { now });
  return { org, contact };
}

const rowsOf = (contactId: string) =>
  db.prisma.scheduledEmail.findMany({
    where: { contactId },
    orderBy: [{ scheduledSendDate: "asc" }, { emailType: "asc" }],
  });

describe("syncContactSchedule", () => {
  it("inserts the plan as rows at the organization's 08:30, in test mode during the trial, and is idempotent", async () => {
    const { org, contact } = await setup();
    const { planner } = fakePlanner({
      planned: [birthday, aep],
      skipped: [{ emailType: "effective_date", date: "2026-08-01", skipReason: "Exclusion window" }],
    });

    const writtenFrom = Date.now();
    expect(await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: planner, now })).toEqual({
      contacts: 1,
      inserted: 3,
      updated: 0,
      removed: 0,
      unchanged: 0,
    });
    const writtenTo = Date.now();
    const rows = await rowsOf(contact.id);
    // Time-ordered ids (app_uuid_v7): version 7, the write's millisecond in the first 48 bits (the database's clock).
    for (const r of rows) {
      expect(r.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const writtenAt = parseInt(r.id.replace(/-/g, "").slice(0, 12), 16);
      expect(writtenAt).toBeGreaterThanOrEqual(writtenFrom - 1_000);
      expect(writtenAt).toBeLessThanOrEqual(writtenTo + 1_000);
    }
    expect(
      rows.map((r) => [
        r.emailType,
        r.scheduledSendDate.toISOString().slice(0, 10),
        r.status,
        r.skipReason,
        r.sendMode,
      ]),
    ).toEqual([
      ["birthday", "2026-07-01", "pending", null, "test"],
      ["effective_date", "2026-08-01", "skipped", "Exclusion window", "test"],
      ["aep", "2026-09-10", "pending", null, "test"],
    ]);
    expect(rows[0]).toMatchObject({
      organizationId: org.id,
      scheduledSendAt: new Date("2026-07-01T13:30:00Z"),
      priority: 10,
      eventDate: new Date("2026-07-15T00:00:00Z"),
      idempotencyKey: outreachIdempotencyKey({ contactId: contact.id, emailType: "birthday", sendDate: "2026-07-01" }),
      attemptCount: 0,
    });
    // Every row's key is its own (contact, type, date): unique with that key, so the key's index need not hold it
    // (migration scheduled_emails_partial_sent_and_key_indexes).
    for (const r of rows)
      expect(r.idempotencyKey).toBe(
        outreachIdempotencyKey({
          contactId: r.contactId,
          emailType: r.emailType,
          sendDate: r.scheduledSendDate.toISOString().slice(0, 10),
        }),
      );

    // Run twice: nothing is written the second time (unchanged rows keep their history).
    expect(await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: planner, now })).toEqual({
      contacts: 1,
      inserted: 0,
      updated: 0,
      removed: 0,
      unchanged: 3,
    });
    expect(await rowsOf(contact.id)).toEqual(rows);
  });

  it("updates changed pending rows, removes obsolete pending ones and never touches sent or sending rows", async () => {
    const { org, contact } = await setup({ live: true });
    const fake = fakePlanner({ planned: [birthday, anniversary, aep], skipped: [] });
    await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: fake.planner, now });
    const before = await rowsOf(contact.id);
    expect(before.every((r) => r.sendMode === "production")).toBe(true);
    // The birthday email went out; the anniversary one is being sent right now.
    await db.prisma.scheduledEmail.update({ where: { id: before[0]!.id }, data: { status: "sent", sentAt: now } });
    await db.prisma.scheduledEmail.update({
      where: { id: before[1]!.id },
      data: { status: "sending", attemptCount: 1, lastAttemptAt: now },
    });

    // Next plan: none of the three at those fields; AEP moves priority, a new post-window email appears.
    fake.set({
      planned: [
        { ...birthday, priority: 99, eventDate: "2026-07-16" },
        { ...anniversary, priority: 99 },
        { ...aep, priority: 5 },
        { emailType: "post_window", sendDate: "2026-10-02", priority: 40, eventDate: null },
      ],
      skipped: [],
    });
    expect(
      await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: fake.planner, now }),
    ).toMatchObject({ inserted: 1, updated: 1, removed: 0 });
    let rows = await rowsOf(contact.id);
    expect(rows.find((r) => r.id === before[0]!.id)).toEqual(
      await db.prisma.scheduledEmail.findUnique({ where: { id: before[0]!.id } }),
    );
    expect(rows.find((r) => r.id === before[0]!.id)).toMatchObject({ status: "sent", priority: 10 });
    expect(rows.find((r) => r.id === before[1]!.id)).toMatchObject({ status: "sending", priority: 20 });
    expect(rows.find((r) => r.id === before[2]!.id)).toMatchObject({ status: "pending", priority: 5 });
    expect(rows.map((r) => r.emailType)).toEqual(["birthday", "effective_date", "aep", "post_window"]);

    // A plan without them: the pending rows go, the sent and sending rows stay.
    fake.set({ planned: [], skipped: [] });
    expect(
      await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: fake.planner, now }),
    ).toMatchObject({ inserted: 0, updated: 0, removed: 2 });
    rows = await rowsOf(contact.id);
    expect(rows.map((r) => [r.emailType, r.status])).toEqual([
      ["birthday", "sent"],
      ["effective_date", "sending"],
    ]);
  });

  it.each([
    ["pre_aep", "pre_aep"],
    ["aep", "pre_aep"],
    ["birthday", "birthday"],
  ])("gives the planner the failed-underwriting timing the settings saved (%s → %s)", async (stored, timing) => {
    const { org, contact } = await setup();
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { failedUnderwritingOutreachEnabled: true, failedUnderwritingOutreachTiming: stored },
    });
    const fake = fakePlanner({ planned: [], skipped: [] });
    await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: fake.planner, now });
    expect(fake.inputs[0]!.organization.failedUnderwriting).toEqual({ enabled: true, timing, smartSendStates: null });
  });

  it("SmartSend on gives the planner the states with a carrier marked Target GI (the failed-underwriting email goes only there)", async () => {
    const { org, contact } = await setup();
    await db.prisma.organization.update({
      where: { id: org.id },
      data: {
        failedUnderwritingOutreachEnabled: true,
        smartSendEnabled: true,
        stateLicenses: ["TX", "FL"],
        stateCarrierSettings: [
          { state: "TX", carrier: "Aetna", active: true, targetGI: true },
          { state: "FL", carrier: "Aetna", active: true, targetGI: false },
        ],
      },
    });
    const fake = fakePlanner({ planned: [], skipped: [] });
    await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: fake.planner, now });
    expect(fake.inputs[0]!.organization.failedUnderwriting).toEqual({
      enabled: true,
      timing: "birthday",
      smartSendStates: ["TX"],
    });
  });

  it("gives the planner the contact, the organization's settings, the state rule and the history", async () => {
    const { org, contact } = await setup();
    await db.prisma.organization.update({
      where: { id: org.id },
      data: {
        timezone: "America/New_York",
        contactOutreachDelayYears: 2,
        outreachAep: false,
        failedUnderwritingOutreachTiming: "pre_aep",
        sendTimeHour: 9,
        sendTimeMinute: 15,
        stateLicenses: ["MO", "KS"],
      },
    });
    await db.prisma.contact.update({
      where: { id: contact.id },
      data: {
        state: "MO",
        birthDate: new Date("1955-02-28T00:00:00Z"),
        effectiveDate: new Date("2021-03-01T00:00:00Z"),
        currentCarrierNaic: "12345",
      },
    });
    await db.prisma.stateSwitchRule.upsert({
      where: { state: "MO" },
      create: {
        state: "MO",
        ruleType: "anniversary",
        anchor: "policy_anniversary",
        windowStartDaysBefore: 30,
        windowLengthDays: 63,
      },
      update: {},
    });
    const sent = await db.prisma.scheduledEmail.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        emailType: "birthday",
        scheduledSendDate: new Date("2026-05-20T00:00:00Z"),
        scheduledSendAt: new Date("2026-05-20T12:30:00Z"),
        status: "sent",
        sentAt: new Date("2026-05-21T03:00:00Z"), // still May 20 in New York
        idempotencyKey: `test-sent-${contact.id}`,
        trackingId: `quote-${org.id}-${contact.id}-1779000000000`,
      },
    });
    await db.prisma.trackingClick.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        trackingId: sent.trackingId!,
        clickedAt: new Date("2026-05-22T15:00:00Z"),
      },
    });
    await db.prisma.trackingClick.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        trackingId: "quote-elsewhere-1",
        clickedAt: new Date("2026-05-23T15:00:00Z"),
      },
    });
    await db.prisma.eligibilityAnswer.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        answers: {},
        hasConditions: false,
        status: "accept",
        createdAt: new Date("2026-05-22T16:00:00Z"),
      },
    });
    await db.prisma.eligibilityAnswer.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        answers: {},
        hasConditions: true,
        status: "decline",
        createdAt: new Date("2026-05-24T16:00:00Z"),
      },
    });

    const fake = fakePlanner({ planned: [], skipped: [] });
    await syncContactSchedule({
      organizationId: org.id,
      contactId: contact.id,
      plan: fake.planner,
      now,
      horizonDays: 120,
    });
    expect(fake.inputs).toHaveLength(1);
    const input = fake.inputs[0]!;
    expect(input.now).toEqual(now);
    expect(input.horizonDays).toBe(120);
    expect(input.contact).toEqual({
      id: contact.id,
      state: "MO",
      birthDate: "1955-02-28",
      effectiveDate: "2021-03-01",
      createdAt: contact.createdAt,
      optedOut: false,
      currentCarrierNaic: "12345",
      isPlaceholder: false,
      agentStateLicenses: [],
    });
    expect(input.organization).toMatchObject({
      timezone: "America/New_York",
      sendTime: { hour: 9, minute: 15 },
      stateLicenses: ["MO", "KS"],
      effectiveDateOutreachDelayMonths: 23,
      isLive: false,
      wentLiveAt: null,
      failedUnderwriting: { enabled: false, timing: "pre_aep" },
      contactCount: 1,
    });
    expect(input.organization.enabled).toMatchObject({ birthday: true, aep: false, effective_date: true });
    expect(input.stateRule).toMatchObject({
      state: "MO",
      ruleType: "anniversary",
      anchor: "policy_anniversary",
      windowStartDaysBefore: 30,
      windowLengthDays: 63,
    });
    expect(input.history.sent).toEqual([{ id: sent.id, emailType: "birthday", sentDate: "2026-05-20" }]);
    expect(input.history.clicks).toEqual(
      expect.arrayContaining([
        { date: "2026-05-22", scheduledEmailId: sent.id },
        { date: "2026-05-23", scheduledEmailId: null },
      ]),
    );
    expect(input.history.health).toEqual({ date: "2026-05-24", hasConditions: true });
    expect(input.rateIncreases).toEqual([]);
  });

  it("clears metadata the plan no longer carries, then settles", async () => {
    const { org, contact } = await setup();
    const fake = fakePlanner({ planned: [{ ...birthday, metadata: { followUpOf: "x" } }], skipped: [] });
    await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: fake.planner, now });
    fake.set({ planned: [birthday], skipped: [] });
    expect(
      await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: fake.planner, now }),
    ).toMatchObject({ updated: 1 });
    expect((await rowsOf(contact.id))[0]!.metadata).toBeNull();
    expect(
      await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: fake.planner, now }),
    ).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it("plans nothing for a contact who opted out, even if the planner answers otherwise", async () => {
    const { org, contact } = await setup();
    const fake = fakePlanner({ planned: [birthday], skipped: [] });
    await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: fake.planner, now });
    expect(await rowsOf(contact.id)).toHaveLength(1);
    await db.prisma.contact.update({ where: { id: contact.id }, data: { doNotCommunicate: true } });
    expect(
      await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: fake.planner, now }),
    ).toMatchObject({ removed: 1, inserted: 0 });
    expect(fake.inputs[1]!.contact.optedOut).toBe(true);
    expect(await rowsOf(contact.id)).toHaveLength(0);
  });

  it("tells the planner a contact outside the book (placeholder, unconfirmed self-signup) is a placeholder, and the real planner plans nothing", async () => {
    const { org, contact } = await setup({ live: true });
    await db.prisma.contact.update({
      where: { id: contact.id },
      data: { unverifiedSince: now, birthDate: new Date("1955-07-10T00:00:00Z") },
    });
    const fake = fakePlanner({ planned: [], skipped: [] });
    await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: fake.planner, now });
    expect(fake.inputs[0]!.contact.isPlaceholder).toBe(true);
    expect(fake.inputs[0]!.organization.contactCount).toBe(0);
    await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: planContactEmails, now });
    expect(await rowsOf(contact.id)).toHaveLength(0);
    // Confirmed: the same contact gets its plan.
    await db.prisma.contact.update({ where: { id: contact.id }, data: { unverifiedSince: null } });
    await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: planContactEmails, now });
    expect((await rowsOf(contact.id)).length).toBeGreaterThan(0);
  });

  it("answers nothing for a contact of another organization", async () => {
    const { contact } = await setup();
    const { org: other } = await setup();
    const fake = fakePlanner({ planned: [birthday], skipped: [] });
    expect(
      await syncContactSchedule({ organizationId: other.id, contactId: contact.id, plan: fake.planner, now }),
    ).toMatchObject({ contacts: 0, inserted: 0 });
    expect(fake.inputs).toHaveLength(0);
    expect(await rowsOf(contact.id)).toHaveLength(0);
  });

  it("fills the contact page's Future Activity (next 90 days) and email activity", async () => {
    const { org, contact } = await setup({ live: true });
    const admin = await createUser(db.prisma, org.id, { now, isAdmin: true });
    await syncContactSchedule({
      organizationId: org.id,
      contactId: contact.id,
      plan: fakePlanner({ planned: [birthday, anniversary, aep], skipped: [] }).planner,
      now,
    });
    const options = {
      db: tenantDb(org.id),
      organizationId: org.id,
      viewer: { id: admin.id, isAdmin: true },
      contactId: contact.id,
    };
    const upcoming = await listScheduledEmails({ ...options, now });
    expect(upcoming.map((e) => [e.email_type, e.scheduled_send_date, e.send_mode])).toEqual([
      ["birthday", "2026-07-01", "production"],
      ["effective_date", "2026-08-01", "production"],
    ]);
    const tracking = await listEmailTracking(options);
    expect(tracking.map((e) => [e.email_type, e.send_status])).toEqual([
      ["aep", "scheduled"],
      ["effective_date", "scheduled"],
      ["birthday", "scheduled"],
    ]);
  });
});

describe("rescheduleOrganization", () => {
  it("plans every contact once, page by page, and records the run", async () => {
    const { org } = await setup();
    for (let i = 0; i < 4; i += 1) await createContact(db.prisma, org.id, { now });
    const fake = fakePlanner({ planned: [birthday], skipped: [] });
    const result = await rescheduleOrganization({ organizationId: org.id, plan: fake.planner, now, pageSize: 2 });
    expect(result).toMatchObject({ contacts: 5, inserted: 5, updated: 0, removed: 0 });
    expect(new Set(fake.inputs.map((i) => i.contact.id)).size).toBe(5);
    expect(fake.inputs).toHaveLength(5);
    const run = await db.prisma.schedulerRun.findUniqueOrThrow({ where: { id: result!.runId } });
    expect(run).toMatchObject({ organizationId: org.id, status: "completed", processedCount: 5, scheduledCount: 5 });
    expect(await db.prisma.scheduledEmail.count({ where: { organizationId: org.id, schedulerRunId: run.id } })).toBe(5);

    const again = await rescheduleOrganization({ organizationId: org.id, plan: fake.planner, now, pageSize: 2 });
    expect(again).toMatchObject({ contacts: 5, inserted: 0, updated: 0, removed: 0, unchanged: 5 });
  });

  it("pages the book as key ranges every pageSize ids, the first and last open, so the pages are read ahead independently", async () => {
    const { org } = await setup();
    const other = await createOrganization(db.prisma, { now });
    for (let i = 0; i < 4; i += 1) await createContact(db.prisma, org.id, { now });
    await createContact(db.prisma, other.id, { now });
    const ids = (await db.prisma.contact.findMany({ where: { organizationId: org.id }, select: { id: true } }))
      .map((c) => c.id)
      .sort(); // lower-case hex: text order is the uuid's byte order
    expect(ids).toHaveLength(5);
    expect(await contactRanges(org.id, 2)).toEqual([
      { from: undefined, to: ids[2] },
      { from: ids[2], to: ids[4] },
      { from: ids[4], to: undefined },
    ]);
    expect(await contactRanges(org.id, 1)).toEqual(
      ids.map((id, i) => ({ from: i === 0 ? undefined : id, to: ids[i + 1] })),
    );
    expect(await contactRanges(org.id, 500)).toEqual([{ from: undefined, to: undefined }]);
    const empty = await createOrganization(db.prisma, { now });
    expect(await contactRanges(empty.id, 2)).toEqual([]);
  });

  it("balances the organization's days: a birthday shared by 60 contacts is spread under the daily cap, inside its movable range", async () => {
    const { org } = await setup({ live: true });
    for (let i = 0; i < 59; i += 1) await createContact(db.prisma, org.id, { now });
    // Every contact's birthday email on one day: 60 on 2026-07-01, three times the daily cap of a small book (20).
    const fake = fakePlanner({
      planned: [{ ...birthday, movableWithin: { from: "2026-07-01", to: "2026-07-15" } }],
      skipped: [],
    });
    const result = await rescheduleOrganization({ organizationId: org.id, plan: fake.planner, now, pageSize: 25 });
    expect(result).toMatchObject({ contacts: 60, inserted: 60 });
    const byDay = await db.prisma.scheduledEmail.groupBy({
      by: ["scheduledSendDate"],
      where: { organizationId: org.id },
      _count: true,
      orderBy: { scheduledSendDate: "asc" },
    });
    expect(byDay.map((d) => [d.scheduledSendDate.toISOString().slice(0, 10), d._count])).toEqual([
      ["2026-07-01", 20],
      ["2026-07-02", 20],
      ["2026-07-03", 20],
    ]);
    // The nightly run plans the same and balances the same: nothing moves again.
    expect(
      await rescheduleOrganization({ organizationId: org.id, plan: fake.planner, now, pageSize: 25 }),
    ).toMatchObject({ inserted: 0, updated: 0, removed: 0, unchanged: 60 });
  });

  it("writes, page by page, exactly the rows of the whole book balanced at once: days, skips, event dates and metadata", async () => {
    const { org } = await setup({ live: true });
    for (let i = 0; i < 44; i += 1) await createContact(db.prisma, org.id, { now });
    // Every contact a different plan, crowded on a few days so that the cap and the smoothing move emails.
    const planOf = (contactId: string): Plan => {
      const n = parseInt(contactId.slice(-4), 16);
      const day = (offset: number) => `2026-07-${String(1 + ((n + offset) % 4)).padStart(2, "0")}`;
      return {
        planned: [
          { ...birthday, sendDate: day(0), movableWithin: { from: day(0), to: "2026-07-20" } },
          {
            ...anniversary,
            sendDate: day(1),
            metadata: { anniversary: 1 + (n % 3) },
            ...(n % 2 ? { movableWithin: { from: "2026-06-20", to: "2026-07-25" } } : {}),
          },
          ...(n % 3 === 0 ? [{ ...aep, emailType: "followup_1_cold" as const }] : []),
        ],
        skipped:
          n % 5 === 0
            ? [{ emailType: "rate_increase", date: "2026-08-10", skipReason: "Frequency limit exceeded" }]
            : [],
        capHistory: n % 4 === 0 ? ["2026-05-20", "2026-05-28"] : [],
      };
    };
    const planner: Planner = (input) => planOf(input.contact.id);
    const result = await rescheduleOrganization({ organizationId: org.id, plan: planner, now, pageSize: 7 });
    expect(result).toMatchObject({ contacts: 45 });

    const contacts = await db.prisma.contact.findMany({ where: { organizationId: org.id }, orderBy: { id: "asc" } });
    const balanced = referenceBalanceDailyLoad(
      contacts.map((c) => ({ contactId: c.id, plan: planOf(c.id) })),
      { now, timeZone: "America/Chicago", contactCount: 45, dailyCap: undefined },
    );
    const key = (r: (string | null | undefined)[]) => r.map((v) => v ?? "").join("|");
    const expected = balanced.flatMap(({ contactId, plan }) => [
      ...plan.planned.map((e) =>
        key([
          contactId,
          e.emailType,
          e.sendDate,
          "pending",
          null,
          e.eventDate,
          e.parentEmailId,
          JSON.stringify(e.metadata ?? null),
        ]),
      ),
      ...plan.skipped.map((e) => key([contactId, e.emailType, e.date, "skipped", e.skipReason, null, null, "null"])),
    ]);
    const rows = await db.prisma.scheduledEmail.findMany({ where: { organizationId: org.id } });
    const actual = rows.map((r) =>
      key([
        r.contactId,
        r.emailType,
        r.scheduledSendDate.toISOString().slice(0, 10),
        r.status,
        r.skipReason,
        r.eventDate?.toISOString().slice(0, 10),
        r.parentEmailId,
        JSON.stringify(r.metadata ?? null),
      ]),
    );
    expect(actual.sort()).toEqual(expected.sort());
    // The balance had work to do: some emails are not on the day their plan gave them.
    const moved = balanced.filter(({ contactId, plan }) =>
      plan.planned.some(
        (e) => !planOf(contactId).planned.some((p) => p.emailType === e.emailType && p.sendDate === e.sendDate),
      ),
    );
    expect(moved.length).toBeGreaterThan(0);
  });

  it("the database's digest of a page's rows is the digest of the same rows computed here, and a row changed behind the run's back is repaired", async () => {
    const { org } = await setup({ live: true });
    for (let i = 0; i < 5; i += 1) await createContact(db.prisma, org.id, { now });
    const fake = fakePlanner({
      planned: [
        { ...birthday, metadata: { catchUp: true } },
        { ...anniversary, metadata: { anniversary: 11 } },
        { ...aep, emailType: "post_window", metadata: { replaces: ["aep", "birthday"], zone: "tz", a: null } },
      ],
      skipped: [{ emailType: "rate_increase", date: "2026-08-10", skipReason: 'Year-round exclusion — "NY"\n' }],
    });
    await rescheduleOrganization({ organizationId: org.id, plan: fake.planner, now, pageSize: 4 });
    const rows = await db.prisma.scheduledEmail.findMany({ where: { organizationId: org.id } });
    expect(rows).toHaveLength(24);
    const computed = scheduleDigest(
      rows.map((r) => ({
        contactId: r.contactId,
        row: {
          emailType: r.emailType,
          sendDate: r.scheduledSendDate.toISOString().slice(0, 10),
          status: r.status as "pending" | "skipped",
          skipReason: r.skipReason,
          priority: r.priority,
          eventDate: r.eventDate?.toISOString().slice(0, 10) ?? null,
          scheduledSendAt: r.scheduledSendAt,
          sendMode: r.sendMode,
          parentEmailId: r.parentEmailId,
          metadata: r.metadata as Record<string, unknown> | null,
        },
      })),
    );
    const contactIds = [...new Set(rows.map((r) => r.contactId))];
    const stored = await tenantTransaction(org.id, (tx) => storedScheduleDigest(tx, org.id, contactIds));
    // Equal digests are what let the nightly run skip a page without reading its rows back.
    expect(stored).toEqual(computed);
    expect(
      await rescheduleOrganization({ organizationId: org.id, plan: fake.planner, now, pageSize: 4 }),
    ).toMatchObject({ inserted: 0, updated: 0, removed: 0, unchanged: 24 });

    // Each field the diff compares, changed on one row: the page no longer matches, and the run rewrites the row.
    const [a, b, c, d] = rows.filter((r) => r.contactId === contactIds[0]);
    await db.prisma.scheduledEmail.update({ where: { id: a!.id }, data: { metadata: { anniversary: 12 } } });
    await db.prisma.scheduledEmail.update({ where: { id: b!.id }, data: { priority: 99 } });
    await db.prisma.scheduledEmail.update({
      where: { id: c!.id },
      data: { scheduledSendAt: new Date(c!.scheduledSendAt.getTime() + 60_000) },
    });
    await db.prisma.scheduledEmail.update({ where: { id: d!.id }, data: { skipReason: "Other" } });
    expect(
      await rescheduleOrganization({ organizationId: org.id, plan: fake.planner, now, pageSize: 4 }),
    ).toMatchObject({ inserted: 0, updated: 4, removed: 0, unchanged: 20 });
    const repaired = await db.prisma.scheduledEmail.findMany({ where: { organizationId: org.id } });
    const fields = ({ id: _id, updatedAt: _u, schedulerRunId: _r, ...rest }: (typeof rows)[number]) => rest;
    expect(repaired.map(fields).sort((x, y) => (x.idempotencyKey < y.idempotencyKey ? -1 : 1))).toEqual(
      rows.map(fields).sort((x, y) => (x.idempotencyKey < y.idempotencyKey ? -1 : 1)),
    );
  });

  it("leaves a page whose stored rows its plans matched when it was read, without a second look; without that digest it diffs and repairs", async () => {
    const { org } = await setup({ live: true });
    for (let i = 0; i < 2; i += 1) await createContact(db.prisma, org.id, { now });
    const plan: Plan = { planned: [birthday, anniversary, aep], skipped: [] };
    await rescheduleOrganization({ organizationId: org.id, plan: fakePlanner(plan).planner, now });
    const rows = await db.prisma.scheduledEmail.findMany({ where: { organizationId: org.id } });
    expect(rows).toHaveLength(9);
    const contactIds = [...new Set(rows.map((r) => r.contactId))].sort();
    const storedWhenRead = await tenantTransaction(org.id, (tx) => storedScheduleDigest(tx, org.id, contactIds));

    // A row changed after the page was read (a sweep, an edit's own reschedule): the page is left to it.
    await db.prisma.scheduledEmail.update({ where: { id: rows[0]!.id }, data: { priority: 99 } });
    const context = (await loadRescheduleContext({ organizationId: org.id, now }))!;
    const plans = balancePlans(
      context,
      contactIds.map((contactId) => ({ contactId, plan })),
    );
    expect(await applyContactPlans({ context, plans, storedWhenRead })).toEqual({
      contacts: 3,
      inserted: 0,
      updated: 0,
      removed: 0,
      unchanged: 9,
    });
    expect((await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id: rows[0]!.id } })).priority).toBe(99);

    // A digest that does not match the plans (or none) takes the transaction: its own digest, then the diff.
    const stale = { rows: storedWhenRead.rows, digest: "0".repeat(32) };
    expect(await applyContactPlans({ context, plans, storedWhenRead: stale })).toMatchObject({
      updated: 1,
      unchanged: 8,
    });
    expect((await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id: rows[0]!.id } })).priority).not.toBe(99);
    expect(await applyContactPlans({ context, plans })).toMatchObject({ updated: 0, unchanged: 9 });
  });

  it("refreshes the schedule table's statistics once a run has inserted many rows (a new book), not on a small run", async () => {
    const { org } = await setup();
    for (let i = 0; i < 3; i += 1) await createContact(db.prisma, org.id, { now });
    const { planner, set } = fakePlanner({ planned: [birthday], skipped: [] });
    // Manual ANALYZEs only (autovacuum's are counted apart), so the database's own upkeep cannot pass this test.
    const analyzed = async () =>
      (
        await db.query<{ n: number }>(
          "SELECT analyze_count::int AS n FROM pg_stat_user_tables WHERE relname = 'scheduled_emails'",
        )
      )[0]!.n;
    const before = await analyzed();
    await rescheduleOrganization({ organizationId: org.id, plan: planner, now, statisticsRefreshRows: 100 });
    expect(await analyzed()).toBe(before);
    set({ planned: [birthday, anniversary, aep], skipped: [] });
    const run = await rescheduleOrganization({
      organizationId: org.id,
      plan: planner,
      now,
      statisticsRefreshRows: 5,
      pageSize: 1,
    });
    expect(run!.inserted).toBe(8); // 4 contacts: two more emails each
    expect(await analyzed()).toBe(before + 1); // once, though the third and the fourth page are both past 5
  });

  it("runs with the old generation's growth bounded (lib/outreach/heap-growth.ts) and gives V8 its heuristic back after", async () => {
    const { org } = await setup();
    await createContact(db.prisma, org.id, { now });
    const runsSeenByPlanner: number[] = [];
    const planner: Planner = () => {
      runsSeenByPlanner.push(boundedHeapGrowthRuns());
      return { planned: [birthday], skipped: [] };
    };
    await rescheduleOrganization({ organizationId: org.id, plan: planner, now });
    expect(runsSeenByPlanner).toEqual([1, 1]);
    expect(boundedHeapGrowthRuns()).toBe(0);
  });

  it("marks the run failed when the planner throws", async () => {
    const { org } = await setup();
    const planner: Planner = () => {
      throw new RangeError("bad date");
    };
    await expect(rescheduleOrganization({ organizationId: org.id, plan: planner, now })).rejects.toThrow(RangeError);
    expect(boundedHeapGrowthRuns()).toBe(0);
    const run = await db.prisma.schedulerRun.findFirstOrThrow({ where: { organizationId: org.id } });
    expect(run).toMatchObject({ status: "failed", error: "RangeError" });
  });
});
