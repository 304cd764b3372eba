"use client";

import { useCallback, useEffect, useState } from "react";
import { INVALID_EMAIL_MESSAGE, isValidEmail } from "@/lib/accounts/signup-schema";

/** Wait this long after the last keystroke before checking (spec §9). */
export const EMAIL_CHECK_DEBOUNCE_MS = 500;
/** Give up on a check after this long and let the visitor continue (spec §9). */
export const EMAIL_CHECK_TIMEOUT_MS = 5000;

export const EMAIL_MESSAGES = {
  checking: "Checking email...",
  available: "Email is available",
  unavailable: "An account with this email already exists.",
  invalid: INVALID_EMAIL_MESSAGE,
  timeout: "Email check timed out. Please continue.",
  error: "Failed to check email availability",
} as const;

/**
 * - empty: nothing typed
 * - pending: typed, waiting for the 500 ms pause (no message)
 * - invalid: not an email address; the server is not asked
 * - checking / available / unavailable: the server's answer
 * - timeout: no answer within 5 s; the visitor may continue (the signup call checks again)
 * - error: the check failed
 */
export type EmailAvailabilityStatus = "empty" | "pending" | "invalid" | "checking" | "available" | "unavailable" | "timeout" | "error";

export interface EmailAvailability {
  status: EmailAvailabilityStatus;
  message: string;
  /** True when the email may be submitted: available, or the check timed out. */
  canProceed: boolean;
  /** Checks the current email again (after the usual pause). */
  recheck: () => void;
}

type Result = { email: string; status: EmailAvailabilityStatus; message: string };

export function emailCheckUrl(email: string): string {
  return `/api/organizations/check-email/${encodeURIComponent(email)}`;
}

/**
 * Whether `email` can be used for a new organization, asked of GET /api/organizations/check-email/{email}
 * 500 ms after the last change. A newer keystroke aborts the pending or running check.
 */
export function useEmailAvailability(
  email: string,
  { debounceMs = EMAIL_CHECK_DEBOUNCE_MS, timeoutMs = EMAIL_CHECK_TIMEOUT_MS }: { debounceMs?: number; timeoutMs?: number } = {},
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
    const settle = (status: EmailAvailabilityStatus, message: string) => setResult({ email: normalized, status, message });

    const debounceTimer = setTimeout(() => {
      if (!isValidEmail(normalized)) {
        settle("invalid", EMAIL_MESSAGES.invalid);
        return;
      }
      settle("checking", EMAIL_MESSAGES.checking);
      timeoutTimer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);

      void (async () => {
        try {
          const response = await fetch(emailCheckUrl(normalized), { signal: controller.signal, headers: { Accept: "application/json" } });
          const answer = (await response.json().catch(() => null)) as { available?: unknown; message?: unknown } | null;
          controller.signal.throwIfAborted();
          if (!response.ok || typeof answer?.available !== "boolean") {
            settle("error", EMAIL_MESSAGES.error);
          } else if (answer.available) {
            settle("available", EMAIL_MESSAGES.available);
          } else {
            settle("unavailable", typeof answer.message === "string" && answer.message ? answer.message : EMAIL_MESSAGES.unavailable);
          }
        } catch {
          // Aborted because the email changed (or the component went away): a newer check owns the state.
          if (timedOut) settle("timeout", EMAIL_MESSAGES.timeout);
          else if (!controller.signal.aborted) settle("error", EMAIL_MESSAGES.error);
        } finally {
          clearTimeout(timeoutTimer);
        }
      })();
    }, debounceMs);

    return () => {
      clearTimeout(debounceTimer);
      clearTimeout(timeoutTimer);
      controller.abort();
    };
  }, [normalized, attempt, debounceMs, timeoutMs]);

  const current: Omit<Result, "email"> = !normalized
    ? { status: "empty", message: "" }
    : result?.email === normalized
      ? result
      : { status: "pending", message: "" };

  return {
    status: current.status,
    message: current.message,
    canProceed: current.status === "available" || current.status === "timeout",
    recheck,
  };
}
