"use client";

import { useEffect, useRef } from "react";
import type { CarrierOption } from "@/lib/carriers/list-carriers";
import { FieldMessage } from "@/components/settings/settings-ui";
import { Section } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";

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
          <div className="border-b border-gray-100 pb-2">
            <Checkbox
              ref={selectAll}
              id="carriers-select-all"
              label={<span className="font-medium">Select All</span>}
              checked={all}
              onChange={(on) => onChange(on ? carriers.map((c) => c.name) : [])}
            />
          </div>
          <ul className="mt-2 grid gap-x-6 sm:grid-cols-2" aria-label="Carriers">
            {carriers.map((carrier, i) => (
              <li key={carrier.name}>
                <Checkbox
                  id={`carrier-${i}`}
                  label={carrier.name}
                  hint={`NAIC ${carrier.naics.join(", ")}`}
                  checked={chosen.has(carrier.name)}
                  onChange={(on) => toggle(carrier.name, on)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <FieldMessage id="carriers-error" messages={errors} />
    </Section>
  );
}
