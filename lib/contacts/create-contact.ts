import "server-only";
import { AppError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { tenantTransaction, type TxClient } from "@/lib/db";
import {
  CONTACT_MESSAGES,
  contactInputSchema,
  type ContactDetail,
  type ContactValues,
} from "@/lib/contacts/contact-schema";
import { CONTACT_DETAIL_SELECT, toContactDetail } from "@/lib/contacts/get-contact";
import type { ContactViewer } from "@/lib/contacts/list-contacts";
import { resolveZipLocation } from "@/lib/zip/lookup-zip";
import { ZIP_MESSAGES } from "@/lib/zip/zip-schema";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";
import { assertContactCapacity } from "@/lib/billing/limits";
import { loadCarrierResolver } from "@/lib/carriers/carrier-resolver";
import { suggestHouseholds } from "@/lib/households/suggest";

/**
 * Parses a contact body with the form's rules. The message of the answer is the first problem in the
 * spec's words ("Invalid birth date format", "A contact with this email already exists." …), and
 * `fields` holds every problem by field.
 */
export function parseContactInputOrThrow(input: unknown): ContactValues {
  const result = contactInputSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    (fields[key] ??= []).push(issue.message);
  }
  const first = result.error.issues[0]?.message ?? CONTACT_MESSAGES.invalid;
  throw new AppError("validation_failed", first, { fields });
}

export function emailTakenError() {
  return new AppError("conflict", CONTACT_MESSAGES.emailTaken, { fields: { email: [CONTACT_MESSAGES.emailTaken] } });
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/** Calendar date "YYYY-MM-DD" → the Date Prisma writes to a @db.Date column. */
export function dateColumn(value: string | null | undefined): Date | null | undefined {
  if (value === undefined) return undefined;
  return value === null ? null : new Date(`${value}T00:00:00.000Z`);
}

/**
 * An address held only by an unconfirmed self-signup (lib/contacts/book.ts) is free: the signup is
 * deleted, with its confirmation link; its quote links stay, without a contact. What a stranger typed
 * into the public form never blocks the agency's own record, nor a new signup of the same address.
 */
export async function releaseUnconfirmedSignup(tx: TxClient, organizationId: string, email: string) {
  await tx.contact.deleteMany({ where: { organizationId, email, unverifiedSince: { not: null } } });
}

/** An email the organization already holds for another contact (emails are unique per organization, whoever's contact it is). */
export async function assertEmailFree(tx: TxClient, organizationId: string, email: string, exceptId?: string) {
  await releaseUnconfirmedSignup(tx, organizationId, email);
  const taken = await tx.contact.findFirst({
    where: { organizationId, email, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  });
  if (taken) throw emailTakenError();
}

/** A user of this organization who can hold contacts (active agent); 422 with the field otherwise. */
export async function assertAssignableUser(
  tx: TxClient,
  organizationId: string,
  userId: string,
  field: "agentId" | "contactOwnerId",
) {
  const user = await tx.user.findFirst({
    where: { id: userId, organizationId, isActive: true },
    select: { id: true, isAgent: true },
  });
  const message = field === "agentId" ? CONTACT_MESSAGES.invalidAgent : CONTACT_MESSAGES.invalidOwner;
  if (!user || (field === "agentId" && !user.isAgent))
    throw new AppError("validation_failed", message, { fields: { [field]: [message] } });
}

/** State, county and FIPS for a ZIP (the county as chosen, else the largest share); a ZIP the crosswalk does not know is a field error. */
export function locationFor(values: Pick<ContactValues, "zipCode" | "countyFips" | "county">) {
  if (!values.zipCode) return { zipCode: null, state: null, county: null, countyFips: null };
  try {
    return resolveZipLocation(values.zipCode, { countyFips: values.countyFips, county: values.county });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found")
      throw new AppError("validation_failed", ZIP_MESSAGES.invalid, { fields: { zipCode: [ZIP_MESSAGES.invalid] } });
    throw error;
  }
}

export type CreateContactOptions = {
  organizationId: string;
  viewer: ContactViewer;
  input: unknown;
  /** When it is created (default: the clock); stamps a household suggestion its address makes. */
  now?: Date;
};

/**
 * POST /api/contacts/create. The assigned agent is the one chosen, else the organization's default
 * agent; an agent who is not an admin can only add contacts for themselves (no agent chosen = them).
 * The email must be free in the organization (409 "A contact with this email already exists.").
 * State and county come from the ZIP; the carrier's NAIC group from the carrier text (lib/carriers).
 * Audited as contact.created.
 */
export async function createContact({
  organizationId,
  viewer,
  input,
  now = new Date(),
}: CreateContactOptions): Promise<ContactDetail> {
  const values = parseContactInputOrThrow(input);
  if (!viewer.isAdmin) {
    if (values.agentId && values.agentId !== viewer.id)
      throw new AppError("forbidden", CONTACT_MESSAGES.agentsOwnContactsOnly);
    if (values.contactOwnerId && values.contactOwnerId !== viewer.id)
      throw new AppError("forbidden", CONTACT_MESSAGES.agentsOwnContactsOnly);
  }
  const location = locationFor(values);
  const carriers = await loadCarrierResolver();

  const contact = await tenantTransaction(organizationId, async (tx) => {
    let agentId: string | null;
    if (!viewer.isAdmin) {
      agentId = viewer.id;
    } else if (values.agentId) {
      await assertAssignableUser(tx, organizationId, values.agentId, "agentId");
      agentId = values.agentId;
    } else {
      const organization = await tx.organization.findFirst({
        where: { id: organizationId },
        select: { defaultAgentId: true },
      });
      agentId = organization?.defaultAgentId ?? null;
    }
    if (values.contactOwnerId && values.contactOwnerId !== viewer.id)
      await assertAssignableUser(tx, organizationId, values.contactOwnerId, "contactOwnerId");
    await assertEmailFree(tx, organizationId, values.email);
    await assertContactCapacity(tx, organizationId);

    let created;
    try {
      created = await tx.contact.create({
        data: {
          organizationId,
          firstName: values.firstName,
          lastName: values.lastName,
          email: values.email,
          phoneNumber: values.phoneNumber ?? null,
          ...location,
          streetAddress: values.streetAddress ?? null,
          addressUnit: values.addressUnit ?? null,
          gender: values.gender ?? null,
          tobaccoUser: values.tobaccoUser ?? false,
          birthDate: dateColumn(values.birthDate) ?? null,
          effectiveDate: dateColumn(values.effectiveDate) ?? null,
          currentCarrier: values.currentCarrier ?? null,
          // The carrier's NAIC group: what its rate-increase emails match on.
          currentCarrierNaic: carriers.resolve(values.currentCarrier),
          planType: values.planType ?? null,
          agentId,
          contactOwnerId: values.contactOwnerId ?? null,
          source: "manual",
        },
        select: CONTACT_DETAIL_SELECT,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTakenError();
      throw error;
    }

    // An address may pair the new contact with someone already at it (docs/households.md).
    if (created.streetAddress && created.zipCode)
      await suggestHouseholds(tx, organizationId, now, { zipCodes: [created.zipCode], contactIds: [created.id] });

    await recordAudit(tx, {
      organizationId,
      actorUserId: viewer.id,
      action: "contact.created",
      entityType: "contact",
      entityId: created.id,
      metadata: { agentId, source: "manual" },
    });
    return toContactDetail(created);
  });
  // Its outreach (initial emails 72 hours from now, birthday, anniversary…) is planned at once.
  await rescheduleContactsNow({ organizationId, contactIds: [contact.id], now });
  return contact;
}
