"use client";

import { useId, type ReactNode } from "react";
import { cx } from "@/components/ui/cx";

export type ToggleProps = {
  id?: string;
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
};

/**
 * An on/off switch: a real checkbox with role="switch" (keyboard, labels, forms come free), drawn as a switch.
 * The invisible input covers a 44×44 px target; the label names it and the description describes it.
 */
export function Toggle({ id, label, description, checked, onChange, disabled, className }: ToggleProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const descriptionId = `${inputId}-description`;
  return (
    <div className={cx("flex items-start justify-between gap-4 py-2", className)}>
      <div className="min-w-0">
        <label htmlFor={inputId} className="text-sm font-medium text-gray-900">
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-sm text-gray-600">
            {description}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex h-11 w-14 shrink-0 items-center justify-center">
        <input
          id={inputId}
          type="checkbox"
          role="switch"
          className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
          checked={checked}
          disabled={disabled}
          aria-checked={checked}
          aria-describedby={description ? descriptionId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span
          aria-hidden="true"
          className="pointer-events-none h-6 w-11 rounded-full bg-gray-500 transition-colors peer-checked:bg-brand-600 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 peer-disabled:opacity-50"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-2 h-5 w-5 rounded-full bg-white shadow ring-1 ring-gray-900/5 transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}
