"use client";

import Link from "next/link";
import { useState } from "react";
import { WalkthroughModal } from "@/components/walkthrough/walkthrough-modal";
import { Button, buttonClass } from "@/components/ui/button";

export const WALKTHROUGH_SCREEN_TEXT = {
  title: "Platform Walkthrough",
  intro: "A short tour of the three things to do first.",
  open: "Open Walkthrough",
  dismissed: "The walkthrough will not open on your dashboard again. It stays here whenever you want it.",
  notDismissed: "The walkthrough opens on your dashboard until you choose \u201cGot it, Don't Show Again\u201d.",
} as const;

/**
 * /walkthrough: the walkthrough modal, open when the page loads; closed, the page offers it again and
 * says whether the dashboard will still open it (hasCompletedWalkthrough).
 */
export function WalkthroughScreen({ productName, completed }: { productName: string; completed: boolean }) {
  const [open, setOpen] = useState(true);
  const [done, setDone] = useState(completed);
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{WALKTHROUGH_SCREEN_TEXT.title}</h1>
      <p className="mt-1 text-gray-600">{WALKTHROUGH_SCREEN_TEXT.intro}</p>
      <div className="mt-6 rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-200">
        <p role="status" className="text-sm text-gray-700">
          {done ? WALKTHROUGH_SCREEN_TEXT.dismissed : WALKTHROUGH_SCREEN_TEXT.notDismissed}
        </p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <Button onClick={() => setOpen(true)}>{WALKTHROUGH_SCREEN_TEXT.open}</Button>
          <Link href="/dashboard" className={buttonClass({ variant: "secondary" })}>
            Go to Dashboard
          </Link>
        </div>
      </div>
      <WalkthroughModal
        productName={productName}
        open={open}
        onClose={() => setOpen(false)}
        onCompleted={() => setDone(true)}
      />
    </main>
  );
}
