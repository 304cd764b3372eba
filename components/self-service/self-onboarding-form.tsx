"use client";

import { useId, useState, type FormEvent } from "react";
import { BusyOverlay, CarrierSelect, ChoiceGroup, describedBy, Field, FormError, GENDER_OPTIONS, inputClass, PhoneField, QuoteLinkEmailed, SubmitButton, TextField, YES_NO_OPTIONS } from "@/components/self-service/form-parts";
import { ChallengeNote } from "@/components/challenge/challenge-note";
import { useChallenge } from "@/components/challenge/use-challenge";
import { signupThenGenerateQuote } from "@/components/self-service/self-service-api";
import { useZipLocation } from "@/components/self-service/use-zip-location";
import { ZipFields } from "@/components/self-service/zip-fields";
import { isContactEmailFormatValid } from "@/lib/contacts/contact-schema";
import {
  isPastDateOfBirth,
  OTHER_CARRIER_CHOICE,
  premiumInput,
  SELF_SERVICE_MESSAGES,
  SELF_SERVICE_PLAN_TYPES,
} from "@/lib/self-service/self-service-schema";
import { isZipFormat } from "@/lib/zip/zip-schema";
import type { SelfOnboardingPrefill } from "@/lib/self-service/prefill";

export type SelfOnboardingFormProps = {
  organization: { id: string; name: string };
  brandColor: string;
  /** The link's agent, only when it is an active agent of this organization. */
  agent: { id: string; firstName: string; lastName: string } | null;
  /** What the agency already has, from a valid quote link on the page's URL (lib/self-service/prefill.ts). */
  prefill?: SelfOnboardingPrefill | null;
  /** Where to go at the end (default: a full page load of the compare page). */
  navigate?: (url: string) => void;
  /** For tests: today. */
  now?: () => Date;
};

/** The details a prefill may give (lib/self-service/prefill.ts), and what only the person answers. */
type Values = Omit<SelfOnboardingPrefill, "tobacco"> & {
  tobacco: "yes" | "no" | "";
  hasCurrentPlan: "yes" | "no" | "";
  carrierChoice: string;
  otherCarrier: string;
  currentPremium: string;
  planType: string;
  optIn: boolean;
};

type FieldName = keyof Values;

const EMPTY: Values = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  zip: "",
  dateOfBirth: "",
  gender: "",
  tobacco: "",
  hasCurrentPlan: "",
  carrierChoice: "",
  otherCarrier: "",
  currentPremium: "",
  planType: "",
  optIn: false,
};

const SERVER_FIELDS: Record<string, FieldName> = {
  phoneNumber: "phone",
  zipCode: "zip",
  optInQuarterlyUpdates: "optIn",
  tobacco: "tobacco",
  currentPremium: "currentPremium",
  carrierChoice: "carrierChoice",
};

const defaultNavigate = (url: string) => window.location.assign(url);

