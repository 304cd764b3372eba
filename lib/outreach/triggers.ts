import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { prisma, tenantDb } from "@/lib/db";
import { rescheduleOrganization, syncContactSchedules, type Planner } from "@/lib/outreach/reschedule-contact";
import { planContactEmails } from "@/lib/outreach-schedule/plan";
import { findFiledRateIncreases } from "@/lib/outreach/rate-increases";
import { loadCarrierResolver } from "@/lib/carriers/carrier-resolver";
import { announceRescheduleQueued } from "@/lib/jobs/announce-reschedule";

/**
 * When outreach is re-planned (issue #7, "reschedule a contact when it or its organization's
 * settings change"):
 *  - a contact created or edited, or whose behaviour changes its follow-up (an email sent to it, a
 *    click, a quote view, health answers): its rows are synced at once (a few queries);
 *  - an organization's settings, go-live or a CSV import: a reschedule of the whole organization is
 *    queued (a scheduler_runs row with status queued, at most one per organization) and the job
 *    runner takes it — the embedded ticker every minute, or Inngest in production — so a request
 *    never waits for 100,000 contacts;
 *  - nightly: every organization not rescheduled in the last 20 hours is queued.
 */

export const planner: Planner = planContactEmails;

const logFailure = (event: string, error: unknown) =>
  console.error(JSON.stringify({ level: "error", event, error: error instanceof Error ? error.name : "UnknownError" }));

/** After a failed re-plan, how long to wait before each further try to queue the repair (while the database is down). */
export const REPAIR_RETRY_DELAYS_MS = [5_000, 30_000, 120_000] as const;

/**
 * Re-plans a few contacts now. A failure must not fail the save (the contact is saved), nor leave the
 * contact without outreach until the nightly pass: it queues a reschedule of the organization, which the
 * job runner takes within a minute (embedded ticker, Inngest or the cron route). When the database
 * refuses even that (an outage), the queueing is tried again in this process after each of
 * `retryDelaysMs`; a process that ends first (a serverless host) leaves it to the nightly pass.
 * `plan` is replaceable only so that tests can make the re-plan fail.
 */
export async function rescheduleContactsNow({
  organizationId,
  contactIds,
  now,
  plan = planner,
  retryDelaysMs = REPAIR_RETRY_DELAYS_MS,
}: {
  organizationId: string;
  contactIds: readonly string[];
  now: Date;
  plan?: Planner;
  retryDelaysMs?: readonly number[];
}): Promise<void> {
  try {
    await syncContactSchedules({ organizationId, contactIds, plan, now });
  } catch (error) {
    logFailure("outreach_contact_reschedule_failed", error);
    await queueRepair({ organizationId, now, retryDelaysMs });
  }
}

/** Queues the organization's reschedule; on failure schedules another try after the next delay (unref'd: never keeps a process alive). */
async function queueRepair({
  organizationId,
  now,
  retryDelaysMs,
}: {
  organizationId: string;
  now: Date;
  retryDelaysMs: readonly number[];
}): Promise<void> {
  try {
    await requestOrganizationReschedule({ organizationId, now });
  } catch (error) {
    logFailure("outreach_reschedule_queue_failed", error);
    const [delay, ...later] = retryDelaysMs;
    if (delay === undefined) return;
    setTimeout(
      () => void queueRepair({ organizationId, now: new Date(now.getTime() + delay), retryDelaysMs: later }),
      delay,
    ).unref();
  }
}

/**
 * Queues a reschedule of the organization unless one is already waiting, and announces a new one (with
 * Inngest, the organization-changed function runs it at once). Returns the queued run's id.
 */
export async function requestOrganizationReschedule({
  organizationId,
  now,
  announce = announceRescheduleQueued,
}: {
  organizationId: string;
  now: Date;
  announce?: (organizationId: string) => Promise<void>;
}): Promise<string> {
  const db = tenantDb(organizationId);
  const waiting = await db.schedulerRun.findFirst({
    where: { organizationId, status: "queued" },
    select: { id: true },
  });
  if (waiting) return waiting.id;
  const run = await db.schedulerRun.create({
    data: { organizationId, status: "queued", startedAt: now },
    select: { id: true },
  });
  await announce(organizationId);
  return run.id;
}

/**
 * Takes up to `limit` queued runs (FOR UPDATE SKIP LOCKED, so two runners never take the same one)
 * and reschedules their organizations. Owner client for the claim: the queue spans organizations;
 * each organization's work then goes through its tenant client.
 */
export async function runQueuedReschedules({
  now,
  limit = 5,
  organizationId,
}: {
  now: Date;
  limit?: number;
  /** Only this organization's queued run. */ organizationId?: string;
}) {
  const onlyOrganization = organizationId ? Prisma.sql`AND organization_id = ${organizationId}::uuid` : Prisma.empty;
  const claimed = await prisma.$queryRaw<{ id: string; organization_id: string }[]>(Prisma.sql`
    UPDATE scheduler_runs SET status = 'running', started_at = ${now}
    WHERE id IN (SELECT id FROM scheduler_runs WHERE status = 'queued' ${onlyOrganization} ORDER BY started_at FOR UPDATE SKIP LOCKED LIMIT ${limit})
    RETURNING id, organization_id`);
  const results = [];
  for (const run of claimed) {
    try {
      results.push(
        await rescheduleOrganization({ organizationId: run.organization_id, plan: planner, now, runId: run.id }),
      );
    } catch (error) {
      logFailure("outreach_organization_reschedule_failed", error);
    }
  }
  return results;
}

/** The nightly pass: queues every organization whose last reschedule started more than 20 hours ago (or never). */
export async function queueNightlyReschedules({ now }: { now: Date }): Promise<number> {
  const since = new Date(now.getTime() - 20 * 3_600_000);
  const due = await prisma.organization.findMany({
    where: { schedulerRuns: { none: { startedAt: { gte: since } } } },
    select: { id: true },
  });
  for (const org of due) await requestOrganizationReschedule({ organizationId: org.id, now });
  return due.length;
}

/**
 * After a rate book is loaded: queues a reschedule of every organization with a contact on a carrier
 * (group) that has a filed increase ahead in the contact's state, so the rate-increase emails are planned
 * without waiting for the nightly pass.
 */
export async function queueReschedulesForRateIncreases({ now }: { now: Date }): Promise<number> {
  const increases = await findFiledRateIncreases({ now });
  if (increases.length === 0) return 0;
  // A contact on any NAIC of the filing carrier's group.
  const carriers = await loadCarrierResolver();
  const organizations = await prisma.contact.findMany({
    where: {
      OR: increases.map(({ carrierNaic, state }) => ({
        currentCarrierNaic: { in: carriers.naicsInGroupOf(carrierNaic) },
        state,
      })),
    },
    distinct: ["organizationId"],
    select: { organizationId: true },
  });
  for (const { organizationId } of organizations) await requestOrganizationReschedule({ organizationId, now });
  return organizations.length;
}
