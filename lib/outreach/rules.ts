import { TZDate } from "@date-fns/tz";
import { parseIsoDate, type IsoDate } from "@/lib/calendar/calendar-date";
import { TRIAL_SAMPLE_CONTACTS } from "@/lib/trial/trial-sample";
import type { Plan } from "@/lib/outreach-schedule/types";

/**
 * The pure half of lib/outreach (architecture.md rule 7): how a plan becomes ScheduledEmail rows
 * (send instant, send mode, the smart-update diff of domain-rules A.10) and how a failed send is
 * retried. No database here; `now` is always passed in.
 */

/** A failed send is retried this many times in all (the claim counts an attempt), then the row is failed. */
export const MAX_SEND_ATTEMPTS = 5;
/** First retry after 5 minutes, doubling per attempt, never more than 6 hours. */
export const RETRY_BASE_MS = 5 * 60_000;
export const RETRY_MAX_MS = 6 * 60 * 60_000;
/**
 * A row still "sending" this long after its claim belongs to a sweeper that died (crash, deploy, OOM):
 * another sweeper takes it over. Far longer than one provider call, so a slow sender is not overtaken;
 * if it were, the idempotency key still lets the email out only once.
 */
export const STALE_SENDING_MINUTES = 15;

/** The statuses a reschedule may remove when the plan no longer produces their key. */
export const RESCHEDULABLE_STATUSES = ["pending", "skipped"] as const;
/**
 * The statuses a reschedule may rewrite when the plan produces their key: a cancelled row comes back
 * when the plan wants it again (the contact resubscribed). Sending, sent and failed rows are history:
 * never touched, and their keys are never planned over.
 */
export const REVIVABLE_STATUSES = ["pending", "skipped", "cancelled"] as const;

export type SendMode = "test" | "production";

type LiveFacts = { demoMode: boolean; wentLiveAt: Date | null };

/** Live = out of demo mode and past the go-live instant. Before that nothing reaches a consumer. */
export function isOrganizationLive(organization: LiveFacts, at: Date): boolean {
  return !organization.demoMode && (!organization.wentLiveAt || organization.wentLiveAt.getTime() <= at.getTime());
}

/** test (the agent's address, "[TEST]") until the organization is live at that instant; production after. */
export function sendModeAt(organization: LiveFacts, at: Date): SendMode {
  return isOrganizationLive(organization, at) ? "production" : "test";
}

/**
 * A trial sends a sample, not the book: only the organization's first TRIAL_SAMPLE_CONTACTS contacts
 * (oldest first) have their test-mode emails sent, as [TEST] copies to the agent. Every other contact's
 * test-mode emails are planned as skipped with this reason, so a trial import of thousands does not
 * fill the agent's inbox with one [TEST] copy per contact. Rows dated after go-live are production and
 * untouched; going live re-plans the book.
 */
export { TRIAL_SAMPLE_CONTACTS };
export const TRIAL_SAMPLE_SKIP_REASON = `Trial: [TEST] copies go out for the first ${TRIAL_SAMPLE_CONTACTS} contacts only`;

/** A contact's desired rows in the trial: unchanged for a sample contact, else its test-mode emails skipped. */
export function limitTrialCopies(rows: DesiredRow[], inTrialSample: boolean): DesiredRow[] {
  if (inTrialSample) return rows;
  return rows.map((row) =>
    row.sendMode === "test" && row.status === "pending"
      ? { ...row, status: "skipped", skipReason: TRIAL_SAMPLE_SKIP_REASON }
      : row,
  );
}

/** The instant of a calendar date at hour:minute in the organization's time zone (08:30 America/Chicago by default). */
export function sendInstant(date: IsoDate, settings: { hour: number; minute: number; timeZone: string }): Date {
  return sendInstants(settings)(date);
}

/**
 * sendInstant for one organization's send time: a book's rows share a few hundred dates, and the time-zone arithmetic
 * is the costly part of a reschedule, so each (time, zone) keeps its dates' instants, looked up by the date alone.
 */
