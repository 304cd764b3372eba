"use client";

import { useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { apiCall } from "@/lib/api/browser-client";
import { SELF_SERVICE_MESSAGES as M, type ConfirmEmailResponse } from "@/lib/self-onboarding/self-onboarding-schema";
import { brandFillStyle } from "@/lib/organizations/brand-contrast";

export type ConfirmEmailProps = {
  token: string;
  /** What the server found for the link (lib/self-onboarding/email-confirmation.ts loadConfirmationPage). */
  initialState: "pending" | "used" | "invalid";
  organizationName: string | null;
  brandColor: string;
  /** The agency's self-onboarding form, for a link that no longer works. */
  formUrl: string | null;
};

type State =
  | { kind: "pending" | "confirming" }
  | { kind: "confirmed"; redirectUrl: string }
  | { kind: "used" }
  | { kind: "invalid" }
  | { kind: "failed"; message: string };

/**
 * /confirm-email/{token}: the self-signup's confirmation (docs/security.md "Public forms"). The link is
 * spent only when the person presses the button, never on page load, since mail scanners open links.
 */
export function ConfirmEmail({ token, initialState, organizationName, brandColor, formUrl }: ConfirmEmailProps) {
  const [state, setState] = useState<State>({ kind: initialState });

  async function confirm() {
    setState({ kind: "confirming" });
    const result = await apiCall<ConfirmEmailResponse>("/api/self-service/confirm-email", {
      method: "POST",
      body: { token },
    });
    if (result.ok && result.body.status === "confirmed" && result.body.redirectUrl)
      return setState({ kind: "confirmed", redirectUrl: result.body.redirectUrl });
    if (result.ok && result.body.status === "already_confirmed") return setState({ kind: "used" });
    if (!result.ok && result.status === 404) return setState({ kind: "invalid" });
    setState({
      kind: "failed",
      message: !result.ok && result.status === 409 && result.message ? result.message : M.confirmFailed,
    });
  }

  if (state.kind === "confirmed" || state.kind === "used") {
    return (
      <div role="status" className="space-y-5">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">
          {state.kind === "confirmed" ? M.confirmed : M.alreadyConfirmed}
        </h1>
        {organizationName ? (
          <p className="text-lg text-gray-700">{organizationName} will be in touch with your quotes and updates.</p>
        ) : null}
        {state.kind === "confirmed" ? (
          <a
            href={state.redirectUrl}
            className={buttonClass({ size: "lg", fullWidth: true, className: "text-lg sm:w-auto" })}
            style={brandFillStyle(brandColor)}
          >
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
          <a
            href={formUrl}
            className={buttonClass({ size: "lg", fullWidth: true, className: "text-lg sm:w-auto" })}
            style={brandFillStyle(brandColor)}
          >
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
      <p className="text-lg text-gray-700">
        Press the button to confirm that this is your email address
        {organizationName ? ` and see your quotes from ${organizationName}` : ""}.
      </p>
      {state.kind === "failed" ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-lg text-red-800 ring-1 ring-red-200">
          {state.message}
        </p>
      ) : null}
      <Button
        size="lg"
        fullWidth
        className="text-lg sm:w-auto"
        style={brandFillStyle(brandColor)}
        loading={confirming}
        loadingLabel={M.confirming}
        onClick={confirm}
      >
        {M.confirmButton}
      </Button>
    </div>
  );
}
