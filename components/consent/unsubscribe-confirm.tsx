"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiCall } from "@/lib/api/browser-client";
import type { UnsubscribeResponse } from "@/lib/consent/unsubscribe";
import { readableTextOn } from "@/lib/organizations/brand-contrast";

export const UNSUBSCRIBE_TEXT = {
  heading: "Unsubscribe",
  button: "Unsubscribe",
  busy: "Unsubscribing…",
  done: "You have been unsubscribed.",
  failed: "Something went wrong. Please try again.",
} as const;

export type UnsubscribeConfirmProps = {
  token: string;
  brandName: string;
  brandColor: string;
  maskedEmail: string;
  alreadyUnsubscribed: boolean;
};

/** The confirm step of /unsubscribe: one button, then the confirmation. */
export function UnsubscribeConfirm({
  token,
  brandName,
  brandColor,
  maskedEmail,
  alreadyUnsubscribed,
}: UnsubscribeConfirmProps) {
  const [state, setState] = useState<"idle" | "submitting" | "done" | "error">(alreadyUnsubscribed ? "done" : "idle");
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setState("submitting");
    setError(null);
    const result = await apiCall<UnsubscribeResponse>(`/api/unsubscribe?t=${encodeURIComponent(token)}`, {
      method: "POST",
    });
    if (result.ok) {
      setState("done");
      return;
    }
    setError(
      result.status > 0 && result.status < 500 ? (result.message ?? UNSUBSCRIBE_TEXT.failed) : UNSUBSCRIBE_TEXT.failed,
    );
    setState("error");
  }

  if (state === "done") {
    return (
      <div role="status" className="text-center">
        <h1 className="text-2xl font-bold text-gray-900">{UNSUBSCRIBE_TEXT.done}</h1>
        <p className="mt-3 text-base text-gray-600">
          {brandName} will not send emails to {maskedEmail} anymore. If this was a mistake, contact {brandName}{" "}
          directly.
        </p>
      </div>
    );
  }

  return (
    <div className="text-center">
      <h1 className="text-2xl font-bold text-gray-900">{UNSUBSCRIBE_TEXT.heading}</h1>
      <p className="mt-3 text-base text-gray-600">
        Stop emails from <strong className="text-gray-900">{brandName}</strong> to {maskedEmail}?
      </p>
      {error ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button
        size="lg"
        fullWidth
        onClick={confirm}
        loading={state === "submitting"}
        loadingLabel={UNSUBSCRIBE_TEXT.busy}
        className="mt-6 sm:w-auto"
        // The agency's colour, with black or white text, whichever reads on it (lib/organizations/brand-contrast.ts).
        style={{ backgroundColor: brandColor, color: readableTextOn(brandColor) }}
      >
        {UNSUBSCRIBE_TEXT.button}
      </Button>
    </div>
  );
}
