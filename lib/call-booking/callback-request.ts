import "server-only";
import { createElement } from "react";
import { CallbackRequestEmail } from "@/lib/email/templates/callback-request-email";
import { AppError } from "@/lib/api/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { tenantDb, tenantTransaction, type TxClient } from "@/lib/db";
import { sendEmail } from "@/lib/email/send";
import { consumeRateLimit } from "@/lib/rate-limit";
import { getEnv } from "@/lib/env";
import { QUOTE_NOT_FOUND_MESSAGE, quoteAgent } from "@/lib/quotes/quote-links";
import {
  followUpKind,
  scheduleOutcome,
  SCHEDULE_MESSAGES,
  usesOrgDetails,
  type FollowUpKind,
} from "@/lib/call-booking/booking";
import type { CallbackRequestAnswer, CallbackRequestBody } from "@/lib/call-booking/callback-request-schema";
import { findPublicOrganization, findScheduleLink, matchesOrganization } from "@/lib/call-booking/schedule-info";
import { brandNameOf } from "@/lib/organizations/brand";

/**
 * POST /api/contact-us/callback-request: a visitor of the schedule page asks to be called back.
 *
 * One transaction stores the FollowUpRequest (typed accept / decline / general by the page's outcome,
 * with the name, email and phone as the visitor typed them), sets the contact's status to
 * requested_follow_up and appends a followup_request ContactEvent. After commit the agent is emailed
 * through the one send path, keyed by the request id.
 *
 * The contact is found only through the quote token. A generic link (organization id or slug, no
 * quote) stores a request without a contact and notifies the organization's default agent.
 *
 * A retry (double tap, flaky network, a failed email) finds the same open request from the last few
 * minutes instead of writing another, and sends its email again under the same key, which the send
 * path turns into "already sent" unless the earlier attempt failed.
 */

export const CONTACT_STATUS_REQUESTED_FOLLOW_UP = "requested_follow_up";
export const FOLLOW_UP_EVENT = "followup_request";
/** A second identical request within this window is the same request. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export const CALLBACK_REQUEST_LABELS: Record<FollowUpKind, string> = {
  accept: "Passed the health questions: a good candidate to switch plans",
  decline: "Medicare Advantage follow-up",
  general: "General follow-up",
};

/** A visitor-typed name fit for a subject line: control characters and line breaks removed, at most 60 characters. */
export function subjectName(name: string | null | undefined): string {
  const clean = (name ?? "")
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 60);
  return clean || "a visitor";
}

/**
 * Callback requests per organization per hour, whoever sends them: each one emails an agent, so many
 * addresses together must not be able to flood an inbox. Counted last, for new requests only, after the
 * client's limit (the route's, a sixth of it), the proof-of-work and the typed phone's and email's
 * limits, so one client cannot spend the organization's hour and lock out its real visitors
 * (docs/security.md "Public forms").
 */
export const CALLBACKS_PER_ORGANIZATION_PER_HOUR = 30;
export const CALLBACK_CLIENT_LIMIT = { name: "callback-request", limit: 5, windowSeconds: 3600 } as const;
/**
 * New requests per typed phone number, and per typed email, per organization in 24 hours (counted from
 * the stored requests; a retry is the same request): nobody gets an agency to call one person again and again.
 */
export const CALLBACKS_PER_CONTACT_DETAIL_PER_DAY = 3;

export const callbackIdempotencyKey = (followUpRequestId: string) => `callback-request:${followUpRequestId}`;

type Notified = { id: string; firstName: string; lastName: string; email: string } | null;

const agentSelect = { id: true, firstName: true, lastName: true, email: true, isActive: true } as const;

/** A generic link has no contact: the default agent handles it, else the organization's first active user. */
async function organizationAgent(tx: TxClient, organizationId: string): Promise<Notified> {
  const org = await tx.organization.findFirst({
    where: { id: organizationId },
    select: { defaultAgent: { select: agentSelect } },
  });
  if (org?.defaultAgent?.isActive) return org.defaultAgent;
  return tx.user.findFirst({
    where: { organizationId, isActive: true },
    orderBy: { createdAt: "asc" },
    select: agentSelect,
  });
}

async function resolveTarget(body: CallbackRequestBody, now: Date) {
  if (body.quoteId) {
    const link = await findScheduleLink(body.quoteId, now);
    if (!link || !matchesOrganization(body.orgId, link.organization))
      throw new AppError("not_found", QUOTE_NOT_FOUND_MESSAGE);
    const agent = await quoteAgent(link.found);
    return {
      organization: link.organization,
      contactId: link.found.contact.id,
      quoteLinkId: link.found.link.id,
      planType: link.found.link.planType ?? link.found.contact.planType,
      agent: agent
        ? {
            id: agent.id,
            firstName: agent.firstName,
            lastName: agent.lastName,
            email: agent.email,
            useOrgSenderDetails: agent.useOrgSenderDetails,
          }
        : null,
    };
  }
  const organization = body.orgId ? await findPublicOrganization(body.orgId) : null;
  if (!organization) throw new AppError("not_found", SCHEDULE_MESSAGES.organizationNotFound);
  return { organization, contactId: null, quoteLinkId: null, planType: null, agent: undefined };
}

