import {
  CHECKOUT_POLL_MESSAGES,
  CheckoutStatusError,
  MAX_POLLS,
  MAX_RETRIES,
  POLL_INTERVAL_MS,
  pollCheckoutStatus,
} from "@/lib/billing/checkout-polling";

function run(statuses: (string | Error)[]) {
  const waits: number[] = [];
  let i = 0;
  const fetchStatus = jest.fn(async () => {
    const next = statuses[Math.min(i++, statuses.length - 1)]!;
    if (next instanceof Error) throw next;
    return next;
  });
  return { promise: pollCheckoutStatus({ fetchStatus, wait: async (ms) => void waits.push(ms) }), waits, fetchStatus };
}

describe("pollCheckoutStatus", () => {
  it("polls every 2 s, at most 5 retries after the first look", () => {
    expect(POLL_INTERVAL_MS).toBe(2000);
    expect(MAX_RETRIES).toBe(5);
    expect(MAX_POLLS).toBe(6);
  });
  it("complete at once: no waiting", async () => {
    const { promise, waits } = run(["complete"]);
    expect(await promise).toEqual({ ok: true, polls: 1 });
    expect(waits).toEqual([]);
  });
  it("open keeps polling until complete", async () => {
    const { promise, waits } = run(["open", "open", "complete"]);
    expect(await promise).toEqual({ ok: true, polls: 3 });
    expect(waits).toEqual([2000, 2000]);
  });
  it("complete on the last retry still succeeds", async () => {
    expect(await run(["open", "open", "open", "open", "open", "complete"]).promise).toEqual({ ok: true, polls: 6 });
  });
  it("still open after more than 5 polls: 'Timeout waiting for payment confirmation'", async () => {
    const { promise, fetchStatus, waits } = run(["open"]);
    expect(await promise).toEqual({ ok: false, message: "Timeout waiting for payment confirmation", polls: 6 });
    expect(fetchStatus).toHaveBeenCalledTimes(6);
    expect(waits).toEqual([2000, 2000, 2000, 2000, 2000]);
  });
  it("any other status: 'Payment session {status}'", async () => {
    expect(await run(["open", "expired"]).promise).toEqual({ ok: false, message: "Payment session expired", polls: 2 });
  });
  it("a bad HTTP answer: 'Payment processing error: {status}'; anything else: 'Payment processing failed'", async () => {
    expect(await run([new CheckoutStatusError(500)]).promise).toMatchObject({
      ok: false,
      message: "Payment processing error: 500",
    });
    expect(await run([new Error("offline")]).promise).toMatchObject({
      ok: false,
      message: "Payment processing failed",
    });
  });
  it("the catalogue's texts", () => {
    expect(CHECKOUT_POLL_MESSAGES).toMatchObject({
      retry: "Payment processing failed. Please try again.",
      missingAttributes: "Error: Missing required attributes",
      createFailed: "Failed to create payment session",
      productIds: "Error loading Stripe product IDs",
      formFailed: "Failed to load payment form",
    });
  });
});
