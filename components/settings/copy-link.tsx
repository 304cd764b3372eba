"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { FieldMessage } from "@/components/settings/settings-ui";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { apiCall } from "@/lib/api/browser-client";
import type { SelfServiceInfoResponse } from "@/lib/settings/update-org-settings-body";

export const COPY_MESSAGES = {
  copy: "Copy Link",
  copied: "Copied",
  failed: "Failed to copy link to clipboard",
  loadFailed: "Failed to load self-onboarding URL",
} as const;

/** How long "Copied" shows (agency-side.md §9: copy confirmation 2 s). */
export const COPIED_MS = 2000;

/**
 * A read-only link with Copy Link ('Copied', or `copiedLabel`, for 2 s; a failed copy says so). Without `url`, the
 * organization's self-onboarding link is loaded from /api/self-service-info.
 */
export function CopyLink({
  url: givenUrl,
  label,
  copiedLabel = COPY_MESSAGES.copied,
}: {
  url?: string | null;
  label: string;
  copiedLabel?: string;
}) {
  const id = useId();
  const [url, setUrl] = useState<string | null>(givenUrl ?? null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (givenUrl) return;
    let cancelled = false;
    void apiCall<SelfServiceInfoResponse>("/api/self-service-info").then((result) => {
      if (cancelled) return;
      if (result.ok && result.body.selfOnboardingUrl) setUrl(result.body.selfOnboardingUrl);
      else setLoadFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [givenUrl]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    if (!url) return;
    setCopyFailed(false);
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(url);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      setCopied(false);
      setCopyFailed(true);
    }
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          type="text"
          readOnly
          value={url ?? ""}
          placeholder={loadFailed ? "" : "Loading..."}
          className="font-mono text-xs sm:text-sm"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" className="shrink-0 sm:w-32" onClick={copy} disabled={!url}>
          {!url && !loadFailed ? <Spinner className="h-4 w-4" label="Loading link" /> : null}
          {copied ? copiedLabel : COPY_MESSAGES.copy}
        </Button>
      </div>
      <span className="sr-only" aria-live="polite">
        {copied ? "Link copied to clipboard" : ""}
      </span>
      <FieldMessage
        messages={[loadFailed ? COPY_MESSAGES.loadFailed : null, copyFailed ? COPY_MESSAGES.failed : null]}
      />
    </div>
  );
}
