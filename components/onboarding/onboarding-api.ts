/** JSON calls of the onboarding wizard (client side). Errors carry the server's message and fields. */

export type FieldErrors = Record<string, string[] | undefined>;

export class OnboardingRequestError extends Error {
  readonly status: number;
  readonly fields: FieldErrors;
  constructor(message: string, status: number, fields: FieldErrors = {}) {
    super(message);
    this.name = "OnboardingRequestError";
    this.status = status;
    this.fields = fields;
  }
}

type ErrorBody = { error?: { message?: string; fields?: FieldErrors } };

/** POSTs (or PUTs) `body` as JSON and answers the parsed reply, or throws OnboardingRequestError with `fallback` for transport failures. */
export async function postOnboarding<T>(path: string, body: unknown, fallback: string, method: "POST" | "PUT" = "POST"): Promise<T> {
  let response: { ok: boolean; status: number; json: () => Promise<unknown> };
  try {
    response = await fetch(path, { method, headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body ?? {}) });
  } catch {
    throw new OnboardingRequestError("Network error", 0);
  }
  const answer = (await response.json().catch(() => null)) as (T & ErrorBody & { success?: boolean }) | null;
  if (!response.ok || !answer || answer.success === false) {
    const fields = answer?.error?.fields ?? {};
    const firstField = Object.values(fields).find((list) => list && list.length)?.[0];
    const message = response.status === 422 && firstField ? firstField : (answer?.error?.message ?? (response.status >= 500 ? fallback : `Bad status: ${response.status}`));
    throw new OnboardingRequestError(message || fallback, response.status, fields);
  }
  return answer;
}
