import type { Metadata } from "next";
import { OrgSettingsForm } from "@/components/settings/org-settings-form";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { getEnv } from "@/lib/env";
import { loadSettingsPageData } from "@/lib/settings/settings-page-data";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

/** Organization Settings (admins only; agents are sent to /contacts by the stage table). */
export default async function SettingsPage() {
  const account = await requirePageAccount("/settings");
  const data = await loadSettingsPageData({ organizationId: account.organization.id });
  const env = getEnv();
  return (
    <main className="pb-4">
      <OrgSettingsForm initial={data} smsOff={env.parts.sms === "off"} appUrl={env.appUrl} />
    </main>
  );
}
