/**
 * Card checkout polling (agency-side.md §4 "Card checkout", §9: every 2 seconds, at most 5 retries;
 * §8: the timeout comes "after more than 5 polls"): the first look plus 5 retries, 6 in all.
 * Pure: the caller passes how to ask for the status and how to wait, so tests need no timers.
 *   complete → done (the caller then fetches the details and calls payment-complete);
 *   open     → ask again, up to the limit, then 'Timeout waiting for payment confirmation';
 *   other    → 'Payment session {status}';
 *   a bad HTTP answer → 'Payment processing error: {status}'.
 */

export const POLL_INTERVAL_MS = 2_000;
export const MAX_RETRIES = 5;
export const MAX_POLLS = 1 + MAX_RETRIES;

export const CHECKOUT_POLL_MESSAGES = {
  timeout: "Timeout waiting for payment confirmation",
  session: (status: string) => `Payment session ${status}`,
  httpError: (status: number | string) => `Payment processing error: ${status}`,
  failed: "Payment processing failed",
  retry: "Payment processing failed. Please try again.",
  missingAttributes: "Error: Missing required attributes",
  createFailed: "Failed to create payment session",
  productIds: "Error loading Stripe product IDs",
  formFailed: "Failed to load payment form",
} as const;

export class CheckoutStatusError extends Error {
  constructor(readonly httpStatus: number) {
    super(CHECKOUT_POLL_MESSAGES.httpError(httpStatus));
  }
}

export type PollOutcome = { ok: true; polls: number } | { ok: false; message: string; polls: number };

export async function pollCheckoutStatus({
  fetchStatus,
  wait,
  maxPolls = MAX_POLLS,
  intervalMs = POLL_INTERVAL_MS,
}: {
  fetchStatus: () => Promise<string>;
  wait: (ms: number) => Promise<void>;
  maxPolls?: number;
  intervalMs?: number;
}): Promise<PollOutcome> {
  for (let polls = 1; polls <= maxPolls; polls++) {
    let status: string;
    try {
      status = await fetchStatus();
    } catch (error) {
      return {
        ok: false,
        message: error instanceof CheckoutStatusError ? error.message : CHECKOUT_POLL_MESSAGES.failed,
        polls,
      };
    }
    if (status === "complete") return { ok: true, polls };
    if (status !== "open") return { ok: false, message: CHECKOUT_POLL_MESSAGES.session(status), polls };
    if (polls < maxPolls) await wait(intervalMs);
  }
  return { ok: false, message: CHECKOUT_POLL_MESSAGES.timeout, polls: maxPolls };
}
