"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { PhoneInput } from "@/components/ui/phone-input";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";
import { EMAIL_STATUS_TONE, useEmailAvailability } from "@/components/accounts/use-email-availability";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { signupSchema, type SignupInput, type SignupResponse, type SignupValues } from "@/lib/accounts/signup-schema";
import { phoneDigits } from "@/lib/phone/phone";
import { apiCall } from "@/lib/api/browser-client";

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
    const result = await apiCall<SignupResponse>("/api/organizations", { method: "POST", body: values });
    if (result.ok) {
      setSentTo(values.email);
      return;
    }
    if (result.status === 422) {
      setServerFieldErrors(result.fields, FIELD_NAMES, setError);
      setFormError(SIGNUP_MESSAGES.invalid);
    } else if (result.status > 0 && result.status < 500 && result.message) {
      setFormError(result.message);
    } else {
      setFormError(SIGNUP_MESSAGES.failed);
    }
  };

  const onInvalid = () => setFormError(SIGNUP_MESSAGES.invalid);

  if (sentTo) {
    return (
      <div
        className="mx-auto w-full max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100 sm:p-8"
        data-frame={frame}
      >
        <div role="status" className="text-center">
          <h1 ref={successHeading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
            Check your email
          </h1>
          <p className="mt-3 text-sm text-gray-600">
            We sent a link to <strong className="font-semibold text-gray-900">{sentTo}</strong>. Click the link in that
            email to continue.
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
  const emailInvalid =
    Boolean(emailServerError) || (showAvailability ? availability.status === "invalid" : Boolean(errors.email));
  const canSubmit = isValid && availability.canProceed && !isSubmitting;

  return (
    <div
      className="mx-auto w-full max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100 sm:p-8"
      data-frame={frame}
    >
      <h1 className="text-center text-2xl font-bold tracking-tight">Get Started</h1>
      <p className="mt-2 text-center text-sm text-gray-600">
        Create your agency&apos;s account. We&apos;ll email you a sign-in link.
      </p>

      <form className="mt-6 space-y-4" noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={isSubmitting}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="signup-firstName" label="First Name" error={fieldError("firstName")}>
            {(props) => <Input {...props} type="text" autoComplete="given-name" {...register("firstName")} />}
          </Field>
          <Field id="signup-lastName" label="Last Name" error={fieldError("lastName")}>
            {(props) => <Input {...props} type="text" autoComplete="family-name" {...register("lastName")} />}
          </Field>
        </div>

        <Field id="signup-organizationName" label="Organization Name" error={fieldError("organizationName")}>
          {(props) => <Input {...props} type="text" autoComplete="organization" {...register("organizationName")} />}
        </Field>

        <div>
          <Field id="signup-email" label="Email" describedBy="signup-email-status">
            {(props) => (
              <Input
                {...props}
                type="email"
                autoComplete="email"
                inputMode="email"
                spellCheck={false}
                aria-invalid={emailInvalid || undefined}
                {...register("email")}
              />
            )}
          </Field>
          <div
            id="signup-email-status"
            aria-live="polite"
            className={`mt-1 flex min-h-5 items-center gap-2 text-sm ${emailTone}`}
          >
            {availability.status === "checking" && !emailServerError ? (
              <span aria-hidden="true">
                <Spinner className="h-3.5 w-3.5" label="" />
              </span>
            ) : null}
            {emailMessage ? <span>{emailMessage}</span> : null}
            {availability.status === "error" && !emailServerError ? (
              <Button variant="link" onClick={availability.recheck}>
                Try again
              </Button>
            ) : null}
          </div>
        </div>

        <Field id="signup-phone" label="Phone" error={fieldError("phone")}>
          {(props) => <PhoneInput {...props} control={control} name="phone" autoComplete="tel-national" />}
        </Field>

        {formError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        ) : null}

        <Button type="submit" fullWidth disabled={!canSubmit} loading={isSubmitting} loadingLabel="Creating Account...">
          Get Started
        </Button>
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
