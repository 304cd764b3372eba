"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { ContinueButton, FormAlert, StepHeader } from "@/components/onboarding/form-controls";
import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OnboardingRequestError, postOnboarding } from "@/components/onboarding/onboarding-api";
import { formatPhone, nextPhoneDigits, phoneDigits } from "@/lib/accounts/signup-schema";
import { onboardingPersonalSchema, type OnboardingPersonalInput, type OnboardingPersonalValues } from "@/lib/onboarding/onboarding-schema";
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
    try {
      await postOnboarding("/api/profile", values, PROFILE_MESSAGES.saveFailed, "PUT");
      onSaved({ ...values, email: initial.email });
    } catch (error) {
      if (error instanceof OnboardingRequestError) {
        for (const field of FIELDS) {
          const message = error.fields[field]?.[0];
          if (message) setError(field, { type: "server", message });
        }
        setFormError(error.message);
      } else {
        setFormError(PROFILE_MESSAGES.saveFailed);
      }
    }
  };

  const field = (name: (typeof FIELDS)[number]) => ({
    id: `${id}-${name}`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-6" aria-busy={isSubmitting}>
      <StepHeader title={PERSONAL_STEP_TEXT.title} subtitle={PERSONAL_STEP_TEXT.subtitle} />

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-firstName`} className="block text-sm font-medium text-gray-700">
            First Name <span className="text-red-600">*</span>
          </label>
          <Input {...field("firstName")} type="text" autoComplete="given-name" className="mt-1" {...register("firstName")} />
          <FieldError id={`${id}-firstName-error`} error={errors.firstName?.message} />
        </div>

        <div>
          <label htmlFor={`${id}-lastName`} className="block text-sm font-medium text-gray-700">
            Last Name <span className="text-red-600">*</span>
          </label>
          <Input {...field("lastName")} type="text" autoComplete="family-name" className="mt-1" {...register("lastName")} />
          <FieldError id={`${id}-lastName-error`} error={errors.lastName?.message} />
        </div>

        <div>
          <label htmlFor={`${id}-email`} className="block text-sm font-medium text-gray-700">
            Email
          </label>
          <Input id={`${id}-email`} type="email" value={initial.email} readOnly aria-describedby={`${id}-email-note`} className="mt-1 bg-gray-50 text-gray-600" />
          <p id={`${id}-email-note`} className="mt-1 text-xs text-gray-500">
            {PERSONAL_STEP_TEXT.emailNote}
          </p>
        </div>

        <div>
          <label htmlFor={`${id}-phone`} className="block text-sm font-medium text-gray-700">
            Phone <span className="text-red-600">*</span>
          </label>
          <Controller
            control={control}
            name="phone"
            render={({ field: phone }) => (
              <Input
                {...field("phone")}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="(555) 555-5555"
                className="mt-1"
                name={phone.name}
                ref={phone.ref}
                onBlur={phone.onBlur}
                value={formatPhone(phone.value ?? "")}
                onChange={(event) => phone.onChange(nextPhoneDigits(phone.value ?? "", event.target.value, event.target.selectionStart))}
              />
            )}
          />
          <FieldError id={`${id}-phone-error`} error={errors.phone?.message} />
        </div>
      </div>

      <FormAlert message={formError} />

      <div className="flex justify-end">
        <ContinueButton disabled={!isValid} saving={isSubmitting} />
      </div>
    </form>
  );
}
