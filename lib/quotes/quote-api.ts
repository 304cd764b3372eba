import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { getSessionUser } from "@/lib/auth/session";
import { prisma } from "@/lib/db";
import { consumeRateLimit } from "@/lib/rate-limit";
import { getQuoteProvider } from "@/lib/quotes/quote-provider-for-env";
import {
  isPlanCode,
  PLAN_LABELS,
  plansForState,
  STANDARD_PLANS,
  type CarrierQuote,
  type PlanCode,
  type QuoteProvider,
} from "@/lib/quotes/quote-provider";
import { findQuoteLink, QUOTE_NOT_FOUND_MESSAGE } from "@/lib/quotes/quote-links";
import { defaultEffectiveDate } from "@/lib/quotes/select-quotes";
import { findZip } from "@/lib/zip/zip-table";

/**
 * POST /api/quotes (client-side.md §3 "Quote results", §7; domain-rules.md B.3): rates for one
 * person at one ZIP, grouped by company in the engine's shape — { company_name, naic, group,
 * quotes: [{ rate, discount_rate, discount_category, age, gender, plan, tobacco, original_plan_name }] },
 * rates in cents. The caller is a signed-in user, or a public page holding a quote link token
 * (`quoteId`, rate-limited per IP). `orgId` is only compared with the caller's organization.
 */

export const QUOTE_API_MESSAGES = {
  unauthorized: "Authentication error: Please check your session and try again.",
  forbidden: "Access forbidden: You don't have permission to access these quotes.",
  noPlans: "No plans available for the selected criteria. Please try different parameters.",
} as const;

const yes = (v: unknown) => v === true || v === "true" || v === "1" || v === "yes" || v === "Y" || v === "y";

export const quoteApiBodySchema = z.object({
  zip_code: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "Please enter a valid 5-digit zip code"),
  state: z.string().trim().length(2).toUpperCase().optional(),
  /** County name or 5-digit FIPS; default: the ZIP's largest county. */
  county: z.string().trim().max(100).optional().nullable(),
  /** Medicare starts at 65, or earlier with a disability; rating clamps to the filed ages. */
  age: z.coerce.number().int().min(18).max(120).default(65),
  /** The original sent "F" when the stored gender contained an f, else "M". */
  gender: z
    .string()
    .default("M")
    .transform((g) => (/f/i.test(g) ? ("F" as const) : ("M" as const))),
  tobacco: z.union([z.boolean(), z.string()]).default(false).transform(yes),
  /** "supported" (every carrier we support) or a list of carrier names / NAICs. */
  carriers: z.union([z.literal("supported"), z.array(z.string().max(100)).max(100)]).default("supported"),
  /** A first of the month; within a year either way of today (checked in quoteApi). */
  effective_date: z.iso.date().regex(/-01$/, "Coverage starts on the first of a month").optional().nullable(),
  /** Plan codes to price; default: the state's plans (MN / WI / MA designs there). */
  plans: z.array(z.string().refine(isPlanCode, "Unknown plan")).max(20).optional(),
  orgId: z.string().max(100).optional().nullable(),
  currentPlanType: z.string().max(40).optional().nullable(),
  /** A quote link token: how a public page authenticates. */
  quoteId: z.string().max(100).optional().nullable(),
});

export type QuoteApiBody = z.infer<typeof quoteApiBodySchema>;

/** The standard letter each state design is shown under (domain-rules.md B.3 plan aliases). */
const STATE_PLAN_ALIAS: Partial<Record<PlanCode, PlanCode>> = {
  MN_BASIC: "N",
  MN_EXTENDED: "G",
  WI_BASIC: "N",
  WI_HIGH_DEDUCTIBLE: "N",
  MA_CORE: "N",
  MA_SUPPLEMENT_1: "G",
  MA_SUPPLEMENT_1A: "G",
};

export type CompanyQuotes = {
  company_name: string;
  naic: string;
  group: string;
  quotes: {
    rate: number;
    discount_rate: number | null;
    discount_category: string | null;
    age: number;
    gender: "M" | "F";
    plan: string;
    tobacco: boolean;
    original_plan_name?: string;
  }[];
};

