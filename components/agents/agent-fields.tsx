"use client";

import type { ReactNode } from "react";
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

export const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-gray-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-500 disabled:bg-gray-50";

export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50";

export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-md bg-white px-3 py-2 text-sm font-medium text-gray-700 shadow-sm ring-1 ring-gray-300 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50";

export const dangerButton =
  "inline-flex items-center justify-center gap-2 rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50";

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
        <div>
          <label htmlFor={id("firstName")} className="block text-sm font-medium text-gray-700">
            First Name
          </label>
          <input id={id("firstName")} type="text" autoComplete="off" className={inputClass} value={values.firstName} disabled={disabled} onChange={(e) => set("firstName", e.target.value)} />
        </div>
        <div>
          <label htmlFor={id("lastName")} className="block text-sm font-medium text-gray-700">
            Last Name
          </label>
          <input id={id("lastName")} type="text" autoComplete="off" className={inputClass} value={values.lastName} disabled={disabled} onChange={(e) => set("lastName", e.target.value)} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={id("email")} className="block text-sm font-medium text-gray-700">
            Email
          </label>
          <input
            id={id("email")}
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            className={inputClass}
            value={values.email}
            disabled={disabled}
            aria-invalid={emailInvalid}
            aria-describedby={emailStatus ? id("email-status") : undefined}
            onChange={(e) => set("email", e.target.value)}
          />
          {emailStatus}
        </div>
        <div>
          <label htmlFor={id("phone")} className="block text-sm font-medium text-gray-700">
            Phone
          </label>
          <input
            id={id("phone")}
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            placeholder="(555) 555-5555"
            className={inputClass}
            value={formatPhone(values.phone)}
            disabled={disabled}
            onChange={(e) => set("phone", nextPhoneDigits(values.phone, e.target.value, e.target.selectionStart))}
          />
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-gray-700">Roles</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          <label className="inline-flex items-center gap-2 text-sm text-gray-700">
            <input type="checkbox" className="h-4 w-4 rounded border-gray-300 accent-brand-600" checked={values.isAdmin} disabled={disabled} onChange={(e) => set("isAdmin", e.target.checked)} />
            Admin
          </label>
          <label className="inline-flex items-center gap-2 text-sm text-gray-700">
            <input type="checkbox" className="h-4 w-4 rounded border-gray-300 accent-brand-600" checked={values.isAgent} disabled={disabled} onChange={(e) => set("isAgent", e.target.checked)} />
            Agent
          </label>
        </div>
      </fieldset>
    </div>
  );
}
