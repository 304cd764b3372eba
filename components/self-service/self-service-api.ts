import { fetchWithChallenge } from "@/components/challenge/use-challenge";
import { SELF_SERVICE_MESSAGES, type SelfServiceSignupInput } from "@/lib/self-service/self-service-schema";

/** The self-service calls (client-side.md §7), answered as results and never thrown. */

type ErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string[] | undefined> } };
export type CallResult<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; message: string | null; fields: Record<string, string[] | undefined> };

/** A solved proof-of-work challenge for one request (components/challenge/use-challenge.ts). */
export type TakeChallenge = () => Promise<Record<string, string>>;

async function postJson<T>(url: string, payload: unknown, takeChallenge?: TakeChallenge): Promise<CallResult<T>> {
  try {
    const init = { method: "POST", headers: { Accept: "application/json", "Content-Type": "application/json" }, body: JSON.stringify(payload) };
    const response = takeChallenge ? await fetchWithChallenge(url, init, takeChallenge) : await fetch(url, init);
    const body = (await response.json().catch(() => null)) as (T & ErrorBody) | null;
    if (response.ok && body) return { ok: true, status: response.status, body };
    return { ok: false, status: response.status, message: body?.error?.message ?? null, fields: body?.error?.fields ?? {} };
  } catch {
    return { ok: false, status: 0, message: null, fields: {} };
  }
}

/** A returning address answers no proof: its quote link was emailed to the address on file. */
export type SignupAnswer = { success: true; contactId: string | null; email: string; proof: string | null; emailedQuoteLink?: boolean };
export type GenerateQuoteAnswer = { success: true; contactId: string; quoteId: string; redirectUrl: string };

/** The signup carries a solved challenge (docs/security.md "Public forms"). */
export const signupRequest = (payload: SelfServiceSignupInput, takeChallenge: TakeChallenge) => postJson<SignupAnswer>("/api/self-service/signup", payload, takeChallenge);
export const generateQuoteRequest = (payload: { orgId: string; contactEmail: string; proof: string }) => postJson<GenerateQuoteAnswer>("/api/self-service/generate-quote", payload);
export const updateQuoteDetailsRequest = (payload: { quoteId: string; zipCode: string; county: string | null; dateOfBirth: string; gender: "M" | "F"; tobacco: boolean }) =>
  postJson<{ success: true; redirectUrl: string }>("/api/self-service/update-quote-details", payload);

export type SignupFlowResult =
  | { ok: true; redirectUrl: string; emailedTo?: undefined }
  | { ok: true; emailedTo: string; redirectUrl?: undefined }
  | { ok: false; message: string; fields: Record<string, string[] | undefined> };

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
  if (!signup.ok) return { ok: false, message: failureMessage(signup, SELF_SERVICE_MESSAGES.signupFailed), fields: signup.fields };
  if (!signup.body.proof) return { ok: true, emailedTo: signup.body.email };
  onStage("generating");
  const quote = await generateQuoteRequest({ orgId: payload.orgId, contactEmail: signup.body.email, proof: signup.body.proof });
  if (!quote.ok) return { ok: false, message: quote.status === 0 ? SELF_SERVICE_MESSAGES.generic : SELF_SERVICE_MESSAGES.quoteFailed, fields: {} };
  return { ok: true, redirectUrl: quote.body.redirectUrl };
}
