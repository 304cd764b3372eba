import "server-only";
import { promisify } from "node:util";
import { deflateRaw, inflateRaw } from "node:zlib";
import { prisma, tenantDb, tenantTransaction } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { balanceDailyLoad, DailyLoadBook, emailDetails, type EmailDetails } from "@/lib/outreach-schedule/balance";
import {
  EMAIL_PRIORITY,
  type ContactPlan,
  type EmailType,
  type Plan,
  type PlanInput,
  type PlanOrganization,
  type PlanRateIncrease,
  type PlanStateRule,
} from "@/lib/outreach-schedule/types";
import { findFiledRateIncreases } from "@/lib/outreach/rate-increases";
import { loadCarrierResolver } from "@/lib/carriers/carrier-resolver";
import { todayInZone } from "@/lib/calendar/calendar-date";
import {
  isOrganizationLive,
  limitTrialCopies,
  REVIVABLE_STATUSES,
  RESCHEDULABLE_STATUSES,
  desiredRows,
  diffSchedule,
  errorClassName,
  TRIAL_SAMPLE_CONTACTS,
  type DesiredRow,
  type ExistingRow,
} from "@/lib/outreach/rules";
import { scheduleDigest, type DigestRow } from "@/lib/outreach/schedule-digest";
import { withBoundedHeapGrowth } from "@/lib/outreach/heap-growth";
import {
  applyHouseholdWindow,
  DEFAULT_HOUSEHOLD_WINDOW_DAYS,
  type HouseholdLead,
} from "@/lib/outreach-schedule/household";
import { bookContactWhere, isBookContact } from "@/lib/contacts/book";
import { getEnv } from "@/lib/env";
import { withTextRows } from "@/lib/outreach/text-rows";
import { smsConsentFromEvents, type SmsConsentEvent } from "@/lib/sms/consent-rule";
import { smsTimeZonesOfState } from "@/lib/sms/quiet-hours";
import { readStateCarrierSettings, smartSendStates } from "@/lib/settings/state-carrier-settings";

/**
 * ScheduledEmail rows are the truth (architecture.md rule 11). A reschedule asks the planner (the pure
 * rules of lib/outreach-schedule, passed in so that this file never depends on a particular rule set) what one
 * contact should get, then applies the smart update of domain-rules A.10 in one transaction: insert
 * new keys, update changed pending/skipped rows, remove pending/skipped rows the plan no longer
 * produces. Sent, sending and failed rows are never touched.
 *
 * Run it when a contact or its organization's settings change; rescheduleOrganization does a whole
 * book in pages of contacts, keeping between its two passes only compact per-email columns and deflated
 * pages of plans (bench/schedule measures the memory at 100,000 and 1,000,000 contacts).
 */

export type Planner = (input: PlanInput) => Plan;

type TxClient = Parameters<Parameters<typeof tenantTransaction>[1]>[0];

export type SyncResult = { contacts: number; inserted: number; updated: number; removed: number; unchanged: number };

/** How far back the history the planner reads goes (follow-ups look back 35 days; the cap 30). */
const SENT_HISTORY_DAYS = 400;
const CLICK_HISTORY_DAYS = 90;
export const RESCHEDULE_PAGE_SIZE = 500;
/** Page transactions of one run in flight at once: enough to overlap this process and the database, few enough to leave the pool to requests. */
const WRITE_CONCURRENCY = 3;
/** Pages a whole-book run reads beyond the one it plans (each its own read transaction). */
const PAGES_READ_AHEAD = 2;
/** Sizes the balance's columns up front (bench/schedule: about 2.5 planned emails a contact); they grow if needed. */
const EXPECTED_EMAILS_PER_CONTACT = 3;
const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

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
  stateLicenses: true,
  smartSendEnabled: true,
  stateCarrierSettings: true,
  householdWindowDays: true,
  smsEnabled: true,
} satisfies Prisma.OrganizationSelect;

type OrganizationRow = Prisma.OrganizationGetPayload<{ select: typeof organizationSelect }>;

/** What every contact of one run shares: the organization's settings and the state rules. */
export type RescheduleContext = {
  organizationId: string;
  organization: OrganizationRow;
  planOrganization: PlanOrganization;
  stateRules: Map<string, PlanStateRule>;
  /** Filed increases by "carrier group key|state": each contact is given only its own carrier group's. */
  rateIncreases: Map<string, PlanRateIncrease[]>;
  /** A stored or filed NAIC → its carrier group's key (lib/carriers/resolve-carrier.ts). */
  carrierGroupOf: (naic: string) => string;
  now: Date;
  horizonDays?: number;
  schedulerRunId: string | null;
  /** The contacts whose test-mode emails a trial sends (limitTrialCopies): the book's first TRIAL_SAMPLE_CONTACTS. */
  trialSample: ReadonlySet<string>;
};

/** The organization's settings in the planner's words (outreach toggles, delay months, trial). */
export function toPlanOrganization(organization: OrganizationRow, contactCount: number, now: Date): PlanOrganization {
  return {
    timezone: organization.timezone || "America/Chicago",
    sendTime: { hour: organization.sendTimeHour, minute: organization.sendTimeMinute },
    stateLicenses: organization.stateLicenses,
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
      // The settings store "pre_aep" (FAILED_UNDERWRITING_TIMINGS); "aep" is what rows written before that say.
      timing:
        organization.failedUnderwritingOutreachTiming === "pre_aep" ||
        organization.failedUnderwritingOutreachTiming === "aep"
          ? "pre_aep"
          : "birthday",
      smartSendStates: smartSendStates({
        smartSendEnabled: organization.smartSendEnabled,
        settings: readStateCarrierSettings(organization.stateCarrierSettings),
        stateLicenses: organization.stateLicenses,
      }),
    },
    contactCount,
    householdWindowDays: organization.householdWindowDays,
  };
}

