"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { ChecklistFilter, type ChecklistOption } from "@/components/contacts/list/checklist-filter";
import type { ContactListFilters } from "@/lib/contacts/list-contacts-url";
import { Input } from "@/components/ui/input";
import { Toggle } from "@/components/ui/toggle";

export const SEARCH_DEBOUNCE_MS = 400;

export type ContactFiltersProps = {
  filters: ContactListFilters;
  /** Applies a change (the list goes back to page 1). */
  onChange: (patch: Partial<ContactListFilters>) => void;
  /** Admins only: the Agent checklist. */
  agentOptions: ChecklistOption[] | null;
  carrierOptions: ChecklistOption[];
  stateOptions: ChecklistOption[];
  /** The + Add Contact button. */
  addContact: ReactNode;
};

/** Agent (admins), Carrier, State, Quote (30d), Health (30d), the search box and + Add Contact. */
export function ContactFilters({
  filters,
  onChange,
  agentOptions,
  carrierOptions,
  stateOptions,
  addContact,
}: ContactFiltersProps) {
  const [term, setTerm] = useState(filters.search ?? "");
  const applied = useRef(filters.search ?? "");
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // Typing settles for a moment before the URL (and the list) follows.
  useEffect(() => {
    if (term.trim() === applied.current.trim()) return;
    const timer = setTimeout(() => {
      applied.current = term;
      onChangeRef.current({ search: term.trim() || undefined });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  return (
    <div className="flex flex-col gap-3 border-b border-gray-200 p-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        {agentOptions ? (
          <ChecklistFilter
            label="Agent"
            options={agentOptions}
            selected={filters.agentIds ?? []}
            onChange={(agentIds) => onChange({ agentIds })}
            emptyText="No agents"
          />
        ) : null}
        <ChecklistFilter
          label="Carrier"
          options={carrierOptions}
          selected={filters.carriers ?? []}
          onChange={(carriers) => onChange({ carriers })}
          emptyText="No carriers yet"
        />
        <ChecklistFilter
          label="State"
          options={stateOptions}
          selected={filters.states ?? []}
          onChange={(states) => onChange({ states })}
          emptyText="No states yet"
        />
        <Toggle
          label="Quote (30d)"
          checked={Boolean(filters.hasViewedQuoteRecently)}
          onChange={(checked) => onChange({ hasViewedQuoteRecently: checked })}
        />
        <Toggle
          label="Health (30d)"
          checked={Boolean(filters.hasCompletedHealthRecently)}
          onChange={(checked) => onChange({ hasCompletedHealthRecently: checked })}
        />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <div className="relative sm:w-64">
          <svg
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-400"
            viewBox="0 0 20 20"
            fill="currentColor"
            aria-hidden="true"
          >
            <path
              fillRule="evenodd"
              d="M9 3.5a5.5 5.5 0 1 0 3.4 9.83l3.63 3.64a.75.75 0 1 0 1.06-1.06l-3.64-3.63A5.5 5.5 0 0 0 9 3.5ZM5 9a4 4 0 1 1 8 0 4 4 0 0 1-8 0Z"
              clipRule="evenodd"
            />
          </svg>
          <Input
            type="search"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                applied.current = term;
                onChange({ search: term.trim() || undefined });
              }
            }}
            placeholder="Search contacts..."
            aria-label="Search contacts"
            className="pl-9"
          />
        </div>
        {addContact}
      </div>
    </div>
  );
}
