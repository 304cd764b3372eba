import "server-only";
import { randomUUID } from "node:crypto";
import { prisma, tenantDb, tenantTransaction } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { EMAIL_PRIORITY, type EmailType, type Plan, type PlanInput, type PlanOrganization, type PlanStateRule } from "@/lib/schedule/types";
import { todayInZone, toIsoDate } from "@/lib/trial/go-live";
import { isOrganizationLive, outreachIdempotencyKey, REVIVABLE_STATUSES, RESCHEDULABLE_STATUSES, desiredRows, diffSchedule, type DesiredRow, type ExistingRow } from "@/lib/outreach/rules";

/**
 * ScheduledEmail rows are the truth (architecture.md rule 11). A reschedule asks the planner (the pure
 * rules of lib/schedule, passed in so that this file never depends on a particular rule set) what one
 * contact should get, then applies the smart update of domain-rules A.10 in one transaction: insert
 * new keys, update changed pending/skipped rows, remove pending/skipped rows the plan no longer
 * produces. Sent, sending and failed rows are never touched.
 *
 * Run it when a contact or its organization's settings change; rescheduleOrganization does a whole
 * book in pages of contacts, with bounded memory.
 */

export type Planner = (input: PlanInput) => Plan;

export type SyncResult = { contacts: number; inserted: number; updated: number; removed: number; unchanged: number };

/** How far back the history the planner reads goes (follow-ups look back 35 days; the cap 30). */
const SENT_HISTORY_DAYS = 400;
const CLICK_HISTORY_DAYS = 90;
export const RESCHEDULE_PAGE_SIZE = 500;

const organizationSelect = {
  id: true,
  timezone: true,
  sendTimeHour: true,
  sendTimeMinute: true,
  demoMode: true,
  wentLiveAt: true,
  contactOutreachDelayYears: true,
  outreachBirthday: true,
  outreachEnrollmentAnniversary: true,
  outreachScheduleIncrease: true,
  outreachAep: true,
  enablePostWindowEmails: true,
  failedUnderwritingOutreachEnabled: true,
  failedUnderwritingOutreachTiming: true,
} satisfies Prisma.OrganizationSelect;

type OrganizationRow = Prisma.OrganizationGetPayload<{ select: typeof organizationSelect }>;

/** What every contact of one run shares: the organization's settings and the state rules. */
export type RescheduleContext = {
  organizationId: string;
  organization: OrganizationRow;
  planOrganization: PlanOrganization;
  stateRules: Map<string, PlanStateRule>;
  now: Date;
  horizonDays?: number;
  schedulerRunId: string | null;
};

/** The organization's settings in the planner's words (outreach toggles, delay months, trial). */
export function toPlanOrganization(organization: OrganizationRow, contactCount: number, now: Date): PlanOrganization {
  return {
    timezone: organization.timezone || "America/Chicago",
    enabled: {
      birthday: organization.outreachBirthday,
      effective_date: organization.outreachEnrollmentAnniversary,
      rate_increase: organization.outreachScheduleIncrease,
      aep: organization.outreachAep,
      post_window: organization.enablePostWindowEmails,
      failed_underwriting: organization.failedUnderwritingOutreachEnabled,
    },
    // The settings page offers 1, 2 or 3 years; the rules count 11, 23 or 35 months (domain-rules A.5).
    effectiveDateOutreachDelayMonths: Math.max(1, organization.contactOutreachDelayYears) * 12 - 1,
    isLive: isOrganizationLive(organization, now),
    wentLiveAt: organization.wentLiveAt,
    failedUnderwriting: {
      enabled: organization.failedUnderwritingOutreachEnabled,
      timing: organization.failedUnderwritingOutreachTiming === "aep" ? "pre_aep" : "birthday",
    },
    contactCount,
  };
}

