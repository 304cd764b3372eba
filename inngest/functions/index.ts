import { contactSearchChunks } from "@/inngest/functions/contact-search-chunks";
import { dailyUsageReport } from "@/inngest/functions/daily-usage-report";
import { importStagingCleanup } from "@/inngest/functions/import-staging-cleanup";
import { nightlyReschedule } from "@/inngest/functions/nightly-reschedule";
import { organizationChanged } from "@/inngest/functions/organization-changed";
import { publicFormsCleanup } from "@/inngest/functions/public-forms-cleanup";
import { sendDueEmailsFunction } from "@/inngest/functions/send-due-emails";
import { sendScheduledEmailFunction } from "@/inngest/functions/send-scheduled-email";
import { sweepDueEmails } from "@/inngest/functions/sweep-due-emails";

/** Every Inngest function, served at /api/inngest. */
export const functions = [
  sweepDueEmails,
  sendDueEmailsFunction,
  sendScheduledEmailFunction,
  organizationChanged,
  nightlyReschedule,
  dailyUsageReport,
  importStagingCleanup,
  publicFormsCleanup,
  contactSearchChunks,
];
