import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SubscriptionWizard } from "@/components/billing/subscription-wizard";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { isBillingEnabled } from "@/lib/billing/stripe-client";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Change Plan" };
export const dynamic = "force-dynamic";

/** /change-plan: an admin changes the plan or the pro add-ons (PUT /api/organizations/{slug}/subscription). */
export default async function ChangePlanPage() {
  const { organization, user } = await requirePageAccount("/change-plan");
  if (!organization.subscriptionTierId) redirect("/choose-plan");
  if (!user.isAdmin) redirect("/contacts");
  const env = getEnv();
  return (
    <main className="min-h-screen bg-gray-50 px-4 py-12">
      <div className="mx-auto max-w-5xl">
        <p className="text-center text-sm font-semibold text-brand-600">{env.productName}</p>
        <h1 className="mt-2 text-center text-3xl font-bold">Change Your Plan</h1>
        <p className="mt-2 mb-8 text-center text-gray-600">
          Switch plans or adjust add-ons.{" "}
          <Link
            href={organization.onboardingCompleted ? "/stripe" : "/setup/settings"}
            className="text-brand-600 hover:underline"
          >
            Back
          </Link>
        </p>
        <SubscriptionWizard
          mode="change"
          orgSlug={organization.slug}
          supportEmail={env.supportEmail}
          billingEnabled={isBillingEnabled()}
        />
      </div>
    </main>
  );
}
