import type { Metadata } from "next";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { WalkthroughAutoOpen } from "@/components/walkthrough/walkthrough-modal";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { csvUploadContextFor } from "@/components/contacts/csv-upload/csv-upload-context";
import { EmptyBookSlot } from "@/components/contacts/list/add-contacts-slots";
import { countListedContacts } from "@/lib/contacts/contact-stats";
import { normalizePeriodKey } from "@/lib/dashboard/period";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Dashboard" };

type DashboardSearchParams = {
  payment_success?: string;
  send_welcome_email?: string;
  period?: string;
  startDate?: string;
  endDate?: string;
};

/**
 * /dashboard?period=&startDate=&endDate=&payment_success=&send_welcome_email=. The walkthrough opens
 * until the user dismisses it for good, or after payment; send_welcome_email asks for the welcome email.
 */
export default async function DashboardPage({ searchParams }: { searchParams: Promise<DashboardSearchParams> }) {
  const account = await requirePageAccount("/dashboard");
  const { user, organization } = account;
  const params = await searchParams;
  // No contacts yet: the dashboard's numbers can only be zero, so it offers the next step first.
  const listed = await countListedContacts({
    organizationId: organization.id,
    viewer: { id: user.id, isAdmin: user.isAdmin },
  }).catch(() => null);
  const emptyBook = listed === 0 ? await csvUploadContextFor(account) : null;
  const productName = getEnv().productName;
  const dateOrEmpty = (value?: string) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "");
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <WalkthroughAutoOpen
        productName={productName}
        show={params.payment_success === "true" || !user.hasCompletedWalkthrough}
      />
      <DashboardView
        initial={{
          period: normalizePeriodKey(params.period),
          startDate: dateOrEmpty(params.startDate),
          endDate: dateOrEmpty(params.endDate),
        }}
        welcomeEmailFor={params.send_welcome_email === "true" ? user.email : null}
        emptyBook={emptyBook ? <EmptyBookSlot csvUpload={emptyBook} /> : undefined}
      />
    </main>
  );
}
