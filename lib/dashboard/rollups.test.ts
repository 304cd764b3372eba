import { randomBytes } from "node:crypto";
import { tenantDb } from "@/lib/db";
import {
  getDashboardStats,
  periodFiguresFromEvents,
  periodFiguresFromRollups,
  type PeriodFigures,
} from "@/lib/dashboard/metrics";
import { periodDays, resolveDashboardPeriod, type ResolvedPeriod } from "@/lib/dashboard/period";
import { addDays, todayInZone } from "@/lib/calendar/calendar-date";
import { seededRandom } from "@/lib/random/seeded-random";
import type { ContactViewer } from "@/lib/contacts/list-contacts";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

/**
 * The dashboard rollups (migration dashboard_rollups, docs/dashboard-metrics.md "Rollups") against the raw
 * computation they replace: random event sets, written the ways the app writes them (single rows and
 * batches, through the tenant client under row-level security and as the owner, later updates, deletes,
 * a contact deleted with its events, a time-zone change), in zones with DST, half-hour offsets and a
 * half-hour DST shift, must give the same figures for every period. Seeded, and `now` is fixed.
 */

const db = setupTestDatabase();

const NOW = new Date("2026-11-22T15:00:00Z");
const DAY_MS = 86_400_000;
const ZONES = [
  "America/Chicago", // DST
  "Asia/Kolkata", // +05:30
  "America/St_Johns", // −03:30 with DST
  "Australia/Lord_Howe", // +10:30 / +11:00: a half-hour DST shift
  "Pacific/Kiritimati", // +14:00
  "UTC",
];
const QUOTE_TYPES = ["birthday", "aep", "effective_date", "quote_email", "rate_increase"];
const FOLLOW_UP_TYPES = ["followup_1_cold", "followup_2_clicked_no_hq"];

type Random = ReturnType<typeof seededRandom>;

/**
 * An instant in the ~14 months before NOW, often close to a local midnight or a month's first day in the
 * zone (where a UTC-keyed rollup would go wrong), sometimes shared by a send and a click (a tie).
 */
function instant(random: Random, timeZone: string, shared: Date[]): Date {
  const roll = random.next();
  if (roll < 0.15 && shared.length > 0) return random.pick(shared);
  const daysBack = random.int(0, 424);
  const day = addDays(todayInZone(NOW, timeZone), -daysBack);
  const boundary = roll < 0.45 ? `${day.slice(0, 8)}01` : day;
  const midnight = resolveDashboardPeriod({
    period: "custom",
    startDate: boundary,
    endDate: boundary,
    now: NOW,
    timeZone,
  }).from;
  const offsetMs = roll < 0.75 ? random.int(-60, 60) * 60_000 : random.int(0, DAY_MS - 1);
  return new Date(Math.min(midnight.getTime() + offsetMs, NOW.getTime() - 60_000));
}

let uniqueDay = 0;
/** scheduled_send_date only has to be unique per (contact, type); the figures never read it. */
const syntheticDate = () => new Date(Date.UTC(1990, 0, 1) + uniqueDay++ * DAY_MS);
const key = () => randomBytes(8).toString("hex");

/** A quote sent to the contact (production) at `sentAt`. */
const sentQuote = (organizationId: string, contactId: string, sentAt: Date) =>
  db.prisma.scheduledEmail.create({
    data: {
      organizationId,
      contactId,
      emailType: "birthday",
      status: "sent",
      sentAt,
      scheduledSendDate: syntheticDate(),
      scheduledSendAt: sentAt,
      idempotencyKey: key(),
      sendMode: "production",
    },
  });

async function rollupRows(organizationId: string) {
  const org = [organizationId];
  return {
    days: await db.query(
      `SELECT day::text, quote_sends, manual_quote_sends, follow_up_emails, follow_up_requests FROM dashboard_days
       WHERE organization_id = $1 AND (quote_sends, manual_quote_sends, follow_up_emails, follow_up_requests) <> (0, 0, 0, 0) ORDER BY day`,
      org,
    ),
    attributions: await db.query(
      `SELECT contact_id, kind, bucket, last_day::text FROM dashboard_attributions WHERE organization_id = $1 ORDER BY 1, 2, 3`,
      org,
    ),
    counts: await db.query(
      `SELECT kind, bucket, last_day::text, contacts FROM dashboard_attribution_counts WHERE organization_id = $1 AND contacts <> 0 ORDER BY 1, 2, 3`,
      org,
    ),
  };
}

