"use client";

import { useId, type ReactNode } from "react";
import { cx } from "@/components/ui/cx";

/** What a Field hands to its control: the id its label points at and the ids of its hint and error. */
export type FieldControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
};

export type FieldProps = {
  label: ReactNode;
  /** Shown under the label; read with the control (aria-describedby). */
  hint?: ReactNode;
  /** Shown under the control in red; marks the control aria-invalid and is read with it. */
  error?: string | null;
  /** The control's id; generated when absent. */
  id?: string;
  required?: boolean;
  /** More ids the control is described by (a status line the caller renders). */
  describedBy?: string;
  /** Announce the error as soon as it appears (role="alert"), for errors shown after a submit. */
  announceError?: boolean;
  className?: string;
  labelClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A labelled form field: <label for>, an optional hint and error, and the control given those ids through a
 * render prop, so the label, hint and error are always wired to the control (aria-describedby, aria-invalid).
 */
export function Field({
  label,
  hint,
  error,
  id,
  required,
  describedBy,
  announceError = false,
  className,
  labelClassName,
  children,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedByIds = [hint ? hintId : null, error ? errorId : null, describedBy ?? null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={controlId} className={cx("block text-sm font-medium text-gray-800", labelClassName)}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </label>
      <FieldHint id={hintId} hint={hint} />
      <div className="mt-1">
        {children({
          id: controlId,
          "aria-describedby": describedByIds || undefined,
          "aria-invalid": error ? true : undefined,
          "aria-required": required ? true : undefined,
        })}
      </div>
      <FieldError id={errorId} error={error} announce={announceError} />
    </div>
  );
}

/** The hint line of a field or group (nothing when there is no hint). */
export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={id} className="mt-0.5 text-sm text-gray-600">
      {hint}
    </p>
  );
}

/** The error line of a field or group (nothing when there is no error); red-700 on white is 6.5:1. */
export function FieldError({ id, error, announce = false }: { id: string; error?: string | null; announce?: boolean }) {
  if (!error) return null;
  return (
    <p id={id} role={announce ? "alert" : undefined} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  );
}
