import { randomUUID } from "node:crypto";
import { InngestTestEngine } from "@inngest/test";
import { EVENTS } from "@/inngest/events";
import { nightlyReschedule } from "@/inngest/functions/nightly-reschedule";
import { organizationChanged } from "@/inngest/functions/organization-changed";
import { sendDueEmailsFunction } from "@/inngest/functions/send-due-emails";
import { sendScheduledEmailFunction } from "@/inngest/functions/send-scheduled-email";
import { dailyUsageReport } from "@/inngest/functions/daily-usage-report";
import { importStagingCleanup } from "@/inngest/functions/import-staging-cleanup";
import { publicFormsCleanup } from "@/inngest/functions/public-forms-cleanup";
import { contactSearchChunks } from "@/inngest/functions/contact-search-chunks";
import { sweepDueEmails } from "@/inngest/functions/sweep-due-emails";
import { PROVIDER_BATCH_SIZE } from "@/lib/email/send-batch";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The job functions read the clock; the records they work on are stamped with it.
const now = new Date();

async function liveAgencyWithDueEmail() {
  const org = await createOrganization(db.prisma, { now });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: { demoMode: false, wentLiveAt: new Date(now.getTime() - 30 * 86_400_000) },
  });
  const agent = await createUser(db.prisma, org.id, { now });
  const contact = await createContact(db.prisma, org.id, { now, firstName: "Ada", agentId: agent.id });
  const id = randomUUID();
  await db.prisma.scheduledEmail.create({
    data: {
      id,
      organizationId: org.id,
      contactId: contact.id,
      emailType: "birthday",
      scheduledSendDate: now,
      scheduledSendAt: new Date(now.getTime() - 60_000),
      status: "pending",
      idempotencyKey: `inngest-test:${id}`,
    },
  });
  return { org, contact, id };
}

test("the sweep claims due emails and fans them out in batches of the provider's batch size", async () => {
  const { org, id } = await liveAgencyWithDueEmail();
  // Sending events needs Inngest itself: the fan-out step is mocked, its arguments are what matter.
  const t = new InngestTestEngine({
    function: sweepDueEmails,
    events: [{ name: "inngest/scheduled.timer", data: {} }],
    steps: [{ id: "fan-out-due-emails-0", handler: () => ({ ids: [] }) }],
  });
  const { result, ctx } = await t.execute();
  expect(result).toMatchObject({ claimed: expect.any(Number) });
  expect((await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id } })).status).toBe("sending");
  const sent = (ctx.step.sendEvent as unknown as jest.Mock).mock.calls.flatMap(
    ([, events]) => events as { name: string; data: { emails: { id: string }[] } }[],
  );
  expect(sent.every((e) => e.name === EVENTS.emailsDue && e.data.emails.length <= PROVIDER_BATCH_SIZE)).toBe(true);
  expect(sent.flatMap((e) => e.data.emails)).toContainEqual({ id, organizationId: org.id });
});

test("the batch function sends its claimed emails through the batch path, marks them sent and re-plans", async () => {
  const { org, id } = await liveAgencyWithDueEmail();
  await db.prisma.scheduledEmail.update({ where: { id }, data: { status: "sending", attemptCount: 1 } });
  const t = new InngestTestEngine({
    function: sendDueEmailsFunction,
    events: [{ name: EVENTS.emailsDue, data: { emails: [{ id, organizationId: org.id }] } }],
  });
  const { result } = await t.execute();
  expect(result).toMatchObject({ outcomes: [{ id, outcome: "sent" }], errors: 0 });
  expect(await db.prisma.outboxEmail.count({ where: { idempotencyKey: `inngest-test:${id}` } })).toBe(1);
  expect(
    await db.prisma.scheduledEmail.count({
      where: { organizationId: org.id, emailType: "followup_1_cold", parentEmailId: id, status: "pending" },
    }),
  ).toBe(1);
});

