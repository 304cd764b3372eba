"use client";

import { useState } from "react";
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
export function UnsubscribeConfirm({ token, brandName, brandColor, maskedEmail, alreadyUnsubscribed }: UnsubscribeConfirmProps) {
  const [state, setState] = useState<"idle" | "submitting" | "done" | "error">(alreadyUnsubscribed ? "done" : "idle");
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setState("submitting");
    setError(null);
    try {
      const res = await fetch(`/api/unsubscribe?t=${encodeURIComponent(token)}`, { method: "POST" });
      if (res.ok) {
        setState("done");
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      setError(body?.error?.message ?? UNSUBSCRIBE_TEXT.failed);
      setState("error");
    } catch {
      setError(UNSUBSCRIBE_TEXT.failed);
      setState("error");
    }
  }

  if (state === "done") {
    return (
      <div role="status" className="text-center">
        <h1 className="text-2xl font-bold text-gray-900">{UNSUBSCRIBE_TEXT.done}</h1>
        <p className="mt-3 text-base text-gray-600">
          {brandName} will not send emails to {maskedEmail} anymore. If this was a mistake, contact {brandName} directly.
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
      <button
        type="button"
        onClick={confirm}
        disabled={state === "submitting"}
        className="mt-6 w-full rounded-md px-5 py-3 text-base font-semibold shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-gray-900 focus-visible:ring-offset-2 disabled:opacity-60 sm:w-auto"
        style={{ backgroundColor: brandColor, color: readableTextOn(brandColor) }}
      >
        {state === "submitting" ? UNSUBSCRIBE_TEXT.busy : UNSUBSCRIBE_TEXT.button}
      </button>
    </div>
  );
}
