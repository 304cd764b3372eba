import { dayNumber } from "@/lib/outreach-schedule/calendar";
import { SCHEDULE_DEFAULTS as D } from "@/lib/outreach-schedule/defaults";
import type { EmailType, PlanRateIncrease } from "@/lib/outreach-schedule/types";
import { candidate, type Candidate, type CandidateContext } from "./candidate";

/**
 * Scheduled rate increase: 14 days before each increase of the contact's carrier (any NAIC of its group)
 * in its state, one email per increase date (A.2).
 */
export function rateIncreaseCandidates(
  ctx: CandidateContext,
  increases: readonly PlanRateIncrease[],
  type: EmailType = "rate_increase",
): Candidate[] {
  const { contact } = ctx;
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  for (const increase of increases) {
    if (
      (increase.carrierGroup ?? increase.carrierNaic) !== contact.currentCarrierNaic ||
      increase.state !== contact.state ||
      seen.has(increase.increaseDate)
    )
      continue;
    seen.add(increase.increaseDate);
    const event = dayNumber(increase.increaseDate);
    const ideal = event - D.rateIncreaseDaysBefore;
    candidates.push(
      candidate(type, {
        idealDay: ideal,
        eventDay: event,
        earliestDay: ideal - D.moveSlackDays,
        deadlineDay: event,
        metadata: { carrierNaic: increase.carrierNaic },
      }),
    );
  }
  return candidates;
}
