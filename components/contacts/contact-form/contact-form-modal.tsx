"use client";

import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { ModalFrame } from "@/components/ui/modal-frame";
import { Spinner } from "@/components/ui/spinner";
import { formatPhone, nextPhoneDigits } from "@/lib/accounts/signup-schema";
import { FORM_PLAN_TYPES, OTHER_CARRIER } from "@/lib/contacts/contact-fields";
import { CONTACT_MESSAGES, canSaveContactForm, isContactEmailFormatValid, type ContactDetail } from "@/lib/contacts/contact-schema";
import { countyLabel, ZIP_MESSAGES } from "@/lib/zip/zip-schema";
import { createContactRequest, updateContactRequest, type ContactPayload } from "@/components/contacts/contact-form/contact-api";
import { useContactEmailCheck } from "@/components/contacts/contact-form/use-contact-email-check";
import { useZipLookup } from "@/components/contacts/contact-form/use-zip-lookup";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";

/** An agent as GET /api/agents lists it (AgentView fits): the carriers feed the Current Carrier list. */
export type ContactFormAgent = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  carriers: string[];
  isDefault?: boolean;
};

export type ContactFormUser = { id: string; isAdmin: boolean };

export type ContactFormModalProps = {
  /** "add": Add New Client (with Assigned Agent, button Add Client); "edit": Edit Contact (button Save Changes). */
  mode: "add" | "edit";
  /** The contact to edit (GET /api/contacts/{id}); required in edit mode. */
  contact?: ContactDetail | null;
  /** The agents the user may choose (GET /api/agents → agents). */
  agents: ContactFormAgent[];
  currentUser: ContactFormUser;
  onClose: () => void;
  /** Called with the saved contact as the API answers it; the parent closes the modal. */
  onSaved: (contact: ContactDetail) => void;
  /** Overrides the heading ("Add New Client" / "Edit Contact"); the list page may say "Edit Client". */
  title?: string;
};

type FormValues = {
  firstName: string;
  lastName: string;
  email: string;
  /** Digits only, at most 10. */
  phone: string;
  contactOwnerId: string;
  currentCarrier: string;
  planType: string;
  effectiveDate: string;
  birthDate: string;
  tobaccoUser: boolean;
  gender: "" | "M" | "F";
  zipCode: string;
  countyFips: string;
  agentId: string;
};

type FieldName = keyof FormValues | "state" | "county";
type FieldErrors = Partial<Record<FieldName, string>>;


const SERVER_FIELDS: Record<string, FieldName> = { phoneNumber: "phone", countyFips: "county", county: "county", zipCode: "zipCode" };

const agentName = (agent: ContactFormAgent) => `${agent.firstName} ${agent.lastName}`.trim() || agent.email;

function initialValues(mode: "add" | "edit", contact: ContactDetail | null | undefined, agents: ContactFormAgent[], currentUser: ContactFormUser): FormValues {
  const listed = (id: string | null | undefined) => (id && agents.some((a) => a.id === id) ? id : "");
  if (mode === "edit" && contact) {
    return {
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      phone: (contact.phoneNumber ?? "").replace(/\D/g, "").slice(0, 10),
      contactOwnerId: contact.contactOwnerId ?? "",
      currentCarrier: contact.currentCarrier ?? "",
      planType: contact.planType ?? "",
      effectiveDate: contact.effectiveDate ?? "",
      birthDate: contact.birthDate ?? "",
      tobaccoUser: contact.tobaccoUser,
      gender: contact.gender ?? "",
      zipCode: contact.zipCode ?? "",
      countyFips: contact.countyFips ?? "",
      agentId: contact.agentId ?? "",
    };
  }
  // A new contact: an agent adds for themselves; with a single agent to choose from, that agent (§6).
  const agentId = !currentUser.isAdmin ? currentUser.id : agents.length === 1 ? agents[0]!.id : "";
  return {
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    contactOwnerId: listed(currentUser.id),
    currentCarrier: "",
    planType: "",
    effectiveDate: "",
    birthDate: "",
    tobaccoUser: false,
    gender: "",
    zipCode: "",
    countyFips: "",
    agentId,
  };
}

