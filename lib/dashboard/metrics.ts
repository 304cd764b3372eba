import "server-only";
import { AppError } from "@/lib/api/errors";
import { tenantDb, type TenantDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ContactViewer } from "@/lib/contacts/list-contacts";
import { type IsoDate, isoDate, todayInZone } from "@/lib/calendar/calendar-date";
import {
  DashboardPeriodError,
  periodDays,
  resolveDashboardPeriod,
  upcomingWindow,
  type ResolvedPeriod,
} from "@/lib/dashboard/period";

/**
 * The dashboard's numbers, each defined once here (docs/dashboard-metrics.md is the prose version).
 * They are read from the event rows, never from counters: ScheduledEmail (sent rows are the sends;
 * pending rows the upcoming emails), TrackingClick (quote views), EligibilityAnswer (health
 * questions completed), FollowUpRequest (follow-ups requested).
 *
 * Scope: an admin sees the organization's book, an agent only the contacts assigned to them
 * (the same rule as the contact list, contactVisibilityWhere). Every query runs through the tenant
 * client, so row-level security confines it to the organization as well.
 *
 * Periods are half-open instant ranges [from, to) computed in the organization's time zone
 * (lib/dashboard/period.ts); calendar-day grouping uses the same zone in SQL (AT TIME ZONE).
 */

export type DashboardQuery = { period?: string | null; startDate?: string | null; endDate?: string | null };

export type DashboardScope = {
  organizationId: string;
  viewer: ContactViewer;
  now: Date;
  /** Tests and the benchmark pass their own; routes get tenantDb(organizationId). */
  db?: TenantDb;
};

export type PeriodInfo = { period: string; startDate: IsoDate; endDate: IsoDate; timeZone: string };

/** Send rows that count as quotes: everything but follow-ups (domain-rules G). */
const FOLLOW_UP_PATTERN = "followup%";

/** Upcoming Emails page size (domain-rules G: the first 30 rows). */
export const UPCOMING_PAGE_SIZE = 30;
/** At most this many renewals are listed (the default contact page size, agency-side.md §9). */
export const RENEWALS_LIMIT = 100;

/** An aggregate query always answers one row. */
function onlyRow<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error("An aggregate query answered no row");
  return row;
}

async function organizationTimeZone(db: TenantDb, organizationId: string): Promise<string> {
  const organization = await db.organization.findUnique({ where: { id: organizationId }, select: { timezone: true } });
  if (!organization) throw AppError.notFound();
  return organization.timezone;
}

/** The viewer's period; a bad custom range is the caller's mistake (400), not a server error. */
async function resolvePeriodFor(db: TenantDb, scope: DashboardScope, query: DashboardQuery): Promise<ResolvedPeriod> {
  const timeZone = await organizationTimeZone(db, scope.organizationId);
  try {
    return resolveDashboardPeriod({ ...query, now: scope.now, timeZone });
  } catch (error) {
    if (error instanceof DashboardPeriodError) throw new AppError("bad_request", error.message);
    throw error;
  }
}

function periodInfo(period: ResolvedPeriod): PeriodInfo {
  return { period: period.period, startDate: period.startDate, endDate: period.endDate, timeZone: period.timeZone };
}

/**
 * `JOIN contacts` restricted to the agent's own book, or nothing for an admin (who sees every row of
 * the organization, including events whose contact was deleted or never existed).
 */
function agentJoin(alias: string, viewer: ContactViewer): Prisma.Sql {
  if (viewer.isAdmin) return Prisma.empty;
  return Prisma.sql`JOIN contacts vc ON vc.id = ${Prisma.raw(alias)}.contact_id AND vc.agent_id = ${viewer.id}::uuid`;
}

/**
 * The organization's email types that were ever sent, by a skip scan of the (organization_id, email_type,
 * sent_at) index, which holds only sent rows (sent_at set): one index probe per type. Why: under row-level security PostgreSQL may only use leakproof operators
 * as index conditions, and the status enum's "=" is not leakproof, so `status = 'sent'` cannot narrow
 * an index scan; `email_type = ANY(<these types>)` (text "=", leakproof) plus the sent_at range can.
 */