test("the per-email function sends a claimed email through the send path and marks it sent", async () => {
  const { org, id } = await liveAgencyWithDueEmail();
  await db.prisma.scheduledEmail.update({ where: { id }, data: { status: "sending", attemptCount: 1 } });
  const t = new InngestTestEngine({
    function: sendScheduledEmailFunction,
    events: [{ name: EVENTS.emailDue, data: { id, organizationId: org.id } }],
  });
  const { result } = await t.execute();
  expect(result).toMatchObject({ id, outcome: "sent" });
  expect(await db.prisma.outboxEmail.count({ where: { idempotencyKey: `inngest-test:${id}` } })).toBe(1);
  // The replan step put the contact's follow-up (two days after the birthday email) on the schedule.
  expect(
    await db.prisma.scheduledEmail.count({
      where: { organizationId: org.id, emailType: "followup_1_cold", parentEmailId: id, status: "pending" },
    }),
  ).toBe(1);
});

test("an organization change reschedules it now; the nightly job queues organizations", async () => {
  const org = await createOrganization(db.prisma, { now });
  const contact = await createContact(db.prisma, org.id, { now });
  await db.prisma.contact.update({
    where: { id: contact.id },
    data: { zipCode: "78701", birthDate: new Date("1956-03-01T00:00:00Z") },
  });
  const changed = new InngestTestEngine({
    function: organizationChanged,
    events: [{ name: EVENTS.organizationChanged, data: { organizationId: org.id } }],
  });
  expect((await changed.execute()).result).toMatchObject({ organizationId: org.id, runs: expect.any(Number) });
  expect(await db.prisma.schedulerRun.count({ where: { organizationId: org.id, status: "completed" } })).toBe(1);
  expect(await db.prisma.scheduledEmail.count({ where: { contactId: contact.id } })).toBeGreaterThan(0);

  const stale = await createOrganization(db.prisma, { now });
  const nightly = new InngestTestEngine({
    function: nightlyReschedule,
    events: [{ name: "inngest/scheduled.timer", data: {} }],
  });
  await nightly.execute();
  expect(await db.prisma.schedulerRun.count({ where: { organizationId: stale.id, status: "queued" } })).toBe(1);
  expect(await db.prisma.schedulerRun.count({ where: { organizationId: org.id, status: "queued" } })).toBe(0);
});

test("the search chunks' refresh builds each organization the first step finds due, one step each", async () => {
  const now = new Date();
  const org = await createOrganization(db.prisma, { now });
  await db.prisma.contact.createMany({
    data: ["Ann", "Bob", "Cy"].map((firstName, i) => ({
      organizationId: org.id,
      firstName,
      lastName: "Smith",
      email: `chunks${i}@example.test`,
    })),
  });
  // No book here reaches the 50,000 contacts that make an organization due: the finding step is given this one.
  const t = new InngestTestEngine({
    function: contactSearchChunks,
    events: [{ name: "inngest/scheduled.timer", data: {} }],
    steps: [{ id: "find-organizations-due", handler: () => [org.id] }],
  });
  const { result } = await t.execute();
  expect(result).toEqual({ built: [org.id] });
  const chunks = await db.prisma.contactSearchChunk.findMany({ where: { organizationId: org.id } });
  expect(chunks.map((c) => c.texts)).toEqual([
    ["ann smith chunks0@example.test", "bob smith chunks1@example.test", "cy smith chunks2@example.test"].join("\n"),
  ]);
});

test("the cron triggers are what the schedule promises", () => {
  const cron = (fn: { getConfig: (o: { baseUrl: URL; appPrefix: string }) => { triggers: { cron?: string }[] }[] }) =>
    fn
      .getConfig({ baseUrl: new URL("http://localhost/api/inngest"), appPrefix: "gapwise" })[0]!
      .triggers.map((t) => t.cron);
  expect(cron(sweepDueEmails as never)).toEqual(["* * * * *"]);
  expect(cron(nightlyReschedule as never)).toEqual(["TZ=UTC 0 7 * * *"]);
  expect(cron(dailyUsageReport as never)).toEqual(["TZ=UTC 0 8 * * *"]);
  expect(cron(importStagingCleanup as never)).toEqual(["TZ=UTC 30 7 * * *"]);
  expect(cron(publicFormsCleanup as never)).toEqual(["TZ=UTC 45 7 * * *"]);
  expect(cron(contactSearchChunks as never)).toEqual(["TZ=UTC 20 * * * *"]);
});