/** What the triggers kept, write by write, is what a rebuild from the raw rows gives. */
async function expectRollupsAsRebuilt(organizationId: string) {
  const kept = await rollupRows(organizationId);
  await db.query("SELECT dashboard_rebuild($1::uuid)", [organizationId]);
  expect(await rollupRows(organizationId)).toEqual(kept);
}

async function randomBook(random: Random, timeZone: string) {
  const org = await createOrganization(db.prisma, { now: NOW });
  await db.prisma.organization.update({ where: { id: org.id }, data: { timezone: timeZone } });
  const agents = await Promise.all([0, 1].map(() => createUser(db.prisma, org.id, { now: NOW })));
  // Two agents' books and an unassigned contact (which only the admin sees).
  const contacts = await Promise.all(
    [0, 1, 0, 1, null].map((agent) =>
      createContact(db.prisma, org.id, { now: NOW, agentId: agent === null ? null : agents[agent]!.id }),
    ),
  );
  const tenant = tenantDb(org.id);
  const shared: Date[] = [];
  const at = () => {
    const value = instant(random, timeZone, shared);
    shared.push(value);
    return value;
  };
  // Writes alternate between the tenant client (role app, row-level security) and the owner.
  const writer = () => (random.next() < 0.6 ? tenant : db.prisma);

  const sends: { contactId: string; sentAt: Date }[] = [];
  const sendRow = (contactId: string) => {
    const emailType = random.next() < 0.75 ? random.pick(QUOTE_TYPES) : random.pick(FOLLOW_UP_TYPES);
    const roll = random.next();
    const status = roll < 0.75 ? "sent" : roll < 0.85 ? "failed" : roll < 0.95 ? "pending" : "cancelled";
    const sentAt = status === "sent" ? at() : null;
    if (sentAt) sends.push({ contactId, sentAt });
    return {
      organizationId: org.id,
      contactId,
      emailType,
      status,
      sentAt,
      scheduledSendDate: syntheticDate(),
      scheduledSendAt: sentAt ?? NOW,
      idempotencyKey: key(),
      sendMode: random.next() < 0.9 ? "production" : "test",
    } as const;
  };

  /** A click or an answer: often right after (or exactly at) one of the contact's sends, as people do. */
  const reaction = (contactId: string): { contactId: string; at: Date } => {
    const after = sends.filter((send) => send.contactId === contactId);
    if (after.length === 0 || random.next() < 0.3) return { contactId, at: at() };
    const send = random.pick(after);
    const minutes = random.next() < 0.3 ? 0 : random.int(0, 179);
    return { contactId, at: new Date(Math.min(send.sentAt.getTime() + minutes * 60_000, NOW.getTime() - 1)) };
  };

  for (let round = 0; round < 10; round++) {
    const contactId = () => random.pick(contacts).id;
    await writer().scheduledEmail.createMany({ data: Array.from({ length: 8 }, () => sendRow(contactId())) });
    await writer().scheduledEmail.create({ data: sendRow(contactId()) });
    await writer().trackingClick.createMany({
      data: Array.from({ length: 8 }, () => {
        const click = reaction(contactId());
        return {
          organizationId: org.id,
          contactId: random.next() < 0.95 ? click.contactId : null,
          trackingId: `t-${key()}`,
          clickedAt: click.at,
        };
      }),
    });
    const answer = reaction(contactId());
    await writer().eligibilityAnswer.create({
      data: {
        organizationId: org.id,
        contactId: answer.contactId,
        answers: {},
        hasConditions: false,
        status: "accept",
        createdAt: answer.at,
      },
    });
    await writer().followUpRequest.createMany({
      data: Array.from({ length: 2 }, () => ({
        organizationId: org.id,
        contactId: contactId(),
        type: "general" as const,
        createdAt: at(),
      })),
    });

    // The sweep's path: a pending email becomes sent (status and sent_at change in one update).
    const pending = await db.prisma.scheduledEmail.findFirst({ where: { organizationId: org.id, status: "pending" } });
    if (pending) {
      await writer().scheduledEmail.update({ where: { id: pending.id }, data: { status: "sent", sentAt: at() } });
    }
    // An update that leaves the counted columns alone changes nothing; one that moves a click does.
    await writer().scheduledEmail.updateMany({
      where: { organizationId: org.id, status: "sent" },
      data: { attemptCount: { increment: 1 } },
    });
    // Clicks and answers moved in time (one contact's, to one new instant): their attribution moves too.
    const moved = contactId();
    await writer().trackingClick.updateMany({ where: { contactId: moved }, data: { clickedAt: at() } });
    await writer().eligibilityAnswer.updateMany({ where: { contactId: moved }, data: { createdAt: at() } });
    if (random.next() < 0.4) {
      await writer().trackingClick.deleteMany({ where: { organizationId: org.id, clickedAt: { lt: at() } } });
    }
    if (random.next() < 0.3) {
      await writer().followUpRequest.deleteMany({ where: { organizationId: org.id, createdAt: { gt: at() } } });
    }
    if (random.next() < 0.3) {
      await writer().scheduledEmail.updateMany({
        where: { organizationId: org.id, status: "sent", emailType: random.pick(QUOTE_TYPES) },
        data: { status: "failed" },
      });
    }
    // Each round's writes, checked before the next round can touch the same contacts again.
    await expectRollupsAsRebuilt(org.id);
  }
  // A click after NOW (the period's end): the funnel follows the period's sends, so it still counts.
  await tenant.trackingClick.create({
    data: {
      organizationId: org.id,
      contactId: contacts[0]!.id,
      trackingId: `t-${key()}`,
      clickedAt: new Date(NOW.getTime() + 3 * DAY_MS),
    },
  });
  // A contact deleted: its events go by cascade, and so must its share of the rollups.
  await db.prisma.contact.delete({ where: { id: contacts[3]!.id } });
  // A contact handed to the other agent: its history goes with it.
  await tenant.contact.update({ where: { id: contacts[2]!.id }, data: { agentId: agents[1]!.id } });
  await expectRollupsAsRebuilt(org.id);
  const admin = { id: agents[0]!.id, isAdmin: true };
  return { org, admin };
}

