import "server-only";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { getStripe, isBillingEnabled } from "@/lib/billing/stripe-client";
import { bookContactWhere } from "@/lib/contacts/book";
import { isoDate } from "@/lib/calendar/calendar-date";

/**
 * Usage: the organization's contact count is reported to the metered price (domain-rules F "Usage
 * reporting": quantity = current count, action "set"). Stripe's current API reports usage as billing
 * meter events; the meter behind STRIPE_METERED_PRICE_ID aggregates with "last", which is "set".
 *
 * Idempotent: one report per organization, reason and UTC day. The BillingUsageReport row is written
 * first (its idempotency key is unique), and the same key is Stripe's meter-event identifier, so a
 * retry after a crash cannot count twice on either side. A failed send keeps the row with its error
 * and is retried by the next run.
 *
 * Nothing is reported during the trial: the Go Live dialog promises that usage charges apply from going
 * live on, and the meter aggregates the last value reported in the period (none in a trial period: 0).
 * Going live reports the count at once (lib/trial/go-live-now.ts).
 */

export type UsageReason = "daily" | "go_live" | "checkout";

export type UsageReportResult =
  | { status: "reported"; contactCount: number; identifier: string }
  | { status: "skipped"; reason: "billing_off" | "billing_disabled" | "trial" | "no_customer" | "already_reported" }
  | { status: "failed"; identifier: string; error: string };

export function usageIdentifier(organizationId: string, reason: UsageReason, now: Date): string {
  return `contacts-${organizationId}-${reason}-${isoDate(now)}`;
}

export async function reportContactUsage({
  organizationId,
  now,
  reason,
}: {
  organizationId: string;
  now: Date;
  reason: UsageReason;
}): Promise<UsageReportResult> {
  if (!isBillingEnabled()) return { status: "skipped", reason: "billing_off" };
  const org = await prisma.organization.findUnique({
    where: { id: organizationId },
    select: { billingDisabled: true, demoMode: true, stripeCustomerId: true, stripeUsageItemId: true },
  });
  if (!org || org.billingDisabled) return { status: "skipped", reason: "billing_disabled" };
  if (org.demoMode) return { status: "skipped", reason: "trial" };
  if (!org.stripeCustomerId) return { status: "skipped", reason: "no_customer" };

  const identifier = usageIdentifier(organizationId, reason, now);
  const existing = await prisma.billingUsageReport.findUnique({ where: { idempotencyKey: identifier } });
  if (existing && !existing.error) return { status: "skipped", reason: "already_reported" };

  const contactCount = await prisma.contact.count({ where: bookContactWhere(organizationId) });
  const row = existing
    ? await prisma.billingUsageReport.update({
        where: { id: existing.id },
        data: { contactCount, error: null, reportedAt: now },
      })
    : await prisma.billingUsageReport
        .create({
          data: {
            organizationId,
            contactCount,
            billingCycleKey: now.toISOString().slice(0, 7),
            stripeSubscriptionItemId: org.stripeUsageItemId,
            idempotencyKey: identifier,
            reportedAt: now,
          },
        })
        .catch((error: { code?: string }) => {
          if (error.code === "P2002") return null; // another run is reporting the same thing
          throw error;
        });
  if (!row) return { status: "skipped", reason: "already_reported" };

  try {
    const event = await getStripe().billing.meterEvents.create({
      event_name: getEnv().stripe.meterEventName,
      identifier,
      timestamp: Math.floor(now.getTime() / 1000),
      payload: { stripe_customer_id: org.stripeCustomerId, value: String(contactCount) },
    });
    await prisma.billingUsageReport.update({ where: { id: row.id }, data: { stripeUsageRecordId: event.identifier } });
    return { status: "reported", contactCount, identifier };
  } catch (error) {
    // Stripe already has this identifier: an earlier attempt got through before we recorded it.
    if ((error as { code?: string }).code === "duplicate_meter_event") {
      await prisma.billingUsageReport.update({ where: { id: row.id }, data: { stripeUsageRecordId: identifier } });
      return { status: "reported", contactCount, identifier };
    }
    const message = (error as { type?: string }).type ?? "stripe_error";
    await prisma.billingUsageReport.update({ where: { id: row.id }, data: { error: message } });
    return { status: "failed", identifier, error: message };
  }
}

/** The daily run: every organization with a paid Stripe subscription. One failure does not stop the others. */
export async function reportAllContactUsage({ now }: { now: Date }) {
  if (!isBillingEnabled()) return { reported: 0, skipped: 0, failed: 0 };
  const orgs = await prisma.organization.findMany({
    where: { billingDisabled: false, demoMode: false, stripeCustomerId: { not: null }, paymentCompleted: true },
    select: { id: true },
  });
  const totals = { reported: 0, skipped: 0, failed: 0 };
  for (const org of orgs) {
    const result = await reportContactUsage({ organizationId: org.id, now, reason: "daily" });
    totals[result.status]++;
  }
  return totals;
}
