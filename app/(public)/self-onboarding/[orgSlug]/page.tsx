import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { brandColor, BrandedPage } from "@/components/self-onboarding/branded-page";
import { SelfOnboardingForm } from "@/components/self-onboarding/self-onboarding-form";
import { findSelfServiceOrg } from "@/lib/self-onboarding/org-lookup";
import { selfOnboardingPrefill } from "@/lib/self-onboarding/prefill";
import { findZip } from "@/lib/zip/zip-table";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ orgSlug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const first = (value: string | string[] | undefined) => (typeof value === "string" ? value : null);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await findSelfServiceOrg({ orgIdOrSlug: (await params).orgSlug });
  return {
    title: { absolute: found ? `Get Your Quote - ${found.organization.name}` : "Page Not Found" },
    robots: { index: false, follow: false },
  };
}

/**
 * /self-onboarding/{orgSlug}[?agentId=][&quoteId=]: a consumer signs up with the agency (client-side.md
 * "Self-onboarding form"). An unknown organization is the 404 page; an agentId that is not one of the
 * agency's active agents is ignored (the contact then belongs to the agency, as with its own link). A
 * quoteId that is a valid quote link token of this agency fills the form in (lib/self-onboarding/prefill.ts);
 * any other is ignored.
 */
export default async function SelfOnboardingPage({ params, searchParams }: Props) {
  const [{ orgSlug }, query] = await Promise.all([params, searchParams]);
  const found = await findSelfServiceOrg({ orgIdOrSlug: orgSlug, agentId: first(query.agentId) });
  if (!found) notFound();
  const { organization, agent } = found;
  const prefill = await selfOnboardingPrefill({
    quoteId: first(query.quoteId),
    organizationId: organization.id,
    now: new Date(),
  });
  const color = brandColor(organization.primaryColor);
  return (
    <BrandedPage brand={organization}>
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">Get Your Personalized Quote</h1>
      <p className="mt-2 text-sm text-gray-600">
        Tell us a little about yourself and {organization.name} will show you the lowest Medicare Supplement prices in
        your area.
      </p>
      <div className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
        <SelfOnboardingForm
          organization={{ id: organization.id, name: organization.name }}
          brandColor={color}
          agent={agent}
          prefill={prefill}
          zipLookup={prefill?.zip ? findZip(prefill.zip) : null}
        />
      </div>
    </BrandedPage>
  );
}
