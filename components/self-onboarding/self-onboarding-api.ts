import { challengeSend, type TakeChallenge } from "@/components/challenge/use-challenge";
import { apiCall, type ApiFieldErrors } from "@/lib/api/browser-client";
import {
  SELF_SERVICE_MESSAGES,
  type GenerateQuoteResponse,
  type SelfServiceSignupInput,
  type UpdateQuoteDetailsResponse,
  type SignupResponse,
} from "@/lib/self-onboarding/self-onboarding-schema";

/** The self-service calls (client-side.md §7), through the one browser client (answered as results, never thrown). */

export type { TakeChallenge };

/** The signup carries a solved challenge (docs/security.md "Public forms"). */
export const signupRequest = (payload: SelfServiceSignupInput, takeChallenge: TakeChallenge) =>
  apiCall<SignupResponse>("/api/self-service/signup", {
    method: "POST",
    body: payload,
    send: challengeSend(takeChallenge),
  });
export const generateQuoteRequest = (payload: { orgId: string; contactEmail: string; proof: string }) =>
  apiCall<GenerateQuoteResponse>("/api/self-service/generate-quote", { method: "POST", body: payload });
export const updateQuoteDetailsRequest = (payload: {
  quoteId: string;
  zipCode: string;
  county: string | null;
  dateOfBirth: string;
  gender: "M" | "F";
  tobacco: boolean;
}) => apiCall<UpdateQuoteDetailsResponse>("/api/self-service/update-quote-details", { method: "POST", body: payload });

export type SignupFlowResult =
  | { ok: true; redirectUrl: string; emailedTo?: undefined }
  | { ok: true; emailedTo: string; redirectUrl?: undefined }
  | { ok: false; message: string; fields: ApiFieldErrors };

/** Client errors carry a message meant for the person (validation, limits); anything else gets the spec's generic text. */
function failureMessage(result: { status: number; message: string | null }, fallback: string): string {
  if (result.status === 0) return SELF_SERVICE_MESSAGES.generic;
  if (result.status === 404) return SELF_SERVICE_MESSAGES.orgNotFound;
  if (result.status >= 400 && result.status < 500 && result.message) return result.message;
  return fallback;
}

/**
 * The spec's flow: signup, then on success the quote generation call, then the compare page.
 * `onStage` tells the form which overlay or button text to show.
 */
export async function signupThenGenerateQuote(
  payload: SelfServiceSignupInput & { orgId: string },
  onStage: (stage: "signing-up" | "generating") => void,
  takeChallenge: TakeChallenge,
): Promise<SignupFlowResult> {
  onStage("signing-up");
  const signup = await signupRequest(payload, takeChallenge);
  if (!signup.ok)
    return { ok: false, message: failureMessage(signup, SELF_SERVICE_MESSAGES.signupFailed), fields: signup.fields };
  if (!signup.body.proof) return { ok: true, emailedTo: signup.body.email };
  onStage("generating");
  const quote = await generateQuoteRequest({
    orgId: payload.orgId,
    contactEmail: signup.body.email,
    proof: signup.body.proof,
  });
  if (!quote.ok)
    return {
      ok: false,
      message: quote.status === 0 ? SELF_SERVICE_MESSAGES.generic : SELF_SERVICE_MESSAGES.quoteFailed,
      fields: {},
    };
  return { ok: true, redirectUrl: quote.body.redirectUrl };
}
