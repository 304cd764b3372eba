import type { ReactNode } from "react";
import { PlanLimitBanner } from "@/components/billing/plan-limit-banner";
import { AppHeader, type PaymentStatus } from "@/components/layout/app-header";
import { SampleDataBanner } from "@/components/layout/sample-data-banner";
import { TrialBanner } from "@/components/trial/trial-banner";
import { trialStatus } from "@/lib/trial/go-live";
import { todayInZone } from "@/lib/calendar/calendar-date";
import { redirect } from "next/navigation";
import { currentAccount } from "@/lib/auth/page-guard";
import { getEnv } from "@/lib/env";
import { loadPlanLimitNotice } from "@/lib/billing/limit-notice";

export const dynamic = "force-dynamic";

function paymentStatusOf(organization: { billingDisabled: boolean; paymentStatus: string }): PaymentStatus {
  if (organization.billingDisabled) return "billing_disabled";
  if (organization.paymentStatus === "paid") return "active";
  if (organization.paymentStatus === "needs_update") return "needs_update";
  return "unknown";
}

/** The signed-in shell: the logged-in bar, and a banner when the agency is the sample one. */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  // The session only: each page checks its own path against the stage table (requirePageAccount).
  const account = await currentAccount();
  if (!account) redirect("/login");
  const { user, organization } = account;
  const today = todayInZone(new Date(), organization.timezone);
  const limitNotice = await loadPlanLimitNotice(organization);
  return (
    <div className="min-h-screen bg-gray-50">
      <AppHeader
        productName={getEnv().productName}
        user={{
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          isAdmin: user.isAdmin,
          canManageBilling: user.canManageBilling,
        }}
        paymentStatus={paymentStatusOf(organization)}
      />
      {limitNotice ? <PlanLimitBanner message={limitNotice.message} isAdmin={user.isAdmin} /> : null}
      {organization.isSampleData ? <SampleDataBanner agencyName={organization.name} /> : null}
      <TrialBanner
        isAdmin={user.isAdmin}
        status={trialStatus({ demoMode: organization.demoMode, goLiveDate: organization.goLiveDate, today })}
        today={today}
      />
      {children}
    </div>
  );
}
