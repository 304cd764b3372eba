"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { PhoneInput } from "@/components/ui/phone-input";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import {
  waitlistSchema,
  type WaitlistInput,
  type WaitlistResponse,
  type WaitlistValues,
} from "@/lib/accounts/signup-schema";
import { apiCall } from "@/lib/api/browser-client";

export const WAITLIST_MESSAGES = {
  success: "Thanks for joining! We'll be in touch soon.",
  invalid: "Please fill out all fields correctly.",
  failed: "Failed to submit form. Please try again.",
} as const;

type FieldName = keyof WaitlistInput;
const FIELD_NAMES: readonly FieldName[] = ["name", "email", "phone", "numAgents", "bookSize"];

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
    const result = await apiCall<WaitlistResponse>("/api/waitlist", { method: "POST", body: values });
    if (result.ok) {
      setJoined(true);
      return;
    }
    if (result.status === 422) {
      setServerFieldErrors(result.fields, FIELD_NAMES, setError);
      setFormError(WAITLIST_MESSAGES.invalid);
    } else if (result.status === 429 && result.message) {
      setFormError(result.message);
    } else {
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

  return (
    <div className="mx-auto w-full max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100 sm:p-8">
      <h1 className="text-center text-2xl font-bold tracking-tight">Join the Waitlist</h1>
      <p className="mt-2 text-center text-sm text-gray-600">
        Tell us about your agency and we&apos;ll reach out when a spot opens.
      </p>

      <form className="mt-6 space-y-4" noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={isSubmitting}>
        <Field id="waitlist-name" label="Name" error={fieldError("name")}>
          {(props) => <Input {...props} type="text" autoComplete="name" {...register("name")} />}
        </Field>

        <Field id="waitlist-email" label="Email" error={fieldError("email")}>
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              {...register("email")}
            />
          )}
        </Field>

        <Field id="waitlist-phone" label="Phone" error={fieldError("phone")}>
          {(props) => <PhoneInput {...props} control={control} name="phone" autoComplete="tel-national" />}
        </Field>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="waitlist-numAgents" label="Number of agents" error={fieldError("numAgents")}>
            {(props) => (
              <Input {...props} type="number" inputMode="numeric" min={1} step={1} {...register("numAgents")} />
            )}
          </Field>
          <Field id="waitlist-bookSize" label="Book size (clients)" error={fieldError("bookSize")}>
            {(props) => (
              <Input {...props} type="number" inputMode="numeric" min={1} step={1} {...register("bookSize")} />
            )}
          </Field>
        </div>

        {formError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        ) : null}

        <Button type="submit" fullWidth loading={isSubmitting} loadingLabel="Joining...">
          Join Waitlist
        </Button>
      </form>
    </div>
  );
}
