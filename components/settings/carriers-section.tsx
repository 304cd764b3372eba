"use client";

import { useEffect, useRef } from "react";
import type { CarrierOption } from "@/lib/carriers/list-carriers";
import { FieldMessage } from "@/components/settings/settings-ui";
import { Section } from "@/components/ui/card";

/** Carriers Offered: Select All and a two-column checkbox list, NAIC codes in small print. */
export function CarriersSection({
  carriers,
  selected,
  onChange,
  errors,
}: {
  carriers: readonly CarrierOption[];
  selected: readonly string[];
  onChange: (names: string[]) => void;
  errors?: string[];
}) {
  const selectAll = useRef<HTMLInputElement>(null);
  const chosen = new Set(selected);
  const count = carriers.filter((c) => chosen.has(c.name)).length;
  const all = carriers.length > 0 && count === carriers.length;

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = count > 0 && !all;
  }, [count, all]);

  const toggle = (name: string, on: boolean) => onChange(on ? [...selected, name] : selected.filter((n) => n !== name));

  return (
    <Section
      id="carriers"
      title="Carriers Offered"
      description="The carriers your agency is contracted with. Quotes, on your quote pages and in your emails, show only these."
      aside={<span className="text-sm text-gray-600">{`${count} of ${carriers.length} selected`}</span>}
    >
      {carriers.length === 0 ? (
        <p className="rounded-md bg-gray-50 p-4 text-sm text-gray-600">No carriers are available yet.</p>
      ) : (
        <>
          <div className="flex items-center gap-2 border-b border-gray-100 pb-3">
            <input
              ref={selectAll}
              id="carriers-select-all"
              type="checkbox"
              className="h-4 w-4 rounded border-gray-300 accent-brand-600"
              checked={all}
              onChange={(e) => onChange(e.target.checked ? carriers.map((c) => c.name) : [])}
            />
            <label htmlFor="carriers-select-all" className="text-sm font-medium text-gray-900">
              Select All
            </label>
          </div>
          <ul className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2" aria-label="Carriers">
            {carriers.map((carrier, i) => (
              <li key={carrier.name} className="flex items-start gap-2">
                <input
                  id={`carrier-${i}`}
                  type="checkbox"
                  className="mt-0.5 h-4 w-4 rounded border-gray-300 accent-brand-600"
                  checked={chosen.has(carrier.name)}
                  aria-describedby={`carrier-${i}-naics`}
                  onChange={(e) => toggle(carrier.name, e.target.checked)}
                />
                <span className="min-w-0">
                  <label htmlFor={`carrier-${i}`} className="block text-sm text-gray-800">
                    {carrier.name}
                  </label>
                  <span id={`carrier-${i}-naics`} className="block text-xs text-gray-600">{`NAIC ${carrier.naics.join(", ")}`}</span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <FieldMessage id="carriers-error" messages={errors} />
    </Section>
  );
}
