"use client";

import { useEffect, useId, useRef, useState } from "react";
import { checkboxInputClass } from "@/components/ui/checkbox";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

export type ChecklistOption = { value: string; label: string };

export type ChecklistFilterProps = {
  label: string;
  options: ChecklistOption[];
  selected: string[];
  onChange: (selected: string[]) => void;
  /** Shown when there is nothing to choose from. */
  emptyText?: string;
};

/**
 * A filter button that opens a checklist (Agent, Carrier, State) with Clear Filters. Each tick
 * applies at once; Escape or a click outside closes it and returns focus to the button.
 */
export function ChecklistFilter({
  label,
  options,
  selected,
  onChange,
  emptyText = "No options yet",
}: ChecklistFilterProps) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState("");
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const chosen = new Set(selected);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("mousedown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const toggle = (value: string) =>
    onChange(chosen.has(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  const needle = term.trim().toLowerCase();
  const visible = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  const active = selected.length > 0;

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className={`inline-flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium shadow-sm ring-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:w-auto ${
          active ? "bg-brand-50 text-brand-700 ring-brand-500" : "bg-white text-gray-700 ring-gray-300 hover:bg-gray-50"
        }`}
      >
        <span>
          {label}
          {active ? (
            <span className="ml-1.5 rounded-full bg-brand-600 px-1.5 py-0.5 text-xs font-semibold text-white">
              {selected.length}
            </span>
          ) : null}
        </span>
        <svg
          className={`h-4 w-4 transition ${open ? "rotate-180" : ""}`}
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
        >
          <path
            fillRule="evenodd"
            d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
            clipRule="evenodd"
          />
        </svg>
      </button>
      {open ? (
        <div
          id={panelId}
          role="group"
          aria-label={`${label} filter`}
          className="absolute left-0 z-30 mt-2 w-64 rounded-lg bg-white p-2 shadow-lg ring-1 ring-gray-200"
        >
          {options.length > 8 ? (
            <Input
              type="search"
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              placeholder={`Find ${label.toLowerCase()}...`}
              aria-label={`Find ${label.toLowerCase()}`}
              className="mb-2"
            />
          ) : null}
          <ul className="max-h-64 overflow-y-auto">
            {visible.length === 0 ? (
              <li className="px-2 py-2 text-sm text-gray-500">{options.length === 0 ? emptyText : "No matches"}</li>
            ) : null}
            {visible.map((option) => (
              <li key={option.value}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-gray-700 hover:bg-gray-50">
                  <input
                    type="checkbox"
                    className={checkboxInputClass}
                    checked={chosen.has(option.value)}
                    onChange={() => toggle(option.value)}
                  />
                  <span className="truncate">{option.label}</span>
                </label>
              </li>
            ))}
          </ul>
          <div className="mt-1 border-t border-gray-100 pt-2">
            <Button variant="ghost" fullWidth className="justify-start" disabled={!active} onClick={() => onChange([])}>
              Clear Filters
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
