"use client";

import { useEffect, useRef, useState } from "react";
import { LoginForm } from "@/components/accounts/login-form";
import { Spinner } from "@/components/ui/spinner";
import { apiCall } from "@/lib/api/browser-client";
import type { VerifyLoginResponse } from "@/lib/auth/login-schema";
import { LINK_INVALID_MESSAGE } from "@/lib/auth/messages";

export const VERIFY_UNREACHABLE_MESSAGE = "We couldn't check your link. Please try again.";

/**
 * The page an emailed link opens. The link is consumed by a call from the page's script (a POST: it starts
 * a session), not by the GET of the page itself, so scanners that fetch links without running scripts do
 * not burn it; one that runs scripts can, and the page then offers a new link.
 */
export function VerifyLogin({ orgSlug, token }: { orgSlug: string; token: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // once, even under Strict Mode
    started.current = true;
    void apiCall<VerifyLoginResponse>(`/api/auth/verify/${encodeURIComponent(orgSlug)}/${encodeURIComponent(token)}`, {
      method: "POST",
    }).then((result) => {
      if (result.ok) window.location.replace(result.body.redirectUrl);
      else setFailure(result.status === 0 ? VERIFY_UNREACHABLE_MESSAGE : (result.message ?? LINK_INVALID_MESSAGE));
    });
  }, [orgSlug, token]);

  if (!failure) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center" aria-busy="true">
        <Spinner className="h-8 w-8 text-brand-600" label="Logging you in" />
        <p className="text-gray-600">Logging you in...</p>
      </div>
    );
  }
  return (
    <div>
      <h1 className="text-2xl font-bold">Link Not Valid</h1>
      <p role="alert" className="mt-2 text-red-600">
        {failure}
      </p>
      <p className="mt-2 mb-6 text-sm text-gray-600">
        Login links work once and expire after 15 minutes. Request a new one:
      </p>
      <LoginForm autoFocus={false} />
    </div>
  );
}