export async function loadRescheduleContext({
  organizationId,
  now,
  horizonDays,
  schedulerRunId = null,
}: {
  organizationId: string;
  now: Date;
  horizonDays?: number;
  schedulerRunId?: string | null;
}): Promise<RescheduleContext | null> {
  const db = tenantDb(organizationId);
  const [organization, contactCount, sample, rules, increases, carriers] = await Promise.all([
    db.organization.findFirst({ where: { id: organizationId }, select: organizationSelect }),
    db.contact.count({ where: bookContactWhere(organizationId) }),
    db.contact.findMany({
      where: bookContactWhere(organizationId),
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: TRIAL_SAMPLE_CONTACTS,
      select: { id: true },
    }),
    // Reference data shared by every organization (no organization_id, no row-level security).
    prisma.stateSwitchRule.findMany({
      select: {
        state: true,
        ruleType: true,
        anchor: true,
        windowStartDaysBefore: true,
        windowLengthDays: true,
        ageMin: true,
        ageMax: true,
      },
    }),
    findFiledRateIncreases({ now }),
    loadCarrierResolver(),
  ]);
  if (!organization) return null;
  // An increase filed for one NAIC of a group concerns the contacts of every NAIC of that group.
  return {
    organizationId,
    organization,
    planOrganization: toPlanOrganization(organization, contactCount, now),
    stateRules: new Map(rules.map((rule) => [rule.state, rule])),
    rateIncreases: groupBy(
      increases.map(({ carrierNaic, state, increaseDate }) => ({
        carrierNaic,
        carrierGroup: carriers.groupKeyOfNaic(carrierNaic),
        state,
        increaseDate,
      })),
      (increase) => rateIncreaseKey(increase.carrierGroup, increase.state),
    ),
    carrierGroupOf: carriers.groupKeyOfNaic,
    now,
    horizonDays,
    schedulerRunId,
    trialSample: new Set(sample.map((contact) => contact.id)),
  };
}

/** A contact as the planner needs it: dates as "YYYY-MM-DD", the assigned agent's licences beside it. */
type ContactRow = {
  id: string;
  email: string;
  status: string;
  unverifiedSince: Date | null;
  state: string | null;
  birthDate: string | null;
  effectiveDate: string | null;
  createdAt: Date;
  unsubscribedAt: Date | null;
  doNotCommunicate: boolean;
  currentCarrierNaic: string | null;
  agentStateLicenses: string[] | null;
};

/** A page of a whole-book run: the contacts whose id is at least `from` and below `to` (either open). */
type ContactRange = { from: string | undefined; to: string | undefined };

/**
 * A whole-book run's pages as key ranges, one every `pageSize` contacts in id order (one index-only read of the
 * organization's ids): independent of each other, so the run reads a few ahead while it plans one (reading a
 * page after the previous one's last id kept the planner waiting a quarter of the time: CPU profile, 100,000
 * contacts). The first range starts and the last ends open, so a contact added meanwhile falls in one of them.
 */
