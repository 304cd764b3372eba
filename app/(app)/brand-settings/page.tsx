import type { Metadata } from "next";
import { OrgSettingsForm } from "@/components/settings/org-settings-form";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { loadSettingsPageData } from "@/lib/settings/settings-page-data";

export const metadata: Metadata = { title: "Brand Settings" };
export const dynamic = "force-dynamic";

/**
 * /brand-settings: the brand part of Organization Settings on its own (sender, agency name, logo, phone,
 * website, booking link, colors, signature, postal address), the same form and save as /settings.
 * Admins only; agents are sent to /contacts by the stage table.
 */
export default async function BrandSettingsPage() {
  const account = await requirePageAccount("/brand-settings");
  const data = await loadSettingsPageData({ organizationId: account.organization.id });
  return (
    <main className="pb-4">
      <OrgSettingsForm initial={data} title="Brand Settings" variant="brand" />
    </main>
  );
}
