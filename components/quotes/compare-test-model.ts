import type { ComparePageModel } from "@/lib/quotes/compare-page";
import { COMPARE_TEXTS } from "@/lib/quotes/compare-texts";
import type { QuoteView } from "@/lib/quotes/compare-view";

/** A quote link's page model for the compare page's tests: Sample Agency, a 70-year-old in Travis County, TX. */

export type Model = Extract<ComparePageModel, { kind: "quote" }>;

export const quote = (carrierName: string, monthlyCents: number, extra: Partial<QuoteView> = {}): QuoteView => ({
  naic: carrierName,
  carrierName,
  groupName: carrierName,
  plan: "G",
  monthlyCents,
  householdMonthlyCents: null,
  discountCategory: null,
  householdRule: null,
  policyFeeCents: 0,
  riders: [],
  amBestRating: null,
  rateHistory: null,
  ...extra,
});

export function compareModel(overrides: Partial<Model> = {}, comparison: Partial<Model["comparison"]> = {}): Model {
  return {
    kind: "quote",
    mode: "link",
    brand: { name: "Sample Agency", logoUrl: null, color: "#6B46C1", phone: "5125550100", senderName: "Sam Sample" },
    firstName: "Pat",
    householdPaired: false,
    texts: COMPARE_TEXTS,
    quoteId: "tok",
    orgId: "org-1",
    tid: null,
    hideMedicareAdvantage: false,
    skipHealthQuestions: false,
    videos: { planGvsN: null, qualify: null },
    nextUrl: "/eligibility?id=tok&orgId=org-1",
    advantageUrl: "/schedule?id=tok&orgId=org-1&status=decline",
    ...overrides,
    comparison: {
      effectiveDate: "2026-12-01",
      effectiveDateOptions: ["2026-12-01", "2027-01-01", "2027-02-01", "2027-03-01"],
      age: 70,
      gender: "F",
      tobacco: false,
      zip5: "78701",
      state: "TX",
      county: { fips: "48453", label: "Travis County" },
      counties: [{ fips: "48453", label: "Travis County" }],
      plans: [
        {
          plan: "G",
          label: "Plan G",
          quotes: [
            quote("Alpha", 15000, {
              householdMonthlyCents: 12000,
              discountCategory: "Roommate",
              householdRule: "You need to live with a spouse or someone who is at least 50 years old.",
            }),
            quote("Beta", 12500),
            quote("Gamma", 14000),
            quote("Delta", 13000),
          ],
        },
        { plan: "N", label: "Plan N", quotes: [quote("Beta", 9000, { plan: "N" })] },
      ],
      initialPlan: "G",
      statePlans: false,
      riderOptions: [],
      defaultRiders: [],
      switchWindow: null,
      carriers: ["Alpha", "Beta", "Delta", "Gamma"],
      isSample: true,
      guaranteedIssueOnly: false,
      ...comparison,
    },
  };
}