function sendInstants({ hour, minute, timeZone }: { hour: number; minute: number; timeZone: string }) {
  const settingsKey = `${hour}|${minute}|${timeZone}`;
  let instants = sendInstantCache.get(settingsKey);
  if (!instants) {
    if (sendInstantCache.size >= SEND_INSTANT_SETTINGS) sendInstantCache.clear();
    instants = new Map();
    sendInstantCache.set(settingsKey, instants);
  }
  const known = instants;
  return (date: IsoDate): Date => {
    const cached = known.get(date);
    if (cached !== undefined) return new Date(cached);
    const parsed = parseIsoDate(date);
    if (!parsed) throw new Error(`Not a calendar date: ${date}`);
    const instant = new TZDate(
      parsed.getUTCFullYear(),
      parsed.getUTCMonth(),
      parsed.getUTCDate(),
      hour,
      minute,
      0,
      timeZone,
    ).getTime();
    if (known.size >= SEND_INSTANT_DATES) known.clear();
    known.set(date, instant);
    return new Date(instant);
  };
}

const SEND_INSTANT_SETTINGS = 1_000;
const SEND_INSTANT_DATES = 20_000;
const sendInstantCache = new Map<string, Map<IsoDate, number>>();

/** Delay before retry number `attempt` (1 = after the first failed attempt). */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), RETRY_MAX_MS);
}

/** What a failed attempt leaves on the row: only the error's class name (messages may carry addresses). */
export function errorClassName(error: unknown): string {
  if (error instanceof Error)
    return (error.name && error.name !== "Error" ? error.name : error.constructor?.name) || "Error";
  return "UnknownError";
}

/** After attempt `attempt` failed: try again later, or give up. */
export function afterFailedAttempt({
  attempt,
  now,
}: {
  attempt: number;
  now: Date;
}): { status: "pending"; retryAt: Date } | { status: "failed" } {
  if (attempt >= MAX_SEND_ATTEMPTS) return { status: "failed" };
  return { status: "pending", retryAt: new Date(now.getTime() + retryDelayMs(attempt)) };
}

// ── Plan → rows ──

/** The fields of a ScheduledEmail a plan decides. The key is (emailType, sendDate) for one contact. */
export type DesiredRow = {
  emailType: string;
  sendDate: IsoDate;
  status: "pending" | "skipped";
  skipReason: string | null;
  priority: number;
  eventDate: IsoDate | null;
  scheduledSendAt: Date;
  sendMode: SendMode;
  parentEmailId: string | null;
  metadata: Record<string, unknown> | null;
};

export type ExistingRow = Omit<DesiredRow, "status"> & { id: string; status: string; attemptCount: number };

export const rowKey = (row: { emailType: string; sendDate: IsoDate }) => `${row.emailType}|${row.sendDate}`;

type RowSettings = {
  timeZone: string;
  sendTimeHour: number;
  sendTimeMinute: number;
  demoMode: boolean;
  wentLiveAt: Date | null;
};

/**
 * The rows a plan asks for. Planned emails win over a skip with the same key; a plan's duplicates
 * collapse to one row (the unique key is contact, type, date).
 */
export function desiredRows(
  plan: Plan,
  settings: RowSettings,
  defaultPriority: (emailType: string) => number,
): DesiredRow[] {
  const byKey = new Map<string, DesiredRow>();
  const at = sendInstants({
    hour: settings.sendTimeHour,
    minute: settings.sendTimeMinute,
    timeZone: settings.timeZone,
  });
  for (const email of plan.planned) {
    const key = rowKey(email);
    if (byKey.has(key)) continue;
    const scheduledSendAt = at(email.sendDate);
    byKey.set(key, {
      emailType: email.emailType,
      sendDate: email.sendDate,
      status: "pending",
      skipReason: null,
      priority: email.priority,
      eventDate: email.eventDate ?? null,
      scheduledSendAt,
      sendMode: sendModeAt(settings, scheduledSendAt),
      parentEmailId: email.parentEmailId ?? null,
      metadata: email.metadata ?? null,
    });
  }
  for (const skipped of plan.skipped) {
    const key = rowKey({ emailType: skipped.emailType, sendDate: skipped.date });
    if (byKey.has(key)) continue;
    const scheduledSendAt = at(skipped.date);
    byKey.set(key, {
      emailType: skipped.emailType,
      sendDate: skipped.date,
      status: "skipped",
      skipReason: skipped.skipReason,
      priority: defaultPriority(skipped.emailType),
      eventDate: null,
      scheduledSendAt,
      sendMode: sendModeAt(settings, scheduledSendAt),
      parentEmailId: null,
      metadata: null,
    });
  }
  return [...byKey.values()];
}

