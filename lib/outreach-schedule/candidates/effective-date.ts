import { anniversaryDay } from "@/lib/outreach-schedule/calendar";
import { SCHEDULE_DEFAULTS as D } from "@/lib/outreach-schedule/defaults";
import { SKIP_REASONS } from "@/lib/outreach-schedule/gates";
import type { EmailType } from "@/lib/outreach-schedule/types";
import { candidate, monthDay, type Candidate, type CandidateContext } from "./candidate";

/**
 * Effective date: the organization's lead (default 30 days) before each policy anniversary (A.1, A.5).
 * With `applyDelay`, anniversaries the outreach delay has not reached (11/23/35 months: the 1st, 2nd or 3rd
 * anniversary is the first one emailed about) carry their skip reason.
 */
export function anniversaryCandidates(
  ctx: CandidateContext,
  type: EmailType = "effective_date",
  applyDelay = true,
): Candidate[] {
  const { contact, organization: org } = ctx;
  if (!contact.effectiveDate) return [];
  const { month, day } = monthDay(contact.effectiveDate);
  const startYear = Number(contact.effectiveDate.slice(0, 4));
  const lead = org.effectiveDateDaysBefore ?? D.effectiveDateDaysBefore;
  const delayMonths = org.effectiveDateOutreachDelayMonths;
  const candidates: Candidate[] = [];
  for (let y = Math.max(ctx.firstYear, startYear + 1); y <= ctx.lastYear; y++) {
    const event = anniversaryDay(y, month, day);
    const metadata: Record<string, unknown> = { anniversary: y - startYear };
    if (applyDelay && (y - startYear) * 12 < delayMonths) metadata.skip = SKIP_REASONS.effectiveDateWindow(delayMonths);
    candidates.push(
      candidate(type, {
        idealDay: event - lead,
        eventDay: event,
        earliestDay: event - lead - D.moveSlackDays,
        deadlineDay: event,
        metadata,
      }),
    );
  }
  return candidates;
}
