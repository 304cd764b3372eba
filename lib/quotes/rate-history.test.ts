import {
  formatPct,
  increasesFromPrices,
  projectedCostCents,
  rateHistory,
  yearsBefore,
  type RateHistorySource,
} from "@/lib/quotes/rate-history";

const NOW = "2026-11-29";
/** A source from its `since` and [date, pct] pairs. */
const src = (since: string | null, ...pairs: [string, number][]): RateHistorySource => ({
  since,
  increases: pairs.map(([date, pct]) => ({ date, pct })),
});
const round = (x: number, digits = 6) => Math.round(x * 10 ** digits) / 10 ** digits;

describe("yearsBefore", () => {
  test.each([
    ["2026-11-29", 3, "2023-11-29"],
    ["2028-02-29", 3, "2025-02-28"], // leap day, to a year without one
    ["2028-02-29", 4, "2024-02-29"], // leap day, to a year with one
    ["2027-03-01", 3, "2024-03-01"],
  ])("%s minus %i years is %s", (date, years, expected) => {
    expect(yearsBefore(date, years)).toBe(expected);
  });

  test("refuses a date that is not one", () => {
    expect(() => yearsBefore("2026-02-30", 3)).toThrow("Not a calendar date");
  });
});

describe("increasesFromPrices", () => {
  test.each<[string, { date: string; cents: number }[], RateHistorySource]>([
    ["no filing", [], { increases: [], since: null }],
    [
      "one filing: no increase, since its date",
      [{ date: "2025-01-01", cents: 18236 }],
      {
        increases: [],
        since: "2025-01-01",
      },
    ],
    [
      "two filings of the sample's Aetna TX (Plan G, 70, F): +7.7% at the second",
      [
        { date: "2026-07-01", cents: 19641 },
        { date: "2025-01-01", cents: 18236 },
      ],
      { increases: [{ date: "2026-07-01", pct: 19641 / 18236 - 1 }], since: "2025-01-01" },
    ],
    [
      "a decrease is a negative change",
      [
        { date: "2024-01-01", cents: 10000 },
        { date: "2025-01-01", cents: 9800 },
      ],
      { increases: [{ date: "2025-01-01", pct: 9800 / 10000 - 1 }], since: "2024-01-01" },
    ],
    [
      "a price that is not one is left out",
      [
        { date: "2024-01-01", cents: 10000 },
        { date: "2024-06-01", cents: 0 },
        { date: "2025-01-01", cents: 11000 },
      ],
      { increases: [{ date: "2025-01-01", pct: 11000 / 10000 - 1 }], since: "2024-01-01" },
    ],
  ])("%s", (_name, prices, expected) => {
    const got = increasesFromPrices(prices);
    expect(got.since).toBe(expected.since);
    expect(got.increases.map((i) => [i.date, round(i.pct)])).toEqual(
      expected.increases.map((i) => [i.date, round(i.pct)]),
    );
  });
});

describe("rateHistory", () => {
  type Row = [
    string,
    RateHistorySource | null,
    string,
    null | { from: string; fullWindow: boolean; dates: string[]; average: number },
  ];
  test.each<Row>([
    ["no source", null, NOW, null],
    ["one filing (no increase)", src("2025-01-01"), NOW, null],
    [
      "two filings: +7.7% over the 1.91 years since the first one",
      src("2025-01-01", ["2026-07-01", 0.077]),
      NOW,
      // 2025-01-01 → 2026-11-29 is 697 days
      { from: "2025-01-01", fullWindow: false, dates: ["2026-07-01"], average: 1.077 ** (365.25 / 697) - 1 },
    ],
    [
      "CSG (no since): the whole 3 years, compounded",
      src(null, ["2024-05-01", 0.06], ["2025-05-01", 0.077]),
      NOW,
      {
        from: "2023-11-29",
        fullWindow: true,
        dates: ["2024-05-01", "2025-05-01"],
        average: (1.06 * 1.077) ** (365.25 / 1096) - 1,
      },
    ],
    [
      "a decrease lowers the average",
      src("2020-01-01", ["2024-05-01", 0.1], ["2025-05-01", -0.05]),
      NOW,
      {
        from: "2023-11-29",
        fullWindow: true,
        dates: ["2024-05-01", "2025-05-01"],
        average: (1.1 * 0.95) ** (365.25 / 1096) - 1,
      },
    ],
    [
      "filings older than 3 years are left out; the older filing is the base, the span the whole window",
      src("2020-01-01", ["2021-01-01", 0.2], ["2023-11-29", 0.1], ["2025-01-01", 0.05]),
      NOW,
      { from: "2023-11-29", fullWindow: true, dates: ["2025-01-01"], average: 1.05 ** (365.25 / 1096) - 1 },
    ],
    ["only increases older than 3 years: no history", src("2021-01-01", ["2022-01-01", 0.1]), NOW, null],
    ["less than a year of history: no yearly average", src("2026-01-01", ["2026-07-01", 0.05]), NOW, null],
    [
      "a leap day: the window starts on February 28 three years before February 29",
      src(null, ["2025-03-01", 0.04]),
      "2028-02-29",
      // 2025-02-28 → 2028-02-29 is 1096 days
      { from: "2025-02-28", fullWindow: true, dates: ["2025-03-01"], average: 1.04 ** (365.25 / 1096) - 1 },
    ],
    [
      "an increase already filed for a later date counts, and the span runs to it",
      src("2025-01-01", ["2027-01-01", 0.09]),
      NOW,
      // 2025-01-01 → 2027-01-01 is 730 days
      { from: "2025-01-01", fullWindow: false, dates: ["2027-01-01"], average: 1.09 ** (365.25 / 730) - 1 },
    ],
    [
      "unreadable entries are left out",
      src(null, ["2025-13-01", 0.5], ["2025-05-01", Number.NaN], ["2025-06-01", 0.03]),
      NOW,
      { from: "2023-11-29", fullWindow: true, dates: ["2025-06-01"], average: 1.03 ** (365.25 / 1096) - 1 },
    ],
  ])("%s", (_name, source, now, expected) => {
    const got = rateHistory(source, now);
    if (expected === null) return expect(got).toBeNull();
    expect(got).not.toBeNull();
    expect({
      from: got!.from,
      fullWindow: got!.fullWindow,
      dates: got!.increases.map((i) => i.date),
      average: round(got!.averageAnnualPct),
    }).toEqual({ ...expected, average: round(expected.average) });
  });
});

describe("projectedCostCents", () => {
  test.each([
    ["flat: five years of today's price", 10000, 0, 600000],
    ["+10% a year: 12 000 × (1 + 1.1 + 1.21 + 1.331 + 1.4641)", 10000, 0.1, 732612],
    ["−10% a year: 12 000 × (1 + 0.9 + 0.81 + 0.729 + 0.6561)", 10000, -0.1, 491412],
  ])("%s", (_name, monthly, average, expected) => {
    expect(projectedCostCents(monthly, average)).toBe(expected);
  });
});

describe("formatPct", () => {
  test.each([
    [0.0421, "+4.2%"],
    [-0.015, "−1.5%"],
    [0.00004, "0.0%"],
    [0.077, "+7.7%"],
  ])("%f reads %s", (fraction, text) => {
    expect(formatPct(fraction)).toBe(text);
  });
});
