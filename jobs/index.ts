import { contactChanged } from "@/jobs/functions/contact-changed";
import { dailyUsageReport } from "@/jobs/functions/daily-usage-report";
import { importStagingCleanup } from "@/jobs/functions/import-staging-cleanup";
import { nightlyReschedule } from "@/jobs/functions/nightly-reschedule";
import { organizationChanged } from "@/jobs/functions/organization-changed";
import { sendScheduledEmailFunction } from "@/jobs/functions/send-scheduled-email";
import { sweepDueEmails } from "@/jobs/functions/sweep-due-emails";

/** Every Inngest function, served at /api/inngest. */
export const functions = [sweepDueEmails, sendScheduledEmailFunction, contactChanged, organizationChanged, nightlyReschedule, dailyUsageReport, importStagingCleanup];
