import "server-only";
import { loadCarrierResolver } from "@/lib/carriers/carrier-resolver";
import { AppError } from "@/lib/api/errors";
import { checkContactCapacity } from "@/lib/billing/limits";
import { isBookContact } from "@/lib/contacts/book";
import { dateColumn, isUniqueViolation, releaseUnconfirmedSignup } from "@/lib/contacts/create-contact";
import { tenantTransaction } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { sendQuoteEmail } from "@/lib/quotes/send-quote-email";
import { consumeRateLimit, emailRateLimitKey } from "@/lib/rate-limit";
import { findSelfServiceOrg } from "@/lib/self-onboarding/org-lookup";
import { signQuoteProof } from "@/lib/self-onboarding/quote-proof";
import {
  isPastDateOfBirth,
  isRequiredMessage,
  SELF_SERVICE_MESSAGES,
  selfServiceSignupSchema,
  storedCarrier,
  type SelfServiceSignupValues,
} from "@/lib/self-onboarding/self-onboarding-schema";
import { isUuid } from "@/lib/validation/uuid";
import { recordSignupEmailChoice } from "@/lib/consent/signup-choice";
import { resolveZipLocation, type ZipLocation } from "@/lib/zip/lookup-zip";
import { createEmailConfirmation, sendConfirmationEmail, signupSender } from "@/lib/self-onboarding/email-confirmation";

/**
 * The self-signup's limits (docs/security.md "Public forms"). Per client address (the route's rule):
 * far below the organization's cap, so one client cannot spend it. Per email address and organization
 * per day: a script cannot mail one person again and again. Per organization per hour, counted only
 * for requests that passed the client's limit, the challenge and the address's limit: many addresses
 * together cannot send the agency's name to thousands of strangers.
 */
export const SIGNUP_CLIENT_LIMIT = { name: "self-service-signup", limit: 10, windowSeconds: 3600 } as const;
export const SIGNUPS_PER_EMAIL_PER_DAY = 3;
export const SIGNUPS_PER_ORGANIZATION_PER_HOUR = 100;

export const SELF_ONBOARDING_EVENT = "self_onboarding_signup";

/**
 * Parses the signup body. The message is the first problem in the spec's words ("Please fill out all
 * required fields." when anything required is missing); `fields` holds every problem by field, an empty one
 * named ("Please enter your first name").
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
  const message = messages.some(isRequiredMessage)
    ? SELF_SERVICE_MESSAGES.required
    : (messages[0] ?? SELF_SERVICE_MESSAGES.required);
  throw new AppError("validation_failed", message, { fields });
}

/** State and county from the ZIP (the county as chosen, else the largest share). An unknown ZIP has no state. */
export function selfServiceLocation(zipCode: string, county: string | null | undefined): ZipLocation {
  try {
    return resolveZipLocation(zipCode, { county });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") {
      throw new AppError("validation_failed", SELF_SERVICE_MESSAGES.noState, {
        fields: { zipCode: [SELF_SERVICE_MESSAGES.invalidZip] },
      });
    }
    throw error;
  }
}

export type SelfServiceSignupResult =
  | {
      success: true;
      contactId: string;
      email: string;
      /** For generate-quote: proves this caller just created this contact (quote-proof.ts). */
      proof: string;
      created: true;
      emailedQuoteLink: false;
    }
  | {
      /** The address was already on file: nothing was changed, and its quote link went to that address. */
      success: true;
      contactId: null;
      email: string;
      proof: null;
      created: false;
      emailedQuoteLink: true;
    };

export const RETURNING_FOLLOW_UP_MESSAGE =
  "Submitted the online quote form again. Their saved details were not changed; the details they typed are on this request.";

/**
 * POST /api/self-service/signup. In one transaction: an unconfirmed contact is created, or, when the
 * email is already in the organization's book, the submission is kept as a follow-up request on that
 * contact.
 *
 * Unconfirmed (docs/security.md "Public forms"): anyone can type anything here, so the new contact stays
 * outside the book (lib/contacts/book.ts: not listed, counted, billed or emailed) until the person
 * follows the link emailed to the address (email-confirmation.ts); that email is the only one sent. The
 * person still gets the proof and sees their quotes at once. An address held by an earlier unconfirmed
 * signup is taken over: that signup is deleted (its quote links then show nothing of this one).
 *
 * Why not update a contact of the book (the original's upsert by email): anyone who knows an address
 * could then rewrite that person's record and, with the proof, open their quote page. So a returning
 * address changes nothing and gets no proof; its quote link is emailed to the address on file (only its
 * owner can open it), and the agent sees what was typed on the contact's page.
 *
 * Agent (client-side.md §6): an agent's link assigns the agent; an organization link leaves the
 * contact unassigned (the default agent answers for it). An agentId that is not an active agent of
 * this organization is ignored, not refused: the consumer cannot repair the link and should not lose
 * the signup.
 *
 * The plan's contact limit is checked here (organization row locked) so that nobody signs up to an
 * agency that cannot take them, and again when the address is confirmed, which is when the contact
 * takes its place.
 */
