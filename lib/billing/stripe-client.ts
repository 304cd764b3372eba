import "server-only";
import Stripe from "stripe";
import { AppError } from "@/lib/api/errors";
import { getEnv } from "@/lib/env";

/**
 * The one Stripe client. Billing is off when STRIPE_SECRET_KEY is unset: callers check
 * `isBillingEnabled()` first, and `getStripe()` refuses, so nothing can reach Stripe by accident.
 * STRIPE_API_BASE (tests, the browser suite) points the real SDK at a local fake server.
 */

let cached: { key: string; base: string | undefined; client: Stripe } | undefined;

export function isBillingEnabled(): boolean {
  return getEnv().parts.payments === "stripe";
}

export function getStripe(): Stripe {
  const { secretKey, apiBase } = getEnv().stripe;
  if (!secretKey) throw new AppError("bad_request", "Billing is disabled in this mode");
  if (cached && cached.key === secretKey && cached.base === apiBase) return cached.client;
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (apiBase) {
    const url = new URL(apiBase);
    config.protocol = url.protocol === "http:" ? "http" : "https";
    config.host = url.hostname;
    config.port = url.port || (url.protocol === "https:" ? 443 : 80);
  }
  cached = { key: secretKey, base: apiBase, client: new Stripe(secretKey, config) };
  return cached.client;
}

/** Stripe errors are a dependency failing, not our bug: a 503 with the caller's own message. */
export function stripeFailure(message: string, cause: unknown): AppError {
  if (cause instanceof AppError) return cause;
  return new AppError("service_unavailable", message, { cause });
}
