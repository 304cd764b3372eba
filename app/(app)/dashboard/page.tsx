import type { Metadata } from "next";
import Link from "next/link";
import { WalkthroughAutoOpen } from "@/components/walkthrough/walkthrough-modal";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { countContactsForViewer } from "@/lib/contacts/list-contacts-for-viewer";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Dashboard" };

/** Where setup ends. The walkthrough opens until the user dismisses it for good, or after payment. */
export default async function DashboardPage({ searchParams }: { searchParams: Promise<{ payment_success?: string }> }) {
  const { user, organization } = await requirePageAccount("/dashboard");
  const { payment_success } = await searchParams;
  const contacts = await countContactsForViewer({ organizationId: organization.id, viewer: { id: user.id, isAdmin: user.isAdmin } });
  const productName = getEnv().productName;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <WalkthroughAutoOpen productName={productName} show={payment_success === "true" || !user.hasCompletedWalkthrough} />
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <section className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="rounded-lg bg-white p-5 ring-1 ring-gray-200">
          <p className="text-sm text-gray-500">Total Contacts</p>
          <p className="mt-1 text-3xl font-bold">{contacts.toLocaleString("en-US")}</p>
          <Link href="/contacts" className="mt-2 inline-block text-sm font-medium text-brand-600 hover:underline">
            View contacts
          </Link>
        </div>
      </section>
    </main>
  );
}
