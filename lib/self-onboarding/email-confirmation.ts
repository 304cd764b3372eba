import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { createElement } from "react";
import { SignupConfirmationEmail } from "@/lib/email/templates/signup-confirmation-email";
import { AppError } from "@/lib/api/errors";
import { checkContactCapacity } from "@/lib/billing/limits";
import { prisma, tenantDb, tenantTransaction, type TxClient } from "@/lib/db";
import { sendEmail } from "@/lib/email/send";
import { getEnv } from "@/lib/env";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";
import { createQuoteLink } from "@/lib/quotes/quote-links";
import { brandNameOf, ORGANIZATION_BRANDING_SELECT } from "@/lib/organizations/brand";
import { fromWithName } from "@/lib/email/compose";
import { logoUrl } from "@/lib/settings/logo-rules";
import { sendOnboardingWelcome } from "@/lib/self-onboarding/onboarding-welcome";
import {
  compareUrlForToken,
  SELF_SERVICE_MESSAGES,
  type ConfirmEmailResponse,
} from "@/lib/self-onboarding/self-onboarding-schema";

/**
 * Self-signups are unconfirmed until the person follows a link sent to the address they typed
 * (docs/security.md "Public forms"). Until then the contact is outside the book (lib/contacts/book.ts):
 * not listed, not counted against the plan, not billed, no outreach; the agency does not see it. The
 * person still sees their quotes at once (that costs the agency nothing). The only email before
 * confirmation is this one; the confirmation sends the welcome (lib/self-onboarding/onboarding-welcome.ts).
 *
 * The link: 32 random bytes (base64url) in the URL, sha256 of them in email_confirmations; single use
 * (used_at, set by one conditional UPDATE, so two clicks at once confirm once); valid as long as the
 * unconfirmed signup is kept, CONFIRMATION_DAYS. Following it confirms the contact (if the plan still
 * has room), plans its outreach, and opens a fresh quote link.
 */

export const CONFIRMATION_DAYS = 7;
export const SELF_ONBOARDING_CONFIRMED_EVENT = "self_onboarding_confirmed";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashConfirmationToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export function confirmationUrl(token: string): string {
  return `${getEnv().appUrl}/confirm-email/${token}`;
}

/** Inside the signup's transaction: a new link for the contact. The token leaves only in the email. */
export async function createEmailConfirmation(
  tx: TxClient,
  { organizationId, contactId, now }: { organizationId: string; contactId: string; now: Date },
) {
  const token = randomBytes(32).toString("base64url");
  const row = await tx.emailConfirmation.create({
    data: {
      organizationId,
      contactId,
      tokenHash: hashConfirmationToken(token),
      expiresAt: new Date(now.getTime() + CONFIRMATION_DAYS * 86_400_000),
      createdAt: now,
    },
    select: { id: true },
  });
  return { id: row.id, token };
}

const senderSelect = { id: true, email: true, isActive: true } as const;

/**
 * Who a public signup's email is sent for: the contact's agent, else the default agent, else the first
 * active admin (null when the agency has nobody active). In a trial the email goes to them as [TEST].
 */
export async function signupSender(organizationId: string, contactId: string) {
  const db = tenantDb(organizationId);
  const [contact, org] = await Promise.all([
    db.contact.findFirst({ where: { id: contactId, organizationId }, select: { agent: { select: senderSelect } } }),
    db.organization.findFirst({ where: { id: organizationId }, select: { defaultAgent: { select: senderSelect } } }),
  ]);
  return (
    (contact?.agent?.isActive ? contact.agent : null) ??
    (org?.defaultAgent?.isActive ? org.defaultAgent : null) ??
    (await db.user.findFirst({
      where: { organizationId, isActive: true, isAdmin: true },
      orderBy: { createdAt: "asc" },
      select: senderSelect,
    }))
  );
}

/** After the signup's commit: the confirmation email through the one send path, keyed by the link's row. */
export async function sendConfirmationEmail({
  organizationId,
  contactId,
  confirmation,
}: {
  organizationId: string;
  contactId: string;
  confirmation: { id: string; token: string };
}) {
  const db = tenantDb(organizationId);
  const [contact, organization, sender] = await Promise.all([
    db.contact.findFirstOrThrow({ where: { id: contactId, organizationId }, select: { firstName: true, email: true } }),
    db.organization.findFirstOrThrow({
      where: { id: organizationId },
      select: { name: true, brandName: true, primaryColor: true, demoMode: true, postalAddress: true },
    }),
    signupSender(organizationId, contactId),
  ]);
  const brandName = brandNameOf(organization);
  await sendEmail({
    to: contact.email,
    // A trial reaches no consumer (architecture.md rule 12): its agent gets the email as [TEST].
    testAddress: organization.demoMode ? sender?.email : undefined,
    subject: `${contact.firstName}, please confirm your email for ${brandName}`,
    from: fromWithName(getEnv().email.from, brandName),
    react: createElement(SignupConfirmationEmail, {
      brandName,
      brandColor: organization.primaryColor,
      firstName: contact.firstName,
      confirmUrl: confirmationUrl(confirmation.token),
      daysValid: CONFIRMATION_DAYS,
    }),
    idempotencyKey: `email-confirmation:${confirmation.id}`,
    postalAddress: organization.postalAddress,
    whiteLabel: true,
    tags: { email_type: "signup_confirmation", organization_id: organizationId },
  });
}

