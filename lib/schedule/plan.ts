import { TZDate } from "@date-fns/tz";
import { addMonthsDay, anniversaryDay, catchUpDay, dayNumber, dayOf, DEFAULT_TIME_ZONE, isoDate, localDate, stableHash, yearOfDay } from "@/lib/schedule/calendar";
import { applyFrequencyLimit, type FrequencyLimit } from "@/lib/schedule/frequency";
import { EMAIL_PRIORITY, type EmailType, type Plan, type PlanContact, type PlanInput, type PlannedEmail, type PlanOrganization, type SkippedEmail } from "@/lib/schedule/types";
import { exclusionAt, exclusionWindows, type ExclusionWindow } from "@/lib/schedule/windows";

/**
 * The outreach date rules of domain-rules.md A as one pure function: a contact, its organization's
 * settings, its state's switching rule, what was already sent, and `now` → the emails to plan and the
 * ones skipped with the reason. docs/outreach-rules.md lists every rule, its default and its source.
 */

/** The defaults of domain-rules A (the REC lines) and of the issue. */
export const SCHEDULE_DEFAULTS = {
  timeZone: DEFAULT_TIME_ZONE,
  horizonDays: 365,
  birthdayDaysBefore: 14,
  effectiveDateDaysBefore: 30,
  rateIncreaseDaysBefore: 14,
  preExclusionBufferDays: 60,
  maxEmailsPerPeriod: 3,
  frequencyPeriodDays: 30,
  /** New contacts: the first email 72 hours after they are added, spread over 3 days. */
  initialBlastDelayHours: 72,
  initialBlastSpreadDays: 3,
  /** The local time of day emails go out when the organization sets none. */
  sendTime: { hour: 8, minute: 30 },
  /** After go-live every eligible contact gets the welcome email, spread over 30 days. */
  goLiveSpreadDays: 30,
  /** AEP campaign: September 1–30, one day per contact; the email is about AEP opening on Oct 15. */
  aepSpreadDays: 30,
  followUpDelayDays: 2,
  /** Follow-ups are planned for initial emails sent within this many days (A.9). */
  followUpLookbackDays: 35,
  /** An email whose ideal date passed is sent on a day of the next 7 while its event is ahead (A.8). */
  catchUpSpreadDays: 7,
  /** How far the load balancer may move an email from its ideal date. */
  moveSlackDays: 7,
  /** A sent email of the same type within this many days before the ideal date already covered the occurrence. */
  sentCoversDays: 90,
} as const;

export const FOLLOW_UP_TYPES: ReadonlySet<EmailType> = new Set(["followup_1_cold", "followup_2_clicked_no_hq", "followup_3_hq_no_yes", "followup_4_hq_with_yes"]);

/** Emails a follow-up may follow (A.9, plus the welcome and blast: they carry the first quote link). */
export const FOLLOW_UP_PARENT_TYPES: ReadonlySet<string> = new Set(["birthday", "effective_date", "aep", "post_window", "rate_increase", "initial_blast", "go_live_welcome"]);

/** The marketing emails a failed-underwriting rule replaces or withholds. */
const MARKETING_TYPES: ReadonlySet<EmailType> = new Set(["birthday", "effective_date", "aep", "rate_increase", "initial_blast", "go_live_welcome"]);

export const SKIP_REASONS = {
  noState: "No state for contact",
  notLicensed: (state: string) => `Not licensed in ${state}`,
  failedUnderwritingAnnual: "Failed underwriting: one email per year",
  failedUnderwritingExcluded: "Failed underwriting exclusion",
  smartSendNoGuaranteedIssue: (state: string | null) => `SmartSend: no guaranteed-issue carrier in ${state ?? "the contact's state"}`,
  effectiveDateWindow: (months: number) => `Within ${months} months of the policy effective date`,
} as const;

/**
 * The first day whose send time (hour:minute, local) is at or after `earliest`: "72 hours after the contact
 * was added" is a promise about the instant the email goes, not its date (a contact added at 23:00 would
 * otherwise get it at 08:30 on the third day, 57.5 hours later).
 */
export function firstSendDayFrom(earliest: Date, timeZone: string, sendTime: { hour: number; minute: number }): number {
  const day = dayNumber(localDate(earliest, timeZone));
  const local = new TZDate(earliest.getTime(), timeZone || DEFAULT_TIME_ZONE);
  const msIntoDay = ((local.getHours() * 60 + local.getMinutes()) * 60 + local.getSeconds()) * 1000 + local.getMilliseconds();
  return msIntoDay <= (sendTime.hour * 60 + sendTime.minute) * 60_000 ? day : day + 1;
}

