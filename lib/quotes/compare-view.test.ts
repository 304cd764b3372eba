import {
  averageIncreaseSentence,
  rateChangesSentence,
  rateHistoryView,
  sparklinePoints,
} from "@/lib/quotes/rate-history-text";
import {
  carrierTitle,
  firstCardBadge,
  fiveYearCostCents,
  householdSentence,
  visibleQuotes,
  type PlanView,
  type QuoteView,
} from "@/lib/quotes/compare-view";
import type { RateHistory } from "@/lib/quotes/rate-history";

const quote = (extra: Partial<QuoteView> = {}): QuoteView => ({
  naic: "72850",
  carrierName: "UNITED WORLD LIFE INSURANCE COMPANY",
  groupName: "Mutual of Omaha",
  plan: "G",
  monthlyCents: 12500,
  householdMonthlyCents: 11625,
  discountCategory: null,
  householdRule: "You need to live with a spouse or someone who is at least 60 years old.",
  policyFeeCents: 0,
  riders: [],
  amBestRating: null,
  rateHistory: null,
  ...extra,
});

describe("carrierTitle", () => {
  test("the brand people know is the title, the legal entity beneath it", () => {
    expect(carrierTitle(quote())).toEqual({
      brand: "Mutual of Omaha",
      legalName: "UNITED WORLD LIFE INSURANCE COMPANY",
    });
  });

  test("no legal line when it only repeats the brand", () => {
    expect(carrierTitle(quote({ carrierName: "MUTUAL OF OMAHA", groupName: "Mutual of Omaha" })).legalName).toBeNull();
  });
});

describe("householdSentence", () => {
  const off = { household: false, riders: [] };
  const on = { household: true, riders: [] };

  test("household on: the exact saving in cents, then who qualifies", () => {
    expect(householdSentence(quote({ discountCategory: "Roommate" }), on)).toEqual({
      text: "Household discount: $8.75 a month off (Roommate).",
      rule: "You need to live with a spouse or someone who is at least 60 years old.",
    });
  });

  test("household on without a household price: only the sentence that there is none, never a saving", () => {
    const none = quote({
      householdMonthlyCents: null,
      householdRule: "Mutual of Omaha has no household discount in FL.",
    });
    expect(householdSentence(none, on)).toEqual({
      text: "Mutual of Omaha has no household discount in FL.",
      rule: null,
    });
    expect(householdSentence(quote({ householdMonthlyCents: null, householdRule: null }), on)?.text).toBe(
      "No household discount with this carrier.",
    );
    expect(householdSentence(none, off)).toBeNull();
  });

  test("household off: the household price, with the riders chosen", () => {
    const riders = [{ id: "excess", name: "Excess", monthlyCents: 300 }];
    expect(householdSentence(quote({ riders }), { household: false, riders: ["excess"] })?.text).toBe(
      "With household discount: $119.25/mo",
    );
  });
});

describe("rate history on the compare page (issue #20 point 2)", () => {
  const history = (averageAnnualPct: number, extra: Partial<RateHistory> = {}): RateHistory => ({
    increases: [{ date: "2026-07-01", pct: 0.077 }],
    from: "2025-01-01",
    to: "2026-11-29",
    fullWindow: false,
    averageAnnualPct,
    ...extra,
  });
  const plan = (quotes: QuoteView[]): PlanView => ({ plan: "G", label: "Plan G", quotes });
  const named = (name: string, monthlyCents: number, rateHistory: RateHistory | null = null) =>
    quote({
      naic: name,
      carrierName: name,
      groupName: name,
      monthlyCents,
      householdMonthlyCents: null,
      rateHistory: rateHistoryView(rateHistory),
    });
  const order = (quotes: QuoteView[], o: "price" | "over_time") =>
    visibleQuotes(plan(quotes), { household: false, carriers: [], riders: [], order: o }).map((q) => q.carrierName);

  test("the 5-year cost grows the displayed price by the carrier's average; none without a history", () => {
    expect(fiveYearCostCents(named("A", 10000, history(0.1)), { household: false, riders: [] })).toBe(732612);
    expect(fiveYearCostCents(named("B", 10000), { household: false, riders: [] })).toBeNull();
  });

  test.each<[string, QuoteView[], string[], string[]]>([
    [
      "a cheaper carrier with steep rises falls behind a dearer one with small ones",
      [named("Steep", 10000, history(0.12)), named("Gentle", 10500, history(0.01)), named("Mid", 10200, history(0.05))],
      ["Steep", "Mid", "Gentle"],
      ["Gentle", "Mid", "Steep"],
    ],
    [
      "carriers without a history come after those with one, by today's price",
      [named("NoHistoryCheap", 9000), named("WithHistory", 12000, history(0.05)), named("NoHistory", 9500)],
      ["NoHistoryCheap", "NoHistory", "WithHistory"],
      ["WithHistory", "NoHistoryCheap", "NoHistory"],
    ],
    [
      "nobody with a history: the price order",
      [named("B", 11000), named("A", 10000), named("C", 12000)],
      ["A", "B", "C"],
      ["A", "B", "C"],
    ],
  ])("%s", (_case, quotes, byPrice, overTime) => {
    expect(order(quotes, "price")).toEqual(byPrice);
    expect(order(quotes, "over_time")).toEqual(overTime);
  });

  test("over time still shows 3, the carrier with a history first even when today's price would leave it out", () => {
    const quotes = [named("A", 9000), named("B", 9100), named("C", 9200), named("Aetna", 9800, history(0.04))];
    expect(order(quotes, "price")).toEqual(["A", "B", "C"]);
    expect(order(quotes, "over_time")).toEqual(["Aetna", "A", "B"]);
  });

  test("the sentences: the yearly average over the span, and each change with its month", () => {
    expect(averageIncreaseSentence(history(0.0391))).toBe("+3.9% a year on average since January 2025");
    expect(averageIncreaseSentence(history(0.0391, { fullWindow: true, from: "2023-11-29" }))).toBe(
      "+3.9% a year on average over the last 3 years",
    );
    expect(averageIncreaseSentence(history(-0.012, { fullWindow: true }))).toBe(
      "−1.2% a year on average over the last 3 years",
    );
    const two = history(0.02, {
      increases: [
        { date: "2025-05-01", pct: -0.02 },
        { date: "2026-07-01", pct: 0.077 },
      ],
    });
    expect(rateChangesSentence(two)).toBe("Rate changes: −2.0% in May 2025, +7.7% in July 2026");
  });

  test("the sparkline steps at each change, from the lowest level at the bottom to the highest at the top", () => {
    // 2025-01-01 → 2026-11-29 (697 days); the rise on 2026-07-01 (546 days in) → x = 546 / 697 × 60 = 47
    expect(sparklinePoints(history(0.04), 60, 20)).toBe("0,18 47,18 47,2 60,2");
    const down = history(-0.01, { increases: [{ date: "2026-07-01", pct: -0.05 }] });
    expect(sparklinePoints(down, 60, 20)).toBe("0,2 47,2 47,18 60,18");
  });

  test.each<[string, boolean, boolean, number, string | null]>([
    ["today's order", false, false, 0, "Lowest price"],
    ["over time, nobody shown has a history: today's order", true, false, 0, "Lowest price"],
    ["over time, first only because the others have none", true, true, 1, null],
    ["over time, first among several estimates", true, true, 2, "Lowest 5-year estimate"],
  ])("the first card's label: %s", (_case, overTime, firstHasEstimate, shown, expected) => {
    expect(firstCardBadge(overTime, firstHasEstimate, shown)).toBe(expected);
  });
});
