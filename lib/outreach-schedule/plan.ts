import { catchUpDay, dayNumber, isoDate, localDate, yearOfDay } from "@/lib/outreach-schedule/calendar";
import { aepCandidates } from "@/lib/outreach-schedule/candidates/aep";
import { birthdayCandidates } from "@/lib/outreach-schedule/candidates/birthday";
import type { Candidate, CandidateContext } from "@/lib/outreach-schedule/candidates/candidate";
import { anniversaryCandidates } from "@/lib/outreach-schedule/candidates/effective-date";
import { failedUnderwritingCandidates } from "@/lib/outreach-schedule/candidates/failed-underwriting";
import { followUpCandidates } from "@/lib/outreach-schedule/candidates/follow-ups";
import { postWindowCandidates } from "@/lib/outreach-schedule/candidates/post-window";
import { rateIncreaseCandidates } from "@/lib/outreach-schedule/candidates/rate-increase";
import { goLiveWelcomeCandidates, initialBlastCandidates } from "@/lib/outreach-schedule/candidates/welcome";
import { FOLLOW_UP_TYPES, SCHEDULE_DEFAULTS } from "@/lib/outreach-schedule/defaults";
import { applyFrequencyLimit, type FrequencyLimit } from "@/lib/outreach-schedule/frequency";
import { annualFailedUnderwriting, contactGates } from "@/lib/outreach-schedule/gates";
import type { EmailType, Plan, PlanInput, PlannedEmail, SkippedEmail } from "@/lib/outreach-schedule/types";
import { exclusionAt, exclusionWindows, type ExclusionWindow } from "@/lib/outreach-schedule/windows";

/**
 * The outreach date rules of domain-rules.md A as one pure function: a contact, its organization's
 * settings, its state's switching rule, what was already sent, and `now` → the emails to plan and the
 * ones skipped with the reason. docs/outreach-rules.md lists every rule, its default and its source.
 *
 * Three steps: each email type's generator (lib/outreach-schedule/candidates/) proposes its emails; each is placed
 * on a day (catch-up when its ideal day passed) and checked by the shared gates (gates.ts) and the
 * exclusion windows (windows.ts); the frequency cap (frequency.ts) then admits them by priority.
 */

export { SCHEDULE_DEFAULTS, FOLLOW_UP_TYPES, FOLLOW_UP_PARENT_TYPES } from "@/lib/outreach-schedule/defaults";
export { SKIP_REASONS, unlicensedStateOf } from "@/lib/outreach-schedule/gates";
export { firstSendDayFrom } from "@/lib/outreach-schedule/candidates/welcome";

type Decision = {
  candidate: Candidate;
  day: number;
  catchUp: boolean;
  skipReason: string | null;
  window: ExclusionWindow | null;
};

