"use client";

import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { Input, type InputProps } from "@/components/ui/input";
import { formatPhone, nextPhoneDigits } from "@/lib/phone/phone";

type NativeProps = Omit<InputProps, "value" | "onChange" | "type">;

export type PhoneDigitsInputProps = NativeProps & {
  /** The number as digits only (what the schemas check); shown as (555) 555-5555. */
  digits: string;
  onDigitsChange: (digits: string) => void;
};

/**
 * The one US phone number input: the value is digits only, the input shows them as (555) 555-5555 and
 * keeps the caret where the person typed (lib/phone/phone.ts nextPhoneDigits). Numeric keypad on phones.
 */
export function PhoneDigitsInput({ digits, onDigitsChange, ...props }: PhoneDigitsInputProps) {
  return (
    <Input
      type="tel"
      inputMode="numeric"
      placeholder="(555) 555-5555"
      {...props}
      value={formatPhone(digits)}
      onChange={(event) => onDigitsChange(nextPhoneDigits(digits, event.target.value, event.target.selectionStart))}
    />
  );
}

export type PhoneInputProps<T extends FieldValues, TContext, TTransformed extends FieldValues> = Omit<
  NativeProps,
  "name" | "onBlur" | "ref"
> & {
  // The form's own Control, whatever its resolver outputs (a schema may transform "" into null).
  control: Control<T, TContext, TTransformed>;
  name: FieldPath<T>;
};

/** PhoneDigitsInput bound to a react-hook-form field (the form keeps digits only). */
export function PhoneInput<T extends FieldValues, TContext = unknown, TTransformed extends FieldValues = T>({
  control,
  name,
  ...props
}: PhoneInputProps<T, TContext, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <PhoneDigitsInput
          {...props}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          digits={typeof field.value === "string" ? field.value : ""}
          onDigitsChange={field.onChange}
        />
      )}
    />
  );
}