export async function selfServiceSignup({
  input,
  now,
}: {
  input: unknown;
  now: Date;
}): Promise<SelfServiceSignupResult> {
  const values = parseSignupOrThrow(input, now);
  const found = await findSelfServiceOrg({ orgIdOrSlug: values.orgId });
  if (!found) throw AppError.notFound(SELF_SERVICE_MESSAGES.orgNotFound);
  const organizationId = found.organization.id;
  const location = selfServiceLocation(values.zipCode, values.county);
  await consumeRateLimit({
    key: emailRateLimitKey(`self-service-signup:email-day:${organizationId}`, values.email),
    limit: SIGNUPS_PER_EMAIL_PER_DAY,
    windowSeconds: 86_400,
    now,
  });
  await consumeRateLimit({
    key: `self-service-signup:org:${organizationId}`,
    limit: SIGNUPS_PER_ORGANIZATION_PER_HOUR,
    windowSeconds: 3600,
    now,
  });

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
    // The carrier chosen or typed, as its NAIC group (lib/carriers): what its rate-increase emails match on.
    currentCarrierNaic: (await loadCarrierResolver()).resolve(storedCarrier(values)),
    currentPremiumCents: values.currentPremium ?? null,
  };

  const outcome = await tenantTransaction(organizationId, async (tx) => {
    const capacity = await checkContactCapacity(tx, organizationId);
    const agent = isUuid(values.agentId)
      ? await tx.user.findFirst({
          where: { id: values.agentId, organizationId, isActive: true, isAgent: true },
          select: { id: true },
        })
      : null;

    const existing = await tx.contact.findFirst({
      where: { organizationId, email: values.email },
      select: { id: true, status: true, unverifiedSince: true },
    });
    let contactId: string;
    let agentAssigned = false;
    let confirmation: { id: string; token: string } | null = null;
    const returning = existing !== null && isBookContact(existing);
    if (returning) {
      const carrier = values.hasCurrentPlan ? storedCarrier(values) : null;
      await tx.followUpRequest.create({
        data: {
          organizationId,
          contactId: existing.id,
          type: "general",
          contactName: `${values.firstName} ${values.lastName}`.trim(),
          contactEmail: values.email,
          contactPhone: values.phoneNumber,
          planType: values.planType ?? null,
          message: `${RETURNING_FOLLOW_UP_MESSAGE} ZIP ${location.zipCode}${carrier ? `, current carrier ${carrier}` : ""}.`,
          createdAt: now,
        },
      });
      contactId = existing.id;
    } else {
      if (!capacity.fits) throw new AppError("conflict", SELF_SERVICE_MESSAGES.notAccepting);
      await releaseUnconfirmedSignup(tx, organizationId, values.email);
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
            unverifiedSince: now,
            createdAt: now,
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
      // Only the self-onboarding form asks; the quote intake's contacts keep the agency's usual outreach.
      if (values.intake === "self_onboarding")
        await recordSignupEmailChoice(tx, { organizationId, contactId, optIn: values.optInQuarterlyUpdates, now });
      confirmation = await createEmailConfirmation(tx, { organizationId, contactId, now });
    }

    // No personal data in the event: what happened, not who.
    await tx.contactEvent.create({
      data: {
        organizationId,
        contactId,
        eventType: SELF_ONBOARDING_EVENT,
        createdAt: now,
        metadata: {
          outcome: returning ? "returning" : "created",
          intake: values.intake,
          agentAssigned,
          optInQuarterlyUpdates: values.optInQuarterlyUpdates,
        },
      },
    });
    return { contactId, confirmation };
  });

  if (!outcome.confirmation) {
    await emailQuoteLinkToAddressOnFile({ organizationId, contactId: outcome.contactId, now });
    return { success: true, contactId: null, email: values.email, proof: null, created: false, emailedQuoteLink: true };
  }
  try {
    await sendConfirmationEmail({ organizationId, contactId: outcome.contactId, confirmation: outcome.confirmation });
  } catch (error) {
    // Without its email the signup can never be confirmed: say so; submitting again replaces it.
    throw new AppError("internal", SELF_SERVICE_MESSAGES.signupFailed, { cause: error });
  }
  return {
    success: true,
    contactId: outcome.contactId,
    email: values.email,
    proof: signQuoteProof({ secret: getEnv().authSecret, organizationId, contactId: outcome.contactId, now }),
    created: true,
    emailedQuoteLink: false,
  };
}

/**
 * The returning visitor's quote email, through the same path as an agent's Send Quote (in a trial it
 * goes to the agent as [TEST]), sent on behalf of signupSender. Already sent today, or opted out:
 * nothing more is sent, and the answer is the same.
 */
async function emailQuoteLinkToAddressOnFile({
  organizationId,
  contactId,
  now,
}: {
  organizationId: string;
  contactId: string;
  now: Date;
}) {
  const sender = await signupSender(organizationId, contactId);
  if (!sender) return;
  try {
    // Admin visibility: the sender acts for the organization here, whatever their own book.
    await sendQuoteEmail({
      organizationId,
      viewer: { id: sender.id, isAdmin: true, email: sender.email },
      contactId,
      now,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "conflict") return;
    throw error;
  }
}