export function planContactEmails(input: PlanInput): Plan {
  const { contact, organization: org, history } = input;
  if (contact.optedOut || contact.isPlaceholder) return { planned: [], skipped: [], capHistory: [] };

  const D = SCHEDULE_DEFAULTS;
  const timeZone = org.timezone || D.timeZone;
  const today = dayNumber(localDate(input.now, timeZone));
  const horizonEnd = today + (input.horizonDays ?? D.horizonDays);
  const isOn = (type: EmailType) => org.enabled[type] !== false;
  const limit: FrequencyLimit = {
    max: org.maxEmailsPerPeriod ?? D.maxEmailsPerPeriod,
    periodDays: org.frequencyPeriodDays ?? D.frequencyPeriodDays,
  };

  const rule = input.stateRule;
  const bufferDays =
    (rule && org.stateBufferDays?.[rule.state]) ?? org.preExclusionBufferDays ?? D.preExclusionBufferDays;
  const windows = exclusionWindows({
    rule,
    birthDate: contact.birthDate,
    effectiveDate: contact.effectiveDate,
    bufferDays,
    fromDay: today - 400,
    toDay: horizonEnd + 400,
  });
  const sent = history.sent.map((s) => ({ ...s, day: dayNumber(s.sentDate) }));

  // ── Candidates: one generator per email type, in this order (ties keep it). ──
  const ctx: CandidateContext = {
    contact,
    organization: org,
    timeZone,
    today,
    firstYear: yearOfDay(today) - 1,
    lastYear: yearOfDay(horizonEnd) + 1,
  };
  const candidates: Candidate[] = [
    ...(isOn("initial_blast") ? initialBlastCandidates(ctx) : []),
    ...(isOn("go_live_welcome") ? goLiveWelcomeCandidates(ctx) : []),
    ...(isOn("birthday") ? birthdayCandidates(ctx) : []),
    ...(isOn("effective_date") ? anniversaryCandidates(ctx) : []),
    ...(isOn("aep") ? aepCandidates(ctx) : []),
    ...(isOn("rate_increase") ? rateIncreaseCandidates(ctx, input.rateIncreases) : []),
    ...(annualFailedUnderwriting(history, org) && isOn("failed_underwriting")
      ? failedUnderwritingCandidates(ctx, input.rateIncreases)
      : []),
    ...followUpCandidates(ctx, sent, history).filter((c) => isOn(c.emailType)),
  ];

  // ── Placing each on a day: catch-up, horizon, the shared gates, the exclusion windows. ──
  const gateReason = contactGates(contact, org, history);

  // Follow-ups were matched to their parent above; other emails are covered by a send of the same occurrence.
  // A household email to the partner that covered this contact's email counts as that email sent (household.ts).
  const covered = (history.householdCovered ?? []).map((c) => ({ ...c, day: dayNumber(c.date) }));
  const alreadySent = (candidate: Candidate) =>
    !candidate.parentEmailId &&
    [...sent, ...covered].some(
      (s) =>
        s.emailType === candidate.emailType &&
        (candidate.once || (s.day >= candidate.idealDay - D.sentCoversDays && s.day <= candidate.deadlineDay)),
    );

  const decide = (candidate: Candidate): Decision | null => {
    if (candidate.deadlineDay < today || alreadySent(candidate)) return null;
    let day = candidate.idealDay;
    let catchUp = false;
    if (day < today) {
      // Missed inside a window: it stays skipped there (the post-window email makes up for it).
      const missedIn = exclusionAt(windows, day);
      if (missedIn) return { candidate, day, catchUp, skipReason: missedIn.reason, window: missedIn };
      day = Math.min(
        catchUpDay(`${contact.id}:${candidate.emailType}`, today, D.catchUpSpreadDays),
        candidate.deadlineDay,
      );
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
    for (const postWindow of postWindowCandidates(decisions)) {
      const decision = decide(postWindow);
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
  const ordered = [...decisions].sort(
    (a, b) =>
      Number(a.skipReason !== null) - Number(b.skipReason !== null) ||
      a.day - b.day ||
      a.candidate.priority - b.candidate.priority,
  );
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
    const to = Math.min(
      candidate.deadlineDay,
      horizonEnd,
      decision.catchUp ? day + D.catchUpSpreadDays - 1 : candidate.idealDay + D.moveSlackDays,
    );
    planned.push({
      emailType: candidate.emailType,
      sendDate: isoDate(day),
      priority: candidate.priority,
      eventDate: candidate.eventDay === null ? null : isoDate(candidate.eventDay),
      ...(candidate.parentEmailId ? { parentEmailId: candidate.parentEmailId } : {}),
      ...(Object.keys(metadata).length > 0 || decision.catchUp
        ? { metadata: decision.catchUp ? { ...metadata, catchUp: true } : metadata }
        : {}),
      movableWithin: windowFreeRange(windows, day, from, to),
    });
  }
  return {
    planned,
    skipped,
    capHistory: sentCounted
      .filter((d) => d > today - limit.periodDays * 2)
      .sort((a, b) => a - b)
      .map(isoDate),
  };
}

/** The days around `day`, within [from, to], that no exclusion window touches. */
function windowFreeRange(
  windows: readonly ExclusionWindow[],
  day: number,
  from: number,
  to: number,
): { from: string; to: string } {
  let start = day;
  let end = day;
  while (start - 1 >= from && !exclusionAt(windows, start - 1)) start--;
  while (end + 1 <= to && !exclusionAt(windows, end + 1)) end++;
  return { from: isoDate(start), to: isoDate(end) };
}
