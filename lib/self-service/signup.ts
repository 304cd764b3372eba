import "server-only";
import { createHash } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { dateColumn, isUniqueViolation } from "@/lib/contacts/create-contact";
import { tenantTransaction } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { consumeRateLimit } from "@/lib/rate-limit";
import { findSelfServiceOrg, isUuid } from "@/lib/self-service/org-lookup";
import { signQuoteProof } from "@/lib/self-service/quote-proof";
import { isPastDateOfBirth, SELF_SERVICE_MESSAGES, selfServiceSignupSchema, storedCarrier, type SelfServiceSignupValues } from "@/lib/self-service/self-service-schema";
import { resolveZipLocation, type ZipLocation } from "@/lib/zip/lookup-zip";

/** Signups per email address per organization per hour: stops a script from rewriting one contact over and over. */
export const SIGNUPS_PER_EMAIL_PER_HOUR = 5;

export const SELF_ONBOARDING_EVENT = "self_onboarding_signup";

/**
 * Parses the signup body. The message is the first problem in the spec's words ("Please fill out all
 * required fields." when anything required is missing); `fields` holds every problem by field.
 */
export function parseSignupOrThrow(input: unknown, now: Date): SelfServiceSignupValues {
  const result = selfServiceSignupSchema.safeParse(input ?? {});
  const fields: Record<string, string[]> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.map(String).join(".") : "_";
      (fields[key] ??= []).push(issue.message);
    }
  } else if (!isPastDateOfBirth(result.data.dateOfBirth, now)) {
    fields.dateOfBirth = [SELF_SERVICE_MESSAGES.invalidDateOfBirth];
  }
  if (Object.keys(fields).length === 0 && result.success) return result.data;
  const messages = Object.values(fields).flat();
  const message = messages.includes(SELF_SERVICE_MESSAGES.required) ? SELF_SERVICE_MESSAGES.required : (messages[0] ?? SELF_SERVICE_MESSAGES.required);
  throw new AppError("validation_failed", message, { fields });
}

/** State and county from the ZIP (the county as chosen, else the largest share). An unknown ZIP has no state. */
export function selfServiceLocation(zipCode: string, county: string | null | undefined): ZipLocation {
  try {
    return resolveZipLocation(zipCode, { county });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") {
      throw new AppError("validation_failed", SELF_SERVICE_MESSAGES.noState, { fields: { zipCode: [SELF_SERVICE_MESSAGES.invalidZip] } });
    }
    throw error;
  }
}

const emailKey = (organizationId: string, email: string) => createHash("sha256").update(`${organizationId}\n${email}`).digest("base64url");

export type SelfServiceSignupResult = {
  success: true;
  contactId: string;
  email: string;
  /** For generate-quote: proves this caller just submitted the form for this contact (quote-proof.ts). */
  proof: string;
  created: boolean;
};

/**
 * POST /api/self-service/signup. In one transaction: the contact is created, or, when the email is
 * already the organization's, updated with what the person just told us (the spec's upsert by email).
 *
 * Agent (client-side.md §6): an agent's link assigns the agent; an organization link leaves the
 * contact unassigned (the default agent answers for it). An agentId that is not an active agent of
 * this organization is ignored, not refused: the consumer cannot repair the link and should not lose
 * the signup. An existing contact keeps its agent: a form anyone can fill in must not move a contact
 * between agents; an unassigned one takes the link's agent.
 *
 * New contacts count against the plan's contact limit (organization row locked, as the CSV import
 * does, so concurrent signups cannot overshoot it); updates never do.
 */
