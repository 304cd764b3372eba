import { carrierTitle, householdSentence, type QuoteView } from "@/lib/quotes/compare-view";

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
