"use client";

import type { HTMLInputTypeAttribute, ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { formatPhone, nextPhoneDigits } from "@/lib/accounts/signup-schema";
import { CURRENT_CARRIER_CHOICES } from "@/lib/self-service/self-service-schema";
import { readableTextOn } from "@/lib/organizations/brand-contrast";

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
              className={`flex cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${checked ? "" : "border-gray-300 bg-white text-gray-800"} ${error && !checked ? "border-red-500" : ""}`}
              style={checked ? { backgroundColor: color, borderColor: color, color: readableTextOn(color) } : undefined}
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
      className="inline-flex w-full items-center justify-center gap-2 rounded-md px-5 py-3 text-base font-semibold shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
      style={{ backgroundColor: color, color: readableTextOn(color) }}
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

type FieldControl = { id: string; label: string; error?: string | null; disabled?: boolean; required?: boolean; hint?: string };

/** A text-like input in a Field, wired for errors and hints. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  disabled,
  required,
  hint,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
}: FieldControl & { value: string; onChange: (value: string) => void; type?: HTMLInputTypeAttribute; autoComplete?: string; inputMode?: "numeric" | "decimal" | "email" | "tel" | "text"; placeholder?: string }) {
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint}>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        className={inputClass}
        value={value}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/** A 10-digit US phone number, typed as digits and shown as (xxx) xxx-xxxx. */
export function PhoneField({ id, label, digits, onDigits, error, disabled }: FieldControl & { digits: string; onDigits: (digits: string) => void }) {
  return (
    <Field id={id} label={label} required error={error}>
      <input
        id={id}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="(555) 555-5555"
        className={inputClass}
        value={formatPhone(digits)}
        disabled={disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, error)}
        onChange={(e) => onDigits(nextPhoneDigits(digits, e.target.value, e.target.selectionStart))}
      />
    </Field>
  );
}

export const GENDER_OPTIONS: { value: "M" | "F"; label: string }[] = [
  { value: "M", label: "Male" },
  { value: "F", label: "Female" },
];

export const YES_NO_OPTIONS: { value: "yes" | "no"; label: string }[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

/** The current-carrier select: the supported carriers, then one catch-all choice. */
export function CarrierSelect({ id, value, onChange, error, disabled, otherValue, otherLabel }: FieldControl & { value: string; onChange: (value: string) => void; otherValue: string; otherLabel: string }) {
  return (
    <Field id={id} label="Current Carrier" required error={error}>
      <select id={id} className={inputClass} value={value} disabled={disabled} aria-invalid={Boolean(error)} aria-describedby={describedBy(id, error)} onChange={(e) => onChange(e.target.value)}>
        <option value="">Select your carrier</option>
        {CURRENT_CARRIER_CHOICES.map((carrier) => (
          <option key={carrier} value={carrier}>
            {carrier}
          </option>
        ))}
        <option value={otherValue}>{otherLabel}</option>
      </select>
    </Field>
  );
}

