import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { tenantTransaction } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { createQuoteLink } from "@/lib/quotes/quote-links";
import { findSelfServiceOrg } from "@/lib/self-onboarding/org-lookup";
import { verifyQuoteProof } from "@/lib/self-onboarding/quote-proof";
import {
  compareUrlForToken,
  generateQuoteSchema,
  SELF_SERVICE_MESSAGES,
  type GenerateQuoteResponse,
} from "@/lib/self-onboarding/self-onboarding-schema";

export type GenerateSelfServiceQuoteInput = z.output<typeof generateQuoteSchema>;

/**
 * POST /api/self-service/generate-quote { orgId, contactEmail, proof }: a new quote link for the
 * contact signup just wrote. The proof from signup is required (quote-proof.ts); it must vouch for
 * the contact that holds this email in this organization. Any mismatch is the same 403, so the call
 * does not reveal which emails an agency holds.
 */
export async function generateSelfServiceQuote({
  input,
  now,
}: {
  input: GenerateSelfServiceQuoteInput;
  now: Date;
}): Promise<GenerateQuoteResponse> {
  const found = await findSelfServiceOrg({ orgIdOrSlug: input.orgId });
  if (!found) throw AppError.notFound(SELF_SERVICE_MESSAGES.orgNotFound);
  const organizationId = found.organization.id;
  const contactId = verifyQuoteProof({ secret: getEnv().authSecret, organizationId, proof: input.proof, now });
  if (!contactId) throw new AppError("forbidden", SELF_SERVICE_MESSAGES.proofInvalid);

  return tenantTransaction(organizationId, async (tx) => {
    const contact = await tx.contact.findFirst({
      where: { id: contactId, organizationId, email: input.contactEmail },
      select: { id: true },
    });
    if (!contact) throw new AppError("forbidden", SELF_SERVICE_MESSAGES.proofInvalid);
    const { token } = await createQuoteLink({ organizationId, contactId: contact.id, planType: null, now, tx });
    return { success: true as const, contactId: contact.id, quoteId: token, redirectUrl: compareUrlForToken(token) };
  });
}