type Candidate = {
  emailType: EmailType;
  idealDay: number;
  eventDay: number | null;
  /** The earliest day the email may go (the balancer never moves it before). */
  earliestDay: number;
  /** The last day the email still makes sense (its event); later it is dropped. */
  deadlineDay: number;
  priority: number;
  parentEmailId?: string;
  metadata?: Record<string, unknown>;
  /** One-shot emails (blast, welcome) are never sent twice. */
  once?: boolean;
};

type Decision = { candidate: Candidate; day: number; catchUp: boolean; skipReason: string | null; window: ExclusionWindow | null };

function monthDay(date: string): { month: number; day: number } {
  return { month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/**
 * The contact's state when automatic outreach may not go there: outside the organization's licensed states
 * or, when the assigned agent has licences set, outside the agent's. Null when licensed (or no state, or no
 * licences set yet). The contact list marks the same contacts (lib/contacts: licensedFor).
 */
export function unlicensedStateOf(contact: Pick<PlanContact, "state" | "agentStateLicenses">, org: Pick<PlanOrganization, "stateLicenses">): string | null {
  const state = contact.state?.trim().toUpperCase();
  if (!state) return null;
  const covers = (licences: readonly string[] | undefined) => !licences?.length || licences.some((s) => s.toUpperCase() === state);
  return covers(org.stateLicenses) && covers(contact.agentStateLicenses) ? null : state;
}

export function planContactEmails(input: PlanInput): Plan {
  const { contact, organization: org, history } = input;
  if (contact.optedOut || contact.isPlaceholder) return { planned: [], skipped: [], capHistory: [] };

  const D = SCHEDULE_DEFAULTS;
  const timeZone = org.timezone || D.timeZone;
  const today = dayNumber(localDate(input.now, timeZone));
  const horizonEnd = today + (input.horizonDays ?? D.horizonDays);
  const isOn = (type: EmailType) => org.enabled[type] !== false;
  const limit: FrequencyLimit = { max: org.maxEmailsPerPeriod ?? D.maxEmailsPerPeriod, periodDays: org.frequencyPeriodDays ?? D.frequencyPeriodDays };
  const delayMonths = org.effectiveDateOutreachDelayMonths;

  const rule = input.stateRule;
  const bufferDays = (rule && org.stateBufferDays?.[rule.state]) ?? org.preExclusionBufferDays ?? D.preExclusionBufferDays;
  const windows = exclusionWindows({ rule, birthDate: contact.birthDate, effectiveDate: contact.effectiveDate, bufferDays, fromDay: today - 400, toDay: horizonEnd + 400 });

  const sent = history.sent.map((s) => ({ ...s, day: dayNumber(s.sentDate) }));
  const failedUnderwriting = history.health?.hasConditions === true;
  const firstYear = yearOfDay(today) - 1;
  const lastYear = yearOfDay(horizonEnd) + 1;
  const candidates: Candidate[] = [];
  const make = (emailType: EmailType, c: Omit<Candidate, "emailType" | "priority">): Candidate => ({ emailType, priority: EMAIL_PRIORITY[emailType], ...c });

  // ── Birthday: 14 days before each birthday (A.1). ──
  const birthdays = (type: EmailType) => {
    if (!contact.birthDate) return;
    const { month, day } = monthDay(contact.birthDate);
    const lead = org.birthdayDaysBefore ?? D.birthdayDaysBefore;
    for (let y = firstYear; y <= lastYear; y++) {
      const event = anniversaryDay(y, month, day);
      if (event <= dayNumber(contact.birthDate)) continue;
      candidates.push(make(type, { idealDay: event - lead, eventDay: event, earliestDay: event - lead - D.moveSlackDays, deadlineDay: event }));
    }
  };

  // ── Effective date: 30 days before each policy anniversary, from the anniversary the delay reaches (A.1, A.5). ──
  const anniversaries = (type: EmailType, applyDelay: boolean) => {
    if (!contact.effectiveDate) return;
    const { month, day } = monthDay(contact.effectiveDate);
    const startYear = Number(contact.effectiveDate.slice(0, 4));
    const lead = org.effectiveDateDaysBefore ?? D.effectiveDateDaysBefore;
    for (let y = Math.max(firstYear, startYear + 1); y <= lastYear; y++) {
      const event = anniversaryDay(y, month, day);
      const metadata = { anniversary: y - startYear };
      const candidate = make(type, { idealDay: event - lead, eventDay: event, earliestDay: event - lead - D.moveSlackDays, deadlineDay: event, metadata });
      // 11/23/35 months: the 1st, 2nd or 3rd anniversary is the first one emailed about.
      if (applyDelay && (y - startYear) * 12 < delayMonths) {
        candidate.metadata = { ...metadata, skip: SKIP_REASONS.effectiveDateWindow(delayMonths) };
      }
      candidates.push(candidate);
    }
  };

  // ── AEP: a campaign spread over September 1–30, one fixed day per contact (A.4 REC). ──
  const aepDay = (year: number) => dayOf(year, 9, 1) + (stableHash(`${contact.id}:aep`) % D.aepSpreadDays);
  const aep = (type: EmailType) => {
    for (let y = firstYear; y <= lastYear; y++) {
      candidates.push(make(type, { idealDay: aepDay(y), eventDay: dayOf(y, 10, 15), earliestDay: dayOf(y, 9, 1), deadlineDay: dayOf(y, 9, 30) }));
    }
  };

  // ── Scheduled rate increase: 14 days before the increase of the contact's carrier (any NAIC of its group) in its state (A.2). ──
  const rateIncreases = (type: EmailType) => {
    const seen = new Set<string>();
    for (const increase of input.rateIncreases) {
      if ((increase.carrierGroup ?? increase.carrierNaic) !== contact.currentCarrierNaic || increase.state !== contact.state || seen.has(increase.increaseDate)) continue;
      seen.add(increase.increaseDate);
      const event = dayNumber(increase.increaseDate);
      const ideal = event - D.rateIncreaseDaysBefore;
      candidates.push(make(type, { idealDay: ideal, eventDay: event, earliestDay: ideal - D.moveSlackDays, deadlineDay: event, metadata: { carrierNaic: increase.carrierNaic } }));
    }
  };

  // ── Initial blast (contacts added after go-live, or during the trial) or the go-live welcome (everyone before it). ──
  const wentLiveDay = org.wentLiveAt ? dayNumber(localDate(org.wentLiveAt, timeZone)) : null;
  const addedBeforeGoLive = org.wentLiveAt !== null && contact.createdAt.getTime() < org.wentLiveAt.getTime();
  if (!addedBeforeGoLive && isOn("initial_blast")) {
    const start = firstSendDayFrom(new Date(contact.createdAt.getTime() + D.initialBlastDelayHours * 3_600_000), timeZone, org.sendTime ?? D.sendTime);
    const ideal = start + (stableHash(`${contact.id}:initial_blast`) % D.initialBlastSpreadDays);
    candidates.push(make("initial_blast", { idealDay: ideal, eventDay: null, earliestDay: start, deadlineDay: start + D.initialBlastSpreadDays - 1 + D.moveSlackDays, once: true }));
  }
  if (addedBeforeGoLive && wentLiveDay !== null && org.wentLiveAt && isOn("go_live_welcome")) {
    // From the first send time after going live: a welcome on the go-live day at a send time already
    // past would be a row planned before the go-live instant, i.e. a trial ([TEST]) row, never the client's.
    const start = firstSendDayFrom(org.wentLiveAt, timeZone, org.sendTime ?? D.sendTime);
    const ideal = start + (stableHash(`${contact.id}:go_live_welcome`) % D.goLiveSpreadDays);
    candidates.push(make("go_live_welcome", { idealDay: ideal, eventDay: null, earliestDay: start, deadlineDay: start + D.goLiveSpreadDays - 1 + D.moveSlackDays, once: true }));
  }

  if (isOn("birthday")) birthdays("birthday");
  if (isOn("effective_date")) anniversaries("effective_date", true);
  if (isOn("aep")) aep("aep");
  if (isOn("rate_increase")) rateIncreases("rate_increase");

  // ── Failed underwriting: one email a year at the chosen timing, in place of the others (A.5). ──
  const annualFailedUnderwriting = failedUnderwriting && org.failedUnderwriting.enabled;
  const smartSendStates = org.failedUnderwriting.smartSendStates ? new Set(org.failedUnderwriting.smartSendStates) : null;
  if (annualFailedUnderwriting && isOn("failed_underwriting")) {
    const before = candidates.length;
    const timing = org.failedUnderwriting.timing;
    if (timing === "birthday") birthdays("failed_underwriting");
    else if (timing === "enrollment_anniversary") anniversaries("failed_underwriting", false);
    else if (timing === "schedule_increase") rateIncreases("failed_underwriting");
    else aep("failed_underwriting");
    // At most one a year even when several increases are filed.
    const years = new Set<number>();
    for (const candidate of candidates.splice(before).sort((a, b) => a.idealDay - b.idealDay)) {
      const year = yearOfDay(candidate.idealDay);
      if (years.has(year)) continue;
      years.add(year);
      candidates.push(candidate);
    }
  }

  // ── Follow-ups: 2 days after an initial email, by what the contact did since (A.9). ──
  const parents = sent.filter((s) => FOLLOW_UP_PARENT_TYPES.has(s.emailType)).sort((a, b) => a.day - b.day);
  const followedUp = new Set<string>();
  for (const followUp of sent.filter((s) => FOLLOW_UP_TYPES.has(s.emailType as EmailType))) {
    // A sent follow-up belongs to the latest initial email before it.
    const parent = parents.filter((p) => p.day < followUp.day).at(-1);
    if (parent) followedUp.add(parent.id);
  }
  for (const parent of parents) {
    if (parent.day < today - D.followUpLookbackDays || parent.day > today || followedUp.has(parent.id)) continue;
    const answered = history.health && dayNumber(history.health.date) >= parent.day ? history.health : null;
    const clicked = history.clicks.some((click) => (click.scheduledEmailId ? click.scheduledEmailId === parent.id : dayNumber(click.date) >= parent.day));
    const emailType: EmailType = answered ? (answered.hasConditions ? "followup_4_hq_with_yes" : "followup_3_hq_no_yes") : clicked ? "followup_2_clicked_no_hq" : "followup_1_cold";
    if (!isOn(emailType)) continue;
    const ideal = parent.day + D.followUpDelayDays;
    candidates.push(
      make(emailType, {
        idealDay: ideal,
        eventDay: null,
        earliestDay: ideal,
        deadlineDay: parent.day + D.followUpLookbackDays,
        parentEmailId: parent.id,
        metadata: { initialEmailType: parent.emailType, clicked, answeredHealth: Boolean(answered), hasConditions: answered?.hasConditions ?? false },
      }),
    );
  }

  // ── Gates, windows and dates. ──
  const noState = !contact.state && org.sendWithoutZipcodeForUniversal === false;
  const unlicensedState = unlicensedStateOf(contact, org);
  const effectiveDateGateEnds = contact.effectiveDate ? addMonthsDay(contact.effectiveDate, delayMonths) : null;

  const gateReason = (candidate: Candidate, day: number): string | null => {
    if (noState) return SKIP_REASONS.noState;
    if (unlicensedState) return SKIP_REASONS.notLicensed(unlicensedState);
    if (typeof candidate.metadata?.skip === "string") return candidate.metadata.skip;
    // SmartSend: a contact who failed underwriting is written to only where a carrier takes them without it.
    if (candidate.emailType === "failed_underwriting" && smartSendStates && !(contact.state && smartSendStates.has(contact.state))) return SKIP_REASONS.smartSendNoGuaranteedIssue(contact.state);
    if (failedUnderwriting && MARKETING_TYPES.has(candidate.emailType)) {
      if (annualFailedUnderwriting) return SKIP_REASONS.failedUnderwritingAnnual;
      if (org.excludeFailedUnderwritingGlobal && candidate.emailType !== "aep") return SKIP_REASONS.failedUnderwritingExcluded;
    }
    // Contacts whose policy started less than the delay ago are not contacted (client-side.md §1); the
    // effective_date email has its own rule (which anniversary is the first).
    if (candidate.emailType !== "effective_date" && effectiveDateGateEnds !== null && day < effectiveDateGateEnds) return SKIP_REASONS.effectiveDateWindow(delayMonths);
    return null;
  };

  // Follow-ups were matched to their parent above; other emails are covered by a send of the same occurrence.
  const alreadySent = (candidate: Candidate) =>
    !candidate.parentEmailId &&
    sent.some((s) => s.emailType === candidate.emailType && (candidate.once || (s.day >= candidate.idealDay - D.sentCoversDays && s.day <= candidate.deadlineDay)));

  const decide = (candidate: Candidate): Decision | null => {
    if (candidate.deadlineDay < today || alreadySent(candidate)) return null;
    let day = candidate.idealDay;
    let catchUp = false;
    if (day < today) {
      // Missed inside a window: it stays skipped there (the post-window email makes up for it).
      const missedIn = exclusionAt(windows, day);
      if (missedIn) return { candidate, day, catchUp, skipReason: missedIn.reason, window: missedIn };
      day = Math.min(catchUpDay(`${contact.id}:${candidate.emailType}`, today, D.catchUpSpreadDays), candidate.deadlineDay);
      catchUp = true;
    }
    if (day > horizonEnd) return null;
    const reason = gateReason(candidate, day);
    if (reason) return { candidate, day, catchUp, skipReason: reason, window: null };
    const window = exclusionAt(windows, day);
    return { candidate, day, catchUp, skipReason: window?.reason ?? null, window };
  };

  const decisions = candidates.map(decide).filter((d): d is Decision => d !== null);

  // ── Post-window: the day after each window that swallowed an email (A.6). ──
  if (isOn("post_window") && org.enablePostWindowEmails !== false) {
    const byCloseDay = new Map<number, Set<string>>();
    for (const decision of decisions) {
      const closes = decision.window?.closes;
      if (closes === undefined || !Number.isFinite(closes)) continue;
      const replaces = byCloseDay.get(closes) ?? new Set<string>();
      replaces.add(decision.candidate.emailType);
      byCloseDay.set(closes, replaces);
    }
    for (const [closes, replaces] of byCloseDay) {
      const ideal = closes + 1;
      const decision = decide(make("post_window", { idealDay: ideal, eventDay: closes, earliestDay: ideal, deadlineDay: ideal + 30, metadata: { replaces: [...replaces].sort() } }));
      if (decision) decisions.push(decision);
    }
  }

  // ── Frequency cap: 3 in any 30 days, lower priority number first, follow-ups exempt (A.7). ──
  const capped = decisions.filter((d) => d.skipReason === null && !FOLLOW_UP_TYPES.has(d.candidate.emailType));
  const sentCounted = sent.filter((s) => !FOLLOW_UP_TYPES.has(s.emailType as EmailType)).map((s) => s.day);
  const capReasons = applyFrequencyLimit(
    capped.map((d, order) => ({ day: d.day, priority: d.candidate.priority, order })),
    sentCounted,
    limit,
    isoDate,
  );
  capped.forEach((decision, i) => {
    decision.skipReason = capReasons[i] ?? null;
  });

  // ── Output: one row per (type, date); a planned email wins over a skip with the same key. ──
  const planned: PlannedEmail[] = [];
  const skipped: SkippedEmail[] = [];
  const keys = new Set<string>();
  const ordered = [...decisions].sort((a, b) => Number(a.skipReason !== null) - Number(b.skipReason !== null) || a.day - b.day || a.candidate.priority - b.candidate.priority);
  for (const decision of ordered) {
    const { candidate, day } = decision;
    const key = `${candidate.emailType}|${day}`;
    if (keys.has(key)) continue;
    keys.add(key);
    if (decision.skipReason !== null) {
      skipped.push({ emailType: candidate.emailType, date: isoDate(day), skipReason: decision.skipReason });
      continue;
    }
    const { skip: _skip, ...metadata } = candidate.metadata ?? {};
    const from = Math.max(today, candidate.earliestDay);
    const to = Math.min(candidate.deadlineDay, horizonEnd, decision.catchUp ? day + D.catchUpSpreadDays - 1 : candidate.idealDay + D.moveSlackDays);
    planned.push({
      emailType: candidate.emailType,
      sendDate: isoDate(day),
      priority: candidate.priority,
      eventDate: candidate.eventDay === null ? null : isoDate(candidate.eventDay),
      ...(candidate.parentEmailId ? { parentEmailId: candidate.parentEmailId } : {}),
      ...(Object.keys(metadata).length > 0 || decision.catchUp ? { metadata: decision.catchUp ? { ...metadata, catchUp: true } : metadata } : {}),
      movableWithin: windowFreeRange(windows, day, from, to),
    });
  }
  return { planned, skipped, capHistory: sentCounted.filter((d) => d > today - limit.periodDays * 2).sort((a, b) => a - b).map(isoDate) };
}

/** The days around `day`, within [from, to], that no exclusion window touches. */
function windowFreeRange(windows: readonly ExclusionWindow[], day: number, from: number, to: number): { from: string; to: string } {
  let start = day;
  let end = day;
  while (start - 1 >= from && !exclusionAt(windows, start - 1)) start--;
  while (end + 1 <= to && !exclusionAt(windows, end + 1)) end++;
  return { from: isoDate(start), to: isoDate(end) };
}
