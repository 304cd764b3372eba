"use client";

import { useState } from "react";
import { Spinner } from "@/components/ui/spinner";

export type PlanCard = { id: string; name: string; priceCents: number; agentLimit: number; contactLimit: number; features: string[]; isContactUs: boolean };

const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}`;

/** Plan cards; choosing one saves it (wizard: 0 pick, 1 saving, 2 done) and moves on to setup. */
export function PlanPicker({ plans, orgSlug, supportEmail }: { plans: PlanCard[]; orgSlug: string; supportEmail: string }) {
  const [saving, setSaving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(plan: string) {
    setSaving(plan);
    setError(null);
    try {
      const res = await fetch("/api/choose-plan", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ plan, orgSlug }) });
      const body = (await res.json().catch(() => null)) as { redirectUrl?: string; error?: { message?: string } } | null;
      if (!res.ok || !body?.redirectUrl) throw new Error(body?.error?.message ?? "Failed to save subscription");
      window.location.assign(body.redirectUrl);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Failed to save subscription");
      setSaving(null);
    }
  }

  return (
    <div>
      {error ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <ul className="grid gap-6 md:grid-cols-3">
        {plans.map((plan) => (
          <li key={plan.id} className="flex flex-col rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
            <h2 className="text-lg font-semibold">{plan.name}</h2>
            <p className="mt-2 text-3xl font-bold">{plan.isContactUs ? "Contact us" : `${dollars(plan.priceCents)}/mo`}</p>
            <ul className="mt-4 flex-1 space-y-1 text-sm text-gray-600">
              {plan.features.map((f) => (
                <li key={f}>✓ {f}</li>
              ))}
            </ul>
            {plan.isContactUs ? (
              <a href={`mailto:${supportEmail}?subject=${encodeURIComponent(`${plan.name} plan`)}`} className="mt-6 rounded-md border border-gray-300 px-4 py-2 text-center font-semibold text-gray-700 hover:bg-gray-50">
                Contact us
              </a>
            ) : (
              <button
                type="button"
                onClick={() => void choose(plan.id)}
                disabled={saving !== null}
                className="mt-6 flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                {saving === plan.id ? (
                  <>
                    <Spinner className="h-4 w-4" label="Saving" /> Saving...
                  </>
                ) : (
                  `Choose ${plan.name}`
                )}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
