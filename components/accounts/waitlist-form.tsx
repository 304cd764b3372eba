"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Spinner } from "@/components/ui/spinner";
import { formatPhone, nextPhoneDigits, waitlistSchema, type WaitlistInput, type WaitlistValues } from "@/lib/accounts/signup-schema";

export const WAITLIST_MESSAGES = {
  success: "Thanks for joining! We'll be in touch soon.",
  invalid: "Please fill out all fields correctly.",
  failed: "Failed to submit form. Please try again.",
} as const;

type FieldName = keyof WaitlistInput;
const FIELD_NAMES: readonly FieldName[] = ["name", "email", "phone", "numAgents", "bookSize"];
type ErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string[] | undefined> } };

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm placeholder:text-gray-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-500";

export function WaitlistForm() {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WaitlistInput, unknown, WaitlistValues>({
    resolver: zodResolver(waitlistSchema),
    mode: "onTouched",
    defaultValues: { name: "", email: "", phone: "", numAgents: "", bookSize: "" },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [joined, setJoined] = useState(false);

  const onValid = async (values: WaitlistValues) => {
    setFormError(null);
    try {
      const response = await fetch("/api/waitlist", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(values),
      });
      const body = (await response.json().catch(() => null)) as (ErrorBody & { success?: boolean }) | null;
      if (response.ok && body?.success !== false) {
        setJoined(true);
        return;
      }
      if (response.status === 422) {
        for (const field of FIELD_NAMES) {
          const message = body?.error?.fields?.[field]?.[0];
          if (message) setError(field, { type: "server", message });
        }
        setFormError(WAITLIST_MESSAGES.invalid);
      } else if (response.status === 429 && body?.error?.message) {
        setFormError(body.error.message);
      } else {
        setFormError(WAITLIST_MESSAGES.failed);
      }
    } catch {
      setFormError(WAITLIST_MESSAGES.failed);
    }
  };

  const onInvalid = () => setFormError(WAITLIST_MESSAGES.invalid);

  if (joined) {
    return (
      <div className="mx-auto w-full max-w-md rounded-lg bg-white p-6 text-center shadow-sm ring-1 ring-gray-100 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">Join the Waitlist</h1>
        <p role="status" className="mt-4 rounded-md bg-green-50 px-3 py-3 text-sm font-medium text-green-800">
          {WAITLIST_MESSAGES.success}
        </p>
      </div>
    );
  }

  const fieldError = (name: FieldName) => errors[name]?.message;
  const fieldProps = (name: FieldName) => ({
    id: `waitlist-${name}`,
    className: inputClass,
    "aria-invalid": Boolean(errors[name]),
    "aria-describedby": errors[name] ? `waitlist-${name}-error` : undefined,
  });

  return (
    <div className="mx-auto w-full max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100 sm:p-8">
      <h1 className="text-center text-2xl font-bold tracking-tight">Join the Waitlist</h1>
      <p className="mt-2 text-center text-sm text-gray-600">Tell us about your agency and we&apos;ll reach out when a spot opens.</p>

      <form className="mt-6 space-y-4" noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={isSubmitting}>
        <div>
          <Label htmlFor="waitlist-name">Name</Label>
          <input type="text" autoComplete="name" {...fieldProps("name")} {...register("name")} />
          <FieldError id="waitlist-name-error" message={fieldError("name")} />
        </div>

        <div>
          <Label htmlFor="waitlist-email">Email</Label>
          <input type="email" autoComplete="email" inputMode="email" spellCheck={false} {...fieldProps("email")} {...register("email")} />
          <FieldError id="waitlist-email-error" message={fieldError("email")} />
        </div>

        <div>
          <Label htmlFor="waitlist-phone">Phone</Label>
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <input
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="(555) 555-5555"
                {...fieldProps("phone")}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={formatPhone(field.value ?? "")}
                onChange={(event) => field.onChange(nextPhoneDigits(field.value ?? "", event.target.value, event.target.selectionStart))}
              />
            )}
          />
          <FieldError id="waitlist-phone-error" message={fieldError("phone")} />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <Label htmlFor="waitlist-numAgents">Number of agents</Label>
            <input type="number" inputMode="numeric" min={1} step={1} {...fieldProps("numAgents")} {...register("numAgents")} />
            <FieldError id="waitlist-numAgents-error" message={fieldError("numAgents")} />
          </div>
          <div>
            <Label htmlFor="waitlist-bookSize">Book size (clients)</Label>
            <input type="number" inputMode="numeric" min={1} step={1} {...fieldProps("bookSize")} {...register("bookSize")} />
            <FieldError id="waitlist-bookSize-error" message={fieldError("bookSize")} />
          </div>
        </div>

        {formError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        ) : null}

        <button
          type="submit"
          disabled={isSubmitting}
          className="flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {isSubmitting ? (
            <>
              <span aria-hidden="true">
                <Spinner className="h-4 w-4" label="" />
              </span>
              Joining...
            </>
          ) : (
            "Join Waitlist"
          )}
        </button>
      </form>
    </div>
  );
}

function Label({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-gray-700">
      {children}
    </label>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600">
      {message}
    </p>
  );
}
