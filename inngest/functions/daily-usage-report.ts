import { inngest } from "@/inngest/client";
import { reportAllContactUsage } from "@/lib/billing/usage";

/**
 * Daily (08:00 UTC): every paying organization's contact count to Stripe's metered price, once per
 * organization and day (the report's identifier makes a rerun a no-op). Nothing to do with billing off.
 */
export const dailyUsageReport = inngest.createFunction(
  { id: "billing-daily-usage-report", triggers: [{ cron: "TZ=UTC 0 8 * * *" }] },
  async ({ step }) => step.run("report-contact-usage", () => reportAllContactUsage({ now: new Date() })),
);