export async function contactRanges(organizationId: string, pageSize: number): Promise<ContactRange[]> {
  const starts = await tenantTransaction(
    organizationId,
    (tx) =>
      tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM (
        SELECT id, row_number() OVER (ORDER BY id) AS n FROM contacts WHERE organization_id = ${organizationId}::uuid
      ) c
      WHERE (n - 1) % ${pageSize} = 0
      ORDER BY id`,
  );
  return starts.map((start, i) => ({ from: i === 0 ? undefined : start.id, to: starts[i + 1]?.id }));
}

/** A ContactRow as PostgreSQL's json_build_array prints it (timestamps as ISO text), in ContactRow's order. */
type ContactTuple = [
  id: string,
  email: string,
  status: string,
  unverifiedSince: string | null,
  state: string | null,
  birthDate: string | null,
  effectiveDate: string | null,
  createdAt: string,
  unsubscribedAt: string | null,
  doNotCommunicate: boolean,
  currentCarrierNaic: string | null,
  agentStateLicenses: string[] | null,
];

const dateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));

/**
 * Contacts for the planner in one raw read (by key range, or by ids): a whole-book run reads every
 * contact, and Prisma's relation query built an object per contact and per agent (bench/schedule's profile).
 * The page comes as one JSON value, not a row per contact: PostgreSQL prints it on the core the planner
 * leaves idle, and the client parses it natively; decoding a row per contact through Prisma and pg was
 * about 1.5 s of the planner's thread at 100,000 contacts (CPU profile, 2026-11-29).
 */
async function readContacts(
  tx: TxClient,
  organizationId: string,
  which: ContactRange | { ids: string[] },
): Promise<ContactRow[]> {
  const filter =
    "ids" in which
      ? Prisma.sql`AND c.id = ANY(${which.ids}::uuid[])`
      : Prisma.sql`${which.from ? Prisma.sql`AND c.id >= ${which.from}::uuid` : Prisma.empty}
                   ${which.to ? Prisma.sql`AND c.id < ${which.to}::uuid` : Prisma.empty}`;
  const [page] = await tx.$queryRaw<{ rows: string }[]>`
    SELECT coalesce(json_agg(json_build_array(
             c.id, c.email, c.status, c.unverified_since, c.state, to_char(c.birth_date, 'YYYY-MM-DD'),
             to_char(c.effective_date, 'YYYY-MM-DD'), c.created_at, c.unsubscribed_at, c.do_not_communicate,
             c.current_carrier_naic, u.state_licenses) ORDER BY c.id), '[]')::text AS rows
    FROM (SELECT c.id, c.email, c.status, c.unverified_since, c.state, c.birth_date, c.effective_date, c.created_at,
                 c.unsubscribed_at, c.do_not_communicate, c.current_carrier_naic, c.agent_id
          FROM contacts c
          WHERE c.organization_id = ${organizationId}::uuid ${filter}
          ORDER BY c.id) c
    LEFT JOIN users u ON u.id = c.agent_id`;
  return (JSON.parse(page!.rows) as ContactTuple[]).map(
    ([
      id,
      email,
      status,
      unverifiedSince,
      state,
      birthDate,
      effectiveDate,
      createdAt,
      unsubscribedAt,
      doNotCommunicate,
      currentCarrierNaic,
      agentStateLicenses,
    ]) => ({
      id,
      email,
      status,
      unverifiedSince: dateOrNull(unverifiedSince),
      state,
      birthDate,
      effectiveDate,
      createdAt: new Date(createdAt),
      unsubscribedAt: dateOrNull(unsubscribedAt),
      doNotCommunicate,
      currentCarrierNaic,
      agentStateLicenses,
    }),
  );
}

const isOptedOut = (contact: { unsubscribedAt: Date | null; doNotCommunicate: boolean }) =>
  Boolean(contact.unsubscribedAt) || contact.doNotCommunicate;

type PageHistory = {
  sent: {
    id: string;
    contactId: string;
    emailType: string;
    sentAt: Date;
    trackingId: string | null;
    /** A household email's metadata.household (lib/outreach-schedule/household.ts): whose emails it covered. */
    household: HouseholdLead | null;
  }[];
  clicks: { contactId: string | null; clickedAt: Date; trackingId: string }[];
  answers: { contactId: string | null; createdAt: Date; hasConditions: boolean }[];
};

/** A page's history for the planner: three raw reads in the caller's transaction, no compiled Prisma query (bench/schedule). */
async function readHistory(tx: TxClient, context: RescheduleContext, ids: string[]): Promise<PageHistory> {
  const { organizationId, now } = context;
  const sentSince = new Date(now.getTime() - SENT_HISTORY_DAYS * 86_400_000);
  const clickedSince = new Date(now.getTime() - CLICK_HISTORY_DAYS * 86_400_000);
  return {
    // Emails only: a text is a second channel for the same moment, so it neither counts against the email cap
    // nor stands for the moment's email (lib/outreach/text-rows.ts).
    sent: await tx.$queryRaw<PageHistory["sent"]>`
      SELECT id::text AS id, contact_id::text AS "contactId", email_type AS "emailType", sent_at AS "sentAt", tracking_id AS "trackingId",
             metadata->'household' AS household
      FROM scheduled_emails
      WHERE organization_id = ${organizationId}::uuid AND contact_id = ANY(${ids}::uuid[]) AND status = 'sent' AND sent_at >= ${sentSince}
        AND NOT starts_with(email_type, 'sms_')`,
    clicks: await tx.$queryRaw<PageHistory["clicks"]>`
      SELECT contact_id::text AS "contactId", clicked_at AS "clickedAt", tracking_id AS "trackingId"
      FROM tracking_clicks
      WHERE organization_id = ${organizationId}::uuid AND contact_id = ANY(${ids}::uuid[]) AND clicked_at >= ${clickedSince}`,
    // Only whether there were conditions, the latest answer's: the answers themselves never leave lib/eligibility.
    answers: await tx.$queryRaw<PageHistory["answers"]>`
      SELECT DISTINCT ON (contact_id) contact_id::text AS "contactId", created_at AS "createdAt", has_conditions AS "hasConditions"
      FROM eligibility_answers
      WHERE organization_id = ${organizationId}::uuid AND contact_id = ANY(${ids}::uuid[])
      ORDER BY contact_id, created_at DESC`,
  };
}

/**
 * A page of contacts with its history: one transaction, so a whole-book run reads the next page while it plans
 * this one. With each contact's confirmed household partner (partnerOf), and the partners the page does not hold
 * (partners, with their history too): the household window (lib/outreach-schedule/household.ts) plans the two
 * together, so a partner is planned here as in its own page and both reach the same decision. Partners are only
 * read, never written: their rows are their own page's.
 */
type ContactsPage = {
  contacts: ContactRow[];
  history: PageHistory;
  partnerOf: Map<string, string>;
  partners: ContactRow[];
  /** The digest of the page's stored rows when it was read (asked for by a whole-book run: applyContactPlans). */
  storedWhenRead?: StoredDigest;
};

/** Each of these contacts' confirmed household partner (a contact is in at most one confirmed household). */
async function confirmedPartners(tx: TxClient, organizationId: string, ids: string[]): Promise<Map<string, string>> {
  const rows = await tx.$queryRaw<{ a: string; b: string }[]>`
    SELECT contact_a_id::text AS a, contact_b_id::text AS b FROM households
    WHERE organization_id = ${organizationId}::uuid AND status = 'confirmed'
      AND (contact_a_id = ANY(${ids}::uuid[]) OR contact_b_id = ANY(${ids}::uuid[]))`;
  const partnerOf = new Map<string, string>();
  for (const { a, b } of rows) {
    partnerOf.set(a, b);
    partnerOf.set(b, a);
  }
  return partnerOf;
}

async function readContactsPage(
  context: RescheduleContext,
  which: Parameters<typeof readContacts>[2],
  { withStoredDigest = false }: { withStoredDigest?: boolean } = {},
): Promise<ContactsPage> {
  return tenantTransaction(context.organizationId, async (tx) => {
    const { organizationId } = context;
    const contacts = await readContacts(tx, organizationId, which);
    if (contacts.length === 0)
      return { contacts, history: { sent: [], clicks: [], answers: [] }, partnerOf: new Map(), partners: [] };
    const ids = contacts.map((c) => c.id);
    const partnerOf = await confirmedPartners(tx, organizationId, ids);
    const inPage = new Set(ids);
    const missing = [
      ...new Set(ids.map((id) => partnerOf.get(id)).filter((id): id is string => !!id && !inPage.has(id))),
    ];
    const partners = missing.length > 0 ? await readContacts(tx, organizationId, { ids: missing }) : [];
    const history = await readHistory(tx, context, [...ids, ...partners.map((c) => c.id)]);
    const storedWhenRead = withStoredDigest ? await storedScheduleDigest(tx, organizationId, ids) : undefined;
    return { contacts, history, partnerOf, partners, storedWhenRead };
  });
}

/** The planner's inputs for a page of contacts and its history. */
function planInputs(
  context: RescheduleContext,
  { history, partnerOf }: ContactsPage,
  contacts: readonly ContactRow[],
): PlanInput[] {
  const { now } = context;
  const timeZone = context.planOrganization.timezone;
  const sentByContact = groupBy(history.sent, (row) => row.contactId);
  const clicksByContact = groupBy(history.clicks, (row) => row.contactId ?? "");
  const healthByContact = new Map(history.answers.map((row) => [row.contactId ?? "", row]));
  const emailIdByTracking = new Map(
    history.sent.filter((row) => row.trackingId).map((row) => [row.trackingId!, row.id]),
  );
  // The contact's emails that a household email to their partner covered: as sent for the planner's catch-up.
  const householdCovered = (contactId: string) => {
    const partnerId = partnerOf.get(contactId);
    if (!partnerId) return [];
    return (sentByContact.get(partnerId) ?? []).flatMap((row) =>
      row.household?.partnerId === contactId && Array.isArray(row.household.covers) ? row.household.covers : [],
    );
  };

  return contacts.map((contact) => {
    const health = healthByContact.get(contact.id);
    const carrierGroup = contact.currentCarrierNaic ? context.carrierGroupOf(contact.currentCarrierNaic) : null;
    return {
      contact: {
        id: contact.id,
        state: contact.state,
        birthDate: contact.birthDate,
        effectiveDate: contact.effectiveDate,
        createdAt: contact.createdAt,
        optedOut: isOptedOut(contact),
        currentCarrierNaic: carrierGroup,
        isPlaceholder: !isBookContact(contact) || !contact.email.trim(),
        agentStateLicenses: contact.agentStateLicenses ?? [],
      },
      organization: context.planOrganization,
      stateRule: (contact.state && context.stateRules.get(contact.state.toUpperCase())) || null,
      history: {
        sent: (sentByContact.get(contact.id) ?? []).map((row) => ({
          id: row.id,
          emailType: row.emailType,
          sentDate: todayInZone(row.sentAt, timeZone),
        })),
        clicks: (clicksByContact.get(contact.id) ?? []).map((row) => ({
          date: todayInZone(row.clickedAt, timeZone),
          scheduledEmailId: emailIdByTracking.get(row.trackingId) ?? null,
        })),
        health: health ? { date: todayInZone(health.createdAt, timeZone), hasConditions: health.hasConditions } : null,
        householdCovered: householdCovered(contact.id),
      },
      rateIncreases:
        (carrierGroup && contact.state && context.rateIncreases.get(rateIncreaseKey(carrierGroup, contact.state))) ||
        [],
      ...(context.horizonDays ? { horizonDays: context.horizonDays } : {}),
      now,
    };
  });
}

const rateIncreaseKey = (carrierGroup: string, state: string) => `${carrierGroup}|${state.toUpperCase()}`;

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
/** Plans a page of contacts already read with its history: one plan per contact, in the page's order. */
function planContactsPage(context: RescheduleContext, page: ContactsPage, plan: Planner): ContactPlan[] {
  const plans = planInputs(context, page, page.contacts).map((input) => ({
    contactId: input.contact.id,
    plan: plan(input),
  }));
  const windowDays = context.planOrganization.householdWindowDays ?? DEFAULT_HOUSEHOLD_WINDOW_DAYS;
  if (page.partnerOf.size === 0 || windowDays <= 0) return plans;
  const planOf = new Map(plans.map((p) => [p.contactId, p.plan]));
  for (const input of planInputs(context, page, page.partners)) planOf.set(input.contact.id, plan(input));
  // Merged against the partner's plan as planned alone, never as merged: both sides then decide alike.
  return plans.map(({ contactId, plan: own }) => {
    const partnerId = page.partnerOf.get(contactId);
    const partnerPlan = partnerId ? planOf.get(partnerId) : undefined;
    return partnerId && partnerPlan
      ? {
          contactId,
          plan: applyHouseholdWindow({
            self: { contactId, plan: own },
            partner: { contactId: partnerId, plan: partnerPlan },
            windowDays,
          }),
        }
      : { contactId, plan: own };
  });
}

/** Spreads an organization's plans over its days (domain-rules A.8): daily cap, effective-date smoothing, past-due catch-up. */
export function balancePlans(context: RescheduleContext, plans: ContactPlan[]): ContactPlan[] {
  return balanceDailyLoad(plans, {
    now: context.now,
    timeZone: context.planOrganization.timezone,
    contactCount: context.planOrganization.contactCount,
  });
}

/**
 * Applies the plans of a page of contacts in one transaction. The diff is taken inside it against the
 * rows as they are then, and every write is conditional on the row still being pending/skipped, so a
 * sweeper that claims a row meanwhile keeps it.
 *
 * `storedWhenRead`: the digest of the page's stored rows, taken when its contacts were read for planning
 * (a whole-book run's first pass). When the plans give exactly those rows, the page is left as it is
 * without a transaction: the nightly run, in which almost no page changes, then costs the database nothing
 * in its second pass, and the digests were computed while the planner kept the client busy. Leaving a page
 * writes nothing, so a change made since the read (an unsubscribe, a sweep, a contact's own reschedule, each
 * with newer facts) stands. Not with texts on: their rows depend on consent read inside the transaction.
 */
export async function applyContactPlans({
  context,
  plans,
  storedWhenRead,
}: {
  context: RescheduleContext;
  plans: ContactPlan[];
  storedWhenRead?: StoredDigest;
}): Promise<SyncResult> {
  const result: SyncResult = { contacts: plans.length, inserted: 0, updated: 0, removed: 0, unchanged: 0 };
  if (plans.length === 0) return result;
  const { organizationId, organization, schedulerRunId } = context;
  const settings = {
    timeZone: context.planOrganization.timezone,
    sendTimeHour: organization.sendTimeHour,
    sendTimeMinute: organization.sendTimeMinute,
    demoMode: organization.demoMode,
    wentLiveAt: organization.wentLiveAt,
  };
  const desiredByContact = new Map(
    plans.map(({ contactId, plan }) => [
      contactId,
      limitTrialCopies(desiredRows(plan, settings, priorityOf), context.trialSample.has(contactId)),
    ]),
  );
  const ids = plans.map((p) => p.contactId);
  const textsOn = organization.smsEnabled && getEnv().parts.sms !== "off";
  const desiredRowsOf = () =>
    ids.flatMap((contactId) => (desiredByContact.get(contactId) ?? []).map((row) => ({ contactId, row })));
  if (storedWhenRead && !textsOn && sameDigest(storedWhenRead, desiredRowsOf())) {
    result.unchanged = storedWhenRead.rows;
    return result;
  }

  await tenantTransaction(organizationId, async (tx) => {
    // An unsubscribe that committed after the contacts were read wins: nothing is planned for them.
    const optedOut = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM contacts
      WHERE organization_id = ${organizationId}::uuid AND id = ANY(${ids}::uuid[]) AND (unsubscribed_at IS NOT NULL OR do_not_communicate)`;
    for (const { id } of optedOut) desiredByContact.set(id, []);
    // Texts (#20 point 3): only where the organization turned them on, Twilio is set up, and the contact consented.
    if (textsOn)
      for (const [contactId, timeZones] of await textableContacts(tx, context, ids))
        desiredByContact.set(contactId, withTextRows(desiredByContact.get(contactId) ?? [], timeZones));
    // The nightly case: the page's stored rows already are its desired rows. The database's digest of
    // them says so without reading them back; any difference takes the full diff below.
    const desired = desiredRowsOf();
    const stored = await storedScheduleDigest(tx, organizationId, ids);
    if (sameDigest(stored, desired)) {
      result.unchanged = desired.length;
      return;
    }
    // A schedule page is derived data that the next run rebuilds: its commit need not wait for the
    // disk flush (a crash can lose at most the last few pages' rows, never a sent email's state).
    await tx.$executeRaw`SET LOCAL synchronous_commit = off`;
    // A page the digest found no rows for (a first run) has nothing to read back.
    const existing = stored.rows === 0 ? [] : await existingRows(tx, organizationId, ids);
    const existingByContact = groupBy(existing, (row) => row.contactId);

    const inserts: NewScheduledRow[] = [];
    const updates: { id: string; row: DesiredRow }[] = [];
    const removals: string[] = [];
    for (const contactId of ids) {
      const diff = diffSchedule(existingByContact.get(contactId) ?? [], desiredByContact.get(contactId) ?? []);
      result.unchanged += diff.unchanged;
      updates.push(...diff.update);
      removals.push(...diff.remove);
      for (const row of diff.insert) inserts.push({ contactId, row });
    }

    if (removals.length) {
      result.removed = (
        await tx.scheduledEmail.deleteMany({
          where: { organizationId, id: { in: removals }, status: { in: [...RESCHEDULABLE_STATUSES] } },
        })
      ).count;
    }
    for (const part of chunks(updates, WRITE_CHUNK_ROWS))
      result.updated += await updateScheduledRows(tx, organizationId, schedulerRunId, part);
    for (const part of chunks(inserts, WRITE_CHUNK_ROWS))
      result.inserted += await insertScheduledRows(tx, organizationId, schedulerRunId, part);
  });
  return result;
}

