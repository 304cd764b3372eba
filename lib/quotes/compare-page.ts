import "server-only";
import { COMPARE_TEXTS, TWO_PEOPLE_INTRO, type CompareTexts } from "@/lib/quotes/compare-texts";
import { z } from "zod";
import { prisma, tenantDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { brandColor, brandNameOf, DEFAULT_BRAND_COLOR, ORGANIZATION_BRANDING_SELECT } from "@/lib/organizations/brand";
import { findOrganizationByIdOrSlug } from "@/lib/organizations/find-organization";
import { areConfirmedHousehold, isInConfirmedHousehold } from "@/lib/households/paired";
import { consumeRateLimit } from "@/lib/rate-limit";
import {
  buildComparison,
  type CompareOrganization,
  type Comparison,
  type QuoteSubject,
} from "@/lib/quotes/compare-quotes";
import {
  type FoundQuoteLink,
  findQuoteLink,
  isQuoteToken,
  orphanedQuoteLinkOrgSlug,
  QUOTE_NOT_FOUND_MESSAGE,
  quoteAgent,
} from "@/lib/quotes/quote-links";
import { logoUrl } from "@/lib/settings/logo-rules";
import { readStateCarrierSettings } from "@/lib/settings/state-carrier-settings";
import { findZip } from "@/lib/zip/zip-table";
import { isoDate } from "@/lib/calendar/calendar-date";

/**
 * What /compare shows, decided on the server from the URL (client-side.md routes and redirect rules,
 * domain-rules.md B.1–B.2). Three ways in:
 *  - a quote link (`id` = the stored token): the contact's own quote, branded for their agency;
 *  - a manual quote (`orgId` + zip, county, age, gender, tobacco, planType), e.g. from /quote: an
 *    agency's carriers for facts typed in, no contact;
 *  - the demo (`demo=true`): a made-up person and sample prices, nothing to submit.
 * Anything else goes to /error with the spec's message; a link whose contact was deleted goes to the
 * agency's self-onboarding page.
 */

export const MISSING_QUOTE_ID_MESSAGE = "Missing or invalid quote ID";
export const TOO_MANY_QUOTES_MESSAGE = "Too many quote requests. Please wait a few minutes and try again.";
/** Manual quotes per address per 10 minutes: each one asks the quote provider (CSG when configured). */
export const MANUAL_QUOTES_PER_ADDRESS = 60;

export type CompareBrand = {
  name: string;
  logoUrl: string | null;
  color: string;
  /** The number a visitor should call: the agent's or the organization's, per the sender settings. */
  phone: string | null;
  /** Who speaks on the page: the agent's name, or the organization's when it sends as itself. */
  senderName: string;
};

export type ComparePageModel = { kind: "redirect"; to: string } | CompareQuoteModel;

export type CompareQuoteModel = {
  kind: "quote";
  mode: "link" | "manual" | "demo";
  comparison: Comparison;
  brand: CompareBrand;
  firstName: string | null;
  /**
   * Link mode: the contact is in a confirmed household (docs/households.md "The compare page"), so the
   * household toggle starts on. A yes or no only: the page never learns who the partner is.
   */
  householdPaired: boolean;
  /** Link mode, an unconfirmed self-signup (lib/contacts/book.ts): the address its confirmation link went to. */
  emailToConfirm?: string | null;
  /** The quote link token (link mode): what the page's calls and links carry. */
  quoteId: string | null;
  orgId: string | null;
  tid: string | null;
  hideMedicareAdvantage: boolean;
  skipHealthQuestions: boolean;
  videos: { planGvsN: string | null; qualify: string | null };
  /** The page's longer sentences (lib/quotes/compare-texts.ts). */
  texts: CompareTexts;
  /** Where "Select" continues to (null in the demo). */
  nextUrl: string | null;
  /** The Medicare Advantage option's link. */
  advantageUrl: string | null;
  /**
   * On the two-person page only: the person's heading ("Ann's quotes"), and whether this is the link's own contact
   * (only the opened link reports its view; the partner's quotes being on the page is not the partner's visit).
   */
  person?: { heading: string; opened: boolean } | null;
  /**
   * A household email's link (quote_links.partner_link_id, docs/households.md "One link for two"): the partner's
   * model, exactly what the partner's own link shows (their own token), and the frame's sentence. This model is
   * then the link's own contact's. Null on every other page.
   */
  twoPeople?: { partner: CompareQuoteModel; intro: string } | null;
};

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const effectiveDateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-01$/)
  .optional()
  .catch(undefined);

