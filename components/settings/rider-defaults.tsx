"use client";

import { useEffect, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { Checkbox } from "@/components/ui/checkbox";
import { apiCall } from "@/lib/api/browser-client";
import { RIDER_LABELS } from "@/lib/settings/org-settings-schema";
import type { RiderPriceRange, RiderPriceRangesResponse } from "@/lib/settings/update-org-settings-body";

export const RIDER_MESSAGES = {
  loading: "Loading price ranges...",
  empty: "No riders available",
  failed: "Failed to load price ranges",
} as const;

type Load = { status: "loading" } | { status: "failed" } | { status: "loaded"; riders: RiderPriceRange[] };

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const range = ({ min, max }: { min: number; max: number }) =>
  min === max ? `${dollars(min)}/mo` : `${dollars(min)}–${dollars(max)}/mo`;

/** The default riders for one state (MN, WI or MA), offered with their price range in the rate book. */
export function RiderDefaults({
  state,
  stateName,
  selected,
  onChange,
}: {
  state: "MN" | "WI" | "MA";
  stateName: string;
  selected: readonly string[];
  onChange: (riders: string[]) => void;
}) {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    void apiCall<RiderPriceRangesResponse>(`/api/settings/rider-price-ranges/${state}`).then((result) => {
      if (cancelled) return;
      setLoad(
        result.ok && Array.isArray(result.body.riders)
          ? { status: "loaded", riders: result.body.riders }
          : { status: "failed" },
      );
    });
    return () => {
      cancelled = true;
    };
  }, [state, attempt]);

  const savedLabels = selected.map((id) => RIDER_LABELS[id as keyof typeof RIDER_LABELS] ?? id);

  return (
    <fieldset className="rounded-md border border-gray-200 p-4" aria-busy={load.status === "loading"}>
      <legend className="px-1 text-sm font-semibold text-gray-900">{`${stateName} (${state})`}</legend>
      {load.status === "loading" ? (
        <p className="flex items-center gap-2 text-sm text-gray-600">
          <Spinner className="h-4 w-4" label={RIDER_MESSAGES.loading} />
          {RIDER_MESSAGES.loading}
        </p>
      ) : load.status === "failed" ? (
        <p className="text-sm text-red-600">
          {RIDER_MESSAGES.failed}.{" "}
          <button
            type="button"
            className="font-medium underline"
            onClick={() => {
              setLoad({ status: "loading" });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </p>
      ) : load.riders.length === 0 ? (
        <p className="text-sm text-gray-600">{RIDER_MESSAGES.empty}</p>
      ) : (
        <div className="space-y-2">
          {load.riders.map((rider) => (
            <Checkbox
              key={rider.id}
              id={`rider-${state}-${rider.id}`}
              label={rider.name}
              hint={range(rider.priceRange)}
              checked={selected.includes(rider.id)}
              onChange={(on) => onChange(on ? [...selected, rider.id] : selected.filter((r) => r !== rider.id))}
            />
          ))}
        </div>
      )}
      {load.status !== "loaded" || load.riders.length === 0 ? (
        <p className="mt-2 text-xs text-gray-600">
          {savedLabels.length ? `Current defaults: ${savedLabels.join(", ")}` : "Current defaults: none"}
        </p>
      ) : null}
    </fieldset>
  );
}
