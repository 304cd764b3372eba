import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { EligibilityForm } from "@/components/eligibility/eligibility-form";
import { EligibilityIntro } from "@/components/eligibility/eligibility-layout";
import { BrandedPage } from "@/components/self-onboarding/branded-page";
import { eligibilityErrorUrl, loadEligibilityPage } from "@/lib/eligibility/eligibility-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: { absolute: "Underwriting Assessment" },
  robots: { index: false, follow: false },
};

const one = (value: string | string[] | undefined) => (typeof value === "string" && value !== "" ? value : undefined);

/** /eligibility?id=<quote token>&orgId=<org id or slug>&tid=…: the underwriting questionnaire (public). */
export default async function EligibilityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const page = await loadEligibilityPage({ quoteToken: one(query.id), orgId: one(query.orgId), now: new Date() });
  if (page.kind === "error") redirect(eligibilityErrorUrl(page.message));
  const { organization, quoteToken } = page;
  return (
    <BrandedPage
      brand={{ name: organization.brandName, logoUrl: organization.logoUrl, primaryColor: organization.primaryColor }}
    >
      <EligibilityIntro agencyName={organization.brandName} phone={organization.phone} />
      <EligibilityForm
        organizationId={organization.id}
        quoteToken={quoteToken}
        hideMedicareAdvantage={organization.hideMedicareAdvantage}
        brandColor={organization.primaryColor}
      />
    </BrandedPage>
  );
}