export function emailTypesSql(organizationId: string): Prisma.Sql {
  return Prisma.sql`
    email_types AS (
      (SELECT email_type FROM scheduled_emails WHERE organization_id = ${organizationId}::uuid AND sent_at IS NOT NULL ORDER BY email_type LIMIT 1)
      UNION ALL
      SELECT (SELECT se.email_type FROM scheduled_emails se WHERE se.organization_id = ${organizationId}::uuid AND se.sent_at IS NOT NULL AND se.email_type > email_types.email_type ORDER BY se.email_type LIMIT 1)
      FROM email_types WHERE email_types.email_type IS NOT NULL
    )`;
}

type FunnelRow = {
  /** "YYYY-MM-DD" or "YYYY-MM"; null on the row with the period's totals. */
  bucket: string | null;
  quote_sends: bigint;
  manual_quote_sends: bigint;
  follow_up_emails: bigint;
  contacts_sent: bigint;
  viewed: bigint;
  health: bigint;
};

/**
 * Every send-based figure of a period in one pass over its sent emails, per bucket (calendar day
 * "YYYY-MM-DD" or month "YYYY-MM" in the organization's zone) plus one totals row (bucket null).
 * Sent means sent to the contact (send_mode production): a trial's [TEST] copies went to the agent
 * and count nowhere, neither as sends nor as the sends views and answers are attributed to.
 *
 * - quote_sends: sent rows in [from, to) whose type does not start with "followup" (rows, not contacts);
 *   manual_quote_sends: the quote_email ones; follow_up_emails: the followup_* ones (not quotes).
 * - contacts_sent: DISTINCT contacts with a quote send.
 * - viewed / health: DISTINCT contacts with a tracking click / eligibility answer attributed to a quote
 *   send, i.e. at or after one of that contact's quote sends of the period; the click or answer belongs
 *   to the latest such send before it (which bucket). One with no such send counts nowhere; one after
 *   the period's end still counts (the funnel follows the period's sends). On the totals row this is
 *   "DISTINCT contacts with a click at or after their first quote send of the period".
 */
async function sendFunnel(
  db: TenantDb,
  organizationId: string,
  viewer: ContactViewer,
  period: { from: Date; to: Date; timeZone: string },
  bucketFormat: "YYYY-MM-DD" | "YYYY-MM",
): Promise<FunnelRow[]> {
  const org = Prisma.sql`${organizationId}::uuid`;
  return db.$queryRaw<FunnelRow[]>(Prisma.sql`
    WITH RECURSIVE ${emailTypesSql(organizationId)},
    sent AS MATERIALIZED (
      SELECT se.contact_id, se.sent_at, se.email_type, se.email_type NOT LIKE ${FOLLOW_UP_PATTERN} AS is_quote,
             to_char(se.sent_at AT TIME ZONE ${period.timeZone}, ${bucketFormat}) AS bucket
      FROM scheduled_emails se ${agentJoin("se", viewer)}
      WHERE se.organization_id = ${org}
        AND se.email_type = ANY(ARRAY(SELECT email_type FROM email_types WHERE email_type IS NOT NULL))
        AND se.sent_at >= ${period.from} AND se.sent_at < ${period.to}
        AND se.status = 'sent'
        AND se.send_mode = 'production'
    ),
    quote_sends AS (SELECT contact_id, sent_at, bucket FROM sent WHERE is_quote),
    attributed_views AS (
      SELECT DISTINCT ON (tc.id) tc.contact_id, s.bucket
      FROM tracking_clicks tc
      JOIN quote_sends s ON s.contact_id = tc.contact_id AND s.sent_at <= tc.clicked_at
      WHERE tc.organization_id = ${org} AND tc.clicked_at >= ${period.from}
      ORDER BY tc.id, s.sent_at DESC
    ),
    attributed_health AS (
      SELECT DISTINCT ON (ea.id) ea.contact_id, s.bucket
      FROM eligibility_answers ea
      JOIN quote_sends s ON s.contact_id = ea.contact_id AND s.sent_at <= ea.created_at
      WHERE ea.organization_id = ${org} AND ea.created_at >= ${period.from}
      ORDER BY ea.id, s.sent_at DESC
    ),
    by_send AS (
      SELECT bucket,
             count(*) FILTER (WHERE is_quote) AS quote_sends,
             count(*) FILTER (WHERE email_type = 'quote_email') AS manual_quote_sends,
             count(*) FILTER (WHERE NOT is_quote) AS follow_up_emails,
             count(DISTINCT contact_id) FILTER (WHERE is_quote) AS contacts_sent
      FROM sent GROUP BY ROLLUP (bucket)
    ),
    by_view AS (SELECT bucket, count(DISTINCT contact_id) AS viewed FROM attributed_views GROUP BY ROLLUP (bucket)),
    by_health AS (SELECT bucket, count(DISTINCT contact_id) AS health FROM attributed_health GROUP BY ROLLUP (bucket))
    SELECT s.bucket, s.quote_sends, s.manual_quote_sends, s.follow_up_emails, s.contacts_sent,
           coalesce(v.viewed, 0) AS viewed, coalesce(h.health, 0) AS health
    FROM by_send s
    LEFT JOIN by_view v ON v.bucket IS NOT DISTINCT FROM s.bucket
    LEFT JOIN by_health h ON h.bucket IS NOT DISTINCT FROM s.bucket
    ORDER BY s.bucket DESC NULLS LAST`);
}

