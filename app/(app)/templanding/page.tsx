import type { Metadata } from "next";
import { PlanChangedView } from "@/components/billing/plan-changed-view";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { loadPlanChangedSummary } from "@/lib/billing/subscription";

export const metadata: Metadata = { title: "Plan Updated" };
export const dynamic = "force-dynamic";

/** /templanding: where an admin of a set-up agency lands after changing the plan (PUT …/subscription answers it). Admins only (stage table). */
export default async function TempLandingPage() {
  const { organization, user } = await requirePageAccount("/templanding");
  const summary = await loadPlanChangedSummary(organization.id);
  return <PlanChangedView summary={summary} canManageBilling={user.canManageBilling} />;
}