/**
 * The manual quote's facts (client-side.md routes: zip, county, gender, tobacco, age, currentCarrier,
 * planType). The spec also lists dateOfBirth; it is not read, because a birth date does not belong
 * in a URL (the intake form sends the age).
 */
const manualParams = z.object({
  orgId: z.string().min(1).max(100),
  zip: z.string().regex(/^\d{5}$/),
  county: z.string().max(100).optional().catch(undefined),
  age: z.coerce.number().int().min(50).max(110).optional().catch(undefined),
  gender: z
    .string()
    .optional()
    .transform((g) => (g && /^f/i.test(g) ? ("F" as const) : ("M" as const))),
  tobacco: z
    .string()
    .optional()
    .transform((t) => t === "true" || t === "1" || t === "yes"),
  currentCarrier: z.string().max(100).optional().catch(undefined),
  planType: z.string().max(40).optional().catch(undefined),
});

type Params = Record<string, string | string[] | undefined>;

const ORG_SELECT = {
  ...ORGANIZATION_BRANDING_SELECT,
  carrierContracts: true,
  stateCarrierSettings: true,
  hideMedicareAdvantage: true,
  timezone: true,
  mnDefaultRiders: true,
  wiDefaultRiders: true,
  maDefaultRiders: true,
} as const;

type OrgRow = {
  id: string;
  slug: string;
  name: string;
  brandName: string | null;
  logoMimeType: string | null;
  logoUpdatedAt: Date | null;
  primaryColor: string | null;
  phone: string | null;
  timezone: string;
  carrierContracts: string[];
  stateCarrierSettings: unknown;
  mnDefaultRiders: string[];
  wiDefaultRiders: string[];
  maDefaultRiders: string[];
  hideMedicareAdvantage: boolean;
};

function compareOrganization(org: OrgRow | null, allCarriers: boolean): CompareOrganization {
  return {
    carrierContracts: allCarriers || !org ? null : org.carrierContracts,
    stateCarrierSettings: allCarriers || !org ? [] : readStateCarrierSettings(org.stateCarrierSettings),
    timezone: org?.timezone ?? "America/Chicago",
    mnDefaultRiders: org?.mnDefaultRiders ?? ["part_a_deductible", "part_b_excess"],
    wiDefaultRiders: org?.wiDefaultRiders ?? ["part_a_deductible", "part_b_excess"],
    maDefaultRiders: org?.maDefaultRiders ?? [],
  };
}

function orgBrand(org: OrgRow | null): CompareBrand {
  const productName = getEnv().productName;
  if (!org)
    return { name: productName, logoUrl: null, color: DEFAULT_BRAND_COLOR, phone: null, senderName: productName };
  const name = brandNameOf(org);
  return {
    name,
    logoUrl: org.logoMimeType ? logoUrl(org.slug, org.logoUpdatedAt) : null,
    color: brandColor(org.primaryColor),
    phone: org.phone,
    senderName: name,
  };
}

/** Whether the contact's latest health answers failed underwriting (only that: the answers stay in lib/eligibility). */
async function latestHealthFailed(organizationId: string, contactId: string): Promise<boolean> {
  const latest = await tenantDb(organizationId).eligibilityAnswer.findFirst({
    where: { organizationId, contactId },
    orderBy: { createdAt: "desc" },
    select: { hasConditions: true },
  });
  return latest?.hasConditions === true;
}

const findOrganization = (idOrSlug: string | undefined): Promise<OrgRow | null> =>
  findOrganizationByIdOrSlug(idOrSlug, ORG_SELECT);

export const MISSING_ORGANIZATION_MESSAGE = "Missing or invalid organization ID";

const errorRedirect = (message: string) => ({
  kind: "redirect" as const,
  to: `/error?message=${encodeURIComponent(message)}`,
});

function commonOptions(params: Params) {
  return {
    effectiveDate: effectiveDateParam.parse(first(params.effectiveDate)) ?? null,
    skipHealthQuestions: first(params.skip_health_questions) === "true",
    tid: first(params.tid)?.slice(0, 200) ?? null,
    videos: { planGvsN: getEnv().videos.planGvsN ?? null, qualify: getEnv().videos.qualify ?? null },
    texts: COMPARE_TEXTS,
  };
}

/** The sample person of the demo: Austin, TX, 65, female, no tobacco. */
/**
 * The contact's current carrier as the quotes name its group, so that the whole group is dropped: the
 * group of its stored NAIC (a group's key need not be quoted in the contact's state: Humana's is its New
 * York company), else the NAIC or the carrier text. The carriers table is reference data (owner client).
 */
