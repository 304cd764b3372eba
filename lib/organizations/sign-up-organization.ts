import "server-only";
import { AppError } from "@/lib/api/errors";
import type { SignupResponse, SignupValues } from "@/lib/accounts/signup-schema";
import { sendLoginLinkIfActive, type AfterAnswer, type IssueLoginLink } from "@/lib/auth/login";
import { createOrganizationWithAdmin, EMAIL_TAKEN_MESSAGE } from "@/lib/organizations/create-organization";
import { consumeRateLimit, emailRateLimitKey } from "@/lib/rate-limit";

/** The one answer of POST /api/organizations, whether the address was new or already had an account. */
export const SIGNUP_SENT_MESSAGE = "Check your email for a link to continue.";
export const SIGNUP_RATE_LIMITED_MESSAGE =
  "Too many signups for this email address. Please wait a few minutes and try again.";

/**
 * Per address, on top of the route's per-IP limit: each signup sends the address an email, so nobody
 * can flood an inbox through the form. Counted for every address alike, so the limit says nothing either.
 */
export const SIGNUP_LIMITS = { perEmail: { limit: 3, windowSeconds: 60 * 60 } } as const;

/**
 * Signup ('Get Started'), answering the same whether or not the address already has an account, so
 * the form cannot be used to find out who is a customer: the limits, then the answer; the rest runs
 * once the answer is on its way (`afterAnswer`), so neither case answers faster:
 * - a new address: the organization and its admin (one transaction), then the activation link;
 * - an address that already has an account: nothing is created; its owner gets a sign-in link
 *   (what they were after), nobody else learns anything.
 * A failure after the answer is logged (without the address); the visitor can sign up again.
 */
export async function signUpOrganization({
  input,
  now,
  issueLink,
  afterAnswer,
}: {
  input: SignupValues;
  now: Date;
  issueLink: IssueLoginLink;
  afterAnswer: AfterAnswer;
}): Promise<SignupResponse> {
  try {
    await consumeRateLimit({ key: emailRateLimitKey("signup", input.email), ...SIGNUP_LIMITS.perEmail, now });
  } catch (error) {
    if (error instanceof AppError && error.code === "rate_limited")
      throw new AppError("rate_limited", SIGNUP_RATE_LIMITED_MESSAGE, { retryAfterSeconds: error.retryAfterSeconds });
    throw error;
  }
  afterAnswer(() => createOrSignIn(input, issueLink));
  return { success: true, message: SIGNUP_SENT_MESSAGE };
}

/** The part after the answer: a new organization and its activation link, or a sign-in link for the existing account. */
export async function createOrSignIn(input: SignupValues, issueLink: IssueLoginLink) {
  try {
    await createOrganizationWithAdmin(input);
  } catch (error) {
    if (error instanceof AppError && error.code === "conflict" && error.message === EMAIL_TAKEN_MESSAGE)
      return sendLoginLinkIfActive(input.email, issueLink);
    console.error(
      JSON.stringify({
        level: "error",
        event: "signup_failed",
        error: error instanceof AppError ? error.code : error instanceof Error ? error.name : "Error",
      }),
    );
    return;
  }
  try {
    await issueLink(input.email);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "error",
        event: "activation_link_failed",
        error: error instanceof Error ? error.name : "Error",
      }),
    );
  }
}
