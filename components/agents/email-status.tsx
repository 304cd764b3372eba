"use client";

import { EMAIL_STATUS_TONE, type EmailAvailability } from "@/components/accounts/use-email-availability";
import { Spinner } from "@/components/ui/spinner";
import { AGENT_MESSAGES } from "@/lib/agents/agent-schema";
import { Button } from "@/components/ui/button";

/** The texts of §2 'More Team Members?': the invalid-address text, or 'Email address is valid' (never whether the address has an account: the save decides, docs/security.md). */
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

export const isEmailInvalid = (availability: Pick<EmailAvailability, "status">) => availability.status === "invalid";

export function EmailStatus({ id, availability }: { id: string; availability: EmailAvailability }) {
  const text = emailStatusText(availability);
  return (
    <div
      id={id}
      aria-live="polite"
      className={`mt-1 flex min-h-5 items-center gap-2 text-sm ${EMAIL_STATUS_TONE[availability.status]}`}
    >
      {availability.status === "checking" ? (
        <span aria-hidden="true">
          <Spinner className="h-3.5 w-3.5" label="" />
        </span>
      ) : null}
      {text ? <span>{text}</span> : null}
      {availability.status === "error" || availability.status === "timeout" ? (
        <Button variant="link" onClick={availability.recheck}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
