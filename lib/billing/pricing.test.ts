import {
  customTier,
  formatDollars,
  formatPerContact,
  monthlyPrice,
  PRICING,
  remainingLtvSeries,
  roi,
} from "@/lib/billing/pricing";

describe("monthlyPrice: $100 incl. 300 contacts, $0.33 per extra contact, SMS25 = 25% off", () => {
  it.each([
    // contacts, launch pricing, total cents
    [0, false, 10_000],
    [250, false, 10_000],
    [300, false, 10_000],
    [301, false, 10_033],
    [1_000, false, 33_100], // 100 + 700 × 0.33 = 331.00
    [1_000, true, 24_825], // 75 + 700 × 0.2475 = 248.25 (domain-rules F example)
    [5_000, false, 165_100], // 100 + 4700 × 0.33 = 1651.00
    [5_000, true, 123_825], // 75 + 4700 × 0.2475 = 1238.25
    [10_000, true, 247_575], // 75 + 9700 × 0.2475 = 2475.75
    [40_000, false, 1_320_100], // 100 + 39700 × 0.33 = 13201.00
    [301, true, 7_525], // 75 + 0.2475 = 75.2475 → 75.25
    [302, true, 7_550], // 75 + 0.495 = 75.495 → 75.50 (rounded once, on the total)
  ] as const)("%i contacts, launch %s → %i cents", (contacts, launchPricing, cents) => {
    expect(monthlyPrice({ contacts, launchPricing }).monthlyTotalCents).toBe(cents);
  });

  it("breaks the price down and adds $20 per extra agent seat", () => {
    expect(monthlyPrice({ contacts: 1_000, launchPricing: true, extraAgents: 2 })).toEqual({
      contacts: 1_000,
      includedContacts: 300,
      additionalContacts: 700,
      basePriceCents: 7_500,
      perContactCentiCents: 2_475,
      additionalContactsCents: 17_325,
      extraAgents: 2,
      extraAgentsCents: 4_000,
      monthlyTotalCents: 28_825,
      launchPricing: true,
    });
  });

  it("treats negative, fractional and non-numeric counts as what a person could mean", () => {
    expect(monthlyPrice({ contacts: -5 }).monthlyTotalCents).toBe(10_000);
    expect(monthlyPrice({ contacts: 301.9 }).monthlyTotalCents).toBe(10_033);
    expect(monthlyPrice({ contacts: Number.NaN }).monthlyTotalCents).toBe(10_000);
  });
});

describe("formatting", () => {
  it.each([
    [10_000, "$100"],
    [24_825, "$248.25"],
    [1_320_100, "$13,201"],
    [-297_900, "-$2,979"],
  ])("formatDollars(%i) = %s", (cents, text) => expect(formatDollars(cents)).toBe(text));
  it("per-contact prices keep their fourth decimal", () => {
    expect(formatPerContact(3_300)).toBe("$0.33");
    expect(formatPerContact(2_475)).toBe("$0.2475");
  });
});

describe("custom tier: a price, never a cap (contacts are not capped by plan)", () => {
  it.each([
    [250, 10_000, 0],
    [300, 10_000, 0],
    [301, 10_033, 1], // the 301st contact costs $0.33: $100.33
    [5_300, 175_000, 5_000],
    [12_000, 396_100, 11_700],
  ])(
    "%i contacts → %i cents a month, %i above the included 300, no limit, no add-on",
    (contacts, cents, additionalContacts) => {
      expect(customTier(contacts)).toMatchObject({
        contacts,
        contactLimit: -1,
        extraContacts: 0,
        additionalContacts,
        monthlyTotalCents: cents,
      });
    },
  );
  it("the model's constants are the spec's", () => {
    expect(PRICING).toMatchObject({
      basePriceCents: 10_000,
      includedContacts: 300,
      perContactCentiCents: 3_300,
      launchCode: "SMS25",
      launchDiscountPercent: 25,
      extraAgentPriceCents: 2_000,
    });
    expect(PRICING).not.toHaveProperty("extraContactsStep");
    expect(PRICING.contactQuickPicks).toEqual([250, 1_000, 5_000, 10_000, 20_000, 40_000]);
  });
});