/**
 * The contacts of a page that may be texted now (the consent ledger's rule, lib/sms/consent-rule.ts), each with the
 * time zones of its state for the quiet hours. One read of the page's SMS consent events: a contact without any
 * has no consent, so a book that never recorded one reads nothing else.
 */
async function textableContacts(
  tx: TxClient,
  context: RescheduleContext,
  ids: string[],
): Promise<Map<string, readonly string[]>> {
  const { organizationId } = context;
  const rows = await tx.$queryRaw<
    (SmsConsentEvent & { contactId: string; contactPhone: string | null; state: string | null })[]
  >`
    SELECT e.contact_id::text AS "contactId", c.phone_number AS "contactPhone", c.state, e.organization_id::text AS "organizationId",
           e.channel::text AS channel, e.action::text AS action, e.occurred_at AS "occurredAt", e.phone_number AS "phoneNumber",
           e.consent_text AS "consentText"
    FROM consent_events e JOIN contacts c ON c.id = e.contact_id
    WHERE e.organization_id = ${organizationId}::uuid AND e.channel = 'sms' AND e.contact_id = ANY(${ids}::uuid[])
    ORDER BY e.occurred_at, e.created_at`;
  const textable = new Map<string, readonly string[]>();
  for (const [contactId, events] of groupBy(rows, (row) => row.contactId)) {
    const { contactPhone, state } = events[0]!;
    if (smsConsentFromEvents({ organizationId, phoneNumber: contactPhone, events }).allowed)
      textable.set(contactId, smsTimeZonesOfState(state, context.planOrganization.timezone));
  }
  return textable;
}

