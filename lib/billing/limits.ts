import "server-only";
import { AppError } from "@/lib/api/errors";
import type { TxClient } from "@/lib/db";
import { bookContactWhere } from "@/lib/contacts/book";

/** "Your plan allows 300 contacts. Upgrade your plan to add more." (the UI links "Upgrade your plan" to /change-plan). */
export function contactLimitMessage(allowed: number): string {
  return `Your plan allows ${allowed.toLocaleString("en-US")} ${allowed === 1 ? "contact" : "contacts"}. Upgrade your plan to add more.`;
}

export const UPGRADE_PATH = "/change-plan";

/**
 * Inside the caller's transaction: locks the organization row (so two concurrent creations cannot
 * both take the last place) and says whether `adding` more contacts fit the plan's limit plus extra
 * contacts (-1 = unlimited), counting the book only (lib/contacts/book.ts).
 */
export async function checkContactCapacity(
  tx: TxClient,
  organizationId: string,
  adding = 1,
): Promise<{ fits: boolean; allowed: number }> {
  const [org] = await tx.$queryRaw<{ contact_limit: number; extra_contacts: number }[]>`
    SELECT contact_limit, extra_contacts FROM organizations WHERE id = ${organizationId}::uuid FOR UPDATE`;
  if (!org || org.contact_limit < 0) return { fits: true, allowed: -1 };
  const allowed = Number(org.contact_limit) + Math.max(0, Number(org.extra_contacts));
  const count = await tx.contact.count({ where: bookContactWhere(organizationId) });
  return { fits: count + adding <= allowed, allowed };
}

/**
 * As checkContactCapacity, refusing with 409 and the upgrade message when the contacts do not fit.
 * CSV import and the public self-signup keep their own wording.
 */
export async function assertContactCapacity(tx: TxClient, organizationId: string, adding = 1): Promise<void> {
  const { fits, allowed } = await checkContactCapacity(tx, organizationId, adding);
  if (!fits)
    throw new AppError("conflict", contactLimitMessage(allowed), { fields: { _: [contactLimitMessage(allowed)] } });
}
