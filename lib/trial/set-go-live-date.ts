import "server-only";
import { AppError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { tenantTransaction } from "@/lib/db";
import { GO_LIVE_MESSAGES, validateGoLiveDate, type SetGoLiveDateResponse } from "@/lib/trial/go-live";
import { parseIsoDate, isoDate, todayInZone } from "@/lib/calendar/calendar-date";
import { requestOrganizationReschedule } from "@/lib/outreach/triggers";

export type TrialActor = { id: string; isAdmin: boolean };

/**
 * POST /api/organizations/set-go-live-date: an admin picks the planned go-live date (today … today+30
 * in the organization's time zone). Audited.
 */
export async function setGoLiveDate({
  organizationId,
  actor,
  goLiveDate,
  now,
}: {
  organizationId: string;
  actor: TrialActor;
  goLiveDate: unknown;
  now: Date;
}): Promise<SetGoLiveDateResponse> {
  if (!actor.isAdmin) throw new AppError("forbidden", GO_LIVE_MESSAGES.setDateForbidden);
  const result = await tenantTransaction(organizationId, async (tx) => {
    const organization = await tx.organization.findFirst({
      where: { id: organizationId },
      select: { id: true, timezone: true, demoMode: true, goLiveDate: true },
    });
    if (!organization) throw AppError.notFound("Organization not found");
    if (!organization.demoMode) throw new AppError("conflict", "Your account is already live.");
    const message = validateGoLiveDate({ value: goLiveDate, today: todayInZone(now, organization.timezone) });
    if (message) throw new AppError("validation_failed", message, { fields: { goLiveDate: [message] } });
    const date = parseIsoDate(String(goLiveDate).trim())!;
    await tx.organization.update({ where: { id: organizationId }, data: { goLiveDate: date } });
    await recordAudit(tx, {
      organizationId,
      actorUserId: actor.id,
      action: "organization.go_live_date_set",
      entityType: "organization",
      entityId: organizationId,
      metadata: {
        goLiveDate: isoDate(date),
        previous: organization.goLiveDate ? isoDate(organization.goLiveDate) : null,
      },
    });
    return { success: true as const, goLiveDate: isoDate(date) };
  });
  // A new go-live date moves the welcome spread.
  await requestOrganizationReschedule({ organizationId, now: now });
  return result;
}