/** Plans, balances and applies one page of contacts (a single contact's change). */
async function syncContactsPage(context: RescheduleContext, page: ContactsPage, plan: Planner): Promise<SyncResult> {
  const plans = planContactsPage(context, page, plan);
  return applyContactPlans({ context, plans: balancePlans(context, plans) });
}

/** One contact's plan between the reschedule's passes, besides what its DailyLoadBook holds. */
type StoredPlan = [skipped: Plan["skipped"], details: EmailDetails[]];

/**
 * A page's rows the reschedule may change, in the diff's words: one raw query, dates as text, so the
 * nightly run (nothing changed) compares them without building a Prisma object and a Date per column.
 */
async function existingRows(
  tx: TxClient,
  organizationId: string,
  contactIds: string[],
): Promise<(ExistingRow & { contactId: string })[]> {
  return tx.$queryRaw<(ExistingRow & { contactId: string })[]>`
    SELECT id::text AS id, contact_id::text AS "contactId", email_type AS "emailType",
           to_char(scheduled_send_date, 'YYYY-MM-DD') AS "sendDate", status::text AS status, skip_reason AS "skipReason",
           priority, to_char(event_date, 'YYYY-MM-DD') AS "eventDate", scheduled_send_at AS "scheduledSendAt",
           send_mode::text AS "sendMode", parent_email_id::text AS "parentEmailId", metadata, attempt_count AS "attemptCount"
    FROM scheduled_emails
    WHERE organization_id = ${organizationId}::uuid AND contact_id = ANY(${contactIds}::uuid[])
      AND status::text IN (${Prisma.join([...REVIVABLE_STATUSES])})`;
}
type NewScheduledRow = { contactId: string; row: DesiredRow };