async function currentCarrierGroup(contact: {
  currentCarrier: string | null;
  currentCarrierNaic: string | null;
}): Promise<string | null> {
  if (!contact.currentCarrierNaic) return contact.currentCarrier;
  const carrier = await prisma.carrier.findUnique({
    where: { naic: contact.currentCarrierNaic },
    select: { name: true, groupName: true },
  });
  return carrier ? (carrier.groupName ?? carrier.name) : contact.currentCarrierNaic;
}

const DEMO_SUBJECT: QuoteSubject = {
  zip5: "78701",
  birthDate: null,
  age: 65,
  gender: "F",
  tobacco: false,
  currentCarrier: null,
  currentPlan: null,
  policyEffectiveDate: null,
  planType: "G",
};

export async function loadComparePage({
  params,
  now,
  ip = "local",
}: {
  params: Params;
  now: Date;
  /** The caller's address (clientIp), for the manual quotes' limit. */ ip?: string;
}): Promise<ComparePageModel> {
  const common = commonOptions(params);
  const id = first(params.id);

  if (first(params.demo) === "true") {
    const org = await findOrganization(first(params.orgId));
    const comparison = await buildComparison({
      subject: DEMO_SUBJECT,
      organization: compareOrganization(org, true),
      now,
      effectiveDate: common.effectiveDate,
    });
    return {
      kind: "quote",
      mode: "demo",
      comparison,
      brand: orgBrand(org),
      firstName: null,
      householdPaired: false,
      quoteId: null,
      orgId: org?.id ?? null,
      ...common,
      tid: null,
      hideMedicareAdvantage: org?.hideMedicareAdvantage ?? false,
      nextUrl: null,
      advantageUrl: null,
    };
  }

  if (id !== undefined) {
    if (!isQuoteToken(id)) return errorRedirect(MISSING_QUOTE_ID_MESSAGE);
    const found = await findQuoteLink(id, now);
    if (!found) {
      const orphanSlug = await orphanedQuoteLinkOrgSlug(id, now);
      if (orphanSlug)
        return {
          kind: "redirect",
          to: `/self-onboarding/${encodeURIComponent(orphanSlug)}?quoteId=${encodeURIComponent(id)}`,
        };
      return errorRedirect(QUOTE_NOT_FOUND_MESSAGE);
    }
    const [model, partner] = await Promise.all([
      linkQuoteModel(found, { planType: first(params.planType) ?? null, common, now }),
      householdPartnerOf(found, now),
    ]);
    if (!partner) return model;
    const partnerModel = await linkQuoteModel(partner, { planType: null, common: { ...common, tid: null }, now });
    // Both are a confirmed household (householdPartnerOf), so each starts with the household discount on.
    return {
      ...model,
      householdPaired: true,
      person: { heading: possessiveQuotes(found.contact.firstName), opened: true },
      twoPeople: {
        partner: {
          ...partnerModel,
          householdPaired: true,
          person: { heading: possessiveQuotes(partner.contact.firstName), opened: false },
        },
        intro: TWO_PEOPLE_INTRO,
      },
    };
  }

  const manual = manualParams.safeParse(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, first(v)])));
  if (!manual.success)
    return errorRedirect(
      first(params.zip) && !first(params.orgId) ? MISSING_ORGANIZATION_MESSAGE : MISSING_QUOTE_ID_MESSAGE,
    );
  const org = await findOrganization(manual.data.orgId);
  if (!org) return errorRedirect(MISSING_ORGANIZATION_MESSAGE);
  try {
    await consumeRateLimit({ key: `manual-quote:ip:${ip}`, limit: MANUAL_QUOTES_PER_ADDRESS, windowSeconds: 600, now });
  } catch {
    return errorRedirect(TOO_MANY_QUOTES_MESSAGE);
  }
  const m = manual.data;
  const zip = findZip(m.zip);
  const wantedCounty = m.county?.trim().toLowerCase();
  const countyFips =
    zip?.countyDetails.find(
      (c) =>
        c.fips === m.county ||
        c.name.toLowerCase() === wantedCounty ||
        `${c.name}, ${c.state}`.toLowerCase() === wantedCounty,
    )?.fips ?? null;
  const comparison = await buildComparison({
    subject: {
      zip5: m.zip,
      countyFips,
      birthDate: null,
      age: m.age ?? null,
      gender: m.gender,
      tobacco: m.tobacco,
      currentCarrier: m.currentCarrier ?? null,
      currentPlan: null,
      policyEffectiveDate: null,
      planType: m.planType ?? null,
    },
    organization: compareOrganization(org, false),
    now,
    effectiveDate: common.effectiveDate,
  });
  return {
    kind: "quote",
    mode: "manual",
    comparison,
    brand: orgBrand(org),
    firstName: null,
    householdPaired: false,
    quoteId: null,
    orgId: org.id,
    ...common,
    tid: null,
    hideMedicareAdvantage: org.hideMedicareAdvantage,
    nextUrl: `/eligibility?orgId=${org.id}`,
    advantageUrl: `/schedule?orgId=${org.id}&status=decline`,
  };
}

