"use client";

import { useState } from "react";
import { SELF_SERVICE_MESSAGES as M } from "@/lib/self-service/self-service-schema";
import { readableTextOn } from "@/lib/organizations/brand-contrast";

export type ConfirmEmailProps = {
  token: string;
  /** What the server found for the link (lib/self-service/email-confirmation.ts loadConfirmationPage). */
  initialState: "pending" | "used" | "invalid";
  organizationName: string | null;
  brandColor: string;
  /** The agency's self-onboarding form, for a link that no longer works. */
  formUrl: string | null;
};

type Answer = { success?: true; status?: "confirmed" | "already_confirmed"; redirectUrl?: string; error?: { message?: string } };
type State = { kind: "pending" | "confirming" } | { kind: "confirmed"; redirectUrl: string } | { kind: "used" } | { kind: "invalid" } | { kind: "failed"; message: string };

const buttonClass =
  "inline-flex min-h-12 w-full items-center justify-center rounded-md px-6 py-3 text-lg font-semibold shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-gray-900 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto";

/**
 * /confirm-email/{token}: the self-signup's confirmation (docs/security.md "Public forms"). The link is
 * spent only when the person presses the button, never on page load, since mail scanners open links.
 */
export function ConfirmEmail({ token, initialState, organizationName, brandColor, formUrl }: ConfirmEmailProps) {
  const [state, setState] = useState<State>({ kind: initialState });

  async function confirm() {
    setState({ kind: "confirming" });
    try {
      const response = await fetch("/api/self-service/confirm-email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
      const body = (await response.json().catch(() => ({}))) as Answer;
      if (response.ok && body.status === "confirmed" && body.redirectUrl) return setState({ kind: "confirmed", redirectUrl: body.redirectUrl });
      if (response.ok && body.status === "already_confirmed") return setState({ kind: "used" });
      if (response.status === 404) return setState({ kind: "invalid" });
      setState({ kind: "failed", message: response.status === 409 && body.error?.message ? body.error.message : M.confirmFailed });
    } catch {
      setState({ kind: "failed", message: M.confirmFailed });
    }
  }

  if (state.kind === "confirmed" || state.kind === "used") {
    return (
      <div role="status" className="space-y-5">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{state.kind === "confirmed" ? M.confirmed : M.alreadyConfirmed}</h1>
        {organizationName ? <p className="text-lg text-gray-700">{organizationName} will be in touch with your quotes and updates.</p> : null}
        {state.kind === "confirmed" ? (
          <a href={state.redirectUrl} className={buttonClass} style={{ backgroundColor: brandColor, color: readableTextOn(brandColor) }}>
            See your quotes
          </a>
        ) : null}
      </div>
    );
  }

  if (state.kind === "invalid") {
    return (
      <div className="space-y-5">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">This link no longer works</h1>
        <p role="alert" className="text-lg text-gray-700">
          {M.confirmInvalid}
        </p>
        {formUrl ? (
          <a href={formUrl} className={buttonClass} style={{ backgroundColor: brandColor, color: readableTextOn(brandColor) }}>
            Fill out the form again
          </a>
        ) : null}
      </div>
    );
  }

  const confirming = state.kind === "confirming";
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{M.confirmTitle}</h1>
      <p className="text-lg text-gray-700">Press the button to confirm that this is your email address{organizationName ? ` and see your quotes from ${organizationName}` : ""}.</p>
      {state.kind === "failed" ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-lg text-red-800 ring-1 ring-red-200">
          {state.message}
        </p>
      ) : null}
      <button type="button" className={buttonClass} style={{ backgroundColor: brandColor, color: readableTextOn(brandColor) }} disabled={confirming} onClick={confirm}>
        {confirming ? M.confirming : M.confirmButton}
      </button>
    </div>
  );
}
