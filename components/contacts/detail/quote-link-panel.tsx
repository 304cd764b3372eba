"use client";

import { useState } from "react";
import { CopyLink } from "@/components/settings/copy-link";
import { generateQuoteLinkRequest } from "@/components/contacts/contact-form/contact-api";
import { Button } from "@/components/ui/button";

export const QUOTE_LINK_MESSAGES = {
  generate: "Generate quote link",
  regenerate: "Generate a new link",
  generating: "Generating...",
  failed: "The quote link could not be created. Please try again.",
  note: (name: string, days: number) =>
    `The link shows ${name}'s quotes for ${days} days. Share it only with ${name}: anyone who has it can open the page.`,
} as const;

/**
 * Contact Details → "Generate quote link" (client-side.md §1 "generate quote links"): a new link from
 * POST /api/quotes/generate/{contactId} (lib/quotes/quote-links.ts), shown read-only with Copy Link
 * ("Copied" for 2 s, or the failure said). A refused call shows the server's message from the one
 * error shape.
 */
export function QuoteLinkPanel({
  contactId,
  contactName,
  daysValid,
}: {
  contactId: string;
  contactName: string;
  daysValid: number;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function generate() {
    setBusy(true);
    setError(null);
    const result = await generateQuoteLinkRequest(contactId);
    setBusy(false);
    if (result.ok && typeof result.body.redirectUrl === "string") setUrl(result.body.redirectUrl);
    else setError(result.ok ? QUOTE_LINK_MESSAGES.failed : (result.message ?? QUOTE_LINK_MESSAGES.failed));
  }

  return (
    <section aria-labelledby="quote-link-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <h2 id="quote-link-title" className="text-base font-semibold text-gray-900">
        Quote Link
      </h2>
      {url ? (
        <div className="mt-3 space-y-2">
          <CopyLink key={url} url={url} label="Personal quote link" />
          <p className="text-xs text-gray-500">{QUOTE_LINK_MESSAGES.note(contactName, daysValid)}</p>
        </div>
      ) : (
        <p className="mt-1 text-sm text-gray-600">
          A link to {contactName}&apos;s personal quote page, to paste into a text or your own email.
        </p>
      )}
      <Button
        variant="secondary"
        className="mt-3"
        onClick={() => void generate()}
        loading={busy}
        loadingLabel={QUOTE_LINK_MESSAGES.generating}
      >
        {url ? QUOTE_LINK_MESSAGES.regenerate : QUOTE_LINK_MESSAGES.generate}
      </Button>
      {error ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
