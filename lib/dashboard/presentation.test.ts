import {
  axisLabelStep,
  emailTypeBadge,
  formatIsoDate,
  funnelWidths,
  percentOf,
  rankSendRows,
  showsAxisLabel,
} from "@/lib/dashboard/presentation";

describe("funnelWidths", () => {
  it("scales by square root relative to the largest stage", () => {
    expect(funnelWidths([100, 25, 4])).toEqual([100, 50, 20]);
  });
  it("never goes below 15%, also for zeros and an empty funnel", () => {
    expect(funnelWidths([400, 1, 0])).toEqual([100, 15, 15]);
    expect(funnelWidths([0, 0, 0])).toEqual([15, 15, 15]);
  });
});

describe("axis label thinning", () => {
  it.each([
    [7, 1],
    [14, 1],
    [15, 2],
    [30, 2],
    [31, 3],
    [60, 3],
    [61, 7],
    [366, 7],
  ])("%i points → every %i label", (points, step) => {
    expect(axisLabelStep(points)).toBe(step);
  });
  it("shows the first label and then every step-th", () => {
    const shown = Array.from({ length: 31 }, (_, index) => index).filter((index) => showsAxisLabel(index, 31));
    expect(shown.slice(0, 4)).toEqual([0, 3, 6, 9]);
  });
});

describe("emailTypeBadge", () => {
  it.each([
    ["initial_blast", "Welcome Email"],
    ["birthday", "Birthday"],
    ["effective_date", "Effective Date"],
    ["rate_increase", "Rate Increase"],
    ["scheduled_rate_increase", "Rate Increase"],
    ["post_window", "Post GI"],
    ["followup_1_cold", null],
  ])("%s → %s", (type, badge) => {
    expect(emailTypeBadge(type)).toBe(badge);
  });
});

describe("rankSendRows", () => {
  const rows = [
    { sendDate: "2026-11-19", quotesSent: 5, quotesViewed: 1, healthCompleted: 0 },
    { sendDate: "2026-11-21", quotesSent: 2, quotesViewed: 2, healthCompleted: 1 },
    { sendDate: "2026-11-20", quotesSent: 5, quotesViewed: 2, healthCompleted: 0 },
  ];
  it("orders chronologically newest first", () => {
    expect(rankSendRows(rows, "chronological").map((r) => [r.rank, r.sendDate])).toEqual([
      [1, "2026-11-21"],
      [2, "2026-11-20"],
      [3, "2026-11-19"],
    ]);
  });
  it("orders by views, ties newest first", () => {
    expect(rankSendRows(rows, "viewed").map((r) => r.sendDate)).toEqual(["2026-11-21", "2026-11-20", "2026-11-19"]);
  });
  it("orders by sends, ties newest first", () => {
    expect(rankSendRows(rows, "sent").map((r) => r.sendDate)).toEqual(["2026-11-20", "2026-11-19", "2026-11-21"]);
  });
});

describe("formatting", () => {
  it("rates are 0 without sends", () => {
    expect(percentOf(1, 0)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
  });
  it("dates as MMM dd, yyyy", () => {
    expect(formatIsoDate("2026-11-05")).toBe("Nov 05, 2026");
  });
});
