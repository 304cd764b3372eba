"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { CloseIcon } from "@/components/ui/close-icon";
import { ModalFrame } from "@/components/ui/modal-frame";
import { apiCall } from "@/lib/api/browser-client";

export const WALKTHROUGH_ERROR = "Failed to save walkthrough completion";

/** The quick start: each step links to the screen where it is done (quotes are sent from the contacts list). */
export const WALKTHROUGH_STEPS = [
  {
    title: "Set Up Your Profile",
    href: "/profile",
    text: "Add your phone number and booking link so clients know how to reach you.",
  },
  {
    title: "Add Clients",
    href: "/contacts",
    text: "Upload your book of business from a CSV file or add contacts one at a time.",
  },
  {
    title: "Generate Quotes",
    href: "/contacts",
    text: "Send personalized quotes and let automated follow-ups do the rest.",
  },
] as const;

export type WalkthroughModalProps = {
  productName: string;
  open: boolean;
  onClose: () => void;
  /** Called once "Got it, Don't Show Again" has been saved (before onClose). */
  onCompleted?: () => void;
};

/**
 * The welcome walkthrough (agency-side.md §2 "Walkthrough modal"): a video placeholder, a three-step quick
 * start, "Got it, Don't Show Again" (remembers it for this user) and Close. Escape closes.
 */
export function WalkthroughModal({ productName, open, onClose, onCompleted }: WalkthroughModalProps) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();

  const close = () => {
    setError(null);
    onClose();
  };

  async function dontShowAgain() {
    setSaving(true);
    setError(null);
    const result = await apiCall("/api/profile/complete-walkthrough", { method: "POST" });
    setSaving(false);
    if (!result.ok) {
      setError(WALKTHROUGH_ERROR);
      return;
    }
    onCompleted?.();
    onClose();
  }

  return (
    <ModalFrame open={open} onClose={close} labelledBy={titleId} busy={saving} className="max-w-2xl">
      <div className="flex items-start justify-between gap-4 border-b border-gray-100 px-6 py-5">
        <div>
          <h2 id={titleId} className="text-xl font-bold text-gray-900">
            Welcome to {productName}
          </h2>
          <p className="mt-1 text-sm text-gray-500">Here is how to get up and running in a few minutes.</p>
        </div>
        <Button variant="ghost" onClick={close} disabled={saving} aria-label="Close walkthrough">
          <CloseIcon />
        </Button>
      </div>

      <div className="space-y-6 px-6 py-6">
        <div className="flex h-36 flex-col items-center justify-center rounded-lg sm:h-44 bg-gradient-to-br from-brand-50 to-brand-100 text-center ring-1 ring-brand-100">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm">
            <svg viewBox="0 0 20 20" fill="currentColor" className="h-7 w-7" aria-hidden="true">
              <path d="M6.3 2.84A1.5 1.5 0 0 0 4 4.11v11.78a1.5 1.5 0 0 0 2.3 1.27l9.34-5.89a1.5 1.5 0 0 0 0-2.54L6.3 2.84Z" />
            </svg>
          </span>
          <p className="mt-3 font-semibold text-brand-700">Video Walkthrough Coming Soon</p>
          <p className="mt-1 text-sm text-gray-600">In the meantime, the quick start below covers the essentials.</p>
        </div>

        <div>
          <h3 className="text-sm font-semibold uppercase tracking-wide text-gray-500">Quick Start</h3>
          <ol className="mt-3 grid gap-3 sm:grid-cols-3">
            {WALKTHROUGH_STEPS.map((step, index) => (
              <li
                key={step.title}
                className="relative rounded-lg border border-gray-200 p-4 focus-within:ring-2 focus-within:ring-brand-500 hover:border-brand-300 hover:bg-brand-50/40"
              >
                <span
                  className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <p className="mt-3 font-semibold text-brand-700">
                  {/* The whole card is the link's target (the ::after covers it); the text names it. */}
                  <Link
                    href={step.href}
                    onClick={close}
                    className="after:absolute after:inset-0 hover:underline focus:outline-none"
                  >
                    {step.title}
                  </Link>
                  <span aria-hidden="true"> &rarr;</span>
                </p>
                <p className="mt-1 text-sm text-gray-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>

        {error ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-gray-100 bg-gray-50 px-6 py-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={saving}>
          Close
        </Button>
        <Button onClick={() => void dontShowAgain()} loading={saving} loadingLabel="Saving...">
          Got it, Don&apos;t Show Again
        </Button>
      </div>
    </ModalFrame>
  );
}

/**
 * Opens the walkthrough once when the page mounts with `show` true (the dashboard mounts it for users who
 * have not completed the walkthrough, or after ?payment_success=true).
 */
export function WalkthroughAutoOpen({ productName, show }: { productName: string; show: boolean }) {
  const [open, setOpen] = useState(show);
  return <WalkthroughModal productName={productName} open={open} onClose={() => setOpen(false)} />;
}
