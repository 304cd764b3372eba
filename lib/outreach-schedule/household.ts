import { dayNumber } from "@/lib/outreach-schedule/calendar";
import type { EmailType, Plan, PlannedEmail, SkippedEmail } from "@/lib/outreach-schedule/types";

/**
 * The household window (issue #20 point 1, docs/households.md): two people of a confirmed household who are
 * both due for an email within `windowDays` days get one email together, not two a few days apart.
 *
 * Pure, and symmetric: each contact's plan is merged with its partner's by the same ordering, so planning
 * either one (with the other as partner) reaches the same decision. The earliest email of the pair leads; every
 * email of the OTHER person due from that day to `windowDays` later is covered by it (skipped, with the reason
 * naming the day of the household email). A covered email never leads, and the lead keeps its own day, type and
 * priority. Only the quote moments merge (HOUSEHOLD_EMAIL_TYPES): a welcome, a follow-up or a failed-underwriting
 * email is one person's own.
 *
 * The frequency cap is never double-counted: the household email is a row of the person it leads for and counts
 * once toward that person's cap; the covered email is skipped and counts toward nobody's. The planner's
 * alreadySent check takes a household email sent to the partner as covering the person's email of that type
 * (PlanHistory.householdCovered), so no catch-up email follows a covered one.
 */

export const HOUSEHOLD_EMAIL_TYPES: ReadonlySet<EmailType> = new Set<EmailType>([
  "birthday",
  "effective_date",
  "aep",
  "rate_increase",
  "post_window",
]);

/** The default window, and the settings' bounds (0: off, each person gets their own emails). */
export const DEFAULT_HOUSEHOLD_WINDOW_DAYS = 7;
export const MAX_HOUSEHOLD_WINDOW_DAYS = 30;

export const householdSkipReason = (leadDate: string) => `Sent with the household email of ${leadDate}`;

/** What a household email carries in its metadata: who it is also for, and which of their emails it covers. */
export type HouseholdLead = {
  partnerId: string;
  covers: { emailType: EmailType; date: string }[];
};

type Entry = { owner: "self" | "partner"; ownerId: string; email: PlannedEmail; index: number; day: number };

/**
 * `self`'s plan after the household window with `partner`: emails covered by the partner's household email are
 * skipped; emails that lead for the household carry `metadata.household` (HouseholdLead). `windowDays` ≤ 0
 * leaves the plan as it is.
 */
export function applyHouseholdWindow({
  self,
  partner,
  windowDays,
}: {
  self: { contactId: string; plan: Plan };
  partner: { contactId: string; plan: Plan };
  windowDays: number;
}): Plan {
  if (windowDays <= 0 || self.contactId === partner.contactId) return self.plan;
  const entries: Entry[] = [];
  for (const [owner, side] of [
    ["self", self],
    ["partner", partner],
  ] as const) {
    side.plan.planned.forEach((email, index) => {
      if (HOUSEHOLD_EMAIL_TYPES.has(email.emailType))
        entries.push({ owner, ownerId: side.contactId, email, index, day: dayNumber(email.sendDate) });
    });
  }
  // One order for both sides of the pair: by day, then by contact id (never by who is "self"), then priority.
  entries.sort(
    (a, b) =>
      a.day - b.day ||
      (a.ownerId < b.ownerId ? -1 : a.ownerId > b.ownerId ? 1 : 0) ||
      a.email.priority - b.email.priority ||
      a.index - b.index,
  );

  const coveredBy = new Map<Entry, Entry>();
  const covers = new Map<Entry, Entry[]>();
  for (const lead of entries) {
    if (coveredBy.has(lead)) continue;
    for (const other of entries) {
      if (other.owner === lead.owner || coveredBy.has(other) || covers.has(other)) continue;
      if (other.day < lead.day || other.day > lead.day + windowDays) continue;
      coveredBy.set(other, lead);
      covers.set(lead, [...(covers.get(lead) ?? []), other]);
    }
  }

  const planned: PlannedEmail[] = [];
  const skipped: SkippedEmail[] = [...self.plan.skipped];
  self.plan.planned.forEach((email, index) => {
    const entry = entries.find((e) => e.owner === "self" && e.index === index);
    const lead = entry && coveredBy.get(entry);
    if (lead) {
      skipped.push({
        emailType: email.emailType,
        date: email.sendDate,
        skipReason: householdSkipReason(lead.email.sendDate),
      });
      return;
    }
    const covered = entry && covers.get(entry);
    if (!covered) {
      planned.push(email);
      return;
    }
    const household: HouseholdLead = {
      partnerId: partner.contactId,
      covers: covered.map((c) => ({ emailType: c.email.emailType, date: c.email.sendDate })),
    };
    // The balancer may move the lead, but never past the first email it covers: nobody waits longer than
    // their own email would have made them (ISO dates compare as text).
    const firstCovered = covered.map((c) => c.email.sendDate).sort()[0]!;
    const movableWithin =
      email.movableWithin && email.movableWithin.to > firstCovered
        ? { from: email.movableWithin.from, to: firstCovered }
        : email.movableWithin;
    planned.push({
      ...email,
      metadata: { ...(email.metadata ?? {}), household },
      ...(movableWithin ? { movableWithin } : {}),
    });
  });
  return { ...self.plan, planned, skipped };
}