describe("ROI model (§9): conversion = rollover % ÷ 12 a month; a rolled contact adds commission × 3 years", () => {
  it("1,000 contacts at launch pricing, $350 commission, 7% rollover", () => {
    const result = roi({
      contacts: 1_000,
      monthlyCostCents: 24_825,
      annualCommissionDollars: 350,
      annualRolloverPercent: 7,
    });
    expect(result.monthlyConversions).toBeCloseTo(5.8333, 4);
    expect(result.annualConversions).toBeCloseTo(70, 10);
    expect(result.addedValuePerConversionDollars).toBe(1_050);
    expect(result.monthlyAddedValueDollars).toBeCloseTo(6_125, 6);
    expect(result.annualAddedValueDollars).toBeCloseTo(73_500, 6);
    expect(result.annualCostDollars).toBeCloseTo(2_979, 6);
    expect(result.netAnnualBenefitDollars).toBeCloseTo(70_521, 6);
    expect(result.roiMultiple).toBeCloseTo(24.6727, 4);
  });
  it("5,000 contacts at full price, $400 commission, 10% rollover", () => {
    const result = roi({
      contacts: 5_000,
      monthlyCostCents: 165_100,
      annualCommissionDollars: 400,
      annualRolloverPercent: 10,
    });
    expect(result.annualAddedValueDollars).toBeCloseTo(600_000, 6); // 500 × 400 × 3
    expect(result.netAnnualBenefitDollars).toBeCloseTo(580_188, 6); // − 1651 × 12
    expect(result.roiMultiple).toBeCloseTo(30.2846, 3);
  });
  it("clamps rollover to 0–100 and has no ROI for a free price", () => {
    expect(
      roi({ contacts: 100, monthlyCostCents: 10_000, annualCommissionDollars: 350, annualRolloverPercent: 150 })
        .annualConversions,
    ).toBe(100);
    expect(
      roi({ contacts: 100, monthlyCostCents: 10_000, annualCommissionDollars: 350, annualRolloverPercent: -3 })
        .annualConversions,
    ).toBe(0);
    expect(
      roi({ contacts: 100, monthlyCostCents: 0, annualCommissionDollars: 350, annualRolloverPercent: 7 }).roiMultiple,
    ).toBeNull();
  });
});

describe("remainingLtvSeries: 'Book of Business - Remaining LTV (Millions)'", () => {
  it("runs 0…6 years; the base case spends the 3 remaining years and reaches 0", () => {
    const series = remainingLtvSeries({ contacts: 1_000, annualCommissionDollars: 350, annualRolloverPercent: 7 });
    expect(series.map((p) => p.year)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(series.map((p) => p.baseCase)).toEqual([1.05, 0.7, 0.35, 0, 0, 0, 0]);
    expect(series[0]!.rolloverCase).toBe(1.05);
  });
  it("the rollover case keeps value on the book, more with a higher rollover", () => {
    const low = remainingLtvSeries({ contacts: 1_000, annualCommissionDollars: 350, annualRolloverPercent: 7 });
    const high = remainingLtvSeries({ contacts: 1_000, annualCommissionDollars: 350, annualRolloverPercent: 20 });
    for (let year = 1; year <= 6; year++) {
      expect(low[year]!.rolloverCase).toBeGreaterThan(low[year]!.baseCase);
      expect(high[year]!.rolloverCase).toBeGreaterThan(low[year]!.rolloverCase);
    }
    expect(low[3]!.rolloverCase).toBeGreaterThan(0.1);
  });
  it("with no rollover both cases are the same", () => {
    const series = remainingLtvSeries({ contacts: 500, annualCommissionDollars: 300, annualRolloverPercent: 0 });
    expect(series.every((p) => p.baseCase === p.rolloverCase)).toBe(true);
  });
});
