import "server-only";
import type { CsvUploadContext } from "@/components/contacts/csv-upload/csv-upload-slot";
import type { CurrentAccount } from "@/lib/auth/current-account";
import { readOutreachDelay } from "@/lib/settings/org-links";

/**
 * What the Upload CSV modal needs from the page that opens it (the contacts page, the empty dashboard):
 * who is importing and the organization's effective-date window.
 */
export async function csvUploadContextFor({ user, organization }: CurrentAccount): Promise<CsvUploadContext> {
  // The CSV upload falls back to its default effective-date window should this fail.
  const outreachDelay = await readOutreachDelay(organization.id).catch(() => null);
  return {
    currentUser: { id: user.id, firstName: user.firstName, isAdmin: user.isAdmin },
    organization: {
      demoMode: organization.demoMode,
      effectiveDateWindowMonths: outreachDelay?.contactOutreachDelayMonths,
    },
  };
}
