import "server-only";
import { createElement } from "react";
import { after } from "next/server";
import { AGENT_NOTIFICATION_TEMPLATES, subjectFor } from "@/lib/email/templates/outreach";
import { prisma, tenantDb } from "@/lib/db";
import { sendEmail, type SendEmailResult, type SendFunction } from "@/lib/email/send";
import { getEnv } from "@/lib/env";
import type { EligibilityOutcome } from "@/lib/eligibility/outcome";
import type { FoundQuoteLink } from "@/lib/quotes/quote-links";
import { brandNameOf } from "@/lib/organizations/brand";

/**
 * Activity notifications (the marketing page's "Activity Notifications" card): the agent is emailed when
 * a contact first views their quote and when they complete the health questions. Callback requests have
 * their own email (lib/call-booking/callback-request.ts).
 *
 * - Once per contact and event: the outbox row's unique idempotency key `agent-notification:<type>:<contact>`
 *   is the durable record. sendEmail claims the key with an insert, so a second view, a resubmission or
 *   two views at once send one email (the unique index, not a check-then-insert, decides).
 * - To the contact's assigned agent, else the organization's default agent, else its first active
 *   admin (notifiedAgent; inactive users are passed over). An agent has no notification preference
 *   (neither the spec nor the schema has one): every assigned agent gets these two emails.
 * - After the answer: the public request neither waits for the email nor fails with it. A failure is
 *   logged (ids only) and not retried by a later view: the key then holds a failed row, which the next
 *   event's send takes over (sendEmail retries a failed key).
 */

export type AgentActivity = "agent_quote_viewed" | "agent_health_completed";
export type { SendFunction };

export const agentNotificationKey = (type: AgentActivity, contactId: string) =>
  `agent-notification:${type}:${contactId}`;

/** What the contact saw after the health questions, never the answers. */
export const HEALTH_OUTCOME_LABELS: Record<EligibilityOutcome, string> = {
  accept: "Likely to qualify",
  decline: "Needs a closer look",
};

// One format per zone, kept: building an Intl.DateTimeFormat costs far more than using one.
const occurredAtFormats = new Map<string, Intl.DateTimeFormat>();

/** "Mar 4, 9:12 AM" in the organization's zone. */
export function occurredAtLabel(at: Date, timeZone: string): string {
  let format = occurredAtFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
    });
    occurredAtFormats.set(timeZone, format);
  }
  return format.format(at);
}

export type NotifyAgentInput = {
  found: FoundQuoteLink;
  type: AgentActivity;
  now: Date;
  /** agent_health_completed: the outcome the contact was shown. */
  outcome?: EligibilityOutcome;
  send?: SendFunction;
};

/** The contact's assigned agent, else the organization's default agent, else its first active admin (null: nobody). */
export async function notifiedAgent(found: FoundQuoteLink) {
  const { contact, organization } = found;
  if (contact.agent?.isActive) return contact.agent;
  if (organization.defaultAgent?.isActive) return organization.defaultAgent;
  return tenantDb(organization.id).user.findFirst({
    where: { organizationId: organization.id, isActive: true, isAdmin: true },
    orderBy: { createdAt: "asc" },
    select: { id: true, firstName: true, email: true },
  });
}

/** Emails the agent once for this contact and event; "duplicate" when it was sent before, null when nobody can receive it. */
export async function notifyAgentOnce({
  found,
  type,
  now,
  outcome,
  send = sendEmail,
}: NotifyAgentInput): Promise<SendEmailResult | null> {
  const { contact, organization } = found;
  const idempotencyKey = agentNotificationKey(type, contact.id);
  // Cheap early exit for the common case (a contact's second, third … view); the send's unique key still decides.
  const earlier = await prisma.outboxEmail.findUnique({
    where: { idempotencyKey },
    select: { id: true, status: true, providerMessageId: true, transport: true },
  });
  if (earlier && earlier.status !== "failed")
    return {
      id: earlier.id,
      status: "duplicate",
      transport: earlier.transport as SendEmailResult["transport"],
      providerMessageId: earlier.providerMessageId,
    };

  const agent = await notifiedAgent(found);
  if (!agent) return null;
  const contactName = `${contact.firstName ?? ""} ${contact.lastName ?? ""}`.replace(/\s+/g, " ").trim() || "A contact";
  const props = {
    brandName: brandNameOf(organization),
    brandColor: organization.primaryColor,
    agentFirstName: agent.firstName,
    contactName,
    contactUrl: `${getEnv().appUrl}/contact/${contact.id}`,
    occurredAtLabel: occurredAtLabel(now, organization.timezone),
  };
  const react =
    type === "agent_health_completed"
      ? createElement(AGENT_NOTIFICATION_TEMPLATES.agent_health_completed, {
          ...props,
          outcomeLabel: HEALTH_OUTCOME_LABELS[outcome ?? "accept"],
        })
      : createElement(AGENT_NOTIFICATION_TEMPLATES.agent_quote_viewed, props);
  return send({
    to: agent.email,
    subject: subjectFor(type, { firstName: "", contactName }),
    react,
    idempotencyKey,
    tags: { email_type: type, organization_id: organization.id, contact_id: contact.id },
  });
}

/** notifyAgentOnce after the answer has gone; a failure is logged with ids only, never thrown. */
export function notifyAgentAfterAnswer(input: NotifyAgentInput): Promise<void> {
  const task = async () => {
    try {
      await notifyAgentOnce(input);
    } catch (error) {
      console.error(
        JSON.stringify({
          level: "error",
          event: "agent_notification_failed",
          type: input.type,
          organizationId: input.found.organization.id,
          contactId: input.found.contact.id,
          error: error instanceof Error ? error.name : "Error",
        }),
      );
    }
  };
  return runAfterAnswer(task);
}

/**
 * next/server's after() in a request: the task runs once the answer is on its way. Outside a request
 * (jobs, scripts, tests calling a route handler directly) after() refuses, and the task runs at once.
 */
export async function runAfterAnswer(task: () => Promise<void>): Promise<void> {
  try {
    after(task);
  } catch {
    await task();
  }
}
