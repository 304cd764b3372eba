import "server-only";
import { AppError } from "@/lib/api/errors";
import { refuseForSampleAgency } from "@/lib/demo/sample-agency-guard";
import { recordAudit } from "@/lib/audit/record-audit";
import { tenantTransaction } from "@/lib/db";
import { GO_LIVE_MESSAGES, type GoLiveNowResponse } from "@/lib/trial/go-live";
import type { TrialActor } from "@/lib/trial/set-go-live-date";
import { requestOrganizationReschedule } from "@/lib/outreach/triggers";
import { reportContactUsage } from "@/lib/billing/usage";

/**
 * POST /api/organizations/exit-demo-mode ("Go Live Now"): ends the trial. Sets demoMode false and
 * wentLiveAt = now, and turns the organization's scheduling on (domain-rules "Go live"). This is the
 * switch the send path reads: before it, nothing reaches a real consumer. Irreversible: nothing turns
 * demo mode back on, and going live again is a successful no-op (no second audit row). It needs the
 * agency's postal address first (409 without it): live emails are the agency's, and show its address.
 */
export async function goLiveNow({
  organizationId,
  actor,
  now,
}: {
  organizationId: string;
  actor: TrialActor;
  now: Date;
}): Promise<GoLiveNowResponse> {
  if (!actor.isAdmin) throw new AppError("forbidden", GO_LIVE_MESSAGES.exitDemoForbidden);
  await refuseForSampleAgency(organizationId, "goLive");
  const result = await tenantTransaction(organizationId, async (tx) => {
    const current = await tx.organization.findFirst({
      where: { id: organizationId },
      select: { demoMode: true, postalAddress: true },
    });
    if (!current) throw AppError.notFound("Organization not found");
    // Live emails carry the agency's own postal address, never the platform's fallback (#18 point 17).
    if (current.demoMode && !current.postalAddress?.trim())
      throw new AppError("conflict", GO_LIVE_MESSAGES.postalAddressRequired);
    // Conditional update: of two concurrent calls only one flips the flag and writes the audit row.
    const { count } = await tx.organization.updateMany({
      where: { id: organizationId, demoMode: true },
      data: { demoMode: false, wentLiveAt: now, regularSchedulingActive: true, followupSchedulingActive: true },
    });
    const organization = await tx.organization.findFirst({
      where: { id: organizationId },
      select: { wentLiveAt: true },
    });
    if (!organization) throw AppError.notFound("Organization not found");
    if (count === 0)
      return { success: true as const, alreadyLive: true, wentLiveAt: organization.wentLiveAt?.toISOString() ?? null };
    await recordAudit(tx, {
      organizationId,
      actorUserId: actor.id,
      action: "organization.went_live",
      entityType: "organization",
      entityId: organizationId,
      metadata: { wentLiveAt: now.toISOString() },
    });
    return { success: true as const, alreadyLive: false, wentLiveAt: now.toISOString() };
  });
  // Going live plans the welcome spread and switches every pending email to production.
  await requestOrganizationReschedule({ organizationId, now: now });
  // Usage charges start now: the contact count goes to the metered price (no-op with billing off). It
  // reports its own failures (recorded on the usage row, retried by the daily report), never failing go-live.
  if (!result.alreadyLive) await reportContactUsage({ organizationId, now, reason: "go_live" });
  return result;
}
