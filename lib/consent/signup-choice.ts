import "server-only";
import type { TxClient } from "@/lib/db";

/**
 * The self-onboarding form's optional question ("Yes, {agency} may email me Medicare Supplement quotes around my
 * birthday…") as the visitor answered it: one consent-ledger row (opt_in or opt_out, source signup_form). A "no" also
 * unsubscribes the new contact, so outreach (which skips unsubscribed contacts) never emails them; the quote they asked
 * for is still shown at once, and the agency can call. Runs in the signup's transaction, for a contact it just created.
 */
export async function recordSignupEmailChoice(
  tx: TxClient,
  { organizationId, contactId, optIn, now }: { organizationId: string; contactId: string; optIn: boolean; now: Date },
): Promise<void> {
  if (!optIn)
    await tx.contact.updateMany({
      where: { id: contactId, organizationId, unsubscribedAt: null },
      data: { unsubscribedAt: now },
    });
  await tx.consentEvent.create({
    data: {
      organizationId,
      contactId,
      channel: "email",
      action: optIn ? "opt_in" : "opt_out",
      source: "signup_form",
      occurredAt: now,
      metadata: { question: "quote_emails" },
    },
  });
}