export async function loadRescheduleContext({ organizationId, now, horizonDays, schedulerRunId = null }: { organizationId: string; now: Date; horizonDays?: number; schedulerRunId?: string | null }): Promise<RescheduleContext | null> {
  const db = tenantDb(organizationId);
  const [organization, contactCount, rules] = await Promise.all([
    db.organization.findFirst({ where: { id: organizationId }, select: organizationSelect }),
    db.contact.count({ where: { organizationId } }),
    // Reference data shared by every organization (no organization_id, no row-level security).
    prisma.stateSwitchRule.findMany({ select: { state: true, ruleType: true, anchor: true, windowStartDaysBefore: true, windowLengthDays: true, ageMin: true, ageMax: true } }),
  ]);
  if (!organization) return null;
  return {
    organizationId,
    organization,
    planOrganization: toPlanOrganization(organization, contactCount, now),
    stateRules: new Map(rules.map((rule) => [rule.state, rule])),
    now,
    horizonDays,
    schedulerRunId,
  };
}

const contactSelect = {
  id: true,
  email: true,
  status: true,
  state: true,
  birthDate: true,
  effectiveDate: true,
  createdAt: true,
  unsubscribedAt: true,
  doNotCommunicate: true,
  currentCarrierNaic: true,
} satisfies Prisma.ContactSelect;

type ContactRow = Prisma.ContactGetPayload<{ select: typeof contactSelect }>;

const isOptedOut = (contact: { unsubscribedAt: Date | null; doNotCommunicate: boolean }) => Boolean(contact.unsubscribedAt) || contact.doNotCommunicate;

