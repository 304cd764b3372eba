"use client";

import { Controller, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { Input, type InputProps } from "@/components/ui/input";
import { formatPhone, nextPhoneDigits } from "@/lib/phone/phone";

export type PhoneInputProps<T extends FieldValues> = Omit<
  InputProps,
  "name" | "value" | "onChange" | "onBlur" | "ref"
> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/**
 * A phone number field of a react-hook-form form: the form keeps digits only (what the schemas check), the
 * input shows them as (555) 555-5555 and keeps the caret where the visitor typed.
 */
export function PhoneInput<T extends FieldValues>({ control, name, ...props }: PhoneInputProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const digits = typeof field.value === "string" ? field.value : "";
        return (
          <Input
            type="tel"
            inputMode="numeric"
            placeholder="(555) 555-5555"
            {...props}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={formatPhone(digits)}
            onChange={(event) =>
              field.onChange(nextPhoneDigits(digits, event.target.value, event.target.selectionStart))
            }
          />
        );
      }}
    />
  );
}
