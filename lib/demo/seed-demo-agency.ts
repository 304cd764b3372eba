import { PLANS } from "@/lib/billing/plans";
import "server-only";
import { readFileSync } from "node:fs";
import { createElement } from "react";
import Papa from "papaparse";
import { z } from "zod";
import { SampleAgencyReadyEmail } from "@/lib/email/templates/sample-agency-ready-email";
import { prisma } from "@/lib/db";
import { sendEmail } from "@/lib/email/send";
import { getEnv } from "@/lib/env";
import { generateSampleContacts, type SampleContactInput } from "@/lib/demo/sample-contacts";
import { addressKey } from "@/lib/households/address";
import { orderedPair } from "@/lib/households/pairing";
import { householdRuleFromCsv } from "@/lib/quotes/household-rules";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";
import { stateRulesFileSchema, toStateRuleRows } from "@/lib/outreach/state-rules";

/**
 * The demo data: global reference data (carriers, state switch rules) and the "Sample Agency" with its
 * three users and a few hundred made-up contacts. Both are idempotent, so `npm run seed` can run on
 * every start. Uses the base client on purpose: seeding is not one tenant's work (lib/db).
 */

export const SAMPLE_AGENCY_SLUG = "sample-agency";
export const SAMPLE_AGENCY_NAME = "Sample Agency";
export const SAMPLE_AGENCY_READY_SUBJECT = "Your sample agency is ready";
export const SAMPLE_AGENCY_READY_KEY = "seed:sample-agency-ready";
export const SAMPLE_CONTACT_COUNT = 303;
// Fixed so that every fresh install gets the same people (and screenshots/tests agree).
const SAMPLE_SEED = 20_250_101;

const ADMIN = { email: "admin@sample-agency.test", firstName: "Sam", lastName: "Sample", phone: "5125550100" };
const AGENTS = [
  { email: "alex@sample-agency.test", firstName: "Alex", lastName: "Rivera", phone: "5125550101" },
  { email: "jordan@sample-agency.test", firstName: "Jordan", lastName: "Lee", phone: "5125550102" },
];

const carrierGroupsSchema = z.object({
  carriers: z.record(z.string(), z.array(z.string().regex(/^\d{5}$/))),
  aliases: z.record(z.string(), z.string()),
  naic_names: z.record(z.string(), z.string()),
});

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  return schema.parse(JSON.parse(readFileSync(file, "utf8")));
}

/** NAIC → legal name from CSG's company list (the JSON only has the abbreviated names). */
function csgLegalNames(): Map<string, string> {
  const parsed = Papa.parse<{ naic: string; name_full: string }>(readFileSync(REFERENCE_FILES.csgCompanies, "utf8"), {
    header: true,
    skipEmptyLines: true,
  });
  return new Map(parsed.data.map((row) => [row.naic, row.name_full]));
}

/** Household-discount eligibility per state and carrier (the rule text beside the compare page's toggle). */
function householdRules() {
  const parsed = Papa.parse<Record<string, string>>(readFileSync(REFERENCE_FILES.householdDiscounts, "utf8"), {
    header: true,
    skipEmptyLines: true,
  });
  return parsed.data
    .map(householdRuleFromCsv)
    .filter((rule) => /^[A-Z]{2}$/.test(rule.state) && rule.carrierLabel !== "");
}

/** Upserts the supported carriers (one row per NAIC), the state switch rules and the household-discount rules. Safe to run repeatedly. */
const SAMPLE_AGENCY_PLAN = "pro";

/** The subscription tiers (lib/billing/plans.ts) as rows, for plan choice and organizations' tier. */
export async function seedPlans() {
  await prisma.$transaction(
    PLANS.map(({ id, ...data }) =>
      prisma.subscriptionTier.upsert({ where: { id }, create: { id, ...data }, update: data }),
    ),
  );
}