// ─────────────────────────────── Stats ───────────────────────────────

export type UpcomingEmail = {
  contactId: string;
  firstName: string;
  lastName: string;
  emailType: string;
  scheduledSendDate: IsoDate;
};
export type ChartPoint = { x: string; sends: number; views: number; followUps: number; healthCompleted: number };

export type DashboardStats = {
  success: true;
  period: PeriodInfo;
  quotesSent: number;
  manualQuotesSent: number;
  quotesViewed: number;
  followUpsRequested: number;
  followUpEmailsSent: number;
  healthQuestionsCompleted: number;
  chartData: ChartPoint[];
  upcomingEmailsPage: UpcomingEmail[];
  upcomingEmailsTotal: number;
};

/**
 * Follow Ups Requested: FollowUpRequest rows (accept, decline, general, callback requests a contact
 * made on the schedule / quote pages) created in the period. The original counted follow-up emails
 * under this label; those are followUpEmailsSent here.
 */
async function countFollowUpsRequested(
  db: TenantDb,
  organizationId: string,
  viewer: ContactViewer,
  from: Date,
  to: Date,
  timeZone: string,
  monthly: boolean,
) {
  return db.$queryRaw<{ bucket: string; requests: bigint }[]>(Prisma.sql`
    SELECT ${monthly ? Prisma.sql`to_char(fr.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM')` : Prisma.sql`'all'`} AS bucket, count(*) AS requests
    FROM follow_up_requests fr ${agentJoin("fr", viewer)}
    WHERE fr.organization_id = ${organizationId}::uuid AND fr.created_at >= ${from} AND fr.created_at < ${to}
    GROUP BY 1`);
}

/**
 * Upcoming Emails: pending ScheduledEmail rows whose send date is today … today+30 in the organization's
 * zone, follow-ups excluded. The total and one page of UPCOMING_PAGE_SIZE rows, soonest first.
 */
export async function listUpcomingEmails({
  organizationId,
  viewer,
  now,
  db = tenantDb(organizationId),
  page = 1,
  timeZone,
}: DashboardScope & { page?: number; timeZone?: string }) {
  const zone = timeZone ?? (await organizationTimeZone(db, organizationId));
  const window = upcomingWindow({ now, timeZone: zone });
  const upcoming = Prisma.sql`
    se.organization_id = ${organizationId}::uuid AND se.status = 'pending'
      AND se.scheduled_send_date >= ${window.startDate}::date AND se.scheduled_send_date <= ${window.endDate}::date
      AND se.email_type NOT LIKE ${FOLLOW_UP_PATTERN}`;
  const where = Prisma.sql`
    FROM scheduled_emails se JOIN contacts c ON c.id = se.contact_id
    WHERE ${upcoming} ${viewer.isAdmin ? Prisma.empty : Prisma.sql`AND c.agent_id = ${viewer.id}::uuid`}`;
  // An admin's total needs no contact names: counting without the join spares a pass over the contacts.
  const countSql = viewer.isAdmin
    ? Prisma.sql`SELECT count(*) AS total FROM scheduled_emails se WHERE ${upcoming}`
    : Prisma.sql`SELECT count(*) AS total ${where}`;
  const [totals, rows] = await Promise.all([
    db.$queryRaw<{ total: bigint }[]>(countSql),
    db.$queryRaw<
      { contact_id: string; first_name: string; last_name: string; email_type: string; scheduled_send_date: Date }[]
    >(Prisma.sql`
      SELECT se.contact_id, c.first_name, c.last_name, se.email_type, se.scheduled_send_date ${where}
      ORDER BY se.scheduled_send_date, se.scheduled_send_at, se.id
      LIMIT ${UPCOMING_PAGE_SIZE} OFFSET ${(Math.max(1, page) - 1) * UPCOMING_PAGE_SIZE}`),
  ]);
  return {
    total: Number(onlyRow(totals).total),
    rows: rows.map<UpcomingEmail>((row) => ({
      contactId: row.contact_id,
      firstName: row.first_name,
      lastName: row.last_name,
      emailType: row.email_type,
      scheduledSendDate: isoDate(row.scheduled_send_date),
    })),
  };
}

/** The period figures behind the cards, the funnel and the monthly chart, however they were computed. */
export type PeriodFigures = {
  quoteSends: number;
  manualQuoteSends: number;
  followUpEmails: number;
  viewed: number;
  health: number;
  followUpRequests: number;
  /** Per local month "YYYY-MM" the period touches; months with nothing are absent. */
  months: Map<string, { sends: number; views: number; health: number; followUps: number }>;
};

type MonthFigures = PeriodFigures["months"] extends Map<string, infer T> ? T : never;

function monthOf(months: PeriodFigures["months"], month: string): MonthFigures {
  let figures = months.get(month);
  if (!figures) {
    figures = { sends: 0, views: 0, health: 0, followUps: 0 };
    months.set(month, figures);
  }
  return figures;
}

/**
 * The period figures computed from the event rows (the definitions, docs/dashboard-metrics.md): the
 * agent's view, the fallback, and the reference the rollups are proven equal to (rollups.test.ts).
 */
export async function periodFiguresFromEvents(
  db: TenantDb,
  organizationId: string,
  viewer: ContactViewer,
  period: ResolvedPeriod,
): Promise<PeriodFigures> {
  const [monthly, followUps] = await Promise.all([
    sendFunnel(db, organizationId, viewer, period, "YYYY-MM"),
    countFollowUpsRequested(db, organizationId, viewer, period.from, period.to, period.timeZone, true),
  ]);
  const totals = monthly.find((row) => row.bucket === null);
  const months: PeriodFigures["months"] = new Map();
  for (const row of monthly) {
    if (row.bucket === null) continue;
    Object.assign(monthOf(months, row.bucket), {
      sends: Number(row.quote_sends),
      views: Number(row.viewed),
      health: Number(row.health),
    });
  }
  for (const row of followUps) monthOf(months, row.bucket).followUps = Number(row.requests);
  return {
    quoteSends: Number(totals?.quote_sends ?? 0),
    manualQuoteSends: Number(totals?.manual_quote_sends ?? 0),
    followUpEmails: Number(totals?.follow_up_emails ?? 0),
    viewed: Number(totals?.viewed ?? 0),
    health: Number(totals?.health ?? 0),
    followUpRequests: followUps.reduce((sum, row) => sum + Number(row.requests), 0),
    months,
  };
}

/**
 * The same figures for the organization's whole book from the rollups the database keeps (migration
 * dashboard_rollups, docs/dashboard-metrics.md "Rollups"): a sum over at most a year of day rows, however
 * many events there are. Null when a quote send lies after the period's end (a past custom range, or
 * Yesterday once today has sends): then a click after the period may be attributed to a send the period
 * does not contain, which the rollups do not model, and the caller computes from the events.
 */
export async function periodFiguresFromRollups(
  db: TenantDb,
  organizationId: string,
  period: ResolvedPeriod,
): Promise<PeriodFigures | null> {
  const org = Prisma.sql`${organizationId}::uuid`;
  const start = Prisma.sql`${period.startDate}::date`;
  const end = Prisma.sql`${period.endDate}::date`;
  const rows = await db.$queryRaw<
    { part: string; bucket: string | null; kind: string | null; a: bigint; b: bigint; c: bigint; d: bigint }[]
  >(Prisma.sql`
    SELECT 'days' AS part, to_char(dd.day::timestamp, 'YYYY-MM') AS bucket, NULL::text AS kind,
           sum(dd.quote_sends)::bigint AS a, sum(dd.manual_quote_sends)::bigint AS b,
           sum(dd.follow_up_emails)::bigint AS c, sum(dd.follow_up_requests)::bigint AS d
    FROM dashboard_days dd WHERE dd.organization_id = ${org} AND dd.day >= ${start} AND dd.day <= ${end}
    GROUP BY 2
    UNION ALL
    SELECT 'attributed', ac.bucket, ac.kind, sum(ac.contacts)::bigint, 0, 0, 0
    FROM dashboard_attribution_counts ac
    WHERE ac.organization_id = ${org} AND ac.last_day >= ${start} AND ac.last_day <= ${end}
    GROUP BY ac.bucket, ac.kind
    UNION ALL
    SELECT 'later', NULL, NULL, count(*), 0, 0, 0
    FROM dashboard_days dd WHERE dd.organization_id = ${org} AND dd.day > ${end} AND dd.quote_sends <> 0`);
  if (rows.some((row) => row.part === "later" && row.a > 0n)) return null;
  const figures: PeriodFigures = {
    quoteSends: 0,
    manualQuoteSends: 0,
    followUpEmails: 0,
    viewed: 0,
    health: 0,
    followUpRequests: 0,
    months: new Map(),
  };
  for (const row of rows) {
    if (row.part === "days" && row.bucket !== null) {
      figures.quoteSends += Number(row.a);
      figures.manualQuoteSends += Number(row.b);
      figures.followUpEmails += Number(row.c);
      figures.followUpRequests += Number(row.d);
      const month = monthOf(figures.months, row.bucket);
      month.sends = Number(row.a);
      month.followUps = Number(row.d);
    } else if (row.part === "attributed" && row.bucket !== null) {
      const count = Number(row.a);
      if (row.bucket === "total") {
        if (row.kind === "view") figures.viewed = count;
        else figures.health = count;
      } else if (row.kind === "view") monthOf(figures.months, row.bucket).views = count;
      else monthOf(figures.months, row.bucket).health = count;
    }
  }
  return figures;
}

/**
 * GET /api/dashboard/stats: the four cards, the funnel and the monthly chart for the period.
 * chartData has one point per calendar month the period touches (x = "YYYY-MM"), each computed with
 * the same definitions as the cards, restricted to that month. An admin's figures come from the
 * rollups (a handful of rows whatever the period); an agent's from the events of their own contacts
 * (rollups keyed by contact, joined to the agent's contacts, measured no faster: docs/performance.md).
 */
export async function getDashboardStats(
  scope: DashboardScope & { query: DashboardQuery; upcomingPage?: number },
): Promise<DashboardStats> {
  const { organizationId, viewer } = scope;
  const db = scope.db ?? tenantDb(organizationId);
  const period = await resolvePeriodFor(db, scope, scope.query);
  const figuresFor = async () =>
    (viewer.isAdmin ? await periodFiguresFromRollups(db, organizationId, period) : null) ??
    (await periodFiguresFromEvents(db, organizationId, viewer, period));
  const [figures, upcoming] = await Promise.all([
    figuresFor(),
    listUpcomingEmails({ ...scope, db, page: scope.upcomingPage, timeZone: period.timeZone }),
  ]);
  const months = [...new Set(periodDays(period).map((day) => day.slice(0, 7)))];
  return {
    success: true,
    period: periodInfo(period),
    quotesSent: figures.quoteSends,
    manualQuotesSent: figures.manualQuoteSends,
    quotesViewed: figures.viewed,
    followUpsRequested: figures.followUpRequests,
    followUpEmailsSent: figures.followUpEmails,
    healthQuestionsCompleted: figures.health,
    chartData: months.map((month) => {
      const row = figures.months.get(month);
      return {
        x: month,
        sends: row?.sends ?? 0,
        views: row?.views ?? 0,
        followUps: row?.followUps ?? 0,
        healthCompleted: row?.health ?? 0,
      };
    }),
    upcomingEmailsPage: upcoming.rows,
    upcomingEmailsTotal: upcoming.total,
  };
}

// ─────────────────────────────── Send ranking ───────────────────────────────

export type SendRankingRow = {
  rank: number;
  sendDate: IsoDate;
  quotesSent: number;
  quotesViewed: number;
  healthCompleted: number;
};
export type SendRanking = {
  success: true;
  period: PeriodInfo;
  rows: SendRankingRow[];
  total: number;
  page: number;
  limit: number;
};

/**
 * GET /api/dashboard/send-ranking: one row per calendar day of the period with a quote send, newest
 * first, rank = position in that order. quotesSent = DISTINCT contacts sent a quote that day;
 * quotesViewed / healthCompleted = DISTINCT contacts whose click / answer is attributed to a send of
 * that day (their latest quote send of the period at or before it).
 */
export async function getSendRanking(
  scope: DashboardScope & { query: DashboardQuery; page?: number; limit?: number },
): Promise<SendRanking> {
  const { organizationId, viewer } = scope;
  const db = scope.db ?? tenantDb(organizationId);
  const period = await resolvePeriodFor(db, scope, scope.query);
  const page = Math.max(1, scope.page ?? 1);
  const limit = Math.max(1, scope.limit ?? 400);
  // Days with only follow-up emails are not send days of the ranking.
  const all = (await sendFunnel(db, organizationId, viewer, period, "YYYY-MM-DD")).filter(
    (row) => row.bucket !== null && row.quote_sends > 0n,
  );
  const rows = all.slice((page - 1) * limit, page * limit).map((row, index) => ({
    rank: (page - 1) * limit + index + 1,
    sendDate: row.bucket as string,
    quotesSent: Number(row.contacts_sent),
    quotesViewed: Number(row.viewed),
    healthCompleted: Number(row.health),
  }));
  return { success: true, period: periodInfo(period), rows, total: all.length, page, limit };
}

// ─────────────────────────────── Time series ───────────────────────────────

export type TimeSeriesPoint = { date: IsoDate; scheduled: number; sent: number };
export type ActivityTotals = { emailsSent: number; linksClicked: number; healthCompleted: number };
export type TimeSeries = { success: true; period: PeriodInfo; points: TimeSeriesPoint[]; activity: ActivityTotals };

/**
 * GET /api/dashboard/time-series: every email (follow-ups included) per calendar day of the period:
 * scheduled = rows planned for that day (scheduled_send_date) that were not cancelled or skipped;
 * sent = rows sent to the contact that day (sent_at in the zone; a trial's [TEST] copies are not). Activity, not attributed to a send: emailsSent =
 * DISTINCT contacts sent any email in the period, linksClicked = DISTINCT contacts with a tracking click
 * in the period, healthCompleted = DISTINCT contacts with an eligibility answer in the period.
 */
export async function getTimeSeries(scope: DashboardScope & { query: DashboardQuery }): Promise<TimeSeries> {
  const { organizationId, viewer } = scope;
  const db = scope.db ?? tenantDb(organizationId);
  const period = await resolvePeriodFor(db, scope, scope.query);
  const org = Prisma.sql`${organizationId}::uuid`;
  const [scheduled, sentRows] = await Promise.all([
    db.$queryRaw<{ day: Date; n: bigint }[]>(Prisma.sql`
      SELECT se.scheduled_send_date AS day, count(*) AS n FROM scheduled_emails se ${agentJoin("se", viewer)}
      WHERE se.organization_id = ${org} AND se.scheduled_send_date >= ${period.startDate}::date AND se.scheduled_send_date <= ${period.endDate}::date
        AND se.status NOT IN ('cancelled', 'skipped')
      GROUP BY 1`),
    // One pass over the period's sent rows (found through the email-type index, see emailTypesSql) gives
    // the sent-per-day points and the activity figures; the row with a null day carries the period's totals.
    db.$queryRaw<
      { day: string | null; n: bigint; contacts: bigint; links_clicked: bigint; health_completed: bigint }[]
    >(Prisma.sql`
      WITH RECURSIVE ${emailTypesSql(organizationId)},
      sent AS MATERIALIZED (
        SELECT se.contact_id, to_char(se.sent_at AT TIME ZONE ${period.timeZone}, 'YYYY-MM-DD') AS day
        FROM scheduled_emails se ${agentJoin("se", viewer)}
        WHERE se.organization_id = ${org}
          AND se.email_type = ANY(ARRAY(SELECT email_type FROM email_types WHERE email_type IS NOT NULL))
          AND se.sent_at >= ${period.from} AND se.sent_at < ${period.to} AND se.status = 'sent' AND se.send_mode = 'production'
      )
      SELECT day, count(*) AS n, 0::bigint AS contacts, 0::bigint AS links_clicked, 0::bigint AS health_completed FROM sent GROUP BY day
      UNION ALL
      SELECT NULL, 0, (SELECT count(DISTINCT contact_id) FROM sent),
        (SELECT count(DISTINCT tc.contact_id) FROM tracking_clicks tc ${agentJoin("tc", viewer)}
          WHERE tc.organization_id = ${org} AND tc.clicked_at >= ${period.from} AND tc.clicked_at < ${period.to}),
        (SELECT count(DISTINCT ea.contact_id) FROM eligibility_answers ea ${agentJoin("ea", viewer)}
          WHERE ea.organization_id = ${org} AND ea.created_at >= ${period.from} AND ea.created_at < ${period.to})`),
  ]);
  const sent = sentRows.filter((row) => row.day !== null);
  const activityRows = sentRows
    .filter((row) => row.day === null)
    .map((row) => ({
      emails_sent: row.contacts,
      links_clicked: row.links_clicked,
      health_completed: row.health_completed,
    }));
  const activity = onlyRow(activityRows);
  const scheduledByDay = new Map(scheduled.map((row) => [isoDate(row.day), Number(row.n)]));
  const sentByDay = new Map(sent.map((row) => [row.day, Number(row.n)]));
  return {
    success: true,
    period: periodInfo(period),
    points: periodDays(period).map((date) => ({
      date,
      scheduled: scheduledByDay.get(date) ?? 0,
      sent: sentByDay.get(date) ?? 0,
    })),
    activity: {
      emailsSent: Number(activity.emails_sent),
      linksClicked: Number(activity.links_clicked),
      healthCompleted: Number(activity.health_completed),
    },
  };
}

// ─────────────────────────────── Renewals ───────────────────────────────

export type Renewal = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  date: IsoDate;
  policyType: string | null;
};

/**
 * GET /api/dashboard/renewals: contacts whose policy anniversary (the effective date's month and day;
 * Feb 29 renews on Feb 28 in common years) falls today … today+30 in the organization's zone, soonest
 * first, at most RENEWALS_LIMIT. A policy whose effective date is today or later is new, not renewing.
 * Same rule as nextAnniversary in period.ts, done in SQL so 100k contacts are not loaded.
 */
export async function listRenewals({
  organizationId,
  viewer,
  now,
  db = tenantDb(organizationId),
}: DashboardScope): Promise<{ success: true; renewals: Renewal[] }> {
  const timeZone = await organizationTimeZone(db, organizationId);
  const today = todayInZone(now, timeZone);
  const window = upcomingWindow({ now, timeZone });
  const rows = await db.$queryRaw<
    {
      id: string;
      first_name: string;
      last_name: string;
      email: string;
      phone_number: string | null;
      plan_type: string | null;
      anniversary: Date;
    }[]
  >(Prisma.sql`
    WITH t AS (SELECT ${today}::date AS today),
    candidates AS (
      SELECT c.id, c.first_name, c.last_name, c.email, c.phone_number, c.plan_type,
             (c.effective_date + make_interval(years => extract(year FROM t.today)::int - extract(year FROM c.effective_date)::int))::date AS this_year,
             (c.effective_date + make_interval(years => extract(year FROM t.today)::int + 1 - extract(year FROM c.effective_date)::int))::date AS next_year
      FROM contacts c, t
      WHERE c.organization_id = ${organizationId}::uuid AND c.effective_date IS NOT NULL AND c.effective_date < t.today
        ${viewer.isAdmin ? Prisma.empty : Prisma.sql`AND c.agent_id = ${viewer.id}::uuid`}
    ),
    dated AS (
      SELECT candidates.*, CASE WHEN this_year >= (SELECT today FROM t) THEN this_year ELSE next_year END AS anniversary FROM candidates
    )
    SELECT id, first_name, last_name, email, phone_number, plan_type, anniversary FROM dated
    WHERE anniversary >= ${window.startDate}::date AND anniversary <= ${window.endDate}::date
    ORDER BY anniversary, last_name, first_name, id
    LIMIT ${RENEWALS_LIMIT}`);
  return {
    success: true,
    renewals: rows.map((row) => ({
      id: row.id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      phone: row.phone_number,
      date: isoDate(row.anniversary),
      policyType: row.plan_type,
    })),
  };
}
