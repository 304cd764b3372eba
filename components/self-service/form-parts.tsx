"use client";

import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";

export const inputClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2.5 text-base text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:bg-gray-100 aria-[invalid=true]:border-red-500 sm:text-sm";

/** A labelled control with its error (or hint) underneath, tied together for screen readers. */
export function Field({ id, label, required, error, hint, children }: { id: string; label: string; required?: boolean; error?: string | null; hint?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
        {required ? <span aria-hidden="true" className="text-red-600"> *</span> : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** aria-describedby for a Field's control. */
export const describedBy = (id: string, error?: string | null, hint?: unknown) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

/** Two or more buttons-as-radios (Yes/No, Male/Female): large tap targets on a phone. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  required,
  error,
  disabled,
  color,
}: {
  legend: string;
  name: string;
  value: T | "";
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  required?: boolean;
  error?: string | null;
  disabled?: boolean;
  color: string;
}) {
  return (
    <fieldset aria-invalid={Boolean(error)} aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 block text-sm font-medium text-gray-800">
        {legend}
        {required ? <span aria-hidden="true" className="text-red-600"> *</span> : null}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => {
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              className={`flex cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${checked ? "text-white" : "border-gray-300 bg-white text-gray-800"} ${error && !checked ? "border-red-500" : ""}`}
              style={checked ? { backgroundColor: color, borderColor: color } : undefined}
            >
              <input type="radio" className="sr-only" name={name} value={option.value} checked={checked} disabled={disabled} onChange={() => onChange(option.value)} />
              {option.label}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700 ring-1 ring-red-200">
      {message}
    </p>
  );
}

/** A full-screen overlay while the form is busy (submitting, generating the quote). */
export function BusyOverlay({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/80 px-6 backdrop-blur-sm" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3 text-center">
        <Spinner className="h-8 w-8 text-brand-600" label="" />
        <p className="text-base font-medium text-gray-800">{message}</p>
      </div>
    </div>
  );
}

export function SubmitButton({ label, busyLabel, busy, disabled, color }: { label: string; busyLabel: string | null; busy: boolean; disabled?: boolean; color: string }) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      className="inline-flex w-full items-center justify-center gap-2 rounded-md px-5 py-3 text-base font-semibold text-white shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
      style={{ backgroundColor: color }}
    >
      {busy ? <Spinner className="h-4 w-4" label="" /> : null}
      {busy && busyLabel ? busyLabel : label}
    </button>
  );
}

/** After a signup with an address already on file: the quote link went to that inbox, not to this page. */
export function QuoteLinkEmailed({ email, organizationName }: { email: string; organizationName: string }) {
  return (
    <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-5 text-emerald-900">
      <h2 className="text-lg font-semibold">Check your email</h2>
      <p className="mt-2 text-sm">
        {organizationName} already has your details on file. We&apos;ve sent a link to your personalized quotes to <span className="font-medium">{email}</span>, and your agent will see the
        details you entered.
      </p>
    </div>
  );
}