export async function seedReferenceData(): Promise<{ carriers: number; stateRules: number }> {
  const groups = readJson(REFERENCE_FILES.carrierGroups, carrierGroupsSchema);
  const rules = readJson(REFERENCE_FILES.stateSwitchRules, stateRulesFileSchema);
  const legalNames = csgLegalNames();

  const carrierRows = Object.entries(groups.carriers).flatMap(([group, naics]) => {
    const aliasKeys = Object.entries(groups.aliases)
      .filter(([, target]) => target === group)
      .map(([alias]) => alias);
    return naics.map((naic) => {
      const shortName = groups.naic_names[naic];
      // Lower-case spellings a CSV might use for this company: the group, its known aliases, CSG's short name.
      const aliases = [
        ...new Set([group.toLowerCase(), ...aliasKeys, ...(shortName ? [shortName.toLowerCase()] : [])]),
      ];
      return { naic, name: group, nameFull: legalNames.get(naic) ?? shortName ?? null, groupName: group, aliases };
    });
  });

  const hhd = householdRules();
  await prisma.$transaction([
    ...carrierRows.map(({ naic, ...data }) =>
      prisma.carrier.upsert({ where: { naic }, create: { naic, ...data }, update: data }),
    ),
    // Only the states that have no row: an edit made since (npm run state-rules) is the truth now.
    prisma.stateSwitchRule.createMany({ data: toStateRuleRows(rules), skipDuplicates: true }),
    // The rules file is the source: rows without a filing are replaced wholesale, filing discounts are untouched.
    prisma.householdDiscount.deleteMany({ where: { filingId: null, carrierLabel: { not: null } } }),
    prisma.householdDiscount.createMany({
      data: hhd.map((rule) => ({
        state: rule.state,
        carrierLabel: rule.carrierLabel,
        eligibility: rule.eligibility,
        minCohabitantAge: rule.minCohabitantAge,
        spouseOrPartnerOnly: rule.spouseOrPartnerOnly,
        cohabitationMonths: rule.cohabitationMonths,
        sameMembershipNumber: rule.sameMembershipNumber,
        pctBps: rule.pctBps,
        extras: rule.extras,
      })),
    }),
  ]);
  await seedPlans();
  return { carriers: carrierRows.length, stateRules: rules.states.length };
}

export type SeedDemoAgencyResult = {
  /** false when the agency was already there (nothing was written for it). */
  created: boolean;
  organizationId: string;
  contacts: number;
  users: number;
  /** true only on the run that actually sent the ready email. */
  emailSent: boolean;
};

