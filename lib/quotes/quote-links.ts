import "server-only";
import { offeredAgentContact } from "@/lib/profile/profile-schema";
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { SHORT_LINK_CODE_LENGTH } from "@/lib/sms/template";
import { AppError } from "@/lib/api/errors";
import { contactNotFound, visibleContactWhere } from "@/lib/contacts/get-contact";
import type { ContactViewer } from "@/lib/contacts/list-contacts";
import { prisma, tenantDb, tenantTransaction, type TxClient } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { logoUrl } from "@/lib/settings/logo-rules";
import { ageOnDate, DEFAULT_QUOTE_AGE, DEFAULT_QUOTE_GENDER, defaultEffectiveDate } from "@/lib/quotes/select-quotes";
import { brandNameOf, ORGANIZATION_BRANDING_SELECT } from "@/lib/organizations/brand";
import { QUOTE_LINK_DAYS } from "@/lib/quotes/quote-link-rules";
import { isoDate } from "@/lib/calendar/calendar-date";

/**
 * Quote links (architecture.md rule 5): a public quote page is addressed by an unguessable token
 * (32 random bytes, base64url) stored in quote_links, so a link can expire or be revoked. The public
 * side finds the link by token with the base client, then reads everything else scoped to the
 * organization of the row it found: never from a query parameter.
 */

export { QUOTE_LINK_DAYS };
export const QUOTE_NOT_FOUND_MESSAGE = "Quote not found or expired. Please try again or contact support.";
/** 32 bytes in base64url, no padding. Anything else is not looked up at all. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function isQuoteToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN.test(value);
}

/** A text's short link code (`/s/<code>`, lib/sms/template.ts): 10 letters and digits, about 59 bits. */
export function newShortLinkCode(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let code = "";
  for (let i = 0; i < SHORT_LINK_CODE_LENGTH; i += 1) code += alphabet[randomInt(alphabet.length)];
  return code;
}

export function quoteLinkUrl(token: string): string {
  return `${getEnv().appUrl}/compare?id=${token}`;
}

/** The tracking id of a quote link's visits, matching the trackingId of the email that carried it. */
export function quoteTrackingId(link: { organizationId: string; contactId: string | null; createdAt: Date }): string {
  return `quote-${link.organizationId}-${link.contactId ?? "anon"}-${link.createdAt.getTime()}`;
}

export type CreateQuoteLinkInput = {
  organizationId: string;
  contactId: string;
  planType?: string | null;
  now: Date;
  /** A transaction of the same organization (tenantTransaction) to write in; default: its own. */
  tx?: TxClient;
};

/**
 * A new quote link's row: an unguessable token, expiring QUOTE_LINK_DAYS after `now`. With its id set, so a
 * caller writing many at once (the sweep, one createMany per organization) knows each link's id.
 */
export function newQuoteLinkRow({ organizationId, contactId, planType, now }: Omit<CreateQuoteLinkInput, "tx">) {
  return {
    id: randomUUID(),
    organizationId,
    contactId,
    token: randomBytes(32).toString("base64url"),
    planType: planType ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + QUOTE_LINK_DAYS * 86_400_000),
  };
}

/** Stores a new link for one contact of the organization (404 when the contact is not the organization's). */
export async function createQuoteLink({ organizationId, contactId, planType, now, tx }: CreateQuoteLinkInput) {
  const write = async (db: TxClient) => {
    const contact = await db.contact.findFirst({ where: { id: contactId, organizationId }, select: { id: true } });
    if (!contact) throw contactNotFound();
    const link = await db.quoteLink.create({ data: newQuoteLinkRow({ organizationId, contactId, planType, now }) });
    return { link, token: link.token, url: quoteLinkUrl(link.token) };
  };
  return tx ? write(tx) : tenantTransaction(organizationId, write);
}

/** POST /api/quotes/generate/{contactId}: a new link for a contact the viewer may see. */
export async function generateQuoteLink({
  organizationId,
  viewer,
  contactId,
  now,
}: {
  organizationId: string;
  viewer: ContactViewer;
  contactId: string;
  now: Date;
}) {
  const db = tenantDb(organizationId);
  const contact = await db.contact.findFirst({
    where: visibleContactWhere(organizationId, contactId, viewer),
    select: { id: true, planType: true },
  });
  if (!contact) throw contactNotFound();
  const { token, url } = await createQuoteLink({
    organizationId,
    contactId: contact.id,
    planType: contact.planType,
    now,
  });
  return { quoteId: token, redirectUrl: url };
}

const userSelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  signature: true,
  useOrgSenderDetails: true,
  bookingLink: true,
  phoneEnabled: true,
  calendarEnabled: true,
  isActive: true,
} as const;

const contactSelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phoneNumber: true,
  birthDate: true,
  gender: true,
  tobaccoUser: true,
  state: true,
  zipCode: true,
  county: true,
  countyFips: true,
  currentCarrier: true,
  currentCarrierNaic: true,
  planType: true,
  effectiveDate: true,
  /** Whether the contact is in the book (lib/contacts/book.ts): an unconfirmed self-signup's page asks to confirm the address. */
  status: true,
  unverifiedSince: true,
  agent: { select: userSelect },
} as const;