function Field({ id, label, required = false, error, hint, children }: { id: string; label: string; required?: boolean; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <div className="flex items-baseline gap-1">
        <label htmlFor={id} className="block text-sm font-medium text-gray-700">
          {label}
        </label>
        {required ? (
          <span aria-hidden="true" className="text-sm text-red-600">
            *
          </span>
        ) : null}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : hint ? (
        <div id={`${id}-hint`} className="mt-1 text-xs">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

function Choice({ legend, name, value, options, onChange, disabled }: { legend: string; name: string; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void; disabled: boolean }) {
  return (
    <fieldset>
      <legend className="block text-sm font-medium text-gray-700">{legend}</legend>
      <div className="mt-2 flex gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-md px-3 py-2 text-sm ring-1 transition ${
              value === option.value ? "bg-brand-50 font-semibold text-brand-700 ring-brand-500" : "bg-white text-gray-700 ring-gray-300 hover:bg-gray-50"
            }`}
          >
            <input type="radio" className="sr-only" name={name} value={option.value} checked={value === option.value} disabled={disabled} onChange={() => onChange(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Add New Client / Edit Contact (client-side.md §2, §4, §5). Save is enabled only when first name,
 * last name and email are filled in and the email is neither taken nor being checked; the email is
 * checked on blur (5 s timeout). A 5-digit ZIP looks up the state (read-only) and the counties (the
 * largest share first). Escape and Cancel close it (not while saving); focus returns to the opener.
 */
export function ContactFormModal({ mode, contact, agents, currentUser, onClose, onSaved, title }: ContactFormModalProps) {
  const [values, setValues] = useState<FormValues>(() => initialValues(mode, contact, agents, currentUser));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const firstInput = useRef<HTMLInputElement>(null);
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const isEdit = mode === "edit";
  const heading = title ?? (isEdit ? "Edit Contact" : "Add New Client");

  const emailCheck = useContactEmailCheck(values.email, { excludeId: isEdit ? contact?.id : null, originalEmail: isEdit ? contact?.email : null });
  const zip = useZipLookup(values.zipCode);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };

  // Current Carrier: the carriers of the contact's agent (the chosen one when adding), plus Other (§5).
  const carrierAgent =
    agents.find((a) => a.id === values.agentId) ??
    (isEdit ? undefined : agents.find((a) => a.isDefault)) ??
    agents.find((a) => a.id === currentUser.id);
  const carrierOptions = useMemo(() => {
    const list = [...new Set((carrierAgent?.carriers ?? []).filter((c) => c && c !== OTHER_CARRIER))].sort((a, b) => a.localeCompare(b));
    if (values.currentCarrier && values.currentCarrier !== OTHER_CARRIER && !list.includes(values.currentCarrier)) list.push(values.currentCarrier);
    return [...list, OTHER_CARRIER];
  }, [carrierAgent, values.currentCarrier]);
  const planOptions: string[] = values.planType && !(FORM_PLAN_TYPES as readonly string[]).includes(values.planType) ? [...FORM_PLAN_TYPES, values.planType] : [...FORM_PLAN_TYPES];

  const ownerOptions = agents.some((a) => a.id === values.contactOwnerId) || !values.contactOwnerId ? agents : [...agents, { id: values.contactOwnerId, firstName: contact?.contactOwner?.firstName ?? "Current owner", lastName: contact?.contactOwner?.lastName ?? "", email: contact?.contactOwner?.email ?? "", carriers: [] }];

  // State and county follow the ZIP; until the lookup answers, an unchanged ZIP keeps the stored state.
  const originalZip = isEdit ? (contact?.zipCode ?? "") : "";
  const counties = zip.status === "found" ? zip.data.countyDetails : [];
  const countyFips = counties.some((c) => c.fips === values.countyFips) ? values.countyFips : zip.status === "found" ? zip.data.defaultCounty.fips : "";
  const stateValue = zip.status === "found" ? zip.data.state : values.zipCode === originalZip ? (contact?.state ?? "") : "";
  const zipError = errors.zipCode ?? (zip.status === "error" ? zip.message : undefined);

  const canSave = canSaveContactForm(values, emailCheck.status) && !saving;

  function validate(): FieldErrors {
    const found: FieldErrors = {};
    if (!values.firstName.trim()) found.firstName = CONTACT_MESSAGES.firstNameRequired;
    if (!values.lastName.trim()) found.lastName = CONTACT_MESSAGES.lastNameRequired;
    if (!values.email.trim()) found.email = CONTACT_MESSAGES.emailRequired;
    else if (!isContactEmailFormatValid(values.email)) found.email = CONTACT_MESSAGES.invalidEmail;
    if (values.phone && values.phone.length !== 10) found.phone = CONTACT_MESSAGES.invalidPhone;
    if (values.zipCode && values.zipCode.length !== 5) found.zipCode = ZIP_MESSAGES.format;
    else if (zip.status === "error") found.zipCode = zip.message;
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    const found = validate();
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setFormError(CONTACT_MESSAGES.invalid);
      return;
    }
    setFormError(null);
    setSaving(true);
    const payload: ContactPayload = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      phoneNumber: values.phone || null,
      zipCode: values.zipCode || null,
      countyFips: values.zipCode ? countyFips || null : null,
      gender: values.gender || null,
      tobaccoUser: values.tobaccoUser,
      birthDate: values.birthDate || null,
      effectiveDate: values.effectiveDate || null,
      currentCarrier: values.currentCarrier || null,
      planType: values.planType || null,
      contactOwnerId: values.contactOwnerId || null,
      ...(isEdit ? {} : { agentId: values.agentId || null }),
    };
    const result = isEdit && contact ? await updateContactRequest(contact.id, payload, { zipUpdate: values.zipCode !== originalZip }) : await createContactRequest(payload);
    setSaving(false);
    if (result.ok) {
      onSaved(result.body.contact);
      return;
    }
    if (result.status === 409) {
      emailCheck.markTaken(values.email);
      setErrors({ email: CONTACT_MESSAGES.emailTaken });
      setFormError(null);
      return;
    }
    if (result.status === 422 || result.status === 400) {
      const next: FieldErrors = {};
      for (const [key, messages] of Object.entries(result.fields)) {
        const field = SERVER_FIELDS[key] ?? (key as FieldName);
        if (messages?.[0]) next[field] = messages[0];
      }
      setErrors(next);
      setFormError(result.message ?? CONTACT_MESSAGES.invalid);
      return;
    }
    if ((result.status === 403 || result.status === 404) && result.message) {
      setFormError(result.message);
      return;
    }
    setFormError(isEdit ? CONTACT_MESSAGES.updateFailed : CONTACT_MESSAGES.createFailed);
  }

  const emailHint =
    emailCheck.status === "checking" ? (
      <span className="inline-flex items-center gap-1 text-gray-500">
        <Spinner className="h-3 w-3" label="" />
        {emailCheck.message}
      </span>
    ) : emailCheck.status === "available" ? (
      <span className="text-green-700">{emailCheck.message}</span>
    ) : emailCheck.status === "taken" || emailCheck.status === "invalid" ? (
      <span className="text-red-600">{emailCheck.message}</span>
    ) : emailCheck.status === "timeout" || emailCheck.status === "error" ? (
      <span className="text-amber-700">{emailCheck.message}</span>
    ) : null;
  const emailInvalid = Boolean(errors.email) || emailCheck.status === "taken" || emailCheck.status === "invalid";

  const describedBy = (name: string, error?: string, hint?: unknown) => (error ? `${id(name)}-error` : hint ? `${id(name)}-hint` : undefined);
  const titleId = id("title");

  return (
    <ModalFrame open onClose={onClose} labelledBy={titleId} busy={saving} initialFocus={firstInput} className="max-w-2xl">
      <form onSubmit={submit} noValidate>
        <div className="flex items-start justify-between border-b border-gray-200 px-6 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-gray-900">
              {heading}
            </h2>
            <p className="mt-0.5 text-sm text-gray-500">Fields marked * are required.</p>
          </div>
          <button type="button" onClick={onClose} disabled={saving} className="rounded-md p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" aria-label="Close">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </button>
        </div>

        <div className="grid gap-4 px-6 py-5 sm:grid-cols-2">
          <Field id={id("firstName")} label="First Name" required error={errors.firstName}>
            <Input ref={firstInput} id={id("firstName")} type="text" autoComplete="off" value={values.firstName} disabled={saving} aria-invalid={Boolean(errors.firstName)} aria-describedby={describedBy("firstName", errors.firstName)} onChange={(e) => set("firstName", e.target.value)} />
          </Field>
          <Field id={id("lastName")} label="Last Name" required error={errors.lastName}>
            <Input id={id("lastName")} type="text" autoComplete="off" value={values.lastName} disabled={saving} aria-invalid={Boolean(errors.lastName)} aria-describedby={describedBy("lastName", errors.lastName)} onChange={(e) => set("lastName", e.target.value)} />
          </Field>
          <Field id={id("email")} label="Email" required error={errors.email && errors.email !== emailCheck.message ? errors.email : undefined} hint={emailHint}>
            <Input
              id={id("email")}
              type="email"
              autoComplete="off"
              value={values.email}
              disabled={saving}
              aria-invalid={emailInvalid}
              aria-describedby={describedBy("email", errors.email && errors.email !== emailCheck.message ? errors.email : undefined, emailHint)}
              onChange={(e) => set("email", e.target.value)}
              onBlur={(e) => emailCheck.check(e.target.value)}
            />
          </Field>
          <Field id={id("phone")} label="Phone Number" error={errors.phone}>
            <Input
              id={id("phone")}
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              placeholder="(555) 555-5555"
              value={formatPhone(values.phone)}
              disabled={saving}
              aria-invalid={Boolean(errors.phone)}
              aria-describedby={describedBy("phone", errors.phone)}
              onChange={(e) => set("phone", nextPhoneDigits(values.phone, e.target.value, e.target.selectionStart))}
            />
          </Field>
          <Field id={id("contactOwnerId")} label="Contact Owner" error={errors.contactOwnerId}>
            <Select id={id("contactOwnerId")} value={values.contactOwnerId} disabled={saving} onChange={(e) => set("contactOwnerId", e.target.value)}>
              <option value="">No owner</option>
              {ownerOptions.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agentName(agent)}
                  {agent.id === currentUser.id ? " (you)" : ""}
                </option>
              ))}
            </Select>
          </Field>
          {!isEdit ? (
            <Field id={id("agentId")} label="Assigned Agent" error={errors.agentId} hint={currentUser.isAdmin && !values.agentId ? <span className="text-gray-500">Unassigned contacts go to the default agent.</span> : undefined}>
              <Select id={id("agentId")} value={values.agentId} disabled={saving || !currentUser.isAdmin} onChange={(e) => set("agentId", e.target.value)}>
                <option value="">Select an Agent</option>
                {agents.map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agentName(agent)}
                    {agent.isDefault ? " (default)" : ""}
                  </option>
                ))}
              </Select>
            </Field>
          ) : null}
          <Field id={id("currentCarrier")} label="Current Carrier" error={errors.currentCarrier}>
            <Select id={id("currentCarrier")} value={values.currentCarrier} disabled={saving} onChange={(e) => set("currentCarrier", e.target.value)}>
              <option value="">Select a carrier</option>
              {carrierOptions.map((carrier) => (
                <option key={carrier} value={carrier}>
                  {carrier}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={id("planType")} label="Plan Type" error={errors.planType}>
            <Select id={id("planType")} value={values.planType} disabled={saving} onChange={(e) => set("planType", e.target.value)}>
              <option value="">Select a plan</option>
              {planOptions.map((plan) => (
                <option key={plan} value={plan}>
                  {plan}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={id("effectiveDate")} label="Effective Date" error={errors.effectiveDate}>
            <Input id={id("effectiveDate")} type="date" value={values.effectiveDate} disabled={saving} aria-invalid={Boolean(errors.effectiveDate)} onChange={(e) => set("effectiveDate", e.target.value)} />
          </Field>
          <Field id={id("birthDate")} label="Birth Date" error={errors.birthDate}>
            <Input id={id("birthDate")} type="date" value={values.birthDate} disabled={saving} aria-invalid={Boolean(errors.birthDate)} onChange={(e) => set("birthDate", e.target.value)} />
          </Field>
          <Choice
            legend="Tobacco User"
            name={id("tobacco")}
            value={values.tobaccoUser ? "yes" : "no"}
            options={[
              { value: "yes", label: "Yes" },
              { value: "no", label: "No" },
            ]}
            onChange={(value) => set("tobaccoUser", value === "yes")}
            disabled={saving}
          />
          <Choice
            legend="Gender"
            name={id("gender")}
            value={values.gender}
            options={[
              { value: "M", label: "Male" },
              { value: "F", label: "Female" },
            ]}
            onChange={(value) => set("gender", value as "M" | "F")}
            disabled={saving}
          />
          <Field id={id("zipCode")} label="ZIP Code" error={zipError} hint={zip.status === "loading" ? <span className="text-gray-500">Looking up ZIP code...</span> : undefined}>
            <Input
              id={id("zipCode")}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              placeholder="12345"
              value={values.zipCode}
              disabled={saving}
              aria-invalid={Boolean(zipError)}
              aria-describedby={describedBy("zipCode", zipError)}
              onChange={(e) => set("zipCode", e.target.value.replace(/\D/g, "").slice(0, 5))}
            />
          </Field>
          <Field id={id("state")} label="State">
            <Input id={id("state")} type="text" readOnly aria-readonly="true" tabIndex={-1} value={stateValue} placeholder="From ZIP code" />
          </Field>
          {counties.length > 1 ? (
            <Field id={id("county")} label="County" error={errors.county} hint={<span className="text-gray-500">This ZIP code spans {counties.length} counties.</span>}>
              <Select id={id("county")} value={countyFips} disabled={saving} onChange={(e) => set("countyFips", e.target.value)}>
                {counties.map((county) => (
                  <option key={county.fips} value={county.fips}>
                    {countyLabel(county, zip.status === "found" ? zip.data.state : "")}
                  </option>
                ))}
              </Select>
            </Field>
          ) : counties.length === 1 ? (
            <Field id={id("county")} label="County">
              <Input id={id("county")} type="text" readOnly aria-readonly="true" tabIndex={-1} value={countyLabel(counties[0]!, zip.status === "found" ? zip.data.state : "")} />
            </Field>
          ) : null}
        </div>

        {formError ? (
          <p role="alert" className="mx-6 mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        ) : null}

        <div className="flex flex-col-reverse gap-2 border-t border-gray-200 bg-gray-50 px-6 py-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSave}>
            {saving ? (
              <>
                <span aria-hidden="true">
                  <Spinner className="h-4 w-4" label="" />
                </span>
                Saving...
              </>
            ) : isEdit ? (
              "Save Changes"
            ) : (
              "Add Client"
            )}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
