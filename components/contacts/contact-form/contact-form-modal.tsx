"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo, useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { CloseIcon } from "@/components/ui/close-icon";
import { cx } from "@/components/ui/cx";
import { Field } from "@/components/ui/field";
import { ModalFrame } from "@/components/ui/modal-frame";
import { Spinner } from "@/components/ui/spinner";
import { PhoneInput } from "@/components/ui/phone-input";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";
import {
  CONTACT_OWNER_CAPTION,
  contactCarrierOptions,
  contactPlanOptions,
  OTHER_CARRIER,
} from "@/lib/contacts/contact-fields";
import {
  CONTACT_FORM_FIELDS,
  CONTACT_MESSAGES,
  canSaveContactForm,
  contactFormSchema,
  type ContactDetail,
  type ContactFormInput,
  type ContactValues,
} from "@/lib/contacts/contact-schema";
import { countyLabel } from "@/lib/zip/zip-schema";
import { createContactRequest, updateContactRequest } from "@/components/contacts/contact-form/contact-api";
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
  /** Every carrier the product knows (GET /api/settings/carriers → names), offered after the agency's own. */
  knownCarriers?: string[];
  /** The agency's contracted carriers (GET /api/settings/carriers → contracted), offered first with the agent's. */
  agencyCarriers?: string[];
  onClose: () => void;
  /** Called with the saved contact as the API answers it; the parent closes the modal. */
  onSaved: (contact: ContactDetail) => void;
  /** Overrides the heading ("Add New Client" / "Edit Contact"); the list page may say "Edit Client". */
  title?: string;
};

/** The server's field names that are not the form's own: a county error belongs to the county select. */
const SERVER_FIELDS: Record<string, FormField> = { county: "countyFips" };
type FormField = keyof ContactFormInput;

const agentName = (agent: ContactFormAgent) => `${agent.firstName} ${agent.lastName}`.trim() || agent.email;

