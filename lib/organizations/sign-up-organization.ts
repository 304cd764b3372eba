import "server-only";
import type { SignupValues } from "@/lib/accounts/signup-schema";
import type { IssueLoginLink } from "@/lib/auth/login";
import { issueOnboardingToken } from "@/lib/auth/onboarding-session";
import { createOrganizationWithAdmin } from "@/lib/organizations/create-organization";

/**
 * Signup end to end: the organization and its admin (one transaction), then, after commit, the
 * activation link by email and the onboarding token for this browser.
 */
export async function signUpOrganization({ input, now, issueLink }: { input: SignupValues; now: Date; issueLink: IssueLoginLink }) {
  const { organization } = await createOrganizationWithAdmin(input);
  await issueLink(input.email);
  const onboarding = await issueOnboardingToken({ email: input.email, now });
  return { organizationSlug: organization.slug, onboarding };
}
