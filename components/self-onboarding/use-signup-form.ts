"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch, type FieldErrors } from "react-hook-form";
import { useChallenge } from "@/components/challenge/use-challenge";
import { signupThenGenerateQuote } from "@/components/self-onboarding/self-onboarding-api";
import { useZipLocation } from "@/components/self-onboarding/use-zip-location";
import {
  EMPTY_SIGNUP_FORM,
  isRequiredMessage,
  SELF_SERVICE_MESSAGES,
  signupBody,
  signupFormSchema,
  type SelfServiceSignupValues,
  type SignupFormContext,
  type SignupFormValues,
} from "@/lib/self-onboarding/self-onboarding-schema";
import type { ZipLookup } from "@/lib/zip/zip-schema";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";

export type SignupStage = "idle" | "signing-up" | "generating" | "done";

/**
 * The two signup forms' state (self-onboarding, quote intake): react-hook-form on the route's own schema
 * (signupFormSchema), the ZIP lookup, the proof-of-work, then signup → generate-quote → the compare page.
 * The server's field errors land on the fields; its message, or the spec's, above the button.
 */
export function useSignupForm({
  context,
  defaultValues,
  requiredMessage,
  zipLookup = null,
  navigate,
  now,
}: {
  context: Omit<SignupFormContext, "state" | "county">;
  defaultValues?: Partial<SignupFormValues>;
  /** The prefilled ZIP as the page looked it up (not asked for again). */
  zipLookup?: ZipLookup | null;
  /** The form-level message when a required field is empty (the spec's words differ per form). */
  requiredMessage: string;
  navigate: (url: string) => void;
  now: () => Date;
}) {
  const form = useForm<SignupFormValues, unknown, SelfServiceSignupValues>({
    // The ZIP's state and county do not change what is valid; they are added when the body is sent.
    resolver: zodResolver(signupFormSchema({ ...context, state: null, county: null }, now())),
    defaultValues: { ...EMPTY_SIGNUP_FORM, ...defaultValues },
  });
  const zip = useWatch({ control: form.control, name: "zipCode" }) ?? "";
  const location = useZipLocation(zip, "", zipLookup);
  // Proof-of-work, solved while the form is filled in (docs/security.md "Public forms").
  const challenge = useChallenge("self-signup");
  const [stage, setStage] = useState<SignupStage>("idle");
  const [formError, setFormError] = useState<string | null>(null);
  const [emailedTo, setEmailedTo] = useState<string | null>(null);

  const onValid = async () => {
    setFormError(null);
    // A ZIP the lookup did not place: the field says why ("Invalid zip code"), the form says what it means.
    if (!location.state) {
      form.setError("zipCode", { type: "lookup", message: location.error ?? SELF_SERVICE_MESSAGES.noState });
      setFormError(SELF_SERVICE_MESSAGES.noState);
      return;
    }
    const body = signupBody(form.getValues(), { ...context, state: location.state, county: location.county });
    const result = await signupThenGenerateQuote(body, setStage, () => challenge.take());
    if (!result.ok) {
      setServerFieldErrors(result.fields, Object.keys(EMPTY_SIGNUP_FORM) as (keyof SignupFormValues)[], form.setError);
      setFormError(result.message);
      setStage("idle");
      return;
    }
    if (result.emailedTo !== undefined) {
      setStage("idle");
      setEmailedTo(result.emailedTo);
      return;
    }
    setStage("done");
    navigate(result.redirectUrl);
  };

  const onInvalid = (errors: FieldErrors<SignupFormValues>) => {
    const messages = Object.values(errors).flatMap((error) => (error?.message ? [error.message] : []));
    setFormError(messages.some(isRequiredMessage) ? requiredMessage : (messages[0] ?? requiredMessage));
  };

  return {
    form,
    zip,
    location,
    challenge,
    stage,
    busy: stage !== "idle" || form.formState.isSubmitting,
    formError,
    emailedTo,
    submit: form.handleSubmit(onValid, onInvalid),
    /** The ZIP field's change: re-checked at once after a first submit. */
    setZip: (value: string) => form.setValue("zipCode", value, { shouldValidate: form.formState.isSubmitted }),
  };
}
