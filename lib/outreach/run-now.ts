import "server-only";
import { AppError } from "@/lib/api/errors";
import { tenantDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { runSweep, type SweepResult } from "@/lib/outreach/sweep";
import { runQueuedReschedules } from "@/lib/outreach/triggers";
import { TEXT_ROW_PREFIX } from "@/lib/outreach/text-rows";

/**
 * "Run outreach now", for development and the browser tests only (404 in production): what the job
 * runner does every minute — the organization's queued reschedule, then the sweep of due emails — on
 * demand. `sendNext` first brings the organization's next few pending emails forward to now, so a
 * person (or a test) can watch the go-live welcome spread that would otherwise take 30 days arrive in
 * /dev/outbox. The emails themselves are rendered and sent exactly as the sweep always sends them.
 */
export async function runOutreachNow({
  organizationId,
  sendNext = 0,
  textsOnly = false,
  now,
}: {
  organizationId: string;
  sendNext?: number;
  /** Bring forward only text rows (lib/outreach/text-rows.ts): how the texts journey sends one text, not the next email. */
  textsOnly?: boolean;
  now: Date;
}): Promise<{ rescheduled: boolean; broughtForward: number; sweep: SweepResult }> {
  if (getEnv().isProduction) throw new AppError("not_found");
  const rescheduled = (await runQueuedReschedules({ now, organizationId })).length > 0;
  let broughtForward = 0;
  if (sendNext > 0) {
    const db = tenantDb(organizationId);
    const next = await db.scheduledEmail.findMany({
      where: {
        organizationId,
        status: "pending",
        scheduledSendAt: { gt: now },
        ...(textsOnly ? { emailType: { startsWith: TEXT_ROW_PREFIX } } : {}),
      },
      orderBy: [{ scheduledSendAt: "asc" }, { priority: "asc" }, { id: "asc" }],
      take: sendNext,
      select: { id: true },
    });
    if (next.length)
      broughtForward = (
        await db.scheduledEmail.updateMany({
          where: { organizationId, id: { in: next.map((row) => row.id) }, status: "pending" },
          data: { scheduledSendAt: now },
        })
      ).count;
  }
  return { rescheduled, broughtForward, sweep: await runSweep({ now }) };
}
