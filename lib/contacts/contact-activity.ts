import "server-only";
import { AppError } from "@/lib/api/errors";
import { tenantDb, type TenantDb } from "@/lib/db";
import {
  CONTACT_MESSAGES,
  contactIdParamsSchema,
  isContactEmailFormatValid,
  type ContactEligibility,
  type ContactEmailCheckResponse,
  type ContactPageData,
  type EmailTrackingRecord,
  type FollowUpView,
  type ScheduledEmailView,
} from "@/lib/contacts/contact-schema";
import { normalizeEmail } from "@/lib/contacts/contact-fields";
import { readStoredAnswers } from "@/lib/eligibility/encrypt-answers";
import { contactNotFound, getContactDetail, getContactOrThrow } from "@/lib/contacts/get-contact";
import type { ContactViewer } from "@/lib/contacts/list-contacts";
import { addDays, isoDate, todayInZone } from "@/lib/calendar/calendar-date";
import { getContactHousehold } from "@/lib/households/households";

/** "Upcoming emails on the contact: next 90 days" (§9). */
export const UPCOMING_EMAIL_DAYS = 90;
/** The contact page lists at most this many past emails and follow-up requests. */
export const ACTIVITY_LIMIT = 200;

type ActivityOptions = { db: TenantDb; organizationId: string; viewer: ContactViewer; contactId: string };

/** 404 "Contact not found" unless the viewer may see the contact (another organization's, another agent's). */
async function assertVisible({ db, organizationId, viewer, contactId }: ActivityOptions) {
  await getContactOrThrow({ db, organizationId, id: contactId, viewer });
}

/**
 * GET /api/contacts/email-tracking/{id}: the emails to this contact, newest first. A sent email the
 * contact opened or clicked reads "opened"; pending and sending ones "scheduled"; skipped and cancelled
 * rows were never going to be sent and are left out.
 */
export async function listEmailTracking(options: ActivityOptions): Promise<EmailTrackingRecord[]> {
  await assertVisible(options);
  const { db, organizationId, contactId } = options;
  const rows = await db.scheduledEmail.findMany({
    where: { organizationId, contactId, status: { in: ["pending", "sending", "sent", "failed"] } },
    orderBy: [{ scheduledSendDate: "desc" }, { createdAt: "desc" }],
    take: ACTIVITY_LIMIT,
    select: {
      id: true,
      emailType: true,
      scheduledSendDate: true,
      status: true,
      sendMode: true,
      sentAt: true,
      emailEvents: { where: { organizationId, type: { in: ["opened", "clicked"] } }, select: { id: true }, take: 1 },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    email_type: row.emailType,
    scheduled_date: isoDate(row.scheduledSendDate)!,
    send_status:
      row.status === "failed"
        ? "failed"
        : row.status === "sent"
          ? row.emailEvents.length > 0
            ? "opened"
            : "sent"
          : "scheduled",
    send_mode: row.sendMode,
    sent_at: row.sentAt?.toISOString() ?? null,
  }));
}

/**
 * GET /api/contacts/{id}/scheduled-emails: pending emails from today through today + 90 days (today
 * in the organization's time zone), soonest first.
 */
export async function listScheduledEmails(options: ActivityOptions & { now: Date }): Promise<ScheduledEmailView[]> {
  await assertVisible(options);
  const { db, organizationId, contactId, now } = options;
  const organization = await db.organization.findFirst({ where: { id: organizationId }, select: { timezone: true } });
  const today = todayInZone(now, organization?.timezone || "America/Chicago");
  const rows = await db.scheduledEmail.findMany({
    where: {
      organizationId,
      contactId,
      status: "pending",
      scheduledSendDate: {
        gte: new Date(`${today}T00:00:00.000Z`),
        lte: new Date(`${addDays(today, UPCOMING_EMAIL_DAYS)}T00:00:00.000Z`),
      },
    },
    orderBy: [{ scheduledSendDate: "asc" }, { priority: "asc" }, { id: "asc" }],
    take: ACTIVITY_LIMIT,
    select: { id: true, contactId: true, emailType: true, scheduledSendDate: true, status: true, sendMode: true },
  });
  return rows.map((row) => ({
    id: row.id,
    contact_id: row.contactId,
    email_type: row.emailType,
    scheduled_send_date: isoDate(row.scheduledSendDate)!,
    status: row.status,
    send_mode: row.sendMode,
  }));
}

