"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { normalizeEmail } from "@/lib/contacts/contact-fields";
import {
  CONTACT_MESSAGES,
  isContactEmailFormatValid,
  type ContactEmailCheckStatus,
} from "@/lib/contacts/contact-schema";
import { contactEmailCheckRequest } from "@/components/contacts/contact-form/contact-api";

/** Give up on a check after this long and let the user continue (§4, §9). */
export const CONTACT_EMAIL_CHECK_TIMEOUT_MS = 5000;

const MESSAGES: Record<ContactEmailCheckStatus, string> = {
  idle: "",
  invalid: CONTACT_MESSAGES.invalidEmail,
  checking: CONTACT_MESSAGES.emailChecking,
  available: CONTACT_MESSAGES.emailAvailable,
  taken: CONTACT_MESSAGES.emailTaken,
  timeout: CONTACT_MESSAGES.emailCheckTimeout,
  error: CONTACT_MESSAGES.emailCheckFailed,
};

export type ContactEmailCheck = {
  /** The status for `email` as it is now: an edit after a check makes it "idle" again. */
  status: ContactEmailCheckStatus;
  message: string;
  /** Checks an address (on blur): GET /api/contacts/check-email/{email}. */
  check: (email: string) => void;
  /** The server said the address is taken (a 409 on save). */
  markTaken: (email: string) => void;
};

/**
 * The contact form's email check (§4): run on blur, not while typing. States: available, checking,
 * taken; after 5 s without an answer "Email check timed out. Please continue." and the form may save
 * (the server checks again). In edit mode the contact's own address is not checked.
 */
export function useContactEmailCheck(
  email: string,
  {
    excludeId = null,
    originalEmail = null,
    timeoutMs = CONTACT_EMAIL_CHECK_TIMEOUT_MS,
  }: { excludeId?: string | null; originalEmail?: string | null; timeoutMs?: number } = {},
): ContactEmailCheck {
  const [result, setResult] = useState<{ email: string; status: ContactEmailCheckStatus }>({
    email: "",
    status: "idle",
  });
  const running = useRef<{ controller: AbortController; timer: ReturnType<typeof setTimeout> } | null>(null);

  const stop = useCallback(() => {
    if (!running.current) return;
    clearTimeout(running.current.timer);
    running.current.controller.abort();
    running.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const check = useCallback(
    (raw: string) => {
      const value = normalizeEmail(raw);
      stop();
      if (!value || (originalEmail && value === normalizeEmail(originalEmail))) {
        setResult({ email: value, status: "idle" });
        return;
      }
      if (!isContactEmailFormatValid(value)) {
        setResult({ email: value, status: "invalid" });
        return;
      }
      const controller = new AbortController();
      let settled = false;
      const settle = (status: ContactEmailCheckStatus) => {
        if (settled) return;
        settled = true;
        if (running.current?.controller === controller) {
          clearTimeout(running.current.timer);
          running.current = null;
        }
        setResult({ email: value, status });
      };
      const timer = setTimeout(() => {
        settle("timeout");
        controller.abort();
      }, timeoutMs);
      running.current = { controller, timer };
      setResult({ email: value, status: "checking" });

      void (async () => {
        const result = await contactEmailCheckRequest(value, excludeId, controller.signal);
        if (controller.signal.aborted) return;
        if (!result.ok || typeof result.body.exists !== "boolean") settle("error");
        else settle(result.body.exists ? "taken" : "available");
      })();
    },
    [excludeId, originalEmail, timeoutMs, stop],
  );

  const markTaken = useCallback((raw: string) => {
    setResult({ email: normalizeEmail(raw), status: "taken" });
  }, []);

  const status = result.email === normalizeEmail(email) ? result.status : "idle";
  return { status, message: MESSAGES[status], check, markTaken };
}