/** The admin's figures for each period, from the rollups and from the events; the number compared. */
async function expectSameFigures(
  organizationId: string,
  admin: ContactViewer,
  periods: ResolvedPeriod[],
  timeZone: string,
): Promise<number> {
  const tenant = tenantDb(organizationId);
  let compared = 0;
  for (const period of periods) {
    const fromRollups = await periodFiguresFromRollups(tenant, organizationId, period);
    // Every period here ends today or a few days before, after the last send only when it ends today.
    if (period.endDate === todayInZone(NOW, timeZone)) expect(fromRollups).not.toBeNull();
    if (fromRollups === null) continue;
    const fromEvents = await periodFiguresFromEvents(tenant, organizationId, admin, period);
    expect({ period: period.startDate, ...shown(fromRollups, period) }).toEqual({
      period: period.startDate,
      ...shown(fromEvents, period),
    });
    compared++;
  }
  return compared;
}

function periodsFor(random: Random, timeZone: string): ResolvedPeriod[] {
  const keys = ["today", "7days", "30days", "90days", "ytd"] as const;
  const periods = keys.map((period) => resolveDashboardPeriod({ period, now: NOW, timeZone }));
  for (let i = 0; i < 4; i++) {
    const endDate = addDays(todayInZone(NOW, timeZone), -random.int(0, 3));
    const startDate = addDays(endDate, -random.int(0, 365));
    periods.push(resolveDashboardPeriod({ period: "custom", startDate, endDate, now: NOW, timeZone }));
  }
  return periods;
}

/** The figures as the stats answer shows them: totals, and one point per month of the period. */
function shown(figures: PeriodFigures, period: ResolvedPeriod) {
  const months = [...new Set(periodDays(period).map((day) => day.slice(0, 7)))];
  const { months: byMonth, ...totals } = figures;
  return {
    ...totals,
    months: months.map((month) => ({
      month,
      ...{ sends: 0, views: 0, health: 0, followUps: 0, ...byMonth.get(month) },
    })),
  };
}

