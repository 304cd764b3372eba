import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SubscriptionWizard } from "@/components/billing/subscription-wizard";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { isBillingEnabled } from "@/lib/billing/stripe-client";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Choose Plan" };
export const dynamic = "force-dynamic";

/** /choose-plan?plan=&org=: a new agency picks its plan, then goes on to setup. An agency that has one changes it at /change-plan. */
export default async function ChoosePlanPage({ searchParams }: { searchParams: Promise<{ plan?: string }> }) {
  const { organization, user } = await requirePageAccount("/choose-plan");
  if (organization.subscriptionTierId) redirect("/change-plan");
  const env = getEnv();
  const { plan } = await searchParams;
  return (
    <main className="min-h-screen bg-gray-50 px-4 py-12">
      <div className="mx-auto max-w-5xl">
        <p className="text-center text-sm font-semibold text-brand-600">{env.productName}</p>
        <h1 className="mt-2 text-center text-3xl font-bold">Choose Your Plan</h1>
        <p className="mt-2 mb-8 text-center text-gray-600">
          Pick the plan that fits your agency. You can change it later.
        </p>
        {user.isAdmin ? (
          <SubscriptionWizard
            mode="choose"
            orgSlug={organization.slug}
            supportEmail={env.supportEmail}
            billingEnabled={isBillingEnabled()}
            initialPlan={plan ?? null}
          />
        ) : (
          <p className="rounded-md bg-white p-6 text-center text-gray-700 ring-1 ring-gray-200">
            Your organization&apos;s administrator chooses the plan. Please ask them to sign in and choose one.
          </p>
        )}
      </div>
    </main>
  );
}