export async function selfServiceSignup({ input, now }: { input: unknown; now: Date }): Promise<SelfServiceSignupResult> {
  const values = parseSignupOrThrow(input, now);
  const found = await findSelfServiceOrg({ orgIdOrSlug: values.orgId });
  if (!found) throw AppError.notFound(SELF_SERVICE_MESSAGES.orgNotFound);
  const organizationId = found.organization.id;
  const location = selfServiceLocation(values.zipCode, values.county);
  await consumeRateLimit({ key: `self-service-signup:email:${emailKey(organizationId, values.email)}`, limit: SIGNUPS_PER_EMAIL_PER_HOUR, windowSeconds: 3600, now });

  const facts = {
    firstName: values.firstName,
    lastName: values.lastName,
    phoneNumber: values.phoneNumber,
    ...location,
    birthDate: dateColumn(values.dateOfBirth)!,
    gender: values.gender,
    tobaccoUser: values.tobacco,
    hasCurrentPlan: values.hasCurrentPlan,
    currentCarrier: storedCarrier(values),
    // The typed carrier name replaces whatever NAIC an import had matched.
    currentCarrierNaic: null,
    currentPremiumCents: values.currentPremium ?? null,
  };

  const outcome = await tenantTransaction(organizationId, async (tx) => {
    const [org] = await tx.$queryRaw<{ contact_limit: number; extra_contacts: number }[]>`
      SELECT contact_limit, extra_contacts FROM organizations WHERE id = ${organizationId}::uuid FOR UPDATE`;
    if (!org) throw AppError.notFound(SELF_SERVICE_MESSAGES.orgNotFound);
    const agent = isUuid(values.agentId)
      ? await tx.user.findFirst({ where: { id: values.agentId, organizationId, isActive: true, isAgent: true }, select: { id: true } })
      : null;

    const existing = await tx.contact.findFirst({ where: { organizationId, email: values.email }, select: { id: true, agentId: true } });
    let contactId: string;
    let agentAssigned = false;
    if (existing) {
      const assignAgent = !existing.agentId && agent !== null;
      await tx.contact.update({
        where: { id: existing.id, organizationId },
        data: {
          ...facts,
          ...(values.planType ? { planType: values.planType } : {}),
          // An opt-in is recorded; a form without the question does not withdraw an earlier one.
          ...(values.optInQuarterlyUpdates ? { optInQuarterlyUpdates: true } : {}),
          ...(assignAgent ? { agentId: agent.id } : {}),
        },
      });
      contactId = existing.id;
      agentAssigned = assignAgent;
    } else {
      if (org.contact_limit >= 0) {
        const [{ count }] = (await tx.$queryRaw<{ count: number }[]>`
          SELECT count(*)::int AS count FROM contacts WHERE organization_id = ${organizationId}::uuid`) as [{ count: number }];
        if (count + 1 > org.contact_limit + org.extra_contacts) throw new AppError("conflict", SELF_SERVICE_MESSAGES.notAccepting);
      }
      try {
        const created = await tx.contact.create({
          data: {
            organizationId,
            email: values.email,
            ...facts,
            planType: values.planType ?? null,
            optInQuarterlyUpdates: values.optInQuarterlyUpdates,
            agentId: agent?.id ?? null,
            contactOwnerId: agent?.id ?? null,
            source: "self_onboarding",
          },
          select: { id: true },
        });
        contactId = created.id;
      } catch (error) {
        // Two submits of the same new address at once: the other one created it; this one may simply retry.
        if (isUniqueViolation(error)) throw new AppError("conflict", SELF_SERVICE_MESSAGES.signupFailed);
        throw error;
      }
      agentAssigned = agent !== null;
    }

    // No personal data in the event: what happened, not who.
    await tx.contactEvent.create({
      data: {
        organizationId,
        contactId,
        eventType: SELF_ONBOARDING_EVENT,
        createdAt: now,
        metadata: { outcome: existing ? "updated" : "created", intake: values.intake, agentAssigned, optInQuarterlyUpdates: values.optInQuarterlyUpdates },
      },
    });
    return { contactId, created: !existing };
  });

  return {
    success: true,
    contactId: outcome.contactId,
    email: values.email,
    proof: signQuoteProof({ secret: getEnv().authSecret, organizationId, contactId: outcome.contactId, now }),
    created: outcome.created,
  };
}
