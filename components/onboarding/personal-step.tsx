"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { PhoneInput } from "@/components/ui/phone-input";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";
import { ContinueButton, FormAlert, saveFailureMessage, StepHeader } from "@/components/onboarding/form-controls";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { phoneDigits } from "@/lib/phone/phone";
import { apiCall } from "@/lib/api/browser-client";
import {
  onboardingPersonalSchema,
  type OnboardingPersonalInput,
  type OnboardingPersonalValues,
} from "@/lib/onboarding/onboarding-schema";
import { PROFILE_MESSAGES } from "@/lib/profile/profile-schema";

export type PersonalValues = { firstName: string; lastName: string; email: string; phone: string };

export type PersonalStepProps = {
  initial: PersonalValues;
  onSaved: (values: PersonalValues) => void;
};

export const PERSONAL_STEP_TEXT = {
  title: "Personal Details",
  subtitle: "Your name and phone number, as your clients and your team will see them.",
  emailNote: "The email you sign in with. It cannot be changed here.",
} as const;

const FIELDS = ["firstName", "lastName", "phone"] as const;

/**
 * Personal Details: the admin's first name, last name and phone (email shown, not editable), saved to
 * their own profile (PUT /api/profile). Continue is enabled once the values pass the signup rules.
 */
export function PersonalStep({ initial, onSaved }: PersonalStepProps) {
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<OnboardingPersonalInput, unknown, OnboardingPersonalValues>({
    resolver: zodResolver(onboardingPersonalSchema),
    mode: "onChange",
    defaultValues: { firstName: initial.firstName, lastName: initial.lastName, phone: phoneDigits(initial.phone) },
  });

  const onValid = async (values: OnboardingPersonalValues) => {
    setFormError(null);
    // The profile's answer is not read: the step only needs to know the save went through.
    const result = await apiCall<unknown>("/api/profile", { method: "PUT", body: values });
    if (result.ok) {
      onSaved({ ...values, email: initial.email });
      return;
    }
    setServerFieldErrors(result.fields, FIELDS, setError);
    setFormError(saveFailureMessage(result, PROFILE_MESSAGES.saveFailed));
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-6" aria-busy={isSubmitting}>
      <StepHeader title={PERSONAL_STEP_TEXT.title} subtitle={PERSONAL_STEP_TEXT.subtitle} />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-firstName`} label="First Name" required error={errors.firstName?.message}>
          {(props) => <Input {...props} type="text" autoComplete="given-name" {...register("firstName")} />}
        </Field>

        <Field id={`${id}-lastName`} label="Last Name" required error={errors.lastName?.message}>
          {(props) => <Input {...props} type="text" autoComplete="family-name" {...register("lastName")} />}
        </Field>

        <Field id={`${id}-email`} label="Email" hint={PERSONAL_STEP_TEXT.emailNote}>
          {(props) => <Input {...props} type="email" value={initial.email} readOnly />}
        </Field>

        <Field id={`${id}-phone`} label="Phone" required error={errors.phone?.message}>
          {(props) => <PhoneInput {...props} control={control} name="phone" autoComplete="tel-national" />}
        </Field>
      </div>

      <FormAlert message={formError} />

      <div className="flex justify-end">
        <ContinueButton disabled={!isValid} saving={isSubmitting} />
      </div>
    </form>
  );
}
