import type { Metadata } from "next";
import { brandColor, BrandedPage } from "@/components/self-onboarding/branded-page";
import { ConfirmEmail } from "@/components/self-onboarding/confirm-email";
import { getEnv } from "@/lib/env";
import { loadConfirmationPage } from "@/lib/self-onboarding/email-confirmation";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: { absolute: "Confirm Your Email" },
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

/** /confirm-email/{token}: the link a self-signup is emailed; the button confirms (docs/security.md "Public forms"). */
export default async function ConfirmEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const page = await loadConfirmationPage({ token, now: new Date() });
  const brand = page.brand ?? { name: getEnv().productName, logoUrl: null, primaryColor: null };
  return (
    <BrandedPage brand={brand}>
      <div className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <ConfirmEmail
          token={token}
          initialState={page.state}
          organizationName={page.brand?.name ?? null}
          brandColor={brandColor(brand.primaryColor)}
          formUrl={page.formUrl}
        />
      </div>
    </BrandedPage>
  );
}
