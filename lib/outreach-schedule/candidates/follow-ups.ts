import { dayNumber } from "@/lib/outreach-schedule/calendar";
import { FOLLOW_UP_PARENT_TYPES, FOLLOW_UP_TYPES, SCHEDULE_DEFAULTS as D } from "@/lib/outreach-schedule/defaults";
import type { EmailType, PlanHistory } from "@/lib/outreach-schedule/types";
import { candidate, type Candidate, type CandidateContext } from "./candidate";

/** A sent email with its day number. */
export type SentEmail = PlanHistory["sent"][number] & { day: number };

/**
 * Follow-ups: 2 days after each initial email of the last 35 days that has none yet, its type by what the
 * contact did since: answered the health questions (with or without conditions), clicked, or nothing (A.9).
 */
export function followUpCandidates(
  ctx: Pick<CandidateContext, "today">,
  sent: readonly SentEmail[],
  history: Pick<PlanHistory, "clicks" | "health">,
): Candidate[] {
  const parents = sent.filter((s) => FOLLOW_UP_PARENT_TYPES.has(s.emailType)).sort((a, b) => a.day - b.day);
  const followedUp = new Set<string>();
  for (const followUp of sent.filter((s) => FOLLOW_UP_TYPES.has(s.emailType as EmailType))) {
    // A sent follow-up belongs to the latest initial email before it.
    const parent = parents.filter((p) => p.day < followUp.day).at(-1);
    if (parent) followedUp.add(parent.id);
  }
  const candidates: Candidate[] = [];
  for (const parent of parents) {
    if (parent.day < ctx.today - D.followUpLookbackDays || parent.day > ctx.today || followedUp.has(parent.id))
      continue;
    const answered = history.health && dayNumber(history.health.date) >= parent.day ? history.health : null;
    const clicked = history.clicks.some((click) =>
      click.scheduledEmailId ? click.scheduledEmailId === parent.id : dayNumber(click.date) >= parent.day,
    );
    const emailType: EmailType = answered
      ? answered.hasConditions
        ? "followup_4_hq_with_yes"
        : "followup_3_hq_no_yes"
      : clicked
        ? "followup_2_clicked_no_hq"
        : "followup_1_cold";
    const ideal = parent.day + D.followUpDelayDays;
    candidates.push(
      candidate(emailType, {
        idealDay: ideal,
        eventDay: null,
        earliestDay: ideal,
        deadlineDay: parent.day + D.followUpLookbackDays,
        parentEmailId: parent.id,
        metadata: {
          initialEmailType: parent.emailType,
          clicked,
          answeredHealth: Boolean(answered),
          hasConditions: answered?.hasConditions ?? false,
        },
      }),
    );
  }
  return candidates;
}
