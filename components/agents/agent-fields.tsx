"use client";

import type { ReactNode } from "react";
import { Controller, useFormContext, type FieldErrors } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PhoneInput } from "@/components/ui/phone-input";

/** The fields both agent forms render (their schemas, in lib/agents/agent-schema.ts, carry more). */
export type AgentFieldValues = {
  firstName: string;
  lastName: string;
  email: string;
  /** Digits only, at most 10; shown as (XXX) XXX-XXXX. */
  phone: string;
  isAdmin?: boolean;
  isAgent?: boolean;
};

export const EMPTY_AGENT_FIELDS = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  isAdmin: false,
  isAgent: true,
} satisfies AgentFieldValues;

export type AgentFieldsProps = {
  /** Prefix for element ids: each form on the page has its own. */
  idPrefix: string;
  disabled?: boolean;
  /** Rendered under the email input (the availability check), with id `${idPrefix}-email-status`. */
  emailStatus?: ReactNode;
  emailInvalid?: boolean;
};

/**
 * First Name, Last Name, Email, Phone and the Admin / Agent role checkboxes, inside a react-hook-form
 * FormProvider. A field the schema refused is marked invalid; the words are the form's one message
 * (§5), except the server's own words for a field (a taken address), shown under it.
 */
export function AgentFields({ idPrefix, disabled = false, emailStatus, emailInvalid = false }: AgentFieldsProps) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<AgentFieldValues>();
  const id = (name: string) => `${idPrefix}-${name}`;
  const serverError = (name: keyof AgentFieldValues) => serverMessage(errors, name);
  const invalid = (name: keyof AgentFieldValues) => (errors[name] ? true : undefined);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("firstName")} label="First Name" error={serverError("firstName")}>
          {(props) => (
            <Input
              {...props}
              aria-invalid={invalid("firstName")}
              type="text"
              autoComplete="off"
              disabled={disabled}
              {...register("firstName")}
            />
          )}
        </Field>
        <Field id={id("lastName")} label="Last Name" error={serverError("lastName")}>
          {(props) => (
            <Input
              {...props}
              aria-invalid={invalid("lastName")}
              type="text"
              autoComplete="off"
              disabled={disabled}
              {...register("lastName")}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Field
            id={id("email")}
            label="Email"
            error={serverError("email")}
            describedBy={emailStatus ? id("email-status") : undefined}
          >
            {(props) => (
              <Input
                {...props}
                type="email"
                inputMode="email"
                autoComplete="off"
                spellCheck={false}
                disabled={disabled}
                aria-invalid={emailInvalid || invalid("email")}
                {...register("email")}
              />
            )}
          </Field>
          {emailStatus}
        </div>
        <Field id={id("phone")} label="Phone" error={serverError("phone")}>
          {(props) => (
            <PhoneInput
              {...props}
              control={control}
              name="phone"
              aria-invalid={invalid("phone")}
              autoComplete="off"
              disabled={disabled}
            />
          )}
        </Field>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">Roles</legend>
        <div className="flex flex-wrap gap-x-6">
          {(["isAdmin", "isAgent"] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <Checkbox
                  id={id(name)}
                  label={name === "isAdmin" ? "Admin" : "Agent"}
                  ref={field.ref}
                  name={field.name}
                  checked={Boolean(field.value)}
                  disabled={disabled}
                  onBlur={field.onBlur}
                  onChange={(checked) => field.onChange(checked)}
                />
              )}
            />
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/** The server's own words for a field (set with setError(name, { type: "server" })). */
function serverMessage(errors: FieldErrors<AgentFieldValues>, name: keyof AgentFieldValues): string | undefined {
  const error = errors[name];
  return error?.type === "server" ? error.message : undefined;
}