/** client-side.md "Self-onboarding form": the consumer signs up, then lands on their personal quote. */
export function SelfOnboardingForm({ organization, brandColor, agent, prefill, navigate = defaultNavigate, now = () => new Date() }: SelfOnboardingFormProps) {
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, ...prefill }));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [emailedTo, setEmailedTo] = useState<string | null>(null);
  const [stage, setStage] = useState<"idle" | "signing-up" | "generating" | "done">("idle");
  // Proof-of-work, solved while the form is filled in (docs/security.md "Public forms").
  const challenge = useChallenge("self-signup");
  const location = useZipLocation(values.zip);
  const uid = useId();
  const id = (name: string) => `${uid}-${name}`;
  const busy = stage !== "idle";

  const set = <K extends FieldName>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    setFormError(null);
  };

  function validate(): { errors: Partial<Record<FieldName, string>>; message: string | null } {
    const found: Partial<Record<FieldName, string>> = {};
    const required = SELF_SERVICE_MESSAGES.required;
    const requiredFields: FieldName[] = ["firstName", "lastName", "email", "phone", "zip", "dateOfBirth", "gender", "tobacco"];
    for (const name of requiredFields) if (!String(values[name]).trim()) found[name] = required;
    if (values.hasCurrentPlan === "yes" && !values.carrierChoice) found.carrierChoice = required;
    if (!values.optIn) found.optIn = required;
    if (Object.keys(found).length) return { errors: found, message: required };

    if (!isZipFormat(values.zip)) found.zip = SELF_SERVICE_MESSAGES.zipFormat;
    else if (!location.state) found.zip = location.error ?? SELF_SERVICE_MESSAGES.noState;
    if (values.phone.length !== 10) found.phone = SELF_SERVICE_MESSAGES.invalidPhone;
    if (!isContactEmailFormatValid(values.email)) found.email = SELF_SERVICE_MESSAGES.invalidEmail;
    if (!isPastDateOfBirth(values.dateOfBirth, now())) found.dateOfBirth = SELF_SERVICE_MESSAGES.invalidDateOfBirth;
    const first = Object.values(found)[0];
    if (!first) return { errors: {}, message: null };
    // A ZIP without a state: the field says why ("Invalid zip code"), the form says what it means.
    const zipMessage = found.zip ? (found.zip === SELF_SERVICE_MESSAGES.zipFormat ? found.zip : SELF_SERVICE_MESSAGES.noState) : null;
    return { errors: found, message: zipMessage ?? first };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validate();
    setErrors(checked.errors);
    setFormError(checked.message);
    if (checked.message) return;

    const hasCurrentPlan = values.hasCurrentPlan === "yes";
    const result = await signupThenGenerateQuote(
      {
        orgId: organization.id,
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phoneNumber: values.phone,
        zipCode: values.zip,
        state: location.state,
        county: location.county || null,
        dateOfBirth: values.dateOfBirth,
        gender: values.gender as "M" | "F",
        tobacco: values.tobacco === "yes",
        hasCurrentPlan,
        carrierChoice: hasCurrentPlan ? values.carrierChoice : null,
        currentCarrier: hasCurrentPlan && values.carrierChoice === OTHER_CARRIER_CHOICE ? values.otherCarrier.trim() || null : null,
        currentPremium: values.currentPremium || null,
        planType: values.planType || null,
        optInQuarterlyUpdates: values.optIn,
        agentId: agent?.id ?? null,
        intake: "self_onboarding",
      },
      (next) => setStage(next),
      () => challenge.take(),
    );
    if (!result.ok) {
      const fieldErrors: Partial<Record<FieldName, string>> = {};
      for (const [key, messages] of Object.entries(result.fields)) {
        const name = SERVER_FIELDS[key] ?? (key in EMPTY ? (key as FieldName) : null);
        if (name && messages?.[0]) fieldErrors[name] = messages[0];
      }
      setErrors(fieldErrors);
      setFormError(result.message);
      setStage("idle");
      return;
    }
    if (result.emailedTo !== undefined) {
      setStage("idle");
      setEmailedTo(result.emailedTo);
      return;
    }
    setStage("done");
    navigate(result.redirectUrl);
  }

  const busyLabel = stage === "generating" || stage === "done" ? "Generating your quote..." : stage === "signing-up" ? "Signing up..." : null;


  if (emailedTo) return <QuoteLinkEmailed email={emailedTo} organizationName={organization.name} />;

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Get your quote">
      <BusyOverlay message={busyLabel} />
      {agent ? (
        <p className="text-sm text-gray-600">
          Your agent: <span className="font-medium text-gray-900">{`${agent.firstName} ${agent.lastName}`}</span>
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField id={id("firstName")} label="First Name" required autoComplete="given-name" value={values.firstName} onChange={(v) => set("firstName", v)} error={errors.firstName} disabled={busy} />
        <TextField id={id("lastName")} label="Last Name" required autoComplete="family-name" value={values.lastName} onChange={(v) => set("lastName", v)} error={errors.lastName} disabled={busy} />
      </div>
      <TextField id={id("email")} label="Email" required type="email" autoComplete="email" hint={SELF_SERVICE_MESSAGES.uniqueEmailHint} value={values.email} onChange={(v) => set("email", v)} error={errors.email} disabled={busy} />
      <PhoneField id={id("phone")} label="Phone Number" digits={values.phone} onDigits={(v) => set("phone", v)} error={errors.phone} disabled={busy} />
      <ZipFields idPrefix={id("loc")} zip={values.zip} onZipChange={(zip) => set("zip", zip)} location={location} error={errors.zip} disabled={busy} />
      <TextField id={id("dateOfBirth")} label="Date of Birth" required type="date" autoComplete="bday" value={values.dateOfBirth} onChange={(v) => set("dateOfBirth", v)} error={errors.dateOfBirth} disabled={busy} />
      <ChoiceGroup legend="Gender" name={id("gender")} required value={values.gender} options={GENDER_OPTIONS} onChange={(v) => set("gender", v)} error={errors.gender} disabled={busy} color={brandColor} />
      <ChoiceGroup legend="Tobacco User" name={id("tobacco")} required value={values.tobacco} options={YES_NO_OPTIONS} onChange={(v) => set("tobacco", v)} error={errors.tobacco} disabled={busy} color={brandColor} />
      <ChoiceGroup
        legend="Do you currently have a Medicare Supplement plan?"
        name={id("hasCurrentPlan")}
        value={values.hasCurrentPlan}
        options={YES_NO_OPTIONS}
        onChange={(v) => set("hasCurrentPlan", v)}
        disabled={busy}
        color={brandColor}
      />
      {values.hasCurrentPlan === "yes" ? (
        <>
          <CarrierSelect id={id("carrierChoice")} label="Current Carrier" value={values.carrierChoice} onChange={(v) => set("carrierChoice", v)} error={errors.carrierChoice} disabled={busy} otherValue={OTHER_CARRIER_CHOICE} otherLabel="Other" />
          {values.carrierChoice === OTHER_CARRIER_CHOICE ? (
            <Field id={id("otherCarrier")} label="Carrier Name">
              <input id={id("otherCarrier")} type="text" className={inputClass} value={values.otherCarrier} disabled={busy} onChange={(e) => set("otherCarrier", e.target.value)} />
            </Field>
          ) : null}
          <Field id={id("currentPremium")} label="Current Monthly Premium" error={errors.currentPremium}>
            <div className="relative">
              <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-gray-500" aria-hidden="true">
                $
              </span>
              <input
                id={id("currentPremium")}
                type="text"
                inputMode="decimal"
                placeholder="0.00"
                className={`${inputClass} pl-7`}
                value={values.currentPremium}
                disabled={busy}
                aria-invalid={Boolean(errors.currentPremium)}
                aria-describedby={describedBy(id("currentPremium"), errors.currentPremium)}
                onChange={(e) => set("currentPremium", premiumInput(e.target.value))}
              />
            </div>
          </Field>
          <Field id={id("planType")} label="Plan Type">
            <select id={id("planType")} className={inputClass} value={values.planType} disabled={busy} onChange={(e) => set("planType", e.target.value)}>
              <option value="">Not sure</option>
              {SELF_SERVICE_PLAN_TYPES.map((plan) => (
                <option key={plan} value={plan}>
                  {plan}
                </option>
              ))}
            </select>
          </Field>
        </>
      ) : null}
      <div>
        <label className="flex items-start gap-3 text-sm text-gray-800">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 rounded border-gray-300"
            checked={values.optIn}
            disabled={busy}
            aria-invalid={Boolean(errors.optIn)}
            aria-describedby={errors.optIn ? id("optIn-error") : undefined}
            onChange={(e) => set("optIn", e.target.checked)}
          />
          <span>
            Yes, {organization.name} may email me Medicare Supplement quotes around my birthday, my policy anniversary and the enrollment period. I can unsubscribe at any time.<span aria-hidden="true" className="text-red-600"> *</span>
          </span>
        </label>
        {errors.optIn ? (
          <p id={id("optIn-error")} className="mt-1 text-sm text-red-600">
            {SELF_SERVICE_MESSAGES.optInRequired}
          </p>
        ) : null}
      </div>
      <ChallengeNote status={challenge.status} />
      <FormError message={formError} />
      <SubmitButton label="Get My Quote" busyLabel={busyLabel} busy={busy} disabled={location.status === "loading"} color={brandColor} />
    </form>
  );
}
