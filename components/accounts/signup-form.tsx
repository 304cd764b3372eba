"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { EMAIL_STATUS_TONE, useEmailAvailability } from "@/components/accounts/use-email-availability";
import { Spinner } from "@/components/ui/spinner";
import { formatPhone, nextPhoneDigits, phoneDigits, signupSchema, type SignupInput, type SignupValues } from "@/lib/accounts/signup-schema";

export const SIGNUP_MESSAGES = {
  invalid: "Please fill out all fields correctly",
  failed: "Something went wrong. Please try again.",
} as const;

export interface SignupPrefill {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
}

export interface SignupFormProps {
  prefill?: SignupPrefill;
  /** Onboarding frame (1–4) from the onboarding route; only carried as a data attribute. */
  frame?: number;
}

type FieldName = keyof SignupInput;
const FIELD_NAMES: readonly FieldName[] = ["firstName", "lastName", "organizationName", "email", "phone"];
type ErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string[] | undefined> } };

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm placeholder:text-gray-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-500";

export function SignupForm({ prefill, frame }: SignupFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<SignupInput, unknown, SignupValues>({
    resolver: zodResolver(signupSchema),
    mode: "onTouched",
    defaultValues: {
      firstName: prefill?.firstName?.trim() ?? "",
      lastName: prefill?.lastName?.trim() ?? "",
      organizationName: "",
      email: prefill?.email?.trim() ?? "",
      phone: phoneDigits(prefill?.phone ?? ""),
    },
  });
  const email = useWatch({ control, name: "email" }) ?? "";
  const availability = useEmailAvailability(email);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const successHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sentTo) successHeading.current?.focus();
  }, [sentTo]);

  const onValid = async (values: SignupValues) => {
    setFormError(null);
    try {
      const response = await fetch("/api/organizations", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(values),
      });
      const body = (await response.json().catch(() => null)) as (ErrorBody & { success?: boolean }) | null;
      if (response.ok && body?.success !== false) {
        setSentTo(values.email);
        return;
      }
      const serverMessage = body?.error?.message;
      if (response.status === 422) {
        for (const field of FIELD_NAMES) {
          const message = body?.error?.fields?.[field]?.[0];
          if (message) setError(field, { type: "server", message });
        }
        setFormError(SIGNUP_MESSAGES.invalid);
      } else if (response.status < 500 && serverMessage) {
        setFormError(serverMessage);
      } else {
        setFormError(SIGNUP_MESSAGES.failed);
      }
    } catch {
      setFormError(SIGNUP_MESSAGES.failed);
    }
  };

  const onInvalid = () => setFormError(SIGNUP_MESSAGES.invalid);

  if (sentTo) {
    return (
      <div className="mx-auto w-full max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100 sm:p-8" data-frame={frame}>
        <div role="status" className="text-center">
          <h1 ref={successHeading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
            Check your email
          </h1>
          <p className="mt-3 text-sm text-gray-600">
            We sent a link to <strong className="font-semibold text-gray-900">{sentTo}</strong>. Click the link in that email to
            continue.
          </p>
          <p className="mt-2 text-sm text-gray-600">Check your inbox and spam folder.</p>
        </div>
        <p className="mt-6 text-center text-sm text-gray-600">
          Didn&apos;t get it?{" "}
          <Link href="/login?activate=1" className="font-medium text-brand-600 hover:text-brand-700 hover:underline">
            Send a new link
          </Link>
        </p>
      </div>
    );
  }

  const fieldError = (name: FieldName) => errors[name]?.message;
  const showAvailability = availability.status !== "empty" && availability.status !== "pending";
  const emailServerError = errors.email?.type === "server" ? errors.email.message : undefined;
  const emailMessage = emailServerError ?? (showAvailability ? availability.message : fieldError("email"));
  const emailTone = emailServerError || !showAvailability ? "text-red-600" : EMAIL_STATUS_TONE[availability.status];
  const emailInvalid = Boolean(emailServerError) || (showAvailability ? availability.status === "invalid" : Boolean(errors.email));
  const canSubmit = isValid && availability.canProceed && !isSubmitting;

  const describedBy = (name: FieldName) => (fieldError(name) ? `signup-${name}-error` : undefined);

  return (
    <div className="mx-auto w-full max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100 sm:p-8" data-frame={frame}>
      <h1 className="text-center text-2xl font-bold tracking-tight">Get Started</h1>
      <p className="mt-2 text-center text-sm text-gray-600">Create your agency&apos;s account. We&apos;ll email you a sign-in link.</p>

      <form className="mt-6 space-y-4" noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={isSubmitting}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="signup-firstName" className="block text-sm font-medium text-gray-700">
              First Name
            </label>
            <input
              id="signup-firstName"
              type="text"
              autoComplete="given-name"
              className={inputClass}
              aria-invalid={Boolean(errors.firstName)}
              aria-describedby={describedBy("firstName")}
              {...register("firstName")}
            />
            <FieldError id="signup-firstName-error" message={fieldError("firstName")} />
          </div>
          <div>
            <label htmlFor="signup-lastName" className="block text-sm font-medium text-gray-700">
              Last Name
            </label>
            <input
              id="signup-lastName"
              type="text"
              autoComplete="family-name"
              className={inputClass}
              aria-invalid={Boolean(errors.lastName)}
              aria-describedby={describedBy("lastName")}
              {...register("lastName")}
            />
            <FieldError id="signup-lastName-error" message={fieldError("lastName")} />
          </div>
        </div>

        <div>
          <label htmlFor="signup-organizationName" className="block text-sm font-medium text-gray-700">
            Organization Name
          </label>
          <input
            id="signup-organizationName"
            type="text"
            autoComplete="organization"
            className={inputClass}
            aria-invalid={Boolean(errors.organizationName)}
            aria-describedby={describedBy("organizationName")}
            {...register("organizationName")}
          />
          <FieldError id="signup-organizationName-error" message={fieldError("organizationName")} />
        </div>

        <div>
          <label htmlFor="signup-email" className="block text-sm font-medium text-gray-700">
            Email
          </label>
          <input
            id="signup-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            className={inputClass}
            aria-invalid={emailInvalid}
            aria-describedby="signup-email-status"
            {...register("email")}
          />
          <div id="signup-email-status" aria-live="polite" className={`mt-1 flex min-h-5 items-center gap-2 text-sm ${emailTone}`}>
            {availability.status === "checking" && !emailServerError ? (
              <span aria-hidden="true">
                <Spinner className="h-3.5 w-3.5" label="" />
              </span>
            ) : null}
            {emailMessage ? <span>{emailMessage}</span> : null}
            {availability.status === "error" && !emailServerError ? (
              <button type="button" onClick={availability.recheck} className="font-medium text-brand-600 underline hover:text-brand-700">
                Try again
              </button>
            ) : null}
          </div>
        </div>

        <div>
          <label htmlFor="signup-phone" className="block text-sm font-medium text-gray-700">
            Phone
          </label>
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <input
                id="signup-phone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="(555) 555-5555"
                className={inputClass}
                aria-invalid={Boolean(errors.phone)}
                aria-describedby={describedBy("phone")}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={formatPhone(field.value ?? "")}
                onChange={(event) => field.onChange(nextPhoneDigits(field.value ?? "", event.target.value, event.target.selectionStart))}
              />
            )}
          />
          <FieldError id="signup-phone-error" message={fieldError("phone")} />
        </div>

        {formError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        ) : null}

        <button
          type="submit"
          disabled={!canSubmit}
          className="flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {isSubmitting ? (
            <>
              <span aria-hidden="true">
                <Spinner className="h-4 w-4" label="" />
              </span>
              Creating Account...
            </>
          ) : (
            "Get Started"
          )}
        </button>
      </form>

      <p className="mt-6 text-center text-sm text-gray-600">
        Already have an account?{" "}
        <Link href="/login" className="font-medium text-brand-600 hover:text-brand-700 hover:underline">
          Log in
        </Link>
      </p>
    </div>
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
