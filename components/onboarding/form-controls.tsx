"use client";

import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";

export const inputClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500";

export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-600">
      {message}
    </p>
  );
}

export function StepHeader({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <header className="mb-6">
      <h2 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h2>
      {subtitle ? <p className="mt-1 text-sm text-gray-600">{subtitle}</p> : null}
    </header>
  );
}

export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700 ring-1 ring-red-100">
      {message}
    </p>
  );
}

/** The primary button of a step: 'Continue', or 'Saving...' with a spinner while busy. */
export function ContinueButton({ disabled, saving, label = "Continue", onClick, type = "submit" }: { disabled: boolean; saving: boolean; label?: string; onClick?: () => void; type?: "submit" | "button" }) {
  return (
    <button
      type={type}
      onClick={onClick}
      disabled={disabled || saving}
      className="inline-flex min-w-32 items-center justify-center gap-2 rounded-md bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
    >
      {saving ? (
        <>
          <Spinner className="h-4 w-4" label="Saving" />
          Saving...
        </>
      ) : (
        label
      )}
    </button>
  );
}
