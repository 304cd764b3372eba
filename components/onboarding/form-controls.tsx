"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

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
    <Button type={type} onClick={onClick} disabled={disabled} loading={saving} loadingLabel="Saving..." className="min-w-32">
      {label}
    </Button>
  );
}
