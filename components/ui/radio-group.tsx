"use client";

import { useId, type ReactNode } from "react";
import { cx } from "@/components/ui/cx";
import { FieldError, FieldHint } from "@/components/ui/field";

export type RadioOption<V extends string> = { value: V; label: ReactNode; hint?: ReactNode; disabled?: boolean };

export type RadioGroupProps<V extends string> = {
  legend: ReactNode;
  /** The radios' form name; generated when absent. */
  name?: string;
  value: V | null;
  onChange: (value: V) => void;
  options: readonly RadioOption<V>[];
  hint?: ReactNode;
  error?: string | null;
  disabled?: boolean;
  className?: string;
};

/**
 * Radios in a fieldset: the legend names the group (role="radiogroup"), the hint and error describe it, and the
 * browser's own radios give arrow-key movement. Each option row is a ≥ 44 px label.
 */
export function RadioGroup<V extends string>({
  legend,
  name,
  value,
  onChange,
  options,
  hint,
  error,
  disabled,
  className,
}: RadioGroupProps<V>) {
  const base = useId();
  const groupName = name ?? base;
  const hintId = `${base}-hint`;
  const errorId = `${base}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset
      role="radiogroup"
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
      className={className}
    >
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      <FieldHint id={hintId} hint={hint} />
      <div className="mt-1">
        {options.map((option, index) => {
          const optionId = `${base}-${index}`;
          return (
            <div key={option.value} className="flex items-start gap-3">
              <span className="flex min-h-11 items-center">
                <input
                  id={optionId}
                  type="radio"
                  name={groupName}
                  value={option.value}
                  checked={value === option.value}
                  disabled={option.disabled}
                  aria-describedby={option.hint ? `${optionId}-hint` : undefined}
                  onChange={() => onChange(option.value)}
                  className="h-5 w-5 cursor-pointer accent-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed"
                />
              </span>
              <span className="min-w-0 py-2.5">
                <label
                  htmlFor={optionId}
                  className={cx("block cursor-pointer text-sm text-gray-900", option.disabled && "text-gray-600")}
                >
                  {option.label}
                </label>
                {option.hint ? (
                  <span id={`${optionId}-hint`} className="block text-sm text-gray-600">
                    {option.hint}
                  </span>
                ) : null}
              </span>
            </div>
          );
        })}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
