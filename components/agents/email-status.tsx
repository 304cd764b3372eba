"use client";

import type { EmailAvailability, EmailAvailabilityStatus } from "@/components/accounts/use-email-availability";
import { Spinner } from "@/components/ui/spinner";
import { AGENT_MESSAGES } from "@/lib/agents/agent-schema";

const TONE: Record<EmailAvailabilityStatus, string> = {
  empty: "text-gray-500",
  pending: "text-gray-500",
  checking: "text-gray-500",
  available: "text-green-700",
  unavailable: "text-red-600",
  invalid: "text-red-600",
  error: "text-red-600",
  timeout: "text-amber-700",
};

/** The texts of §2 'More Team Members?': 'Checking email...', 'Email is available', the server's message, or the invalid-address text. */
export function emailStatusText(availability: Pick<EmailAvailability, "status" | "message">): string {
  switch (availability.status) {
    case "empty":
    case "pending":
      return "";
    case "invalid":
      return AGENT_MESSAGES.invalidEmail;
    case "error":
      return AGENT_MESSAGES.emailCheckFailed;
    default:
      return availability.message;
  }
}

export const isEmailInvalid = (availability: Pick<EmailAvailability, "status">) => availability.status === "invalid" || availability.status === "unavailable";

export function EmailStatus({ id, availability }: { id: string; availability: EmailAvailability }) {
  const text = emailStatusText(availability);
  return (
    <div id={id} aria-live="polite" className={`mt-1 flex min-h-5 items-center gap-2 text-sm ${TONE[availability.status]}`}>
      {availability.status === "checking" ? (
        <span aria-hidden="true">
          <Spinner className="h-3.5 w-3.5" label="" />
        </span>
      ) : null}
      {text ? <span>{text}</span> : null}
      {availability.status === "error" || availability.status === "timeout" ? (
        <button type="button" onClick={availability.recheck} className="font-medium text-brand-600 underline hover:text-brand-700">
          Try again
        </button>
      ) : null}
    </div>
  );
}
