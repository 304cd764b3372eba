"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { ApiFailure } from "@/lib/api/browser-client";

/**
 * The form-level words for a failed save: the first field problem of a 422 (the field shows it too), else the
 * server's own message, else `fallback` (no answer, or a server failure).
 */
export function saveFailureMessage(failure: ApiFailure, fallback: string): string {
  if (failure.status === 0 || failure.status >= 500) return fallback;
  const firstField = Object.values(failure.fields).find((list) => list && list.length)?.[0];
  if (failure.status === 422 && firstField) return firstField;
  return failure.message ?? fallback;
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
export function ContinueButton({
  disabled,
  saving,
  label = "Continue",
  onClick,
  type = "submit",
}: {
  disabled: boolean;
  saving: boolean;
  label?: string;
  onClick?: () => void;
  type?: "submit" | "button";
}) {
  return (
    <Button
      type={type}
      onClick={onClick}
      disabled={disabled}
      loading={saving}
      loadingLabel="Saving..."
      className="min-w-32"
    >
      {label}
    </Button>
  );
}
