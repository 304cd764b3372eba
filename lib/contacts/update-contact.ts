import "server-only";
import { AppError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { tenantTransaction } from "@/lib/db";
import { CONTACT_MESSAGES, type ContactDetail } from "@/lib/contacts/contact-schema";
import {
  assertAssignableUser,
  assertEmailFree,
  dateColumn,
  emailTakenError,
  isUniqueViolation,
  locationFor,
  parseContactInputOrThrow,
} from "@/lib/contacts/create-contact";
import {
  CONTACT_DETAIL_SELECT,
  contactNotFound,
  toContactDetail,
  visibleContactWhere,
} from "@/lib/contacts/get-contact";
import type { ContactViewer } from "@/lib/contacts/list-contacts";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";
import { loadCarrierResolver } from "@/lib/carriers/carrier-resolver";
import { isoDate } from "@/lib/calendar/calendar-date";
import { suggestHouseholds } from "@/lib/households/suggest";

export type UpdateContactOptions = {
  organizationId: string;
  viewer: ContactViewer;
  id: string;
  input: unknown;
  /** ?zip_update=true: look the ZIP up again and refresh state and county even when the ZIP is unchanged. */
  zipUpdate?: boolean;
  /** When the change happens (default: the clock); stamps a household suggestion the new address makes. */
  now?: Date;
};

/** The detail, plus the NAIC an unchanged carrier text keeps. */
const EDIT_SELECT = { ...CONTACT_DETAIL_SELECT, currentCarrierNaic: true } as const;

const AUDITED_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "zipCode",
  "streetAddress",
  "addressUnit",
  "state",
  "county",
  "countyFips",
  "gender",
  "tobaccoUser",
  "birthDate",
  "effectiveDate",
  "currentCarrier",
  "planType",
  "agentId",
  "contactOwnerId",
] as const;

const ADDRESS_FIELDS: readonly (typeof AUDITED_FIELDS)[number][] = ["streetAddress", "addressUnit", "zipCode"];

/**
 * PUT /api/contacts/{id}[?zip_update=true]: the form's fields. Left-out optional fields keep their
 * values; null clears them. The carrier's NAIC group follows the carrier text. State and county follow the ZIP: they are looked up when the ZIP or the
 * county choice changes, or always with zip_update. An agent who is not an admin edits only their own
 * contacts (others are 404), cannot hand the contact to another agent and can only name themselves as
 * owner. Audited as contact.updated with the names of the changed fields. A changed street, unit or ZIP runs the
 * household suggester over the contact's old and new ZIP in the same transaction (docs/households.md).
 */
export async function updateContact({
  organizationId,
  viewer,
  id,
  input,
  zipUpdate = false,
  now = new Date(),
}: UpdateContactOptions): Promise<ContactDetail> {
  const values = parseContactInputOrThrow(input);
  const carriers = values.currentCarrier !== undefined ? await loadCarrierResolver() : null;

  const updated = await tenantTransaction(organizationId, async (tx) => {
    const existing = await tx.contact.findFirst({
      where: visibleContactWhere(organizationId, id, viewer),
      select: EDIT_SELECT,
    });
    if (!existing) throw contactNotFound();

    if (values.agentId !== undefined && values.agentId !== existing.agentId) {
      if (!viewer.isAdmin) throw new AppError("forbidden", CONTACT_MESSAGES.agentsOwnContactsOnly);
      if (values.agentId) await assertAssignableUser(tx, organizationId, values.agentId, "agentId");
    }
    if (
      values.contactOwnerId !== undefined &&
      values.contactOwnerId !== existing.contactOwnerId &&
      values.contactOwnerId
    ) {
      if (!viewer.isAdmin && values.contactOwnerId !== viewer.id)
        throw new AppError("forbidden", CONTACT_MESSAGES.agentsOwnContactsOnly);
      await assertAssignableUser(tx, organizationId, values.contactOwnerId, "contactOwnerId");
    }
    if (values.email !== existing.email) await assertEmailFree(tx, organizationId, values.email, existing.id);

    let location:
      { zipCode: string | null; state?: string | null; county: string | null; countyFips: string | null } | undefined;
    if (values.zipCode === null) {
      // The ZIP is cleared: so is the county it chose. The state stays (it may have come from an import).
      if (existing.zipCode !== null) location = { zipCode: null, county: null, countyFips: null };
    } else if (values.zipCode !== undefined) {
      const countyChanged =
        (values.countyFips != null && values.countyFips !== existing.countyFips) ||
        (values.countyFips == null && values.county != null && values.county !== existing.county);
      if (zipUpdate || values.zipCode !== existing.zipCode || countyChanged) location = locationFor(values);
    }

    const next = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      ...(values.phoneNumber !== undefined ? { phoneNumber: values.phoneNumber } : {}),
      ...(location ?? {}),
      ...(values.streetAddress !== undefined ? { streetAddress: values.streetAddress } : {}),
      ...(values.addressUnit !== undefined ? { addressUnit: values.addressUnit } : {}),
      ...(values.gender !== undefined ? { gender: values.gender } : {}),
      ...(values.tobaccoUser !== undefined ? { tobaccoUser: values.tobaccoUser } : {}),
      ...(values.birthDate !== undefined ? { birthDate: dateColumn(values.birthDate) } : {}),
      ...(values.effectiveDate !== undefined ? { effectiveDate: dateColumn(values.effectiveDate) } : {}),
      ...(values.currentCarrier !== undefined ? { currentCarrier: values.currentCarrier } : {}),
      // A changed carrier text changes its NAIC group (or clears it); the same text keeps the NAIC it has.
      ...(carriers && (values.currentCarrier !== existing.currentCarrier || existing.currentCarrierNaic === null)
        ? { currentCarrierNaic: carriers.resolve(values.currentCarrier) }
        : {}),
      ...(values.planType !== undefined ? { planType: values.planType } : {}),
      ...(values.agentId !== undefined ? { agentId: values.agentId } : {}),
      ...(values.contactOwnerId !== undefined ? { contactOwnerId: values.contactOwnerId } : {}),
    };

    let updated;
    try {
      updated = await tx.contact.update({
        where: { id: existing.id, organizationId },
        data: next,
        select: CONTACT_DETAIL_SELECT,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTakenError();
      throw error;
    }

    const comparable = (
      row: Record<(typeof AUDITED_FIELDS)[number], unknown>,
      field: (typeof AUDITED_FIELDS)[number],
    ) => {
      const value = row[field];
      return value instanceof Date ? isoDate(value) : value;
    };
    const changed = AUDITED_FIELDS.filter((field) => comparable(existing, field) !== comparable(updated, field));
    // A new address may make or end a household suggestion, in this contact's old and new ZIP.
    if (changed.some((field) => ADDRESS_FIELDS.includes(field)))
      await suggestHouseholds(tx, organizationId, now, {
        zipCodes: [existing.zipCode, updated.zipCode].filter((zip): zip is string => zip !== null),
        contactIds: [existing.id],
      });
    await recordAudit(tx, {
      organizationId,
      actorUserId: viewer.id,
      action: "contact.updated",
      entityType: "contact",
      entityId: existing.id,
      metadata: { changed, zipUpdate },
    });
    return toContactDetail(updated);
  });
  // Dates, state or carrier may have changed: its outreach is planned again.
  await rescheduleContactsNow({ organizationId, contactIds: [updated.id], now: new Date() });
  return updated;
}