/** A page's stored rows as storedScheduleDigest gives them: how many, and their digest. */
export type StoredDigest = { rows: number; digest: string };

/** Whether a page's stored rows (their digest) already are these desired rows. */
const sameDigest = (stored: StoredDigest, desired: DigestRow[]) =>
  stored.rows === desired.length && stored.digest === scheduleDigest(desired).digest;

/**
 * The digest of a page's stored rows the reschedule may change (lib/outreach/schedule-digest.ts computes
 * the same for the desired rows): each row printed as a JSON array of the fields diffSchedule compares,
 * in key order, joined by newlines, md5'd; "" for none.
 */
export async function storedScheduleDigest(
  tx: TxClient,
  organizationId: string,
  contactIds: string[],
): Promise<StoredDigest> {
  const [digest] = await tx.$queryRaw<StoredDigest[]>`
    SELECT count(*)::int AS rows, coalesce(md5(string_agg(
             json_build_array(contact_id::text, email_type, to_char(scheduled_send_date, 'YYYY-MM-DD'), status::text, skip_reason, priority,
                              to_char(event_date, 'YYYY-MM-DD'), (extract(epoch FROM scheduled_send_at) * 1000)::bigint, send_mode::text,
                              parent_email_id::text, metadata)::text,
             chr(10) ORDER BY contact_id, email_type COLLATE "C", scheduled_send_date)), '') AS digest
    FROM scheduled_emails
    WHERE organization_id = ${organizationId}::uuid AND contact_id = ANY(${contactIds}::uuid[])
      AND status::text IN (${Prisma.join([...REVIVABLE_STATUSES])})`;
  return digest!;
}

/** Rows per multi-row statement: well under PostgreSQL's parameter limits (arrays are one parameter each). */
const WRITE_CHUNK_ROWS = 5_000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const jsonText = (metadata: Record<string, unknown> | null) => (metadata === null ? null : JSON.stringify(metadata));

/**
 * outreachIdempotencyKey of a row of insertScheduledRows, built by PostgreSQL from the row's contact, type and date
 * as they arrive (its text "YYYY-MM-DD"): sent as one more field, the key was a quarter of a first run's JSON.
 * reschedule-contact.test.ts holds the stored keys to outreachIdempotencyKey.
 */
const OUTREACH_KEY_SQL = Prisma.sql`'outreach:' || n.c || ':' || n.t || ':' || n.d`;

/**
 * One INSERT … SELECT per chunk, its rows in one JSON text parameter that PostgreSQL reads with
 * json_to_recordset: the client's whole cost is one JSON.stringify. Prisma's createMany managed about 2,700
 * rows/s (bench/schedule); twelve array parameters through unnest(…) spent 3–4 s of a first run at 100,000
 * contacts in the client (Prisma's and pg's serialization of each element, and its garbage; CPU profile,
 * 2026-11-29), with the database idle meanwhile. A key already held by a sent/sending/failed row is left to
 * that row (ON CONFLICT DO NOTHING). Keys are one letter: a first run sends a few hundred thousand rows.
 * Ids are time-ordered (app_uuid_v7, migration app_uuid_v7): they land at the right edge of the primary key and
 * of the sweep's pending index instead of anywhere in them (a quarter less insert time at 1,000,000 contacts).
 * One app_uuid_v7 a statement, whose last 16 bits are then each row's place in the chunk: the function's strong
 * randomness cost 3.4 µs a row (a second of a first run at 100,000 contacts, where the database is the bottleneck),
 * the counter 0.6 µs. The ids stay unique (one statement's rows differ in the counter; two statements share the first
 * 112 bits only in the same millisecond and with the same 58 random bits) and version 7.
 */
async function insertScheduledRows(
  tx: TxClient,
  organizationId: string,
  schedulerRunId: string | null,
  rows: NewScheduledRow[],
): Promise<number> {
  if (rows.length > 0xffff)
    throw new RangeError("insertScheduledRows: a chunk's places must fit the id's last 16 bits");
  const json = JSON.stringify(
    rows.map(({ contactId, row }) => ({
      c: contactId,
      t: row.emailType,
      d: row.sendDate,
      a: row.scheduledSendAt.toISOString(),
      s: row.status,
      // A field that is null is left out (json_to_recordset reads it as NULL): most rows have no skip reason,
      // parent or metadata.
      r: row.skipReason ?? undefined,
      p: row.priority,
      m: row.sendMode,
      e: row.eventDate ?? undefined,
      f: row.parentEmailId ?? undefined,
      j: row.metadata ?? undefined,
    })),
  );
  return tx.$executeRaw(Prisma.sql`
    INSERT INTO scheduled_emails (id, organization_id, contact_id, email_type, scheduled_send_date, scheduled_send_at, status, skip_reason, priority,
                                  send_mode, idempotency_key, event_date, scheduler_run_id, parent_email_id, metadata, created_at, updated_at)
    SELECT ((SELECT left(replace(app_uuid_v7()::text, '-', ''), 28)) || lpad(to_hex(n.place::int), 4, '0'))::uuid, ${organizationId}::uuid, n.c::uuid, n.t, n.d::date, n.a::timestamptz, n.s::"ScheduledEmailStatus", n.r,
           n.p, n.m::"SendMode", ${OUTREACH_KEY_SQL}, n.e::date, ${schedulerRunId}::uuid, n.f::uuid, n.j, now(), now()
    FROM ROWS FROM (json_to_recordset(${json}::json)
                    AS (c text, t text, d text, a text, s text, r text, p int, m text, e text, f text, j jsonb))
         WITH ORDINALITY AS n(c, t, d, a, s, r, p, m, e, f, j, place)
    ON CONFLICT DO NOTHING`);
}