function isUniqueViolation(error: unknown) {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/**
 * The demo's households (docs/households.md), so the Household card, the list's marks and the household email show
 * with sample data: three pairs of generated contacts made to live together (the second of each pair takes the
 * first's last name, ZIP and county, and both get one fictional street address on "Example Lane"). Two pairs are
 * confirmed, one is left as a suggestion for the agent to confirm or dismiss. Pure: the same contacts in, the same out.
 */
export function withSampleHouseholds<C extends SampleContactInput>(
  contacts: readonly C[],
): {
  contacts: (C & { streetAddress?: string })[];
  pairs: { a: string; b: string; status: "confirmed" | "suggested"; key: string }[];
} {
  const out: (C & { streetAddress?: string })[] = contacts.map((c) => ({ ...c }));
  const pairs: { a: string; b: string; status: "confirmed" | "suggested"; key: string }[] = [];
  const statuses = ["confirmed", "confirmed", "suggested"] as const;
  statuses.forEach((status, i) => {
    const [first, second] = [out[2 * i], out[2 * i + 1]];
    if (!first || !second) return;
    const streetAddress = `${120 + 14 * i} Example Lane`;
    Object.assign(first, { streetAddress });
    Object.assign(second, {
      streetAddress,
      lastName: first.lastName,
      state: first.state,
      zipCode: first.zipCode,
      county: first.county,
      countyFips: first.countyFips,
    });
    pairs.push({
      a: first.email,
      b: second.email,
      status,
      key: addressKey({ street: streetAddress, zip: first.zipCode })!,
    });
  });
  return { contacts: out, pairs };
}

async function createAgency(now: Date): Promise<string> {
  // Admin first in the list so that the generator spreads contacts over all three agents.
  const contacts = generateSampleContacts({
    count: SAMPLE_CONTACT_COUNT,
    seed: SAMPLE_SEED,
    now,
    agentIds: ["admin", "alex", "jordan"],
  });
  const carriers = [...new Set(contacts.map((c) => c.currentCarrier))].sort();
  const states = [...new Set(contacts.map((c) => c.state))].sort();

  return prisma.$transaction(async (tx) => {
    const org = await tx.organization.create({
      data: {
        name: SAMPLE_AGENCY_NAME,
        slug: SAMPLE_AGENCY_SLUG,
        isSampleData: true,
        demoMode: true,
        // The demo never goes through Stripe and needs no onboarding.
        billingDisabled: true,
        onboardingCompleted: true,
        subscriptionTierId: SAMPLE_AGENCY_PLAN,
        // The plan's own limits (Pro: 5 agents; no plan caps contacts).
        agentLimit: PLANS.find((plan) => plan.id === SAMPLE_AGENCY_PLAN)?.agentLimit ?? 5,
        contactLimit: PLANS.find((plan) => plan.id === SAMPLE_AGENCY_PLAN)?.contactLimit ?? -1,
        // Brand: default colours; contact details in fictional ranges (555-01xx, example.com).
        brandName: SAMPLE_AGENCY_NAME,
        phone: ADMIN.phone,
        website: "www.example.com",
        // Printed at the foot of its emails; going live needs one (a fictional street, like the rest).
        postalAddress: `${SAMPLE_AGENCY_NAME}, 100 Example Street, Austin, TX 78701`,
        redirectUrl: "https://www.example.com/book/sample-agency",
        signature: `${ADMIN.firstName} ${ADMIN.lastName}\n${SAMPLE_AGENCY_NAME}\n(512) 555-0100`,
        carrierContracts: carriers,
        stateLicenses: states,
        stateCarrierSettings: states.flatMap((state) =>
          carriers.map((carrier) => ({ state, carrier, active: true, targetGI: false })),
        ),
        // domain-rules E.4 defaults, spelled out so the demo's behaviour does not drift with schema defaults.
        allowAgentSettings: false,
        smartSendEnabled: false,
        orgSignature: false,
        forceOrgSenderDetails: true,
        contactOutreachDelayYears: 1,
        outreachBirthday: true,
        outreachEnrollmentAnniversary: true,
        outreachScheduleIncrease: true,
        outreachAep: true,
        failedUnderwritingOutreachEnabled: false,
        failedUnderwritingOutreachFrequency: "annual",
        failedUnderwritingOutreachTiming: "birthday",
      },
    });
    const user = (u: typeof ADMIN, isAdmin: boolean) =>
      tx.user.create({
        data: {
          organizationId: org.id,
          email: u.email,
          name: `${u.firstName} ${u.lastName}`,
          firstName: u.firstName,
          lastName: u.lastName,
          phone: u.phone,
          isAdmin,
          isAgent: true,
          canManageBilling: isAdmin,
          carriers,
          stateLicenses: states,
        },
      });
    const admin = await user(ADMIN, true);
    const [alex, jordan] = [await user(AGENTS[0]!, false), await user(AGENTS[1]!, false)];
    await tx.organization.update({ where: { id: org.id }, data: { defaultAgentId: admin.id } });
    const ids: Record<string, string> = { admin: admin.id, alex: alex.id, jordan: jordan.id };
    const homes = withSampleHouseholds(contacts);
    await tx.contact.createMany({
      data: homes.contacts.map((c) => ({ ...c, organizationId: org.id, agentId: c.agentId ? ids[c.agentId]! : null })),
    });
    const idOf = new Map(
      (
        await tx.contact.findMany({
          where: { organizationId: org.id, email: { in: homes.pairs.flatMap((p) => [p.a, p.b]) } },
          select: { id: true, email: true },
        })
      ).map((c) => [c.email, c.id]),
    );
    await tx.household.createMany({
      data: homes.pairs.map(({ a, b, status, key }) => {
        const [contactAId, contactBId] = orderedPair(idOf.get(a)!, idOf.get(b)!);
        return {
          organizationId: org.id,
          contactAId,
          contactBId,
          kind: "address" as const,
          addressKey: key,
          status,
          ...(status === "confirmed" ? { confirmedById: admin.id, confirmedAt: now } : {}),
        };
      }),
    });
    return org.id;
  });
}

/**
 * Creates the Sample Agency once (one transaction), then emails its admin through the send path. When the
 * agency exists already nothing is written; the email is still offered to sendEmail, whose idempotency
 * key makes it a no-op after the first time, so a crash between commit and send heals on the next run.
 */
export async function seedDemoAgency({ now }: { now: Date }): Promise<SeedDemoAgencyResult> {
  let created = false;
  let org = await prisma.organization.findUnique({
    where: { slug: SAMPLE_AGENCY_SLUG },
    select: { id: true, isSampleData: true },
  });
  if (!org) {
    await seedPlans(); // the agency is on the pro plan
    try {
      const id = await createAgency(now);
      org = { id, isSampleData: true };
      created = true;
    } catch (error) {
      // Another seed run won the race for the slug: theirs is the agency.
      if (!isUniqueViolation(error)) throw error;
      org = await prisma.organization.findUniqueOrThrow({
        where: { slug: SAMPLE_AGENCY_SLUG },
        select: { id: true, isSampleData: true },
      });
    }
  }

  const [contacts, users] = await Promise.all([
    prisma.contact.count({ where: { organizationId: org.id } }),
    prisma.user.count({ where: { organizationId: org.id } }),
  ]);
  // A real agency that happens to own the slug is not ours to email about.
  if (!org.isSampleData) return { created, organizationId: org.id, contacts, users, emailSent: false };
  // A sample agency seeded before plans existed is put on its plan, so it signs in to /contacts.
  if (!created) {
    await seedPlans();
    await prisma.organization.updateMany({
      where: { id: org.id, subscriptionTierId: null },
      data: { subscriptionTierId: SAMPLE_AGENCY_PLAN },
    });
  }

  const env = getEnv();
  const sent = await sendEmail({
    to: ADMIN.email,
    subject: SAMPLE_AGENCY_READY_SUBJECT,
    react: createElement(SampleAgencyReadyEmail, {
      productName: env.productName,
      firstName: ADMIN.firstName,
      agencyName: SAMPLE_AGENCY_NAME,
      contactCount: contacts,
      appUrl: `${env.appUrl}/dashboard`,
    }),
    idempotencyKey: SAMPLE_AGENCY_READY_KEY,
    tags: { type: "sample_agency_ready" },
  });
  return { created, organizationId: org.id, contacts, users, emailSent: sent.status !== "duplicate" };
}