const organizationSelect = {
  ...ORGANIZATION_BRANDING_SELECT,
  signature: true,
  orgSignature: true,
  carrierContracts: true,
  stateCarrierSettings: true,
  forceOrgSenderDetails: true,
  hideMedicareAdvantage: true,
  timezone: true,
  demoMode: true,
  mnDefaultRiders: true,
  wiDefaultRiders: true,
  maDefaultRiders: true,
  defaultAgent: { select: userSelect },
} as const;

async function loadLinkParts(organizationId: string, contactId: string) {
  const db = tenantDb(organizationId);
  const [contact, organization] = await Promise.all([
    db.contact.findFirst({ where: { id: contactId, organizationId }, select: contactSelect }),
    db.organization.findFirst({ where: { id: organizationId }, select: organizationSelect }),
  ]);
  return { contact, organization };
}

export type FoundQuoteLink = NonNullable<Awaited<ReturnType<typeof findQuoteLink>>>;

/** The link with its contact and organization, or null when the token is unknown, expired or has no contact. */
export async function findQuoteLink(token: string, now: Date) {
  if (!isQuoteToken(token)) return null;
  // Owner client: the token is the only thing we know; the organization comes from the row.
  const link = await prisma.quoteLink.findUnique({ where: { token } });
  if (!link || !link.contactId) return null;
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return null;
  const { contact, organization } = await loadLinkParts(link.organizationId, link.contactId);
  if (!contact || !organization) return null;
  return { link, contact, organization };
}

type LinkUser = FoundQuoteLink["organization"]["defaultAgent"];

/** The agent a quote page speaks for: the assigned agent, else the default agent, else the first active user. */
export async function quoteAgent(found: FoundQuoteLink): Promise<NonNullable<LinkUser> | null> {
  const organizationId = found.organization.id;
  const agent =
    (found.contact.agent?.isActive ? found.contact.agent : null) ??
    (found.organization.defaultAgent?.isActive ? found.organization.defaultAgent : null) ??
    (await tenantDb(organizationId).user.findFirst({
      where: { organizationId, isActive: true },
      orderBy: { createdAt: "asc" },
      select: userSelect,
    }));
  return agent ? offeredAgentContact(agent) : null;
}

/** GET /api/quotes/decode/{id}: client-side.md §3 "Decoded quote". */
export async function decodeQuote({
  token,
  now,
  orgId,
}: {
  token: string;
  now: Date;
  /** Cross-check only: a link of another organization answers 404. */ orgId?: string | null;
}) {
  const found = await findQuoteLink(token, now);
  if (!found) throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);
  if (orgId && orgId !== found.organization.id && orgId !== found.organization.slug)
    throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);
  const { contact, organization } = found;
  const agent = await quoteAgent(found);
  const dateOfBirth = isoDate(contact.birthDate);
  const effectiveDate = defaultEffectiveDate(now, organization.timezone);
  return {
    contact: {
      id: contact.id,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      phoneNumber: contact.phoneNumber,
      age: dateOfBirth ? ageOnDate(dateOfBirth, effectiveDate) : DEFAULT_QUOTE_AGE,
      gender: contact.gender ?? DEFAULT_QUOTE_GENDER,
      tobacco: contact.tobaccoUser,
      state: contact.state,
      zipCode: contact.zipCode,
      county: contact.county,
      currentCarrier: contact.currentCarrier,
      planType: found.link.planType ?? contact.planType,
      dateOfBirth,
    },
    agent: agent
      ? {
          firstName: agent.firstName,
          lastName: agent.lastName,
          email: agent.email,
          phone: agent.phone,
          signature: agent.signature,
          useOrgSenderDetails: agent.useOrgSenderDetails,
          bookingLink: agent.bookingLink,
        }
      : null,
    orgId: organization.id,
    orgSlug: organization.slug,
    orgName: brandNameOf(organization),
    orgLogo: organization.logoMimeType ? logoUrl(organization.slug, organization.logoUpdatedAt) : null,
    orgPhone: organization.phone,
    orgSignature: organization.orgSignature,
    orgSignatureText: organization.signature,
    carrierContracts: organization.carrierContracts,
    forceOrgSenderDetails: organization.forceOrgSenderDetails,
    hideMedicareAdvantage: organization.hideMedicareAdvantage,
  };
}

/**
 * For a link that is still valid but whose contact was deleted: the organization's slug, so the page
 * can offer self-onboarding instead of an error (domain-rules.md B.2). Null for unknown or expired links.
 */
export async function orphanedQuoteLinkOrgSlug(token: string, now: Date): Promise<string | null> {
  if (!isQuoteToken(token)) return null;
  const link = await prisma.quoteLink.findUnique({
    where: { token },
    select: { contactId: true, expiresAt: true, organization: { select: { slug: true } } },
  });
  if (!link || link.contactId !== null) return null;
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return null;
  return link.organization.slug;
}