export async function requestCallback({
  body,
  now,
}: {
  body: CallbackRequestBody;
  now: Date;
}): Promise<CallbackRequestAnswer> {
  const target = await resolveTarget(body, now);
  const { organization } = target;
  const organizationId = organization.id;
  if (!organization.callbackEnabled)
    throw new AppError("forbidden", "Callback requests are not available for this organization.");

  const type = followUpKind(scheduleOutcome(body.status));
  const typed = {
    contactName: body.contactName,
    contactEmail: body.contactEmail,
    contactPhone: body.contactPhone,
    planType: body.planType ?? target.planType,
    message: body.message,
  };

  const duplicateWhere = {
    organizationId,
    contactId: target.contactId,
    quoteLinkId: target.quoteLinkId,
    type,
    ...typed,
    handledAt: null,
    createdAt: { gte: new Date(now.getTime() - DUPLICATE_WINDOW_MS) },
  };
  // The limits count new requests only: a retry (found again under the lock below) is the same request.
  const db = tenantDb(organizationId);
  if (!(await db.followUpRequest.findFirst({ where: duplicateWhere, select: { id: true } }))) {
    const sameDetails = await db.followUpRequest.count({
      where: {
        organizationId,
        createdAt: { gt: new Date(now.getTime() - 86_400_000) },
        OR: [
          { contactPhone: typed.contactPhone },
          ...(typed.contactEmail
            ? [{ contactEmail: { equals: typed.contactEmail, mode: "insensitive" as const } }]
            : []),
        ],
      },
    });
    if (sameDetails >= CALLBACKS_PER_CONTACT_DETAIL_PER_DAY)
      throw new AppError("rate_limited", undefined, { retryAfterSeconds: 3600 });
    await consumeRateLimit({
      key: `callback-request:org:${organizationId}`,
      limit: CALLBACKS_PER_ORGANIZATION_PER_HOUR,
      windowSeconds: 3600,
      now,
    });
  }

  const { request, agent } = await tenantTransaction(organizationId, async (tx) => {
    // Serializes concurrent submissions of the same page, so a double tap cannot write two requests.
    const lockKey = `callback-request:${target.quoteLinkId ?? organizationId}`;
    await tx.$executeRaw(Prisma.sql`SELECT pg_advisory_xact_lock(hashtext(${lockKey}))`);
    const agent = target.agent === undefined ? await organizationAgent(tx, organizationId) : target.agent;
    const existing = await tx.followUpRequest.findFirst({ where: duplicateWhere, orderBy: { createdAt: "desc" } });
    if (existing) return { request: existing, agent };

    const request = await tx.followUpRequest.create({
      data: {
        organizationId,
        contactId: target.contactId,
        quoteLinkId: target.quoteLinkId,
        type,
        ...typed,
        createdAt: now,
      },
    });
    if (target.contactId) {
      await tx.contact.update({
        where: { id: target.contactId, organizationId },
        data: { status: CONTACT_STATUS_REQUESTED_FOLLOW_UP },
      });
    }
    // Ids and the type only: the typed details stay in the request row.
    await tx.contactEvent.create({
      data: {
        organizationId,
        contactId: target.contactId,
        eventType: FOLLOW_UP_EVENT,
        metadata: {
          followUpRequestId: request.id,
          type,
          source: target.quoteLinkId ? "quote" : "organization_link",
          has_message: Boolean(typed.message),
        },
        createdAt: now,
      },
    });
    return { request, agent };
  });

  const brandName = brandNameOf(organization);
  const speaksForOrg = usesOrgDetails({
    forceOrgSenderDetails: organization.forceOrgSenderDetails,
    agent: target.agent ?? null,
  });
  const agentFullName = agent ? `${agent.firstName} ${agent.lastName}`.trim() : "";
  // What the visitor is told: the organization when it speaks for itself (its "Organization Only" mode).
  const agentName = speaksForOrg ? brandName : agentFullName || brandName;

  if (agent) {
    const { appUrl } = getEnv();
    try {
      await sendEmail({
        to: agent.email,
        // The name is what a visitor typed: single-line and short, so it cannot pose as other text.
        subject: `Callback request from ${subjectName(request.contactName)}`,
        replyTo: request.contactEmail ?? undefined,
        react: createElement(CallbackRequestEmail, {
          brandName,
          brandColor: organization.primaryColor,
          agentFirstName: agent.firstName,
          requestLabel: CALLBACK_REQUEST_LABELS[type],
          contactName: request.contactName ?? "",
          contactPhone: request.contactPhone ?? "",
          contactEmail: request.contactEmail,
          planType: request.planType,
          message: request.message,
          contactUrl: request.contactId ? `${appUrl}/contact/${request.contactId}` : null,
          contactsUrl: `${appUrl}/contacts`,
        }),
        idempotencyKey: callbackIdempotencyKey(request.id),
        tags: { email_type: "callback_request", organization_id: organizationId, follow_up_request_id: request.id },
      });
    } catch (error) {
      // The request is stored; the visitor's retry finds it and sends this email again under the same key.
      throw new AppError("internal", SCHEDULE_MESSAGES.callbackFailed, { cause: error });
    }
  }

  return {
    success: true,
    message: `${agentName} will call you back soon.`,
    agentName,
  };
}
