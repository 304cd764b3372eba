import { yearOfDay } from "@/lib/outreach-schedule/calendar";
import type { PlanRateIncrease } from "@/lib/outreach-schedule/types";
import { aepCandidates } from "./aep";
import { birthdayCandidates } from "./birthday";
import type { Candidate, CandidateContext } from "./candidate";
import { anniversaryCandidates } from "./effective-date";
import { rateIncreaseCandidates } from "./rate-increase";

/**
 * Failed underwriting: one email a year, at the timing the organization chose, in place of the marketing
 * emails (A.5; the gates withhold those). At most one a year even when several increases are filed.
 */
export function failedUnderwritingCandidates(
  ctx: CandidateContext,
  increases: readonly PlanRateIncrease[],
): Candidate[] {
  const timing = ctx.organization.failedUnderwriting.timing;
  const byTiming =
    timing === "birthday"
      ? birthdayCandidates(ctx, "failed_underwriting")
      : timing === "enrollment_anniversary"
        ? anniversaryCandidates(ctx, "failed_underwriting", false)
        : timing === "schedule_increase"
          ? rateIncreaseCandidates(ctx, increases, "failed_underwriting")
          : aepCandidates(ctx, "failed_underwriting");
  const years = new Set<number>();
  const candidates: Candidate[] = [];
  for (const c of byTiming.sort((a, b) => a.idealDay - b.idealDay)) {
    const year = yearOfDay(c.idealDay);
    if (years.has(year)) continue;
    years.add(year);
    candidates.push(c);
  }
  return candidates;
}
