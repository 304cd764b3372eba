import "server-only";
import { createHash } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { dateColumn, isUniqueViolation } from "@/lib/contacts/create-contact";
import { tenantDb, tenantTransaction } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { sendQuoteEmail } from "@/lib/quotes/send-quote-email";
import { consumeRateLimit } from "@/lib/rate-limit";
import { findSelfServiceOrg, isUuid } from "@/lib/self-service/org-lookup";
import { signQuoteProof } from "@/lib/self-service/quote-proof";
import { isPastDateOfBirth, SELF_SERVICE_MESSAGES, selfServiceSignupSchema, storedCarrier, type SelfServiceSignupValues } from "@/lib/self-service/self-service-schema";
import { resolveZipLocation, type ZipLocation } from "@/lib/zip/lookup-zip";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";
import { BOOK_CONTACT_SQL } from "@/lib/contacts/book";

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

export const RETURNING_FOLLOW_UP_MESSAGE = "Submitted the online quote form again. Their saved details were not changed; the details they typed are on this request.";

/**
 * POST /api/self-service/signup. In one transaction: the contact is created, or, when the email is
 * already the organization's, the submission is kept as a follow-up request on that contact.
 *
 * Why not update the contact (the original's upsert by email): anyone who knows an address could then
 * rewrite that person's record and, with the proof, open their quote page. So a returning address
 * changes nothing and gets no proof; its quote link is emailed to the address on file (only its owner
 * can open it), and the agent sees what was typed on the contact's page.
 *
 * Agent (client-side.md §6): an agent's link assigns the agent; an organization link leaves the
 * contact unassigned (the default agent answers for it). An agentId that is not an active agent of
 * this organization is ignored, not refused: the consumer cannot repair the link and should not lose
 * the signup.
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

    const existing = await tx.contact.findFirst({ where: { organizationId, email: values.email }, select: { id: true } });
    let contactId: string;
    let agentAssigned = false;
    if (existing) {
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
      if (org.contact_limit >= 0) {
        const [{ count }] = (await tx.$queryRaw<{ count: number }[]>`
          SELECT count(*)::int AS count FROM contacts WHERE organization_id = ${organizationId}::uuid AND ${BOOK_CONTACT_SQL}`) as [{ count: number }];
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
        metadata: { outcome: existing ? "returning" : "created", intake: values.intake, agentAssigned, optInQuarterlyUpdates: values.optInQuarterlyUpdates },
      },
    });
    return { contactId, created: !existing };
  });

  if (!outcome.created) {
    await emailQuoteLinkToAddressOnFile({ organizationId, contactId: outcome.contactId, now });
    return { success: true, contactId: null, email: values.email, proof: null, created: false, emailedQuoteLink: true };
  }
  await rescheduleContactsNow({ organizationId, contactIds: [outcome.contactId], now });
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
 * goes to the agent as [TEST]). Sent on behalf of the contact's agent, else the default agent, else the
 * first active admin. Already sent today, or opted out: nothing more is sent, and the answer is the same.
 */
async function emailQuoteLinkToAddressOnFile({ organizationId, contactId, now }: { organizationId: string; contactId: string; now: Date }) {
  const db = tenantDb(organizationId);
  const [contact, org] = await Promise.all([
    db.contact.findFirst({ where: { id: contactId, organizationId }, select: { agent: { select: { id: true, email: true, isActive: true } } } }),
    db.organization.findFirst({ where: { id: organizationId }, select: { defaultAgent: { select: { id: true, email: true, isActive: true } } } }),
  ]);
  const sender =
    (contact?.agent?.isActive ? contact.agent : null) ??
    (org?.defaultAgent?.isActive ? org.defaultAgent : null) ??
    (await db.user.findFirst({ where: { organizationId, isActive: true, isAdmin: true }, orderBy: { createdAt: "asc" }, select: { id: true, email: true, isActive: true } }));
  if (!sender) return;
  try {
    // Admin visibility: the sender acts for the organization here, whatever their own book.
    await sendQuoteEmail({ organizationId, viewer: { id: sender.id, isAdmin: true, email: sender.email }, contactId, now });
  } catch (error) {
    if (error instanceof AppError && error.code === "conflict") return;
    throw error;
  }
}
