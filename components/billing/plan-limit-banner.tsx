"use client";

import Link from "next/link";
import { useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";

export const PLAN_LIMIT_TEXT = {
  title: "Plan limit reached",
  upgrade: "Upgrade",
  askAdmin: "Ask an administrator of your organization to upgrade the plan.",
  dismiss: "Dismiss",
} as const;

/**
 * The plan-limit banner of the signed-in shell: the server's message and, for admins, an Upgrade link
 * to /change-plan (the only people who can change the plan). Dismissing hides it for this page view.
 */
export function PlanLimitBanner({ message, isAdmin }: { message: string; isAdmin: boolean }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div role="status" aria-label={PLAN_LIMIT_TEXT.title} className="border-l-4 border-amber-400 bg-amber-50 px-4 py-3">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="text-sm text-amber-800">
          <p className="font-semibold">{PLAN_LIMIT_TEXT.title}</p>
          <p className="mt-0.5">{message}</p>
          {isAdmin ? null : <p className="mt-0.5">{PLAN_LIMIT_TEXT.askAdmin}</p>}
        </div>
        <div className="flex items-center gap-4">
          {isAdmin ? (
            <Link href="/change-plan" className={buttonClass({ size: "sm" })}>
              {PLAN_LIMIT_TEXT.upgrade}
            </Link>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => setDismissed(true)}>
            {PLAN_LIMIT_TEXT.dismiss}
          </Button>
        </div>
      </div>
    </div>
  );
}
