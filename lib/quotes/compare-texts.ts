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

/**
 * Under the two-person page's title (a household email's link: docs/households.md "One link for two"). Rendered by the
 * server's frame, never in the page's JavaScript.
 */
export const TWO_PEOPLE_INTRO =
  "Each of you has your own prices, for your own age and health, with the household discount on where the carrier offers one. Each person's health questions and call are their own.";

/** How "Lowest over time" ranks, in one sentence, shown when it is chosen (docs/architecture.md "Rate history and carrier strength"). */
export const LOWEST_OVER_TIME_EXPLAINED =
  "We add up five years of payments: the first year at today's price, then each year higher by the carrier's average yearly increase shown on its card (not counting increases as you get older).";

/** Beside it: where the carriers without a rate history go. */
export const NO_HISTORY_LAST = "Carriers without a rate history come after, in order of today's price.";

/** "Plan G vs Plan N": the two plans in one paragraph, above the benefit table. */
export const PLAN_G_VS_N_SUMMARY =
  "Both plans cover your hospital stays in full. Plan G also pays the Part B excess charges some doctors bill and has no office copays; Plan N costs less each month, but you may pay up to $20 at a doctor's visit, up to $50 at the emergency room, and any excess charges.";

/** After "Select": what comes next, with the health questions or (skip_health_questions) straight to the call. */
export const QUALIFY_WITH_QUESTIONS =
  "To switch to a new Medicare Supplement plan you usually need to pass medical underwriting. Next you'll answer seven short yes-or-no health questions; it takes about two minutes, and your agent reviews the answers with you before anything is submitted.";
export const QUALIFY_WITHOUT_QUESTIONS =
  "Next, pick a time to talk with your agent, who will confirm the price and help you apply.";

/** The "Plan G vs Plan N" table: benefit, Plan G, Plan N. */
export const PLAN_G_VS_N_COVERAGE: [string, string, string][] = [
  ["Part A deductible", "100%", "100%"],
  ["Hospital co-pays", "100%", "100%"],
  ["Skilled nursing co-pays", "100%", "100%"],
  ["Part B deductible ($240)", "0%", "0%"],
  ["Part B coinsurance", "100%", "100% with some copays"],
  ["Excess charges", "100%", "0%"],
  ["Foreign travel", "80%", "80%"],
];

/** The demo's answer to "Select": nothing continues without a real quote link. */
export const DEMO_SELECT_NOTE =
  "This is a demo: with a real quote link, choosing a plan continues to the health questions and scheduling a call.";

/** After the state's code (MN, WI, MA): its own plans, with riders. */
export const STATE_PLANS_NOTE =
  "uses its own versions of the standard Medicare Supplement plans, and they can include optional riders.";

/** The Medicare Advantage option under the quotes. */
export const ADVANTAGE_TITLE = "Looking to dramatically lower your monthly costs?";
export const ADVANTAGE_BODY = "Medicare Advantage plans can have $0 monthly premiums. Ask us whether one fits you.";

/** The notes that say a page is sample data (the house rule: sample data is labelled as sample). */
export const DEMO_NOTE = "Demo: a sample person (Austin, TX) and sample prices. Nothing you do here is saved.";
export const SAMPLE_PRICES_NOTE = "Sample prices: these rates are illustrative sample data, not real carrier prices.";

export type CompareTexts = {
  householdDefaultReason: string;
  lowestOverTime: string;
  planGvsN: string;
  planGvsNCoverage: [string, string, string][];
  qualify: { withQuestions: string; withoutQuestions: string };
  demoNote: string;
  samplePricesNote: string;
  demoSelect: string;
  statePlans: string;
  advantage: { title: string; body: string };
};

export const COMPARE_TEXTS: CompareTexts = {
  householdDefaultReason: HOUSEHOLD_DEFAULT_REASON,
  lowestOverTime: `${LOWEST_OVER_TIME_EXPLAINED} ${NO_HISTORY_LAST}`,
  planGvsN: PLAN_G_VS_N_SUMMARY,
  planGvsNCoverage: PLAN_G_VS_N_COVERAGE,
  demoNote: DEMO_NOTE,
  samplePricesNote: SAMPLE_PRICES_NOTE,
  demoSelect: DEMO_SELECT_NOTE,
  statePlans: STATE_PLANS_NOTE,
  advantage: { title: ADVANTAGE_TITLE, body: ADVANTAGE_BODY },
  qualify: { withQuestions: QUALIFY_WITH_QUESTIONS, withoutQuestions: QUALIFY_WITHOUT_QUESTIONS },
};
