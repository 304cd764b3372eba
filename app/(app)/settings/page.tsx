import type { Metadata } from "next";
import { requirePageAccount } from "@/lib/auth/page-guard";

export const metadata: Metadata = { title: "Settings" };

/** Organization Settings (admins only; agents are sent to /contacts by the stage table). */
export default async function SettingsPage() {
  const { organization } = await requirePageAccount("/settings");
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      <section aria-labelledby="org-details" className="mt-6 rounded-lg bg-white p-6 ring-1 ring-gray-200">
        <h2 id="org-details" className="text-lg font-semibold">Organization Details</h2>
        <dl className="mt-4 grid grid-cols-[10rem_1fr] gap-y-2 text-sm">
          <dt className="text-gray-500">Agency name</dt>
          <dd>{organization.name}</dd>
          <dt className="text-gray-500">Organization link name</dt>
          <dd>{organization.slug}</dd>
          <dt className="text-gray-500">Plan</dt>
          <dd className="capitalize">{organization.subscriptionTierId ?? "none"}</dd>
        </dl>
      </section>
    </main>
  );
}
