import type { ExclusionWindow } from "@/lib/outreach-schedule/windows";
import { candidate, type Candidate } from "./candidate";

/**
 * Post-window: the day after each exclusion window that swallowed an email, naming the types it replaces
 * (A.6). Reads the other emails' decisions, so it runs after them; windows without an end (year-round,
 * unknown anchor) have no day after.
 */
export function postWindowCandidates(
  decided: readonly { candidate: Pick<Candidate, "emailType">; window: ExclusionWindow | null }[],
): Candidate[] {
  const byCloseDay = new Map<number, Set<string>>();
  for (const decision of decided) {
    const closes = decision.window?.closes;
    if (closes === undefined || !Number.isFinite(closes)) continue;
    const replaces = byCloseDay.get(closes) ?? new Set<string>();
    replaces.add(decision.candidate.emailType);
    byCloseDay.set(closes, replaces);
  }
  return [...byCloseDay].map(([closes, replaces]) => {
    const ideal = closes + 1;
    return candidate("post_window", {
      idealDay: ideal,
      eventDay: closes,
      earliestDay: ideal,
      deadlineDay: ideal + 30,
      metadata: { replaces: [...replaces].sort() },
    });
  });
}
