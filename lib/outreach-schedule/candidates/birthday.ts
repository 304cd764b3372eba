import { anniversaryDay, dayNumber } from "@/lib/outreach-schedule/calendar";
import { SCHEDULE_DEFAULTS as D } from "@/lib/outreach-schedule/defaults";
import type { EmailType } from "@/lib/outreach-schedule/types";
import { candidate, monthDay, type Candidate, type CandidateContext } from "./candidate";

/** Birthday: the organization's lead (default 14 days) before each birthday after the birth itself (A.1). */
export function birthdayCandidates(ctx: CandidateContext, type: EmailType = "birthday"): Candidate[] {
  const { contact, organization: org } = ctx;
  if (!contact.birthDate) return [];
  const { month, day } = monthDay(contact.birthDate);
  const lead = org.birthdayDaysBefore ?? D.birthdayDaysBefore;
  const born = dayNumber(contact.birthDate);
  const candidates: Candidate[] = [];
  for (let y = ctx.firstYear; y <= ctx.lastYear; y++) {
    const event = anniversaryDay(y, month, day);
    if (event <= born) continue;
    candidates.push(
      candidate(type, {
        idealDay: event - lead,
        eventDay: event,
        earliestDay: event - lead - D.moveSlackDays,
        deadlineDay: event,
      }),
    );
  }
  return candidates;
}
