"use client";

import type { ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { formatPhone, nextPhoneDigits } from "@/lib/accounts/signup-schema";

export type AgentFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  /** Digits only, at most 10; shown as (XXX) XXX-XXXX. */
  phone: string;
  isAdmin: boolean;
  isAgent: boolean;
};

export const EMPTY_AGENT_FORM: AgentFormValues = { firstName: "", lastName: "", email: "", phone: "", isAdmin: false, isAgent: true };

export type AgentFieldsProps = {
  /** Prefix for element ids: each form on the page has its own. */
  idPrefix: string;
  values: AgentFormValues;
  onChange: (values: AgentFormValues) => void;
  disabled?: boolean;
  /** Rendered under the email input (the availability check), with id `${idPrefix}-email-status`. */
  emailStatus?: ReactNode;
  emailInvalid?: boolean;
};

/** First Name, Last Name, Email, Phone and the Admin / Agent role checkboxes, as controlled inputs. */
export function AgentFields({ idPrefix, values, onChange, disabled = false, emailStatus, emailInvalid = false }: AgentFieldsProps) {
  const set = <K extends keyof AgentFormValues>(key: K, value: AgentFormValues[K]) => onChange({ ...values, [key]: value });
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("firstName")} label="First Name">
          {(control) => <Input {...control} type="text" autoComplete="off" value={values.firstName} disabled={disabled} onChange={(e) => set("firstName", e.target.value)} />}
        </Field>
        <Field id={id("lastName")} label="Last Name">
          {(control) => <Input {...control} type="text" autoComplete="off" value={values.lastName} disabled={disabled} onChange={(e) => set("lastName", e.target.value)} />}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Field id={id("email")} label="Email" describedBy={emailStatus ? id("email-status") : undefined}>
            {(control) => (
              <Input
                {...control}
                type="email"
                inputMode="email"
                autoComplete="off"
                spellCheck={false}
                value={values.email}
                disabled={disabled}
                aria-invalid={emailInvalid}
                onChange={(e) => set("email", e.target.value)}
              />
            )}
          </Field>
          {emailStatus}
        </div>
        <Field id={id("phone")} label="Phone">
          {(control) => (
            <Input
              {...control}
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              placeholder="(555) 555-5555"
              value={formatPhone(values.phone)}
              disabled={disabled}
              onChange={(e) => set("phone", nextPhoneDigits(values.phone, e.target.value, e.target.selectionStart))}
            />
          )}
        </Field>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">Roles</legend>
        <div className="flex flex-wrap gap-x-6">
          <Checkbox id={id("isAdmin")} label="Admin" checked={values.isAdmin} disabled={disabled} onChange={(checked) => set("isAdmin", checked)} />
          <Checkbox id={id("isAgent")} label="Agent" checked={values.isAgent} disabled={disabled} onChange={(checked) => set("isAgent", checked)} />
        </div>
      </fieldset>
    </div>
  );
}