/** JSON with sorted keys, so that two equal metadata objects compare equal whatever their key order. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/**
 * Metadata the send path keeps on a row between attempts (the quote link an earlier attempt put in the
 * email): a reschedule carries it over, so a retry sends the same link the provider may already have.
 */
export const SEND_STATE_KEYS = ["quoteLinkId"] as const;

function withSendState(want: DesiredRow, have: ExistingRow): DesiredRow {
  const kept = SEND_STATE_KEYS.filter((key) => have.metadata?.[key] !== undefined);
  if (kept.length === 0) return want;
  return {
    ...want,
    metadata: { ...(want.metadata ?? {}), ...Object.fromEntries(kept.map((key) => [key, have.metadata![key]])) },
  };
}

export type ScheduleDiff = {
  insert: DesiredRow[];
  update: { id: string; row: DesiredRow }[];
  remove: string[];
  unchanged: number;
};

/**
 * The smart update of domain-rules A.10 for one contact: new keys are inserted, rows whose fields
 * changed are updated, unchanged rows are left alone (their history stays), and pending/skipped rows
 * the plan no longer produces are removed. `existing` holds only the contact's pending, skipped and
 * cancelled rows (REVIVABLE_STATUSES); a cancelled row is revived when planned again, else kept as history.
 *
 * A pending row that already failed an attempt keeps its later retry instant: a reschedule must not
 * undo the backoff.
 */
export function diffSchedule(existing: ExistingRow[], desired: DesiredRow[]): ScheduleDiff {
  const current = new Map(existing.map((row) => [rowKey(row), row]));
  const diff: ScheduleDiff = { insert: [], update: [], remove: [], unchanged: 0 };
  const wanted = new Set<string>();
  for (const want of desired) {
    const key = rowKey(want);
    wanted.add(key);
    const have = current.get(key);
    if (!have) {
      diff.insert.push(want);
      continue;
    }
    const kept = withSendState(want, have);
    const row =
      have.status === "pending" &&
      kept.status === "pending" &&
      have.attemptCount > 0 &&
      have.scheduledSendAt.getTime() > kept.scheduledSendAt.getTime()
        ? { ...kept, scheduledSendAt: have.scheduledSendAt }
        : kept;
    const same =
      have.status === row.status &&
      (have.skipReason ?? null) === row.skipReason &&
      have.priority === row.priority &&
      (have.eventDate ?? null) === row.eventDate &&
      have.scheduledSendAt.getTime() === row.scheduledSendAt.getTime() &&
      have.sendMode === row.sendMode &&
      (have.parentEmailId ?? null) === row.parentEmailId &&
      canonicalJson(have.metadata) === canonicalJson(row.metadata);
    if (same) diff.unchanged += 1;
    else diff.update.push({ id: have.id, row });
  }
  for (const [key, have] of current) {
    if (!wanted.has(key) && (RESCHEDULABLE_STATUSES as readonly string[]).includes(have.status))
      diff.remove.push(have.id);
  }
  return diff;
}

/**
 * The idempotency key of a scheduled email: derived from its unique key, so a row removed and planned
 * again (a setting toggled off and on) can never be delivered twice, even if an earlier attempt reached
 * the provider.
 */
export function outreachIdempotencyKey({
  contactId,
  emailType,
  sendDate,
}: {
  contactId: string;
  emailType: string;
  sendDate: IsoDate;
}): string {
  return `outreach:${contactId}:${emailType}:${sendDate}`;
}
