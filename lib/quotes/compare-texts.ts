/**
 * The compare page's longer sentences, sent with the page's data instead of living in its JavaScript: the page's
 * first-load budget (e2e/marketing.e2e.mjs) counts every byte of the script, not of the data. Plain constants, read
 * by the server when it builds the page (lib/quotes/compare-page.ts) and by the tests.
 */

/**
 * Beside the household toggle while it is on because the contact is in a confirmed household (docs/households.md
 * "The compare page"). Both ways a pair is confirmed are an agent's word that the two live together: an explicit
 * spouse/partner link, or two people at one address the agent confirmed.
 */
export const HOUSEHOLD_DEFAULT_REASON =
  "On because our records show you share your home with someone, such as a spouse or partner. You can turn it off.";

/** How "Lowest over time" ranks, in one sentence, shown when it is chosen (docs/architecture.md "Rate history and carrier strength"). */
export const LOWEST_OVER_TIME_EXPLAINED =
  "We add up five years of payments: the first year at today's price, then each year higher by the carrier's average yearly increase shown on its card (not counting increases as you get older).";

/** Beside it: where the carriers without a rate history go. */
export const NO_HISTORY_LAST = "Carriers without a rate history come after, in order of today's price.";

export type CompareTexts = { householdDefaultReason: string; lowestOverTime: string };

export const COMPARE_TEXTS: CompareTexts = {
  householdDefaultReason: HOUSEHOLD_DEFAULT_REASON,
  lowestOverTime: `${LOWEST_OVER_TIME_EXPLAINED} ${NO_HISTORY_LAST}`,
};
