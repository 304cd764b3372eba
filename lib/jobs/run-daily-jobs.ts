import "server-only";
import { reportAllContactUsage } from "@/lib/billing/usage";
import { deleteAbandonedImportJobs } from "@/lib/contacts/import/import-jobs";
import { refreshContactSearchChunks } from "@/lib/contacts/search-chunks";
import { deleteExpiredRateLimitBuckets } from "@/lib/rate-limit";
import { deleteUnconfirmedSignups } from "@/lib/self-onboarding/email-confirmation";

/**
 * Once a day without Inngest: the contact count to Stripe's meter (a no-op with billing off; idempotent per
 * organization and day), the cleanup of CSV uploads abandoned for 24 hours, and the public forms' leftovers
 * (self-signups never confirmed within 7 days, ended rate-limit windows), and the contact list's search chunks
 * (lib/contacts/search-chunks.ts; hourly with Inngest). The embedded ticker runs it on its first tick of each
 * day; on a host without Inngest the host's cron calls GET /api/cron/daily (vercel.json). With Inngest, its own
 * functions do the same (daily-usage-report, import-staging-cleanup, public-forms-cleanup, contact-search-chunks).
 */
export async function runDailyJobs({ now }: { now: Date }) {
  const usage = await reportAllContactUsage({ now });
  const importCleanup = await deleteAbandonedImportJobs({ now });
  const publicForms = await cleanUpPublicForms({ now });
  const searchChunks = await refreshContactSearchChunks();
  return { usage, importCleanup, publicForms, searchChunks };
}

/** Unconfirmed self-signups past their 7 days, and rate-limit buckets whose window has ended. */
export async function cleanUpPublicForms({ now }: { now: Date }) {
  const signups = await deleteUnconfirmedSignups({ now });
  const rateLimits = await deleteExpiredRateLimitBuckets({ now });
  return { unconfirmedSignups: signups.contacts, rateLimitBuckets: rateLimits.buckets };
}
