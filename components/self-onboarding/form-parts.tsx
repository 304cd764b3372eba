"use client";

import type { ComponentProps, InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes } from "react";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field, FieldError } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { PhoneDigitsInput } from "@/components/ui/phone-input";
import { CURRENT_CARRIER_CHOICES } from "@/lib/self-onboarding/self-onboarding-schema";
import { brandFillStyle } from "@/lib/organizations/brand-contrast";

/** The label, hint and error of a self-service field (components/ui/field.tsx wires them to the control). */
type FieldText = { label: string; required?: boolean; error?: string | null; hint?: ReactNode };

/**
 * A ChoiceGroup bound to one field of a react-hook-form form (`field`): its value and changes go through the
 * form, so the three sign-up forms do not each wire a Controller by hand.
 */
export function ChoiceField<F extends FieldValues, Output>({
  control,
  field,
  ...group
}: Omit<ComponentProps<typeof ChoiceGroup>, "value" | "onChange"> & {
  control: Control<F, unknown, Output>;
  field: Path<F>;
}) {
  return (
    <Controller
      control={control}
      name={field}
      render={({ field: bound }) => <ChoiceGroup {...group} value={bound.value} onChange={bound.onChange} />}
    />
  );
}

type GenderTobaccoValues = { gender: "M" | "F" | ""; tobacco: "yes" | "no" | "" };

/**
 * The Gender and Tobacco User choices (both required) that every sign-up form asks, bound to the form's
 * `gender` and `tobacco` fields; `tobaccoFirst` for the quote form, which asks tobacco first.
 */
export function GenderTobaccoFields<F extends FieldValues & GenderTobaccoValues, Output>({
  control,
  uid,
  errors,
  disabled,
  color,
  tobaccoFirst = false,
}: {
  control: Control<F, unknown, Output>;
  /** useId() of the form: the radio groups' names. */
  uid: string;
  errors: { gender?: { message?: string }; tobacco?: { message?: string } };
  disabled: boolean;
  color: string;
  tobaccoFirst?: boolean;
}) {
  const choices = [
    { field: "gender", legend: "Gender", options: GENDER_OPTIONS },
    { field: "tobacco", legend: "Tobacco User", options: YES_NO_OPTIONS },
  ] as const;
  return (
    <>
      {(tobaccoFirst ? [...choices].reverse() : choices).map((choice) => (
        <ChoiceField
          key={choice.field}
          control={control}
          field={choice.field as Path<F>}
          legend={choice.legend}
          name={`${uid}-${choice.field}`}
          required
          options={choice.options}
          error={errors[choice.field]?.message}
          disabled={disabled}
          color={color}
        />
      ))}
    </>
  );
}

/**
 * Two or more buttons-as-radios (Yes/No, Male/Female): large brand-coloured tiles on a phone, real radios
 * underneath (arrow keys, a named group), the error read with the group.
 */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  required,
  error,
  disabled,
  color,
}: {
  legend: string;
  name: string;
  value: T | "";
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  required?: boolean;
  error?: string | null;
  disabled?: boolean;
  color: string;
}) {
  return (
    <fieldset aria-invalid={Boolean(error)} aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 block text-sm font-medium text-gray-800">
        {legend}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => {
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              className={`flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2 ${checked ? "" : "border-gray-500 bg-white text-gray-800"} ${error && !checked ? "border-red-700" : ""}`}
              style={checked ? { ...brandFillStyle(color), borderColor: color } : undefined}
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={option.value}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(option.value)}
              />
              {option.label}
            </label>
          );
        })}
      </div>
      <FieldError id={`${name}-error`} error={error} />
    </fieldset>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700 ring-1 ring-red-200">
      {message}
    </p>
  );
}

/** A full-screen overlay while the form is busy (submitting, generating the quote). */
export function BusyOverlay({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-white/80 px-6 backdrop-blur-sm"
      role="status"
      aria-live="polite"
    >
      <div className="flex flex-col items-center gap-3 text-center">
        <Spinner className="h-8 w-8 text-brand-600" label="" />
        <p className="text-base font-medium text-gray-800">{message}</p>
      </div>
    </div>
  );
}

/** The form's one action, in the agency's colour. */
export function SubmitButton({
  label,
  busyLabel,
  busy,
  disabled,
  color,
}: {
  label: string;
  busyLabel: string | null;
  busy: boolean;
  disabled?: boolean;
  color: string;
}) {
  return (
    <Button
      type="submit"
      size="lg"
      fullWidth
      loading={busy}
      loadingLabel={busyLabel ?? undefined}
      disabled={disabled}
      className="text-base disabled:opacity-50"
      style={brandFillStyle(color)}
    >
      {label}
    </Button>
  );
}

/** After a signup with an address already on file: the quote link went to that inbox, not to this page. */
export function QuoteLinkEmailed({ email, organizationName }: { email: string; organizationName: string }) {
  return (
    <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-5 text-emerald-900">
      <h2 className="text-lg font-semibold">Check your email</h2>
      <p className="mt-2 text-sm">
        {organizationName} already has your details on file. We&apos;ve sent a link to your personalized quotes to{" "}
        <span className="font-medium">{email}</span>, and your agent will see the details you entered.
      </p>
    </div>
  );
}

/** A text-like input in a Field (spread react-hook-form's register() into it). */
export function TextField({
  label,
  required,
  error,
  hint,
  ...input
}: FieldText & Omit<InputHTMLAttributes<HTMLInputElement>, "required"> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <Field label={label} required={required} error={error} hint={hint}>
      {(control) => <Input {...control} {...input} />}
    </Field>
  );
}

/** A 10-digit US phone number, kept as digits and shown as (xxx) xxx-xxxx (give it a react-hook-form Controller's field). */
export function PhoneField({
  label,
  required = true,
  error,
  disabled,
  field,
}: FieldText & {
  disabled?: boolean;
  field: {
    name: string;
    value: string;
    onChange: (digits: string) => void;
    onBlur: () => void;
    ref: Ref<HTMLInputElement>;
  };
}) {
  return (
    <Field label={label} required={required} error={error}>
      {(control) => (
        <PhoneDigitsInput
          {...control}
          autoComplete="tel-national"
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          digits={field.value ?? ""}
          disabled={disabled}
          onDigitsChange={field.onChange}
        />
      )}
    </Field>
  );
}

export const GENDER_OPTIONS: { value: "M" | "F"; label: string }[] = [
  { value: "M", label: "Male" },
  { value: "F", label: "Female" },
];

export const YES_NO_OPTIONS: { value: "yes" | "no"; label: string }[] = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

/** The current-carrier select: the supported carriers, then one catch-all choice (spread register() into it). */
export function CarrierSelect({
  error,
  otherValue,
  otherLabel,
  ...select
}: { error?: string | null; otherValue: string; otherLabel: string } & SelectHTMLAttributes<HTMLSelectElement> & {
    ref?: Ref<HTMLSelectElement>;
  }) {
  return (
    <Field label="Current Carrier" required error={error}>
      {(control) => (
        <Select {...control} {...select}>
          <option value="">Select your carrier</option>
          {CURRENT_CARRIER_CHOICES.map((carrier) => (
            <option key={carrier} value={carrier}>
              {carrier}
            </option>
          ))}
          <option value={otherValue}>{otherLabel}</option>
        </Select>
      )}
    </Field>
  );
}