/** Groups provider quotes by company, in the engine's shape. Pure. */
export function toCompanyQuotes(quotes: readonly CarrierQuote[]): CompanyQuotes[] {
  const byCompany = new Map<string, CompanyQuotes>();
  for (const q of quotes) {
    const company = byCompany.get(q.naic) ?? {
      company_name: q.carrierName,
      naic: q.naic,
      group: q.groupName,
      quotes: [],
    };
    const alias = STATE_PLAN_ALIAS[q.plan];
    company.quotes.push({
      rate: q.monthlyCents,
      discount_rate: q.householdMonthlyCents,
      discount_category: q.discountCategory,
      age: q.age,
      gender: q.gender,
      plan: alias ?? q.plan,
      tobacco: q.tobacco,
      ...(alias ? { original_plan_name: PLAN_LABELS[q.plan] } : {}),
    });
    byCompany.set(q.naic, company);
  }
  return [...byCompany.values()].sort(
    (a, b) => a.company_name.localeCompare(b.company_name) || a.naic.localeCompare(b.naic),
  );
}

type Caller = { organizationId: string; organizationSlug?: string; timezone: string };

async function authenticate({
  body,
  sessionToken,
  ip,
  now,
}: {
  body: QuoteApiBody;
  sessionToken: string | undefined;
  ip: string;
  now: Date;
}): Promise<Caller> {
  const user = await getSessionUser(sessionToken, now);
  if (user) return { organizationId: user.organizationId, timezone: "America/Chicago" };
  if (!body.quoteId) throw new AppError("unauthorized", QUOTE_API_MESSAGES.unauthorized);
  // Public pages are limited per address; signed-in agents are not (they are accountable).
  await consumeRateLimit({ key: `quotes:ip:${ip}`, limit: 120, windowSeconds: 60, now });
  const found = await findQuoteLink(body.quoteId, now);
  if (!found) throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);
  return {
    organizationId: found.organization.id,
    organizationSlug: found.organization.slug,
    timezone: found.organization.timezone,
  };
}

/** Supported carriers' NAICs for a carriers list of names or NAICs. */
async function carrierAllowList(carriers: QuoteApiBody["carriers"]): Promise<string[] | undefined> {
  if (carriers === "supported") return undefined;
  const wanted = carriers.map((c) => c.trim().toLowerCase());
  const rows = await prisma.carrier.findMany({
    where: { isActive: true },
    select: { naic: true, name: true, groupName: true },
  });
  return rows
    .filter(
      (r) =>
        wanted.includes(r.naic) ||
        wanted.includes(r.name.toLowerCase()) ||
        wanted.includes((r.groupName ?? "").toLowerCase()),
    )
    .map((r) => r.naic);
}

export async function quoteApi({
  body,
  sessionToken,
  ip,
  now,
  provider = getQuoteProvider(),
}: {
  body: QuoteApiBody;
  sessionToken: string | undefined;
  ip: string;
  now: Date;
  provider?: QuoteProvider;
}): Promise<CompanyQuotes[]> {
  const caller = await authenticate({ body, sessionToken, ip, now });
  if (body.orgId && body.orgId !== caller.organizationId && body.orgId !== caller.organizationSlug)
    throw new AppError("forbidden", QUOTE_API_MESSAGES.forbidden);

  const zip = findZip(body.zip_code);
  if (!zip) throw new AppError("validation_failed", "Invalid zip code", { fields: { zip_code: ["Invalid zip code"] } });
  const county = body.county
    ? zip.countyDetails.find((c) => c.fips === body.county || c.name.toLowerCase() === body.county!.toLowerCase())
    : zip.defaultCounty;
  if (!county)
    throw new AppError("validation_failed", "No counties found for this ZIP code", {
      fields: { county: ["No counties found for this ZIP code"] },
    });
  const state = county.state || zip.state;
  // A ZIP crossing a state line is rated in the county's state; any other state is a mistake, not a choice.
  if (body.state && body.state !== state && body.state !== zip.state) {
    throw new AppError("validation_failed", "The state does not match this ZIP code", {
      fields: { state: ["The state does not match this ZIP code"] },
    });
  }
  const effectiveDate = body.effective_date ?? defaultEffectiveDate(now, caller.timezone);
  if (Math.abs(Date.parse(`${effectiveDate}T00:00:00Z`) - now.getTime()) > 400 * 86_400_000) {
    throw new AppError("validation_failed", "Choose a coverage start date within a year", {
      fields: { effective_date: ["Choose a coverage start date within a year"] },
    });
  }

  const plans = (body.plans as PlanCode[] | undefined) ?? [...(state ? plansForState(state) : STANDARD_PLANS)];
  const naicAllow = await carrierAllowList(body.carriers);
  const quotes = await provider.getQuotes({
    zip5: zip.zip,
    state,
    countyFips: county.fips,
    age: body.age,
    gender: body.gender,
    tobacco: body.tobacco,
    plans,
    effectiveDate,
    naicAllow,
  });
  return toCompanyQuotes(quotes);
}