describe("dashboard rollups", () => {
  it.each(ZONES.map((zone, index) => [zone, 1_000 + index] as const))(
    "equal the raw computation for random events in %s (seed %i)",
    async (timeZone, seed) => {
      const random = seededRandom(seed);
      const { org, admin } = await randomBook(random, timeZone);
      expect(await expectSameFigures(org.id, admin, periodsFor(random, timeZone), timeZone)).toBeGreaterThanOrEqual(5);
      // The figures are not all zero: the comparison has something to compare.
      const ytd = resolveDashboardPeriod({ period: "ytd", now: NOW, timeZone });
      const figures = await periodFiguresFromEvents(tenantDb(org.id), org.id, admin, ytd);
      expect(figures.quoteSends).toBeGreaterThan(0);
      expect(figures.viewed).toBeGreaterThan(0);
    },
    120_000,
  );

  it("follows a time-zone change: local days are recomputed in the new zone", async () => {
    const random = seededRandom(77);
    const { org, admin } = await randomBook(random, "America/Chicago");
    await db.prisma.organization.update({ where: { id: org.id }, data: { timezone: "Asia/Kolkata" } });
    const periods = periodsFor(random, "Asia/Kolkata");
    expect(await expectSameFigures(org.id, admin, periods, "Asia/Kolkata")).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it("falls back to the events when a quote send lies after the period, and the stats still agree", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    const contact = await createContact(db.prisma, org.id, { now: NOW });
    const send = (sentAt: Date) => sentQuote(org.id, contact.id, sentAt);
    // Chicago: yesterday (Nov 21) has a send, today (Nov 22) another, and a click after both.
    await send(new Date("2026-11-21T18:00:00Z"));
    await send(new Date("2026-11-22T12:00:00Z"));
    await db.prisma.trackingClick.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        trackingId: "t",
        clickedAt: new Date("2026-11-22T13:00:00Z"),
      },
    });
    const tenant = tenantDb(org.id);
    const yesterday = resolveDashboardPeriod({ period: "yesterday", now: NOW, timeZone: "America/Chicago" });
    expect(await periodFiguresFromRollups(tenant, org.id, yesterday)).toBeNull();
    const admin = { id: "00000000-0000-4000-8000-000000000000", isAdmin: true };
    const stats = await getDashboardStats({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      db: tenant,
      query: { period: "yesterday" },
    });
    // The click follows today's send, yet the period's own send (yesterday's) is before it: viewed.
    expect({ sent: stats.quotesSent, viewed: stats.quotesViewed }).toEqual({ sent: 1, viewed: 1 });
  }, 60_000);

  // Two connections are needed, so this runs on the real server (CI's TEST_DATABASE_URL run), not PGlite.
  (process.env.TEST_DATABASE_URL ? it : it.skip)(
    "lets concurrent writers of one contact's events take turns instead of failing on each other's rows",
    async () => {
      const org = await createOrganization(db.prisma, { now: NOW });
      const contact = await createContact(db.prisma, org.id, { now: NOW });
      await sentQuote(org.id, contact.id, new Date("2026-11-20T15:00:00Z"));
      // Two sessions of the app role, as two requests recording a click of the same contact at once.
      const { Client } = (await import("pg")).default;
      const [database] = await db.query<{ name: string }>("SELECT current_database() AS name");
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${database!.name}`;
      const sessions = [
        new Client({ connectionString: url.toString() }),
        new Client({ connectionString: url.toString() }),
      ];
      const insertClick = (session: InstanceType<typeof Client>, iso: string) =>
        session.query(
          "INSERT INTO tracking_clicks (id, organization_id, contact_id, tracking_id, clicked_at) VALUES (gen_random_uuid(), $1, $2, $3, $4)",
          [org.id, contact.id, `t-${key()}`, iso],
        );
      try {
        for (const session of sessions) {
          await session.connect();
          await session.query("SELECT set_config('app.org_id', $1, false)", [org.id]);
          await session.query("SET ROLE app");
        }
        const [first, second] = sessions as [InstanceType<typeof Client>, InstanceType<typeof Client>];
        await first.query("BEGIN");
        await insertClick(first, "2026-11-20T16:00:00Z"); // in, uncommitted
        const secondInsert = insertClick(second, "2026-11-21T16:00:00Z");
        // The second session reaches the first one's rows and waits for it.
        let waiting = false;
        for (let waited = 0; waited < 10_000 && !waiting; waited += 50) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          const rows = await db.query(
            "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          );
          waiting = rows.length > 0;
        }
        expect(waiting).toBe(true);
        await first.query("COMMIT");
        await expect(secondInsert).resolves.toBeDefined();
      } finally {
        await Promise.all(sessions.map((session) => session.end()));
      }
      await expectRollupsAsRebuilt(org.id);
      expect((await rollupRows(org.id)).attributions).toHaveLength(2); // view: its month and total
    },
    60_000,
  );

  it("writes nothing for an organization being deleted, and leaves no rollup rows behind", async () => {
    const random = seededRandom(5);
    const { org } = await randomBook(random, "UTC");
    expect((await rollupRows(org.id)).days.length).toBeGreaterThan(0);
    await db.prisma.organization.delete({ where: { id: org.id } });
    expect(await rollupRows(org.id)).toEqual({ days: [], attributions: [], counts: [] });
  }, 60_000);
});