/**
 * GET /api/contacts/{id}/eligibility: the newest questionnaire (status, answers decrypted), or nulls when
 * never completed. Rows from before encryption (plain JSON) read as they are.
 */
export async function getContactEligibility(options: ActivityOptions): Promise<ContactEligibility> {
  await assertVisible(options);
  const { db, organizationId, contactId } = options;
  const row = await db.eligibilityAnswer.findFirst({
    where: { organizationId, contactId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, status: true, answers: true, hasConditions: true, createdAt: true },
  });
  if (!row) return { status: null, answers: null, hasConditions: null, completedAt: null };
  let answers: unknown;
  try {
    answers = readStoredAnswers({ stored: row.answers, organizationId, contactId });
  } catch (error) {
    // Loud, without content: a wrong or lost ELIGIBILITY_ENCRYPTION_KEY must not pass for "not completed".
    console.error(
      JSON.stringify({ level: "error", event: "eligibility_answers_unreadable", eligibilityAnswerId: row.id }),
    );
    throw new AppError("internal", undefined, { cause: error });
  }
  return { status: row.status, answers, hasConditions: row.hasConditions, completedAt: row.createdAt.toISOString() };
}

/** GET /api/contacts/{id}/follow-ups: the contact's requests from the schedule and quote pages, newest first. */
export async function listFollowUps(options: ActivityOptions): Promise<FollowUpView[]> {
  await assertVisible(options);
  const { db, organizationId, contactId } = options;
  const rows = await db.followUpRequest.findMany({
    where: { organizationId, contactId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: ACTIVITY_LIMIT,
  });
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    date: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    quoteId: row.quoteLinkId,
    message: row.message,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    planType: row.planType,
    handledAt: row.handledAt?.toISOString() ?? null,
  }));
}

/**
 * GET /api/contacts/check-email/{email}[?excludeId=]: whether the organization already has a contact
 * with this address (any agent's: addresses are unique per organization). `excludeId` leaves out the
 * contact being edited. A malformed address is 422.
 */
export async function checkContactEmail({
  db,
  organizationId,
  email,
  excludeId,
}: {
  db: TenantDb;
  organizationId: string;
  email: string;
  excludeId?: string;
}): Promise<ContactEmailCheckResponse> {
  if (!isContactEmailFormatValid(email))
    throw new AppError("validation_failed", CONTACT_MESSAGES.invalidEmail, {
      fields: { email: [CONTACT_MESSAGES.invalidEmail] },
    });
  const found = await db.contact.findFirst({
    // An unconfirmed self-signup does not hold its address: creating the contact releases it (create-contact.ts).
    where: {
      organizationId,
      email: normalizeEmail(email),
      unverifiedSince: null,
      ...(excludeId ? { NOT: { id: excludeId } } : {}),
    },
    select: { id: true },
  });
  return { exists: Boolean(found) };
}

/** The contact page's data in one go (server component), behind the tenant wall; throws 404 "Contact not found" like the API. */
export async function loadContactPage({
  organizationId,
  viewer,
  id,
  now,
}: {
  organizationId: string;
  viewer: ContactViewer;
  id: string;
  now: Date;
}): Promise<ContactPageData> {
  if (!contactIdParamsSchema.safeParse({ id }).success) throw contactNotFound();
  const db = tenantDb(organizationId);
  const contact = await getContactDetail({ db, organizationId, id, viewer });
  const options = { db, organizationId, viewer, contactId: contact.id };
  const [trackingRecords, scheduledEmails, eligibility, followUps, household] = await Promise.all([
    listEmailTracking(options),
    listScheduledEmails({ ...options, now }),
    getContactEligibility(options),
    listFollowUps(options),
    getContactHousehold(options),
  ]);
  return { contact, trackingRecords, scheduledEmails, eligibility, followUps, household };
}
