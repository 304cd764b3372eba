import { dayOf, stableHash } from "@/lib/outreach-schedule/calendar";
import { SCHEDULE_DEFAULTS as D } from "@/lib/outreach-schedule/defaults";
import type { EmailType } from "@/lib/outreach-schedule/types";
import { candidate, type Candidate, type CandidateContext } from "./candidate";

/** The contact's fixed day of the September campaign of `year`. */
export function aepDay(contactId: string, year: number): number {
  return dayOf(year, 9, 1) + (stableHash(`${contactId}:aep`) % D.aepSpreadDays);
}

/** AEP: a campaign spread over September 1–30, one fixed day per contact, about AEP opening on Oct 15 (A.4 REC). */
export function aepCandidates(ctx: CandidateContext, type: EmailType = "aep"): Candidate[] {
  const candidates: Candidate[] = [];
  for (let y = ctx.firstYear; y <= ctx.lastYear; y++) {
    candidates.push(
      candidate(type, {
        idealDay: aepDay(ctx.contact.id, y),
        eventDay: dayOf(y, 10, 15),
        earliestDay: dayOf(y, 9, 1),
        deadlineDay: dayOf(y, 9, 30),
      }),
    );
  }
  return candidates;
}
