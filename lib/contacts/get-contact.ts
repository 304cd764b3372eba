import "server-only";
import { AppError } from "@/lib/api/errors";
import type { TenantDb, TxClient } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { CONTACT_MESSAGES, type ContactDetail } from "@/lib/contacts/contact-schema";
import { contactVisibilityWhere, type ContactViewer } from "@/lib/contacts/list-contacts";
import { isoDate } from "@/lib/calendar/calendar-date";

type ContactDb = TenantDb | TxClient;

export function contactNotFound() {
  return new AppError("not_found", CONTACT_MESSAGES.notFound);
}

/**
 * The where of one contact the viewer may see: this organization, and for an agent who is not an
 * admin only their own contacts (another agent's contact is "not found", like another organization's).
 * Without a viewer: any contact of the organization (system work only).
 */
export function visibleContactWhere(
  organizationId: string,
  id: string,
  viewer?: ContactViewer,
): Prisma.ContactWhereInput {
  return viewer ? { AND: [contactVisibilityWhere(organizationId, viewer), { id }] } : { id, organizationId };
}

/** One contact row of the caller's organization (and visible to `viewer` when given); 404 "Contact not found" otherwise. */
export async function getContactOrThrow({
  db,
  organizationId,
  id,
  viewer,
}: {
  db: ContactDb;
  organizationId: string;
  id: string;
  viewer?: ContactViewer;
}) {
  const contact = await db.contact.findFirst({ where: visibleContactWhere(organizationId, id, viewer) });
  if (!contact) throw contactNotFound();
  return contact;
}

const personSelect = { select: { id: true, firstName: true, lastName: true, email: true } } as const;

export const CONTACT_DETAIL_SELECT = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phoneNumber: true,
  state: true,
  zipCode: true,
  streetAddress: true,
  addressUnit: true,
  county: true,
  countyFips: true,
  gender: true,
  tobaccoUser: true,
  birthDate: true,
  effectiveDate: true,
  currentCarrier: true,
  planType: true,
  status: true,
  source: true,
  agentId: true,
  contactOwnerId: true,
  lastEmailedAt: true,
  unsubscribedAt: true,
  doNotCommunicate: true,
  createdAt: true,
  updatedAt: true,
  agent: personSelect,
  contactOwner: personSelect,
} satisfies Prisma.ContactSelect;

type ContactDetailRow = Prisma.ContactGetPayload<{ select: typeof CONTACT_DETAIL_SELECT }>;

export function toContactDetail(row: ContactDetailRow): ContactDetail {
  return {
    ...row,
    gender: row.gender ?? null,
    birthDate: isoDate(row.birthDate),
    effectiveDate: isoDate(row.effectiveDate),
    lastEmailedAt: row.lastEmailedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/contacts/{id}: the contact with its assigned agent and owner, if the viewer may see it. */
export async function getContactDetail({
  db,
  organizationId,
  id,
  viewer,
}: {
  db: ContactDb;
  organizationId: string;
  id: string;
  viewer: ContactViewer;
}): Promise<ContactDetail> {
  const row = await db.contact.findFirst({
    where: visibleContactWhere(organizationId, id, viewer),
    select: CONTACT_DETAIL_SELECT,
  });
  if (!row) throw contactNotFound();
  return toContactDetail(row);
}
