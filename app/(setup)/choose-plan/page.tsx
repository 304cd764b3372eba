import type { Metadata } from "next";
import { PlanPicker } from "@/components/billing/plan-picker";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { listPlans } from "@/lib/billing/choose-plan";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Choose Plan" };
export const dynamic = "force-dynamic";

export default async function ChoosePlanPage() {
  const { organization } = await requirePageAccount("/choose-plan");
  const env = getEnv();
  const plans = await listPlans();
  return (
    <main className="min-h-screen bg-gray-50 px-4 py-12">
      <div className="mx-auto max-w-5xl">
        <p className="text-center text-sm font-semibold text-brand-600">{env.productName}</p>
        <h1 className="mt-2 text-center text-3xl font-bold">Choose Your Plan</h1>
        <p className="mt-2 mb-8 text-center text-gray-600">
          {env.parts.payments === "off" ? "Billing is disabled in this mode: choosing a plan does not charge anything." : "Pick the plan that fits your agency."}
        </p>
        <PlanPicker
          plans={plans.map(({ id, name, priceCents, agentLimit, contactLimit, features, isContactUs }) => ({ id, name, priceCents, agentLimit, contactLimit, features, isContactUs }))}
          orgSlug={organization.slug}
          supportEmail={env.supportEmail}
        />
      </div>
    </main>
  );
}
