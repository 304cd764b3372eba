/**
 * The per-contact frequency cap (domain-rules A.7): at most `max` emails in any `periodDays` days,
 * counting what was already sent. Follow-ups are exempt and are not counted (the REC of A.7), so a
 * cold follow-up never crowds out a birthday email. One email a day at most, too: three emails on one
 * morning would pass a 3-in-30 cap and still read as spam.
 */

export type FrequencyLimit = { max: number; periodDays: number };

export const DEFAULT_FREQUENCY_LIMIT: FrequencyLimit = { max: 3, periodDays: 30 };

export const FREQUENCY_LIMIT_REASON = "Frequency limit exceeded";
export const priorityConflictReason = (date: string) => `Priority conflict on ${date}`;

/** Sorted insert (days are small arrays: one contact's emails). */
function insertSorted(days: number[], day: number): void {
  let i = days.length;
  while (i > 0 && days[i - 1]! > day) i--;
  days.splice(i, 0, day);
}

/** Whether `day` can join `days` (sorted) without max+1 of them within periodDays consecutive days. */
export function fitsFrequencyLimit(days: readonly number[], day: number, limit: FrequencyLimit): boolean {
  const near = days.filter((d) => d > day - limit.periodDays && d < day + limit.periodDays);
  if (near.length < limit.max) return true;
  const all = [...near];
  insertSorted(all, day);
  const at = all.indexOf(day);
  for (let first = Math.max(0, at - limit.max); first <= at && first + limit.max < all.length; first++) {
    if (all[first + limit.max]! - all[first]! < limit.periodDays) return false;
  }
  return true;
}

export type CapCandidate = { day: number; priority: number; order: number };

/**
 * Admits candidates in priority order (lower number first, then earlier date), against the days
 * already sent. Returns, per candidate (by index), null when admitted or the skip reason.
 */
export function applyFrequencyLimit(
  candidates: readonly CapCandidate[],
  sentDays: readonly number[],
  limit: FrequencyLimit,
  dateOf: (day: number) => string,
): (string | null)[] {
  const accepted = [...sentDays].sort((a, b) => a - b);
  const takenDays = new Set(sentDays);
  const result: (string | null)[] = candidates.map(() => null);
  const order = candidates
    .map((c, i) => i)
    .sort(
      (a, b) =>
        candidates[a]!.priority - candidates[b]!.priority ||
        candidates[a]!.day - candidates[b]!.day ||
        candidates[a]!.order - candidates[b]!.order,
    );
  for (const index of order) {
    const { day } = candidates[index]!;
    if (takenDays.has(day)) {
      result[index] = priorityConflictReason(dateOf(day));
      continue;
    }
    if (!fitsFrequencyLimit(accepted, day, limit)) {
      result[index] = FREQUENCY_LIMIT_REASON;
      continue;
    }
    insertSorted(accepted, day);
    takenDays.add(day);
  }
  return result;
}
