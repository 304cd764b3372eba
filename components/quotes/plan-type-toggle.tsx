"use client";

import { useState, type ReactNode } from "react";

export type PlanTypeOption = { code: string; label: string };

/** The compare page's plan type toggle: one button per plan, the chosen plan's panel below. */
export function PlanTypeToggle({ options, initial, panels, brandColor }: { options: PlanTypeOption[]; initial: string; panels: Record<string, ReactNode>; brandColor: string }) {
  const [active, setActive] = useState(options.some((o) => o.code === initial) ? initial : (options[0]?.code ?? ""));
  return (
    <div>
      <div role="group" aria-label="Plan type" className="flex flex-wrap gap-2">
        {options.map((option) => {
          const selected = option.code === active;
          return (
            <button
              key={option.code}
              type="button"
              aria-pressed={selected}
              title={option.label}
              onClick={() => setActive(option.code)}
              className="min-w-14 rounded-md border px-3 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2"
              style={selected ? { backgroundColor: brandColor, borderColor: brandColor, color: "#fff" } : { borderColor: "#d1d5db", color: "#374151", backgroundColor: "#fff" }}
            >
              {option.code}
            </button>
          );
        })}
      </div>
      <div className="mt-4">{panels[active]}</div>
    </div>
  );
}
