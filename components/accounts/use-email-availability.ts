"use client";

import { useCallback, useEffect, useState } from "react";
import { INVALID_EMAIL_MESSAGE, isValidEmail, type EmailCheckResponse } from "@/lib/accounts/signup-schema";
import { apiCall } from "@/lib/api/browser-client";

/** Wait this long after the last keystroke before checking (spec §9). */
export const EMAIL_CHECK_DEBOUNCE_MS = 500;
/** Give up on a check after this long and let the visitor continue (spec §9). */
export const EMAIL_CHECK_TIMEOUT_MS = 5000;

export const EMAIL_MESSAGES = {
  checking: "Checking email...",
  /** A well-formed address. Not "Email is available": nothing here knows (or may tell) whether it has an account (docs/security.md). */
  available: "Email address is valid",
  invalid: INVALID_EMAIL_MESSAGE,
  timeout: "Email check timed out. Please continue.",
  limited: "Too many email checks. Please continue.",
  error: "Failed to check email availability",
} as const;

/**
 * - empty: nothing typed
 * - pending: typed, waiting for the 500 ms pause (no message)
 * - invalid: not an email address; the server is not asked
 * - checking / available: asking the server / it accepted the address. The check never says whether an
 *   address has an account (nobody may learn that from it); the form's submit decides
 * - timeout: no answer within 5 s; the visitor may continue (the submit checks again)
 * - limited: the server declined to check now (429: too many checks from this network); the visitor may
 *   continue, as after a timeout
 * - error: the check failed
 */
export type EmailAvailabilityStatus =
  "empty" | "pending" | "invalid" | "checking" | "available" | "timeout" | "limited" | "error";

/** The colour of each status's text, the same in every form that checks an address. */
export const EMAIL_STATUS_TONE: Record<EmailAvailabilityStatus, string> = {
  empty: "text-gray-500",
  pending: "text-gray-500",
  checking: "text-gray-500",
  available: "text-green-700",
  invalid: "text-red-600",
  error: "text-red-600",
  timeout: "text-amber-700",
  limited: "text-amber-700",
};

export interface EmailAvailability {
  status: EmailAvailabilityStatus;
  message: string;
  /** True when the email may be submitted: available, or the check timed out or was declined (the submit checks again). */
  canProceed: boolean;
  /** Checks the current email again (after the usual pause). */
  recheck: () => void;
}

type Result = { email: string; status: EmailAvailabilityStatus; message: string };

export function emailCheckUrl(email: string): string {
  return `/api/organizations/check-email/${encodeURIComponent(email)}`;
}

/**
 * Whether `email` may be submitted, 500 ms after the last change: a well-formed address, confirmed by
 * GET /api/organizations/check-email/{email} for the signup form (`server`, the default), or checked here
 * only (`server: false`: the agent forms, whose save decides). A newer keystroke aborts the pending or
 * running check.
 */
export function useEmailAvailability(
  email: string,
  {
    debounceMs = EMAIL_CHECK_DEBOUNCE_MS,
    timeoutMs = EMAIL_CHECK_TIMEOUT_MS,
    server = true,
  }: { debounceMs?: number; timeoutMs?: number; server?: boolean } = {},
): EmailAvailability {
  const normalized = email.trim().toLowerCase();
  const [result, setResult] = useState<Result | null>(null);
  const [attempt, setAttempt] = useState(0);
  const recheck = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!normalized) return;
    const controller = new AbortController();
    let timedOut = false;
    let timeoutTimer: ReturnType<typeof setTimeout> | undefined;
    const settle = (status: EmailAvailabilityStatus, message: string) =>
      setResult({ email: normalized, status, message });

    const debounceTimer = setTimeout(() => {
      if (!isValidEmail(normalized)) {
        settle("invalid", EMAIL_MESSAGES.invalid);
        return;
      }
      if (!server) {
        settle("available", EMAIL_MESSAGES.available);
        return;
      }
      settle("checking", EMAIL_MESSAGES.checking);
      timeoutTimer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);

      void apiCall<EmailCheckResponse>(emailCheckUrl(normalized), { signal: controller.signal }).then((result) => {
        clearTimeout(timeoutTimer);
        if (controller.signal.aborted) {
          // Timed out; or aborted because the email changed (or the component went away): a newer check owns the state.
          if (timedOut) settle("timeout", EMAIL_MESSAGES.timeout);
        } else if (result.ok && result.body.available === true) {
          settle("available", result.body.message || EMAIL_MESSAGES.available);
        } else if (result.status === 429) {
          settle("limited", EMAIL_MESSAGES.limited);
        } else if (result.status === 422) {
          settle("invalid", EMAIL_MESSAGES.invalid);
        } else {
          settle("error", EMAIL_MESSAGES.error);
        }
      });
    }, debounceMs);

    return () => {
      clearTimeout(debounceTimer);
      clearTimeout(timeoutTimer);
      controller.abort();
    };
  }, [normalized, attempt, debounceMs, timeoutMs, server]);

  const current: Omit<Result, "email"> = !normalized
    ? { status: "empty", message: "" }
    : result?.email === normalized
      ? result
      : { status: "pending", message: "" };

  return {
    status: current.status,
    message: current.message,
    canProceed: current.status === "available" || current.status === "timeout" || current.status === "limited",
    recheck,
  };
}
