import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { brandColor, BrandedPage } from "@/components/self-onboarding/branded-page";
import { FullIntakeForm } from "@/components/self-onboarding/full-intake-form";
import { QuoteIntakeForm } from "@/components/self-onboarding/quote-intake-form";
import { getEnv } from "@/lib/env";
import { findSelfServiceOrg } from "@/lib/self-onboarding/org-lookup";
import { loadQuoteIntake } from "@/lib/self-onboarding/quote-details";
import { comparePlanType } from "@/lib/self-onboarding/self-onboarding-schema";
import { brandInkOnWhite } from "@/lib/organizations/brand-contrast";
import { findZip } from "@/lib/zip/zip-table";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : null;
const MISSING_QUOTE = `/error?message=${encodeURIComponent("Missing or invalid quote ID")}`;

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const full = first((await searchParams).intake) === "full";
  return {
    title: { absolute: full ? "Get Your Medicare Supplement Quote" : `Get Your Quote - ${getEnv().productName}` },
    robots: { index: false, follow: false },
  };
}

/**
 * /quote, three variants (client-side.md "Quote intake page"):
 * - ?id=<quote link token>: the link's contact, prefilled and editable, then /compare?id=<token>;
 * - ?orgId=<id or slug>: the manual form (also when the link cannot be loaded), then the compare page's
 *   manual mode;
 * - ?orgId=…&intake=full: the Medicare Supplement intake ('Let's Get Some Details'), which signs the
 *   person up like self-onboarding and ends on /compare?id=<token>.
 * The organization comes from the link row or the org id/slug; a link of another organization than
 * orgId names is not shown.
 */
export default async function QuotePage({ searchParams }: Props) {
  const query = await searchParams;
  const token = first(query.id);
  const orgKey = first(query.orgId);
  const now = new Date();

  if (first(query.intake) === "full") {
    const found = orgKey ? await findSelfServiceOrg({ orgIdOrSlug: orgKey, agentId: first(query.agentId) }) : null;
    if (!found) notFound();
    const { organization, agent } = found;
    return (
      <BrandedPage brand={organization}>
        <p
          className="mb-1 text-sm font-semibold uppercase tracking-wide"
          style={{ color: brandInkOnWhite(brandColor(organization.primaryColor)) }}
        >
          Get Your Medicare Supplement Quote
        </p>
        <div className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
          <FullIntakeForm
            organization={{ id: organization.id, name: organization.name }}
            brandColor={brandColor(organization.primaryColor)}
            agentId={agent?.id ?? null}
          />
        </div>
      </BrandedPage>
    );
  }

  const link = token ? await loadQuoteIntake({ token, now }) : null;
  if (link && (!orgKey || orgKey === link.organization.id || orgKey === link.organization.slug)) {
    const { organization } = link;
    return (
      <BrandedPage brand={organization}>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">Get Your Quote</h1>
        <p className="mt-2 text-sm text-gray-600">
          Hi {link.firstName}, check your details and we&apos;ll show you the lowest Medicare Supplement prices for you.
        </p>
        <div className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
          <QuoteIntakeForm
            mode={{ kind: "link", token: link.token, prefill: link.prefill }}
            brandColor={brandColor(organization.primaryColor)}
            timeZone={organization.timezone}
            zipLookup={link.prefill.zipCode ? findZip(link.prefill.zipCode) : null}
          />
        </div>
      </BrandedPage>
    );
  }

  const found = orgKey ? await findSelfServiceOrg({ orgIdOrSlug: orgKey }) : null;
  if (!found) redirect(MISSING_QUOTE);
  const { organization } = found;
  return (
    <BrandedPage brand={organization}>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">Get Your Quote</h1>
      {token ? (
        <p role="note" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          We couldn&apos;t load your saved details. Enter them below to see your quotes.
        </p>
      ) : null}
      <p className="mt-2 text-sm text-gray-600">
        A few details are all {organization.name} needs to show you the lowest Medicare Supplement prices in your area.
      </p>
      <div className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <QuoteIntakeForm
          mode={{ kind: "manual", orgId: organization.id, planType: comparePlanType(first(query.planType)) }}
          brandColor={brandColor(organization.primaryColor)}
          timeZone={organization.timezone}
        />
      </div>
    </BrandedPage>
  );
}
