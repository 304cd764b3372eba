import "server-only";
import { AppError } from "@/lib/api/errors";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";

/**
 * The Sample Agency's restricted view (agency-side.md "Demo mode users get a restricted view with a
 * banner and exit control"; docs/architecture.md "Demo mode"). The agency that `npm start` and previews
 * seed (organizations.is_sample_data; never in production) is made-up data to try the product with. Its
 * pages carry the "Sample data" banner with an exit control, and what would reach a real person or
 * real money is refused here, in the one error shape:
 *  - billing: choosing or changing a plan and opening a card checkout, always;
 *  - going live, when this deployment's email would reach people (a Resend transport without
 *    EMAIL_TEST_ADDRESS). While it is in its trial every email goes to its own agents (fictional .test
 *    addresses) as [TEST]; on the outbox transport (npm start, tests) and on a preview nothing leaves.
 * Everything else works as in any agency, so the product can be tried out end to end.
 */

export const SAMPLE_AGENCY_MESSAGES = {
  billing:
    "The Sample Agency is sample data: its plan cannot be changed and it takes no payments. Create your own agency to choose a plan.",
  goLive:
    "The Sample Agency is sample data: it cannot go live here, where its emails would reach real people. Create your own agency to send to your clients.",
} as const;

export type SampleAgencyAction = keyof typeof SAMPLE_AGENCY_MESSAGES;

/** Whether an email handed to the send path can reach a real inbox in this deployment. */
export function emailReachesPeople(): boolean {
  const env = getEnv();
  return env.parts.email === "resend" && !env.email.testAddress;
}

export async function isSampleAgency(organizationId: string): Promise<boolean> {
  // Owner client: a flag of the caller's own organization, read before any tenant work.
  const org = await prisma.organization.findUnique({ where: { id: organizationId }, select: { isSampleData: true } });
  return org?.isSampleData === true;
}

/** Throws 403 with the action's message when the Sample Agency may not do it here. */
export async function refuseForSampleAgency(organizationId: string, action: SampleAgencyAction): Promise<void> {
  if (action === "goLive" && !emailReachesPeople()) return;
  if (await isSampleAgency(organizationId)) throw new AppError("forbidden", SAMPLE_AGENCY_MESSAGES[action]);
}