/** "Ann's quotes": a person's heading on the two-person page. */
export function possessiveQuotes(firstName: string | null): string {
  const name = firstName?.trim();
  return name ? `${name}'s quotes` : "Quotes";
}

/**
 * A quote link's page for its own contact: the contact's own age, gender, tobacco, ZIP, plan and agent, branded for
 * their agency. The two-person page calls it once per person, each with that person's own link.
 */
async function linkQuoteModel(
  found: FoundQuoteLink,
  { planType, common, now }: { planType: string | null; common: ReturnType<typeof commonOptions>; now: Date },
): Promise<CompareQuoteModel> {
  const { contact, organization } = found;
  const [agent, failedUnderwriting, householdPaired] = await Promise.all([
    quoteAgent(found),
    latestHealthFailed(organization.id, contact.id),
    isInConfirmedHousehold(organization.id, contact.id),
  ]);
  const comparison = await buildComparison({
    subject: {
      zip5: contact.zipCode?.slice(0, 5) ?? null,
      countyFips: contact.countyFips,
      birthDate: isoDate(contact.birthDate),
      gender: contact.gender ?? "M",
      tobacco: contact.tobaccoUser,
      currentCarrier: await currentCarrierGroup(contact),
      currentPlan: contact.planType,
      policyEffectiveDate: isoDate(contact.effectiveDate),
      planType: planType ?? found.link.planType ?? contact.planType,
      failedUnderwriting,
    },
    organization: compareOrganization(organization, false),
    now,
    effectiveDate: common.effectiveDate,
  });
  const brand = orgBrand(organization as OrgRow);
  const speaksAsOrg = organization.forceOrgSenderDetails || !agent || agent.useOrgSenderDetails;
  brand.senderName = speaksAsOrg ? brand.name : `${agent!.firstName} ${agent!.lastName}`.trim();
  brand.phone = speaksAsOrg ? (organization.phone ?? agent?.phone ?? null) : (agent!.phone ?? organization.phone);
  const q = encodeURIComponent(found.link.token);
  return {
    kind: "quote" as const,
    mode: "link" as const,
    comparison,
    brand,
    firstName: contact.firstName,
    householdPaired,
    emailToConfirm: contact.unverifiedSince ? contact.email : null,
    quoteId: found.link.token,
    orgId: organization.id,
    ...common,
    hideMedicareAdvantage: organization.hideMedicareAdvantage,
    nextUrl: common.skipHealthQuestions
      ? `/schedule?id=${q}&orgId=${organization.id}`
      : `/eligibility?id=${q}&orgId=${organization.id}`,
    advantageUrl: `/schedule?id=${q}&orgId=${organization.id}&status=decline`,
  };
}

/**
 * The partner's own link behind a household email's link (docs/households.md "One link for two"), or null: no
 * partner link, the partner's link expired or gone, another organization's, or the two are no longer a confirmed
 * household. Read under the link's organization (tenantDb), the organization taken from the link's row.
 */
async function householdPartnerOf(found: FoundQuoteLink, now: Date): Promise<FoundQuoteLink | null> {
  const partnerLinkId = found.link.partnerLinkId;
  if (!partnerLinkId) return null;
  const organizationId = found.organization.id;
  const link = await tenantDb(organizationId).quoteLink.findFirst({
    where: { id: partnerLinkId, organizationId },
    select: { token: true, contactId: true },
  });
  if (!link?.contactId || !(await areConfirmedHousehold(organizationId, found.contact.id, link.contactId))) return null;
  const partner = await findQuoteLink(link.token, now);
  return partner && partner.organization.id === organizationId ? partner : null;
}

/** The compare page's tab title: the agency's name (its brand), so the tab says whose quote it is; "Personal Quote" without one. */
export function comparePageTitle(brandName: string | null): string {
  return brandName?.trim() || "Personal Quote";
}