test("the nightly public-forms cleanup deletes signups unconfirmed for 7 days and rate-limit windows that have ended", async () => {
  // The function reads the clock (new Date()), so the records are dated from it.
  const now = new Date();
  const org = await createOrganization(db.prisma, { now });
  const unconfirmed = async (daysAgo: number) => {
    const contact = await db.prisma.contact.create({
      data: {
        organizationId: org.id,
        firstName: "Anyone",
        lastName: "Typed",
        email: `typed-${daysAgo}-${now.getTime()}@example.com`,
        unverifiedSince: new Date(now.getTime() - daysAgo * 86_400_000),
      },
    });
    return contact.id;
  };
  const stale = await unconfirmed(8);
  const fresh = await unconfirmed(1);
  await db.prisma.rateLimitBucket.createMany({
    data: [
      {
        key: `test-ended-${now.getTime()}`,
        count: 3,
        windowStart: new Date(now.getTime() - 7_200_000),
        resetAt: new Date(now.getTime() - 3_600_000),
      },
      { key: `test-open-${now.getTime()}`, count: 3, windowStart: now, resetAt: new Date(now.getTime() + 3_600_000) },
    ],
  });
  const t = new InngestTestEngine({
    function: publicFormsCleanup,
    events: [{ name: "inngest/scheduled.timer", data: {} }],
  });
  expect((await t.execute()).result).toMatchObject({ unconfirmedSignups: 1 });
  expect(await db.prisma.contact.count({ where: { id: { in: [stale, fresh] } } })).toBe(1);
  expect(
    await db.prisma.rateLimitBucket.count({
      where: { key: { in: [`test-ended-${now.getTime()}`, `test-open-${now.getTime()}`] } },
    }),
  ).toBe(1);
});

test("the nightly cleanup deletes CSV uploads abandoned for 24 hours with their staged rows", async () => {
  // The function reads the clock (new Date()), so the uploads are dated from it.
  const now = new Date();
  const org = await createOrganization(db.prisma, { now });
  const user = await createUser(db.prisma, org.id, { now, isAdmin: true });
  const created = async (hoursAgo: number) => {
    const job = await db.prisma.importJob.create({
      data: {
        organizationId: org.id,
        status: "pending",
        totalRows: 1,
        createdById: user.id,
        createdAt: new Date(now.getTime() - hoursAgo * 3_600_000),
      },
    });
    await db.prisma.importJobRow.create({
      data: {
        importJobId: job.id,
        chunkIndex: 0,
        position: 0,
        organizationId: org.id,
        rowNumber: 2,
        outcome: "valid",
        cells: {},
        email: "a@example.com",
      },
    });
    return job.id;
  };
  const abandoned = await created(25);
  const recent = await created(1);
  const t = new InngestTestEngine({
    function: importStagingCleanup,
    events: [{ name: "inngest/scheduled.timer", data: {} }],
  });
  expect((await t.execute()).result).toMatchObject({ jobs: 1 });
  expect(await db.prisma.importJob.count({ where: { id: abandoned } })).toBe(0);
  expect(await db.prisma.importJobRow.count({ where: { importJobId: abandoned } })).toBe(0);
  expect(await db.prisma.importJobRow.count({ where: { importJobId: recent } })).toBe(1);
});

test("/api/inngest does not exist in embedded mode (no Inngest keys)", async () => {
  const { GET } = await import("@/app/api/inngest/route");
  const { NextRequest } = await import("next/server");
  const res = await GET(new NextRequest("http://localhost/api/inngest"), {});
  expect(res.status).toBe(404);
});