/** The plan's fields on rows that changed, in one UPDATE … FROM unnest(…), still only where the row is pending/skipped/cancelled. */
async function updateScheduledRows(
  tx: TxClient,
  organizationId: string,
  schedulerRunId: string | null,
  rows: { id: string; row: DesiredRow }[],
): Promise<number> {
  const col = <T>(pick: (r: { id: string; row: DesiredRow }) => T) => rows.map(pick);
  return tx.$executeRaw(Prisma.sql`
    UPDATE scheduled_emails AS e SET
      status = s.status::"ScheduledEmailStatus", skip_reason = s.skip_reason, priority = s.priority, event_date = s.event_date::date,
      scheduled_send_at = s.send_at, send_mode = s.send_mode::"SendMode", parent_email_id = s.parent_email_id::uuid, metadata = s.metadata::jsonb,
      scheduler_run_id = ${schedulerRunId}::uuid, updated_at = now()
    FROM unnest(${col((r) => r.id)}::text[], ${col((r) => r.row.status)}::text[], ${col((r) => r.row.skipReason)}::text[], ${col((r) => r.row.priority)}::int[],
                ${col((r) => r.row.eventDate)}::text[], ${col((r) => r.row.scheduledSendAt.toISOString())}::timestamptz[], ${col((r) => r.row.sendMode)}::text[],
                ${col((r) => r.row.parentEmailId)}::text[], ${col((r) => jsonText(r.row.metadata))}::text[])
         AS s(id, status, skip_reason, priority, event_date, send_at, send_mode, parent_email_id, metadata)
    WHERE e.id = s.id::uuid AND e.organization_id = ${organizationId}::uuid AND e.status::text IN (${Prisma.join([...REVIVABLE_STATUSES])})`);
}

/** Reschedules a few contacts (created, edited, emailed, clicked): one context, one page. Contacts that no longer exist have nothing to do. */
export async function syncContactSchedules({
  organizationId,
  contactIds,
  plan,
  now,
  horizonDays,
}: {
  organizationId: string;
  contactIds: readonly string[];
  plan: Planner;
  now: Date;
  horizonDays?: number;
}): Promise<SyncResult> {
  const empty: SyncResult = { contacts: 0, inserted: 0, updated: 0, removed: 0, unchanged: 0 };
  if (contactIds.length === 0) return empty;
  const context = await loadRescheduleContext({ organizationId, now, horizonDays });
  if (!context) return empty;
  // A contact's household partner is re-planned with it: the household window decides for both.
  const partners = await tenantTransaction(organizationId, (tx) =>
    confirmedPartners(tx, organizationId, [...new Set(contactIds)]),
  );
  const page = await readContactsPage(context, { ids: [...new Set([...contactIds, ...partners.values()])] });
  if (page.contacts.length === 0) return empty;
  return syncContactsPage(context, page, plan);
}

/** Reschedules one contact (after it was created or edited). */
export async function syncContactSchedule({
  contactId,
  ...options
}: {
  organizationId: string;
  contactId: string;
  plan: Planner;
  now: Date;
  horizonDays?: number;
}): Promise<SyncResult> {
  return syncContactSchedules({ ...options, contactIds: [contactId] });
}

/** Rows a run inserts before it refreshes the schedule table's statistics (refreshScheduleStatistics). */
export const STATISTICS_REFRESH_ROWS = 10_000;

/**
 * ANALYZE of scheduled_emails, as the table's owner (it reads no tenant's rows out). A run that writes a
 * new book (an organization's first run, a large import) makes the table's statistics wrong at once: they
 * still say the organization has almost no rows, so each page's digest and read of its stored rows, which
 * look rows up by the page's contacts, were planned as a scan of every row of the organization instead:
 * 127 ms a page by the 150th page of 100,000 contacts, growing with the book (bench/schedule, 2026-11-29:
 * 11 of the first run's 29 s of writing). Autovacuum would analyze the table only after the run.
 */
async function refreshScheduleStatistics() {
  try {
    // SKIP_LOCKED: never wait behind another ANALYZE or an autovacuum of the table (the run would stall).
    await prisma.$executeRawUnsafe("ANALYZE (SKIP_LOCKED) scheduled_emails");
  } catch (error) {
    // Only a speed-up: a database that refuses it (a role that does not own the table) still gets its rows.
    console.error(
      JSON.stringify({ level: "warn", event: "schedule_statistics_refresh_failed", error: errorClassName(error) }),
    );
  }
}

/**
 * Reschedules every contact of an organization (settings changed, went live, nightly run): every
 * contact planned, the organization's days balanced (daily cap), then written in pages of `pageSize`
 * contacts, one transaction per page. The run is recorded in scheduler_runs and stamped on the rows it writes.
 */
export async function rescheduleOrganization(options: Parameters<typeof rescheduleWholeBook>[0]) {
  // Its pages outlive the young generation while they wait on PostgreSQL: see lib/outreach/heap-growth.ts.
  return withBoundedHeapGrowth(() => rescheduleWholeBook(options));
}