function initialValues(
  mode: "add" | "edit",
  contact: ContactDetail | null | undefined,
  agents: ContactFormAgent[],
  currentUser: ContactFormUser,
): ContactFormInput {
  const listed = (id: string | null | undefined) => (id && agents.some((a) => a.id === id) ? id : "");
  if (mode === "edit" && contact) {
    return {
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      phoneNumber: (contact.phoneNumber ?? "").replace(/\D/g, "").slice(0, 10),
      contactOwnerId: contact.contactOwnerId ?? "",
      currentCarrier: contact.currentCarrier ?? "",
      planType: contact.planType ?? "",
      effectiveDate: contact.effectiveDate ?? "",
      birthDate: contact.birthDate ?? "",
      tobaccoUser: contact.tobaccoUser,
      gender: contact.gender ?? "",
      zipCode: contact.zipCode ?? "",
      streetAddress: contact.streetAddress ?? "",
      addressUnit: contact.addressUnit ?? "",
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
    phoneNumber: "",
    contactOwnerId: listed(currentUser.id),
    currentCarrier: "",
    planType: "",
    effectiveDate: "",
    birthDate: "",
    tobaccoUser: false,
    gender: "",
    zipCode: "",
    streetAddress: "",
    addressUnit: "",
    countyFips: "",
    agentId,
  };
}

function Choice({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
}: {
  legend: string;
  name: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  return (
    <fieldset>
      <legend className="block text-sm font-medium text-gray-800">{legend}</legend>
      <div className="mt-2 flex gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cx(
              "flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-md px-3 py-2 text-sm ring-1 transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600",
              value === option.value
                ? "bg-brand-50 font-semibold text-brand-700 ring-brand-600"
                : "bg-white text-gray-800 ring-gray-400 hover:bg-gray-50",
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
            />
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
export function ContactFormModal({
  mode,
  contact,
  agents,
  currentUser,
  knownCarriers = [],
  agencyCarriers = [],
  onClose,
  onSaved,
  title,
}: ContactFormModalProps) {
  const isEdit = mode === "edit";
  // The rules are the create/update services' own schema (contactInputSchema): no validator lives here.
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting: saving },
  } = useForm<ContactFormInput, unknown, ContactValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: initialValues(mode, contact, agents, currentUser),
  });
  const values = useWatch({ control }) as ContactFormInput;
  const [formError, setFormError] = useState<string | null>(null);
  const firstInput = useRef<HTMLInputElement | null>(null);
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const heading = title ?? (isEdit ? "Edit Contact" : "Add New Client");

  const emailCheck = useContactEmailCheck(values.email, {
    excludeId: isEdit ? contact?.id : null,
    originalEmail: isEdit ? contact?.email : null,
  });
  const zip = useZipLookup(values.zipCode);

  // Current Carrier: the agency's contracted carriers and those of the contact's agent (the chosen one
  // when adding) first, then every other carrier the product knows, then Other.
  const carrierAgent =
    agents.find((a) => a.id === values.agentId) ??
    (isEdit ? undefined : agents.find((a) => a.isDefault)) ??
    agents.find((a) => a.id === currentUser.id);
  const carrierOptions = useMemo(
    () =>
      contactCarrierOptions({
        contracted: [...(carrierAgent?.carriers ?? []), ...agencyCarriers],
        known: knownCarriers,
        current: values.currentCarrier,
      }),
    [carrierAgent, agencyCarriers, knownCarriers, values.currentCarrier],
  );
  const planOptions = contactPlanOptions(values.planType);

  const ownerOptions =
    agents.some((a) => a.id === values.contactOwnerId) || !values.contactOwnerId
      ? agents
      : [
          ...agents,
          {
            id: values.contactOwnerId,
            firstName: contact?.contactOwner?.firstName ?? "Current owner",
            lastName: contact?.contactOwner?.lastName ?? "",
            email: contact?.contactOwner?.email ?? "",
            carriers: [],
          },
        ];

  // State and county follow the ZIP; until the lookup answers, an unchanged ZIP keeps the stored state.
  const originalZip = isEdit ? (contact?.zipCode ?? "") : "";
  const counties = zip.status === "found" ? zip.data.countyDetails : [];
  const countyFips = counties.some((c) => c.fips === values.countyFips)
    ? values.countyFips
    : zip.status === "found"
      ? zip.data.defaultCounty.fips
      : "";
  const stateValue =
    zip.status === "found" ? zip.data.state : values.zipCode === originalZip ? (contact?.state ?? "") : "";
  const zipError = errors.zipCode?.message ?? (zip.status === "error" ? zip.message : undefined);

  const canSave = canSaveContactForm(values, emailCheck.status) && !saving;

  async function save(parsed: ContactValues) {
    // A ZIP the lookup does not know cannot be saved (the message is the lookup's).
    if (zip.status === "error") {
      setFormError(CONTACT_MESSAGES.invalid);
      return;
    }
    setFormError(null);
    // The county shown (the largest share until one is picked) is the one saved; no ZIP, no county.
    const { agentId, ...rest } = { ...parsed, countyFips: parsed.zipCode ? countyFips || null : null };
    const payload = isEdit ? rest : { ...rest, agentId };
    const result =
      isEdit && contact
        ? await updateContactRequest(contact.id, payload, { zipUpdate: values.zipCode !== originalZip })
        : await createContactRequest(payload);
    if (result.ok) {
      onSaved(result.body.contact);
      return;
    }
    if (result.status === 409) {
      emailCheck.markTaken(values.email);
      setError("email", { type: "server", message: CONTACT_MESSAGES.emailTaken });
      return;
    }
    if (result.status === 422 || result.status === 400) {
      const fields = Object.fromEntries(
        Object.entries(result.fields).map(([key, messages]) => [SERVER_FIELDS[key] ?? key, messages]),
      );
      setServerFieldErrors(fields, CONTACT_FORM_FIELDS, setError);
      setFormError(result.message ?? CONTACT_MESSAGES.invalid);
      return;
    }
    if ((result.status === 403 || result.status === 404) && result.message) {
      setFormError(result.message);
      return;
    }
    setFormError(isEdit ? CONTACT_MESSAGES.updateFailed : CONTACT_MESSAGES.createFailed);
  }

  const emailStatus =
    emailCheck.status === "checking" ? (
      <span className="inline-flex items-center gap-1 text-gray-600">
        <Spinner className="h-3 w-3" label="" />
        {emailCheck.message}
      </span>
    ) : emailCheck.status === "available" ? (
      <span className="text-green-700">{emailCheck.message}</span>
    ) : emailCheck.status === "taken" || emailCheck.status === "invalid" ? (
      <span className="text-red-700">{emailCheck.message}</span>
    ) : emailCheck.status === "timeout" || emailCheck.status === "error" ? (
      <span className="text-amber-700">{emailCheck.message}</span>
    ) : null;
  // The check already says it (taken, malformed): the field does not say it twice.
  const emailError =
    errors.email?.message && errors.email.message !== emailCheck.message ? errors.email.message : undefined;
  const emailInvalid = Boolean(errors.email) || emailCheck.status === "taken" || emailCheck.status === "invalid";
  const titleId = id("title");
  const { ref: firstNameRef, ...firstNameField } = register("firstName");
  const { onBlur: emailBlur, ...emailField } = register("email");

  return (
    <ModalFrame
      open
      onClose={onClose}
      labelledBy={titleId}
      busy={saving}
      initialFocus={firstInput}
      className="max-w-2xl"
    >
      <form
        noValidate
        onSubmit={(event) => {
          if (!canSave) {
            event.preventDefault();
            return;
          }
          return handleSubmit(save, () => setFormError(CONTACT_MESSAGES.invalid))(event);
        }}
      >
        <div className="flex items-start justify-between border-b border-gray-200 px-6 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-gray-900">
              {heading}
            </h2>
            <p className="mt-0.5 text-sm text-gray-600">Fields marked * are required.</p>
          </div>
          <Button variant="ghost" onClick={onClose} disabled={saving} aria-label="Close">
            <CloseIcon />
          </Button>
        </div>

        <div className="grid gap-4 px-6 py-5 sm:grid-cols-2">
          <Field id={id("firstName")} label="First Name" required error={errors.firstName?.message}>
            {(props) => (
              <Input
                {...props}
                {...firstNameField}
                ref={(element) => {
                  firstNameRef(element);
                  firstInput.current = element;
                }}
                type="text"
                autoComplete="off"
                disabled={saving}
              />
            )}
          </Field>
          <Field id={id("lastName")} label="Last Name" required error={errors.lastName?.message}>
            {(props) => <Input {...props} {...register("lastName")} type="text" autoComplete="off" disabled={saving} />}
          </Field>
          <div>
            <Field
              id={id("email")}
              label="Email"
              required
              error={emailError}
              describedBy={emailStatus ? id("email-status") : undefined}
            >
              {(props) => (
                <Input
                  {...props}
                  {...emailField}
                  type="email"
                  autoComplete="off"
                  disabled={saving}
                  aria-invalid={emailInvalid || undefined}
                  onBlur={(event) => {
                    void emailBlur(event);
                    emailCheck.check(event.target.value);
                  }}
                />
              )}
            </Field>
            {emailStatus ? (
              <p id={id("email-status")} className="mt-1 text-sm">
                {emailStatus}
              </p>
            ) : null}
          </div>
          <Field id={id("phoneNumber")} label="Phone Number" error={errors.phoneNumber?.message}>
            {(props) => (
              <PhoneInput {...props} control={control} name="phoneNumber" autoComplete="off" disabled={saving} />
            )}
          </Field>
          <Field
            id={id("contactOwnerId")}
            label="Contact Owner"
            error={errors.contactOwnerId?.message}
            hint={CONTACT_OWNER_CAPTION}
          >
            {(props) => (
              <Select {...props} {...register("contactOwnerId")} disabled={saving}>
                <option value="">No owner</option>
                {ownerOptions.map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agentName(agent)}
                    {agent.id === currentUser.id ? " (you)" : ""}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {!isEdit ? (
            <Field
              id={id("agentId")}
              label="Assigned Agent"
              error={errors.agentId?.message}
              hint={currentUser.isAdmin && !values.agentId ? "Unassigned contacts go to the default agent." : undefined}
            >
              {(props) => (
                <Select {...props} {...register("agentId")} disabled={saving || !currentUser.isAdmin}>
                  <option value="">Select an Agent</option>
                  {agents.map((agent) => (
                    <option key={agent.id} value={agent.id}>
                      {agentName(agent)}
                      {agent.isDefault ? " (default)" : ""}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ) : null}
          <Field id={id("currentCarrier")} label="Current Carrier" error={errors.currentCarrier?.message}>
            {(props) => (
              <Select {...props} {...register("currentCarrier")} disabled={saving}>
                <option value="">Select a carrier</option>
                {[
                  { label: "Your carriers", names: carrierOptions.contracted },
                  {
                    label: carrierOptions.contracted.length > 0 ? "Other carriers" : "Carriers",
                    names: carrierOptions.others,
                  },
                ]
                  .filter((group) => group.names.length > 0)
                  .map((group) => (
                    <optgroup key={group.label} label={group.label}>
                      {group.names.map((carrier) => (
                        <option key={carrier} value={carrier}>
                          {carrier}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                <option value={OTHER_CARRIER}>{OTHER_CARRIER}</option>
              </Select>
            )}
          </Field>
          <Field id={id("planType")} label="Plan Type" error={errors.planType?.message}>
            {(props) => (
              <Select {...props} {...register("planType")} disabled={saving}>
                <option value="">Select a plan</option>
                {planOptions.map((plan) => (
                  <option key={plan} value={plan}>
                    {plan}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id={id("effectiveDate")} label="Effective Date" error={errors.effectiveDate?.message}>
            {(props) => <Input {...props} {...register("effectiveDate")} type="date" disabled={saving} />}
          </Field>
          <Field id={id("birthDate")} label="Birth Date" error={errors.birthDate?.message}>
            {(props) => <Input {...props} {...register("birthDate")} type="date" disabled={saving} />}
          </Field>
          <Controller
            control={control}
            name="tobaccoUser"
            render={({ field }) => (
              <Choice
                legend="Tobacco User"
                name={id("tobacco")}
                value={field.value ? "yes" : "no"}
                options={[
                  { value: "yes", label: "Yes" },
                  { value: "no", label: "No" },
                ]}
                onChange={(value) => field.onChange(value === "yes")}
                disabled={saving}
              />
            )}
          />
          <Controller
            control={control}
            name="gender"
            render={({ field }) => (
              <Choice
                legend="Gender"
                name={id("gender")}
                value={field.value}
                options={[
                  { value: "M", label: "Male" },
                  { value: "F", label: "Female" },
                ]}
                onChange={(value) => field.onChange(value as "M" | "F")}
                disabled={saving}
              />
            )}
          />
          <Field id={id("streetAddress")} label="Street Address" error={errors.streetAddress?.message}>
            {(props) => (
              <Input
                {...props}
                {...register("streetAddress")}
                type="text"
                autoComplete="off"
                maxLength={200}
                placeholder="123 Main St"
                disabled={saving}
              />
            )}
          </Field>
          <Field id={id("addressUnit")} label="Apt / Unit" error={errors.addressUnit?.message}>
            {(props) => (
              <Input
                {...props}
                {...register("addressUnit")}
                type="text"
                autoComplete="off"
                maxLength={50}
                placeholder="Apt 4B"
                disabled={saving}
              />
            )}
          </Field>
          <Field
            id={id("zipCode")}
            label="ZIP Code"
            error={zipError}
            hint={zip.status === "loading" ? "Looking up ZIP code..." : undefined}
          >
            {(props) => (
              <Controller
                control={control}
                name="zipCode"
                render={({ field }) => (
                  <Input
                    {...props}
                    ref={field.ref}
                    name={field.name}
                    onBlur={field.onBlur}
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={5}
                    placeholder="12345"
                    value={field.value}
                    disabled={saving}
                    onChange={(e) => field.onChange(e.target.value.replace(/\D/g, "").slice(0, 5))}
                  />
                )}
              />
            )}
          </Field>
          <Field id={id("state")} label="State">
            {(props) => (
              <Input
                {...props}
                type="text"
                readOnly
                aria-readonly="true"
                tabIndex={-1}
                value={stateValue}
                placeholder="From ZIP code"
              />
            )}
          </Field>
          {counties.length > 1 ? (
            <Field
              id={id("county")}
              label="County"
              error={errors.countyFips?.message}
              hint={`This ZIP code spans ${counties.length} counties.`}
            >
              {(props) => (
                <Controller
                  control={control}
                  name="countyFips"
                  render={({ field }) => (
                    <Select
                      {...props}
                      ref={field.ref}
                      name={field.name}
                      onBlur={field.onBlur}
                      value={countyFips}
                      disabled={saving}
                      onChange={(e) => field.onChange(e.target.value)}
                    >
                      {counties.map((county) => (
                        <option key={county.fips} value={county.fips}>
                          {countyLabel(county, zip.status === "found" ? zip.data.state : "")}
                        </option>
                      ))}
                    </Select>
                  )}
                />
              )}
            </Field>
          ) : counties.length === 1 ? (
            <Field id={id("county")} label="County">
              {(props) => (
                <Input
                  {...props}
                  type="text"
                  readOnly
                  aria-readonly="true"
                  tabIndex={-1}
                  value={countyLabel(counties[0]!, zip.status === "found" ? zip.data.state : "")}
                />
              )}
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
          <Button type="submit" disabled={!canSave} loading={saving} loadingLabel="Saving...">
            {isEdit ? "Save Changes" : "Add Client"}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