export type ConfirmationPage = {
  /** pending: the button confirms; used: already confirmed; invalid: unknown or expired. */
  state: "pending" | "used" | "invalid";
  brand: { name: string; logoUrl: string | null; primaryColor: string | null } | null;
  /** The agency's form, to sign up again from an expired link. */
  formUrl: string | null;
};

/** /confirm-email/{token}: what the page shows. Reads only: the page never confirms on load (mail scanners fetch links). */
export async function loadConfirmationPage({ token, now }: { token: string; now: Date }): Promise<ConfirmationPage> {
  const row = TOKEN_PATTERN.test(token)
    ? await prisma.emailConfirmation.findUnique({
        where: { tokenHash: hashConfirmationToken(token) },
        select: { usedAt: true, expiresAt: true, organization: { select: ORGANIZATION_BRANDING_SELECT } },
      })
    : null;
  if (!row) return { state: "invalid", brand: null, formUrl: null };
  const org = row.organization;
  const brand = {
    name: brandNameOf(org),
    logoUrl: org.logoMimeType ? logoUrl(org.slug, org.logoUpdatedAt) : null,
    primaryColor: org.primaryColor,
  };
  const state = row.usedAt ? "used" : row.expiresAt.getTime() <= now.getTime() ? "invalid" : "pending";
  return { state, brand, formUrl: `/self-onboarding/${encodeURIComponent(org.slug)}` };
}

export type ConfirmSignupEmailAnswer = ConfirmEmailResponse;

const linkInvalid = () => new AppError("not_found", SELF_SERVICE_MESSAGES.confirmInvalid);

/**
 * POST /api/self-service/confirm-email { token }. Called by the confirmation page when the person presses
 * its button (never on page load: mail scanners fetch links). Unknown, expired or belonging to a signup
 * the agency has since replaced with its own contact: 404 with the message to fill out the form again.
 * Already used: 200 "already_confirmed" (a second click is not an error), with no quote link.
 */
export async function confirmSignupEmail({
  token,
  now,
}: {
  token: string;
  now: Date;
}): Promise<ConfirmSignupEmailAnswer> {
  if (!TOKEN_PATTERN.test(token)) throw linkInvalid();
  // Owner client: the token is all the caller has; the organization comes from the row.
  const row = await prisma.emailConfirmation.findUnique({
    where: { tokenHash: hashConfirmationToken(token) },
    select: {
      id: true,
      organizationId: true,
      contactId: true,
      usedAt: true,
      expiresAt: true,
      organization: { select: { name: true, brandName: true } },
    },
  });
  if (!row) throw linkInvalid();
  const { organizationId } = row;
  const organizationName = brandNameOf(row.organization);
  if (row.usedAt) return { success: true, status: "already_confirmed", organizationName };
  if (row.expiresAt.getTime() <= now.getTime()) throw linkInvalid();

  const confirmed = await tenantTransaction(organizationId, async (tx) => {
    // Single use: of two clicks at once, the second waits for this row and then finds it used.
    const claimed = await tx.emailConfirmation.updateMany({
      where: { id: row.id, organizationId, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count === 0) return null;
    // The contact now joins the book: the plan must have room (the organization row is locked until commit).
    if (!(await checkContactCapacity(tx, organizationId)).fits)
      throw new AppError("conflict", SELF_SERVICE_MESSAGES.notAccepting);
    const contact = await tx.contact.updateMany({
      where: { id: row.contactId, organizationId, unverifiedSince: { not: null } },
      data: { unverifiedSince: null },
    });
    if (contact.count === 0) throw linkInvalid();
    await tx.contactEvent.create({
      data: {
        organizationId,
        contactId: row.contactId,
        eventType: SELF_ONBOARDING_CONFIRMED_EVENT,
        metadata: {},
        createdAt: now,
      },
    });
    return createQuoteLink({ organizationId, contactId: row.contactId, planType: null, now, tx });
  });
  if (!confirmed) return { success: true, status: "already_confirmed", organizationName };

  // The normal flow of a new contact from here: outreach is planned (and usage counts it from today).
  await rescheduleContactsNow({ organizationId, contactIds: [row.contactId], now });
  // Once, with the quote link just opened (a second confirmation never gets here).
  const sender = await signupSender(organizationId, row.contactId);
  await sendOnboardingWelcome({
    organizationId,
    contactId: row.contactId,
    quoteLink: confirmed,
    testRecipient: sender?.email ?? null,
    now,
  });
  return { success: true, status: "confirmed", organizationName, redirectUrl: compareUrlForToken(confirmed.token) };
}

/**
 * Daily: signups never confirmed within CONFIRMATION_DAYS are deleted with their links (their quote
 * links stay, without a contact, and lead to the agency's form). Owner client: every organization.
 */
export async function deleteUnconfirmedSignups({ now }: { now: Date }): Promise<{ contacts: number }> {
  const cutoff = new Date(now.getTime() - CONFIRMATION_DAYS * 86_400_000);
  const deleted = await prisma.contact.deleteMany({ where: { unverifiedSince: { lte: cutoff } } });
  return { contacts: deleted.count };
}
