import "server-only";
import { reportAllContactUsage } from "@/lib/billing/usage";
import { deleteAbandonedImportJobs } from "@/lib/contacts/import/import-jobs";

/**
 * Once a day without Inngest: the contact count to Stripe's meter (a no-op with billing off; idempotent per
 * organization and day) and the cleanup of CSV uploads abandoned for 24 hours. The embedded ticker runs it on
 * its first tick of each day; on a host without Inngest the host's cron calls GET /api/cron/daily (vercel.json).
 * With Inngest, its own functions do both (daily-usage-report, import-staging-cleanup).
 */
export async function runDailyJobs({ now }: { now: Date }) {
  const usage = await reportAllContactUsage({ now });
  const importCleanup = await deleteAbandonedImportJobs({ now });
  return { usage, importCleanup };
}
