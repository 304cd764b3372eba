import type { Metadata } from "next";
import { BillingView, type BillingPaymentStatus } from "@/components/billing/billing-view";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { isBillingEnabled } from "@/lib/billing/stripe-client";

export const metadata: Metadata = { title: "Billing & Payments" };
export const dynamic = "force-dynamic";

function paymentStatusOf(
  organization: { billingDisabled: boolean; paymentStatus: string },
  billingEnabled: boolean,
): BillingPaymentStatus {
  if (organization.billingDisabled || !billingEnabled) return "billing_disabled";
  if (organization.paymentStatus === "paid" || organization.paymentStatus === "needs_update")
    return organization.paymentStatus;
  return "unknown";
}

/** /stripe: the billing page (plan, payment method, invoices). */
export default async function BillingPage() {
  const { organization, user } = await requirePageAccount("/stripe");
  const billingEnabled = isBillingEnabled();
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold">Billing &amp; Payments</h1>
      <BillingView
        paymentStatus={paymentStatusOf(organization, billingEnabled)}
        isAdmin={user.isAdmin}
        billingEnabled={billingEnabled && !organization.billingDisabled}
      />
    </main>
  );
}