async function rescheduleWholeBook({
  organizationId,
  plan,
  now,
  pageSize = RESCHEDULE_PAGE_SIZE,
  horizonDays,
  runId,
  statisticsRefreshRows = STATISTICS_REFRESH_ROWS,
}: {
  organizationId: string;
  plan: Planner;
  now: Date;
  pageSize?: number;
  horizonDays?: number;
  /** A queued run already claimed for this organization (lib/outreach/triggers.ts); default: a new run. */
  runId?: string;
  /** Rows inserted after which the run refreshes the table's statistics once (tests lower it). */
  statisticsRefreshRows?: number;
}) {
  const db = tenantDb(organizationId);
  const organization = await db.organization.findFirst({ where: { id: organizationId }, select: { id: true } });
  if (!organization) return null;
  const run = runId ? { id: runId } : await db.schedulerRun.create({ data: { organizationId, startedAt: now } });
  const totals: SyncResult = { contacts: 0, inserted: 0, updated: 0, removed: 0, unchanged: 0 };
  // Where a run's time goes (bench/schedule reports it): reading and planning, balancing, writing.
  const phaseMs = { plan: 0, balance: 0, write: 0 };
  let phaseStart = performance.now();
  const endPhase = (phase: keyof typeof phaseMs) => {
    const at = performance.now();
    phaseMs[phase] += at - phaseStart;
    phaseStart = at;
  };
  try {
    const context = (await loadRescheduleContext({ organizationId, now, horizonDays, schedulerRunId: run.id }))!;
    // Two passes, because the daily cap is a property of the whole book. The first plans every contact
    // (pages read as key ranges, a few ahead) and keeps, per page, only what the balance needs (DailyLoadBook: a few
    // numbers an email) and the page's plans deflated; the balance moves days in the book; the second
    // pass inflates one page at a time, gives it its balanced days and writes it in one transaction.
    // Memory is the book's columns and the deflated pages, never a whole book of plan objects.
    const { contactCount } = context.planOrganization;
    const book = new DailyLoadBook(contactCount * EXPECTED_EMAILS_PER_CONTACT, contactCount);
    const pages: { first: number; plans: Promise<Buffer> | null; storedWhenRead?: StoredDigest }[] = [];
    // The next pages and their history are read while this one is planned: the database and the planner overlap.
    const ranges = await contactRanges(organizationId, pageSize);
    const reads: (Promise<ContactsPage> | undefined)[] = [];
    const startRead = (index: number) => {
      if (index >= ranges.length || reads[index]) return;
      // With the digest of the page's stored rows: the database computes it here, while the planner runs, and
      // the second pass then leaves a page its plans match without a transaction (the nightly case).
      const read = readContactsPage(context, ranges[index]!, { withStoredDigest: true });
      read.catch(() => undefined); // awaited below; a failure while another page is planned must not go unhandled
      reads[index] = read;
    };
    for (let index = 0; index < ranges.length; index++) {
      for (let ahead = 0; ahead <= PAGES_READ_AHEAD; ahead++) startRead(index + ahead);
      const page = await reads[index]!;
      reads[index] = undefined; // planned once: its memory goes with it
      if (page.contacts.length === 0) continue; // its contacts were deleted since the ranges were read
      const plans = planContactsPage(context, page, plan);
      const first = book.contacts;
      for (const { contactId, plan: contactPlan } of plans) book.add(contactId, contactPlan);
      // What the book does not hold (skips, event dates, parents, metadata), deflated on libuv's threads
      // while the next page is planned (level 1: fast, and several times smaller).
      const details: StoredPlan[] = plans.map(({ plan: p }) => [p.skipped, p.planned.map(emailDetails)]);
      const stored = deflate(JSON.stringify(details), { level: 1 });
      stored.catch(() => undefined); // awaited in the second pass
      pages.push({ first, plans: stored, storedWhenRead: page.storedWhenRead });
    }
    endPhase("plan");
    book.balance({
      now: context.now,
      timeZone: context.planOrganization.timezone,
      contactCount: context.planOrganization.contactCount,
    });
    endPhase("balance");
    const balancedPage = async (page: (typeof pages)[number]): Promise<ContactPlan[]> => {
      const stored = JSON.parse((await inflate(await page.plans!)).toString()) as StoredPlan[];
      page.plans = null; // written once: its memory goes as soon as it is read
      return stored.map(([skipped, details], i) => ({
        contactId: book.contactId(page.first + i),
        plan: { planned: book.balancedEmails(page.first + i, details), skipped },
      }));
    };
    // Pages touch disjoint contacts, so a few are written at once (each its own transaction).
    let nextPage = 0;
    let statisticsRefreshed = false;
    const writer = async () => {
      while (nextPage < pages.length) {
        const planned = pages[nextPage++]!;
        const plans = await balancedPage(planned);
        const page = await applyContactPlans({ context, plans, storedWhenRead: planned.storedWhenRead });
        for (const key of Object.keys(totals) as (keyof SyncResult)[]) totals[key] += page[key];
        if (!statisticsRefreshed && totals.inserted >= statisticsRefreshRows) {
          statisticsRefreshed = true;
          await refreshScheduleStatistics();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(WRITE_CONCURRENCY, pages.length) }, writer));
    endPhase("write");
  } catch (error) {
    await db.schedulerRun.update({
      where: { id: run.id, organizationId },
      data: { status: "failed", error: error instanceof Error ? error.name : "UnknownError", finishedAt: new Date() },
    });
    throw error;
  }
  await db.schedulerRun.update({
    where: { id: run.id, organizationId },
    data: {
      status: "completed",
      processedCount: totals.contacts,
      scheduledCount: totals.inserted + totals.updated,
      finishedAt: new Date(),
    },
  });
  return {
    runId: run.id,
    ...totals,
    phaseMs: { plan: Math.round(phaseMs.plan), balance: Math.round(phaseMs.balance), write: Math.round(phaseMs.write) },
  };
}