/** The planner's inputs for a page of contacts, read in a few queries for the whole page. */
async function planInputs(context: RescheduleContext, contacts: ContactRow[]): Promise<PlanInput[]> {
  const { organizationId, now } = context;
  const timeZone = context.planOrganization.timezone;
  const ids = contacts.map((c) => c.id);
  const db = tenantDb(organizationId);
  const [sent, clicks, answers] = await Promise.all([
    db.scheduledEmail.findMany({
      where: { organizationId, contactId: { in: ids }, status: "sent", sentAt: { gte: new Date(now.getTime() - SENT_HISTORY_DAYS * 86_400_000) } },
      select: { id: true, contactId: true, emailType: true, sentAt: true, trackingId: true },
    }),
    db.trackingClick.findMany({
      where: { organizationId, contactId: { in: ids }, clickedAt: { gte: new Date(now.getTime() - CLICK_HISTORY_DAYS * 86_400_000) } },
      select: { contactId: true, clickedAt: true, trackingId: true },
    }),
    // Only whether there were conditions: the answers themselves never leave lib/eligibility.
    db.eligibilityAnswer.findMany({
      where: { organizationId, contactId: { in: ids } },
      orderBy: [{ contactId: "asc" }, { createdAt: "desc" }],
      distinct: ["contactId"],
      select: { contactId: true, createdAt: true, hasConditions: true },
    }),
  ]);

  const sentByContact = groupBy(sent, (row) => row.contactId);
  const clicksByContact = groupBy(clicks, (row) => row.contactId ?? "");
  const healthByContact = new Map(answers.map((row) => [row.contactId ?? "", row]));
  const emailIdByTracking = new Map(sent.filter((row) => row.trackingId).map((row) => [row.trackingId!, row.id]));

  return contacts.map((contact) => {
    const health = healthByContact.get(contact.id);
    return {
      contact: {
        id: contact.id,
        state: contact.state,
        birthDate: contact.birthDate ? toIsoDate(contact.birthDate) : null,
        effectiveDate: contact.effectiveDate ? toIsoDate(contact.effectiveDate) : null,
        createdAt: contact.createdAt,
        optedOut: isOptedOut(contact),
        currentCarrierNaic: contact.currentCarrierNaic,
        isPlaceholder: contact.status === "temp" || !contact.email.trim(),
      },
      organization: context.planOrganization,
      stateRule: (contact.state && context.stateRules.get(contact.state.toUpperCase())) || null,
      history: {
        sent: (sentByContact.get(contact.id) ?? []).map((row) => ({ id: row.id, emailType: row.emailType, sentDate: todayInZone(row.sentAt!, timeZone) })),
        clicks: (clicksByContact.get(contact.id) ?? []).map((row) => ({ date: todayInZone(row.clickedAt, timeZone), scheduledEmailId: emailIdByTracking.get(row.trackingId) ?? null })),
        health: health ? { date: todayInZone(health.createdAt, timeZone), hasConditions: health.hasConditions } : null,
      },
      // Filed rate increases per carrier and state are not modelled yet (issue #7 item 7): none for now.
      rateIncreases: [],
      ...(context.horizonDays ? { horizonDays: context.horizonDays } : {}),
      now,
    };
  });
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

const priorityOf = (emailType: string) => EMAIL_PRIORITY[emailType as EmailType] ?? 50;
const dbDate = (isoDate: string) => new Date(`${isoDate}T00:00:00.000Z`);

function rowData(row: DesiredRow, schedulerRunId: string | null) {
  return {
    status: row.status,
    skipReason: row.skipReason,
    priority: row.priority,
    eventDate: row.eventDate ? dbDate(row.eventDate) : null,
    scheduledSendAt: row.scheduledSendAt,
    sendMode: row.sendMode,
    parentEmailId: row.parentEmailId,
    // DbNull, not undefined: an update must clear metadata the plan no longer carries.
    metadata: row.metadata === null ? Prisma.DbNull : (row.metadata as Prisma.InputJsonValue),
    schedulerRunId,
  };
}

/**
 * Plans and applies one page of contacts. The plan is computed outside the transaction; the diff is
 * taken inside it against the rows as they are then, and every write is conditional on the row still
 * being pending/skipped, so a sweeper that claims a row meanwhile keeps it.
 */
export async function syncContactsPage({ context, contacts, plan }: { context: RescheduleContext; contacts: ContactRow[]; plan: Planner }): Promise<SyncResult> {
  const result: SyncResult = { contacts: contacts.length, inserted: 0, updated: 0, removed: 0, unchanged: 0 };
  if (contacts.length === 0) return result;
  const { organizationId, organization, schedulerRunId } = context;
  const inputs = await planInputs(context, contacts);
  const settings = {
    timeZone: context.planOrganization.timezone,
    sendTimeHour: organization.sendTimeHour,
    sendTimeMinute: organization.sendTimeMinute,
    demoMode: organization.demoMode,
    wentLiveAt: organization.wentLiveAt,
  };
  const desiredByContact = new Map(inputs.map((input) => [input.contact.id, desiredRows(plan(input), settings, priorityOf)]));
  const ids = contacts.map((c) => c.id);

  await tenantTransaction(organizationId, async (tx) => {
    // An unsubscribe that committed after the contacts were read wins: nothing is planned for them.
    const optedOut = await tx.contact.findMany({
      where: { organizationId, id: { in: ids }, OR: [{ unsubscribedAt: { not: null } }, { doNotCommunicate: true }] },
      select: { id: true },
    });
    for (const { id } of optedOut) desiredByContact.set(id, []);

    const existing = await tx.scheduledEmail.findMany({
      where: { organizationId, contactId: { in: ids }, status: { in: [...REVIVABLE_STATUSES] } },
      select: { id: true, contactId: true, emailType: true, scheduledSendDate: true, status: true, skipReason: true, priority: true, eventDate: true, scheduledSendAt: true, sendMode: true, parentEmailId: true, metadata: true, attemptCount: true },
    });
    const existingByContact = groupBy(
      existing.map((row): ExistingRow & { contactId: string } => ({
        ...row,
        sendDate: toIsoDate(row.scheduledSendDate),
        eventDate: row.eventDate ? toIsoDate(row.eventDate) : null,
        metadata: (row.metadata ?? null) as Record<string, unknown> | null,
      })),
      (row) => row.contactId,
    );

    const inserts: Prisma.ScheduledEmailCreateManyInput[] = [];
    const updates: { id: string; row: DesiredRow }[] = [];
    const removals: string[] = [];
    for (const contactId of ids) {
      const diff = diffSchedule(existingByContact.get(contactId) ?? [], desiredByContact.get(contactId) ?? []);
      result.unchanged += diff.unchanged;
      updates.push(...diff.update);
      removals.push(...diff.remove);
      for (const row of diff.insert) {
        inserts.push({
          id: randomUUID(),
          organizationId,
          contactId,
          emailType: row.emailType,
          scheduledSendDate: dbDate(row.sendDate),
          idempotencyKey: outreachIdempotencyKey({ contactId, emailType: row.emailType, sendDate: row.sendDate }),
          ...rowData(row, schedulerRunId),
        });
      }
    }

    if (removals.length) {
      result.removed = (await tx.scheduledEmail.deleteMany({ where: { organizationId, id: { in: removals }, status: { in: [...RESCHEDULABLE_STATUSES] } } })).count;
    }
    for (const { id, row } of updates) {
      const { count } = await tx.scheduledEmail.updateMany({ where: { id, organizationId, status: { in: [...REVIVABLE_STATUSES] } }, data: rowData(row, schedulerRunId) });
      result.updated += count;
    }
    // A key already held by a sent/sending/failed row is left to that row (insert or ignore).
    if (inserts.length) result.inserted = (await tx.scheduledEmail.createMany({ data: inserts, skipDuplicates: true })).count;
  });
  return result;
}

/** Reschedules one contact (after it was created or edited). A contact that no longer exists has nothing to do. */
export async function syncContactSchedule({ organizationId, contactId, plan, now, horizonDays }: { organizationId: string; contactId: string; plan: Planner; now: Date; horizonDays?: number }): Promise<SyncResult> {
  const context = await loadRescheduleContext({ organizationId, now, horizonDays });
  const empty: SyncResult = { contacts: 0, inserted: 0, updated: 0, removed: 0, unchanged: 0 };
  if (!context) return empty;
  const contacts = await tenantDb(organizationId).contact.findMany({ where: { id: contactId, organizationId }, select: contactSelect });
  if (contacts.length === 0) return empty;
  return syncContactsPage({ context, contacts, plan });
}

/**
 * Reschedules every contact of an organization (settings changed, went live, nightly run): pages of
 * `pageSize` contacts by id (keyset pagination, so memory stays bounded for 100,000 contacts), one
 * transaction per page. The run is recorded in scheduler_runs and stamped on the rows it writes.
 */
export async function rescheduleOrganization({
  organizationId,
  plan,
  now,
  pageSize = RESCHEDULE_PAGE_SIZE,
  horizonDays,
  runId,
}: {
  organizationId: string;
  plan: Planner;
  now: Date;
  pageSize?: number;
  horizonDays?: number;
  /** A queued run already claimed for this organization (lib/outreach/triggers.ts); default: a new run. */
  runId?: string;
}) {
  const db = tenantDb(organizationId);
  const organization = await db.organization.findFirst({ where: { id: organizationId }, select: { id: true } });
  if (!organization) return null;
  const run = runId ? { id: runId } : await db.schedulerRun.create({ data: { organizationId, startedAt: now } });
  const totals: SyncResult = { contacts: 0, inserted: 0, updated: 0, removed: 0, unchanged: 0 };
  try {
    const context = (await loadRescheduleContext({ organizationId, now, horizonDays, schedulerRunId: run.id }))!;
    let after: string | undefined;
    for (;;) {
      const contacts = await db.contact.findMany({
        where: { organizationId, ...(after ? { id: { gt: after } } : {}) },
        orderBy: { id: "asc" },
        take: pageSize,
        select: contactSelect,
      });
      if (contacts.length === 0) break;
      const page = await syncContactsPage({ context, contacts, plan });
      for (const key of Object.keys(totals) as (keyof SyncResult)[]) totals[key] += page[key];
      after = contacts[contacts.length - 1]!.id;
      if (contacts.length < pageSize) break;
    }
  } catch (error) {
    await db.schedulerRun.update({ where: { id: run.id, organizationId }, data: { status: "failed", error: error instanceof Error ? error.name : "UnknownError", finishedAt: new Date() } });
    throw error;
  }
  await db.schedulerRun.update({
    where: { id: run.id, organizationId },
    data: { status: "completed", processedCount: totals.contacts, scheduledCount: totals.inserted + totals.updated, finishedAt: new Date() },
  });
  return { runId: run.id, ...totals };
}

