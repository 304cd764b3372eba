import "server-only";
import type Stripe from "stripe";
import { AppError } from "@/lib/api/errors";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { applyCompletedCheckout } from "@/lib/billing/checkout";
import { getStripe, isBillingEnabled } from "@/lib/billing/stripe-client";
import { idOf, subscriptionFields } from "@/lib/billing/subscription-sync";

/**
 * POST /api/webhooks/stripe (domain-rules F "Webhooks": the original verified and then handled
 * nothing). Verifies the Stripe-Signature, then handles:
 *   checkout.session.completed, customer.subscription.created/updated/deleted, invoice.paid
 *   (and invoice.payment_succeeded), invoice.payment_failed.
 * Idempotent by event id: the StripeEvent row is inserted in the same transaction as the change, so
 * a replay finds it and changes nothing. No regress on out-of-order delivery: handlers never trust the
 * event's copy of an object; they fetch the subscription (or invoice) from Stripe and write its
 * current state, and a failed-payment event for an invoice that has since been paid is ignored.
 */

export const WEBHOOK_MESSAGES = {
  badSignature: "Invalid Stripe signature.",
  notConfigured: "Stripe webhooks are not configured.",
} as const;

export const HANDLED_EVENT_TYPES = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_succeeded",
  "invoice.payment_failed",
] as const;

export type WebhookResult = { received: true; eventId: string; outcome: "processed" | "duplicate" | "ignored" };

/** Stripe's events are a few kilobytes; anything near this is not one (and is not worth hashing). */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

export function verifyStripeEvent({ payload, signature }: { payload: string; signature: string | null }): Stripe.Event {
  const secret = getEnv().stripe.webhookSecret;
  if (!isBillingEnabled() || !secret) throw AppError.notFound(WEBHOOK_MESSAGES.notConfigured);
  if (!signature) throw new AppError("bad_request", WEBHOOK_MESSAGES.badSignature);
  if (Buffer.byteLength(payload) > MAX_WEBHOOK_BYTES) throw new AppError("payload_too_large");
  try {
    return getStripe().webhooks.constructEvent(payload, signature, secret);
  } catch {
    throw new AppError("bad_request", WEBHOOK_MESSAGES.badSignature);
  }
}

async function organizationFor({
  organizationId,
  customerId,
  subscriptionId,
}: {
  organizationId?: string | null;
  customerId?: string | null;
  subscriptionId?: string | null;
}) {
  const or = [
    ...(organizationId && /^[0-9a-f-]{36}$/i.test(organizationId) ? [{ id: organizationId }] : []),
    ...(subscriptionId ? [{ stripeSubscriptionId: subscriptionId }] : []),
    ...(customerId ? [{ stripeCustomerId: customerId }] : []),
  ];
  if (or.length === 0) return null;
  return prisma.organization.findFirst({ where: { OR: or }, select: { id: true, lastPaymentAt: true } });
}

const subscriptionOfInvoice = (invoice: Stripe.Invoice) =>
  idOf(invoice.parent?.subscription_details?.subscription ?? null);

/** Writes the change and the event id together; false when the event was already handled. */
async function recordOnce(
  event: Stripe.Event,
  change: ((tx: Parameters<Parameters<typeof prisma.$transaction>[0]>[0]) => Promise<unknown>) | null,
): Promise<boolean> {
  try {
    await prisma.$transaction(async (tx) => {
      await tx.stripeEvent.create({ data: { id: event.id, type: event.type } });
      if (change) await change(tx);
    });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return false;
    throw error;
  }
}

export async function handleStripeWebhook({
  payload,
  signature,
  now,
}: {
  payload: string;
  signature: string | null;
  now: Date;
}): Promise<WebhookResult> {
  const event = verifyStripeEvent({ payload, signature });
  const done = (outcome: WebhookResult["outcome"]): WebhookResult => ({ received: true, eventId: event.id, outcome });
  if (await prisma.stripeEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return done("duplicate");
  const stripe = getStripe();

  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const organizationId = session.metadata?.organizationId ?? session.client_reference_id;
      const org = await organizationFor({ organizationId, customerId: idOf(session.customer) });
      if (!org) return (await recordOnce(event, null)) ? done("ignored") : done("duplicate");
      // The browser's polling may already have recorded it; writing the current state again is harmless.
      // Applied before the event is recorded: if recording fails, Stripe's retry applies it again.
      const fresh = await stripe.checkout.sessions.retrieve(session.id);
      await applyCompletedCheckout({ organizationId: org.id, session: fresh, completeOnboarding: true });
      return done((await recordOnce(event, null)) ? "processed" : "duplicate");
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const org = await organizationFor({
        organizationId: subscription.metadata?.organizationId,
        customerId: idOf(subscription.customer),
        subscriptionId: subscription.id,
      });
      if (!org) return (await recordOnce(event, null)) ? done("ignored") : done("duplicate");
      const current = await stripe.subscriptions.retrieve(subscription.id);
      const fields = subscriptionFields(current);
      const ok = await recordOnce(event, (tx) => tx.organization.update({ where: { id: org.id }, data: fields }));
      return done(ok ? "processed" : "duplicate");
    }
    case "invoice.paid":
    case "invoice.payment_succeeded": {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      const org = await organizationFor({ customerId: idOf(invoice.customer), subscriptionId });
      if (!org) return (await recordOnce(event, null)) ? done("ignored") : done("duplicate");
      const current = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId) : null;
      const paidAt = invoice.status_transitions?.paid_at ? new Date(invoice.status_transitions.paid_at * 1000) : now;
      const ok = await recordOnce(event, (tx) =>
        tx.organization.update({
          where: { id: org.id },
          data: {
            ...(current ? subscriptionFields(current) : {}),
            paymentFailureCount: 0,
            paymentCompleted: true,
            // Never move the last payment back in time when an older invoice's event arrives late.
            lastPaymentAt: org.lastPaymentAt && org.lastPaymentAt > paidAt ? org.lastPaymentAt : paidAt,
          },
        }),
      );
      return done(ok ? "processed" : "duplicate");
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const subscriptionId = subscriptionOfInvoice(invoice);
      const org = await organizationFor({ customerId: idOf(invoice.customer), subscriptionId });
      if (!org) return (await recordOnce(event, null)) ? done("ignored") : done("duplicate");
      const latest = invoice.id ? await stripe.invoices.retrieve(invoice.id) : invoice;
      // Paid since (a retry or a new card succeeded, and its event came first): nothing to record.
      if (latest.status === "paid" || latest.status === "void")
        return (await recordOnce(event, null)) ? done("ignored") : done("duplicate");
      const current = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId) : null;
      const ok = await recordOnce(event, (tx) =>
        tx.organization.update({
          where: { id: org.id },
          data: {
            ...(current ? subscriptionFields(current) : {}),
            paymentStatus: "needs_update",
            paymentFailureCount: { increment: 1 },
          },
        }),
      );
      return done(ok ? "processed" : "duplicate");
    }
    default:
      return (await recordOnce(event, null)) ? done("ignored") : done("duplicate");
  }
}
