"use client";

import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { cx } from "@/components/ui/cx";

/**
 * The box itself, for a checkbox labelled another way (a table row's "Select Jane Doe" aria-label): 20 px with a
 * focus ring. Put it in a cell or label that gives the 44 px target.
 */
export const checkboxInputClass =
  "h-5 w-5 shrink-0 cursor-pointer rounded border-gray-500 accent-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed";

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "onChange"> & {
  label: ReactNode;
  /** A second line under the label, read with the checkbox (aria-describedby). */
  hint?: ReactNode;
  onChange?: (checked: boolean) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A checkbox and its label. The whole row is the target (the label), at least 44 px tall; the box keeps the
 * focus ring. Labelled by its own <label>, described by the hint.
 */
export function Checkbox({ id, label, hint, onChange, className, ref, ...rest }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  return (
    <div className={cx("flex items-start gap-3", className)}>
      <span className="flex min-h-11 items-center">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-describedby={hint ? hintId : undefined}
          className={checkboxInputClass}
          onChange={(e) => onChange?.(e.target.checked)}
          {...rest}
        />
      </span>
      <span className="min-w-0 py-2.5">
        <label htmlFor={inputId} className="block cursor-pointer text-sm text-gray-900">
          {label}
        </label>
        {hint ? (
          <span id={hintId} className="block text-sm text-gray-600">
            {hint}
          </span>
        ) : null}
      </span>
    </div>
  );
}
