"use client";

import { useId, useState, type FormEvent } from "react";
import { BusyOverlay, CarrierSelect, ChoiceGroup, FormError, GENDER_OPTIONS, PhoneField, QuoteLinkEmailed, SubmitButton, TextField, YES_NO_OPTIONS } from "@/components/self-service/form-parts";
import { ChallengeNote } from "@/components/challenge/challenge-note";
import { useChallenge } from "@/components/challenge/use-challenge";
import { signupThenGenerateQuote } from "@/components/self-service/self-service-api";
import { useZipLocation } from "@/components/self-service/use-zip-location";
import { ZipFields } from "@/components/self-service/zip-fields";
import { isContactEmailFormatValid } from "@/lib/contacts/contact-schema";
import { isPastDateOfBirth, NO_CARRIER_CHOICE, SELF_SERVICE_MESSAGES } from "@/lib/self-service/self-service-schema";
import { isZipFormat } from "@/lib/zip/zip-schema";

export type FullIntakeFormProps = {
  organization: { id: string; name: string };
  brandColor: string;
  agentId?: string | null;
  navigate?: (url: string) => void;
  now?: () => Date;
};

type Values = {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  dateOfBirth: string;
  zip: string;
  gender: "M" | "F" | "";
  tobacco: "yes" | "no" | "";
  hasCurrentPlan: "yes" | "no" | "";
  currentCarrier: string;
};
type FieldName = keyof Values;

const EMPTY: Values = { firstName: "", lastName: "", phone: "", email: "", dateOfBirth: "", zip: "", gender: "", tobacco: "", hasCurrentPlan: "", currentCarrier: "" };
const REQUIRED: FieldName[] = ["firstName", "lastName", "phone", "email", "dateOfBirth", "zip", "gender", "tobacco"];
const SERVER_FIELDS: Record<string, FieldName> = { phoneNumber: "phone", zipCode: "zip", carrierChoice: "currentCarrier" };

const defaultNavigate = (url: string) => window.location.assign(url);

/**
 * client-side.md "Medicare Supplement quote intake": 'Let's Get Some Details', the same signup →
 * generate-quote path as self-onboarding, with overlays while submitting and generating the quote.
 */
export function FullIntakeForm({ organization, brandColor, agentId = null, navigate = defaultNavigate, now = () => new Date() }: FullIntakeFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
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
    const required = SELF_SERVICE_MESSAGES.requiredForQuote;
    for (const name of REQUIRED) if (!values[name].trim()) found[name] = required;
    if (values.hasCurrentPlan === "yes" && !values.currentCarrier) found.currentCarrier = required;
    if (Object.keys(found).length) return { errors: found, message: required };
    if (!isZipFormat(values.zip)) found.zip = SELF_SERVICE_MESSAGES.zipFormat;
    else if (!location.state) found.zip = location.error ?? SELF_SERVICE_MESSAGES.noState;
    if (values.phone.length !== 10) found.phone = SELF_SERVICE_MESSAGES.invalidPhone;
    if (!isContactEmailFormatValid(values.email)) found.email = SELF_SERVICE_MESSAGES.invalidEmail;
    if (!isPastDateOfBirth(values.dateOfBirth, now())) found.dateOfBirth = SELF_SERVICE_MESSAGES.invalidDateOfBirth;
    const zipMessage = found.zip ? (found.zip === SELF_SERVICE_MESSAGES.zipFormat ? found.zip : SELF_SERVICE_MESSAGES.noState) : null;
    return { errors: found, message: zipMessage ?? Object.values(found)[0] ?? null };
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
        carrierChoice: hasCurrentPlan ? values.currentCarrier : null,
        currentCarrier: hasCurrentPlan && values.currentCarrier !== NO_CARRIER_CHOICE ? values.currentCarrier : null,
        agentId,
        intake: "quote_intake",
      },
      setStage,
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

  const overlay = stage === "signing-up" ? "Submitting your information..." : stage === "generating" || stage === "done" ? "Generating your quote..." : null;


  if (emailedTo) return <QuoteLinkEmailed email={emailedTo} organizationName={organization.name} />;

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby={id("title")}>
      <BusyOverlay message={overlay} />
      <h1 id={id("title")} className="text-2xl font-bold tracking-tight text-gray-900">
        Let&apos;s Get Some Details
      </h1>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField id={id("firstName")} label="First Name" required autoComplete="given-name" value={values.firstName} onChange={(v) => set("firstName", v)} error={errors.firstName} disabled={busy} />
        <TextField id={id("lastName")} label="Last Name" required autoComplete="family-name" value={values.lastName} onChange={(v) => set("lastName", v)} error={errors.lastName} disabled={busy} />
      </div>
      <PhoneField id={id("phone")} label="Cell Number" digits={values.phone} onDigits={(v) => set("phone", v)} error={errors.phone} disabled={busy} />
      <TextField id={id("email")} label="Email" required type="email" autoComplete="email" hint={SELF_SERVICE_MESSAGES.uniqueEmailHint} value={values.email} onChange={(v) => set("email", v)} error={errors.email} disabled={busy} />
      <TextField id={id("dateOfBirth")} label="Date of Birth" required type="date" autoComplete="bday" value={values.dateOfBirth} onChange={(v) => set("dateOfBirth", v)} error={errors.dateOfBirth} disabled={busy} />
      <ZipFields idPrefix={id("loc")} zip={values.zip} onZipChange={(zip) => set("zip", zip)} location={location} error={errors.zip} disabled={busy} />
      <ChoiceGroup legend="Gender" name={id("gender")} required value={values.gender} options={GENDER_OPTIONS} onChange={(v) => set("gender", v)} error={errors.gender} disabled={busy} color={brandColor} />
      <ChoiceGroup legend="Tobacco User" name={id("tobacco")} required value={values.tobacco} options={YES_NO_OPTIONS} onChange={(v) => set("tobacco", v)} error={errors.tobacco} disabled={busy} color={brandColor} />
      <ChoiceGroup
        legend="Do you have a current Medicare Supplement plan?"
        name={id("hasCurrentPlan")}
        value={values.hasCurrentPlan}
        options={YES_NO_OPTIONS}
        onChange={(v) => set("hasCurrentPlan", v)}
        disabled={busy}
        color={brandColor}
      />
      {values.hasCurrentPlan === "yes" ? (
        <CarrierSelect id={id("currentCarrier")} label="Current Carrier" value={values.currentCarrier} onChange={(v) => set("currentCarrier", v)} error={errors.currentCarrier} disabled={busy} otherValue={NO_CARRIER_CHOICE} otherLabel="None/Other" />
      ) : null}
      <ChallengeNote status={challenge.status} />
      <FormError message={formError} />
      <SubmitButton label="Get My Quote" busyLabel={overlay} busy={busy} disabled={location.status === "loading"} color={brandColor} />
      <p className="text-center text-sm text-gray-600">
        Your information is shared only with {organization.name}. {organization.name} will email you your quotes, and new quotes around your
        birthday, policy anniversary and the enrollment period; you can unsubscribe at any time.
      </p>
    </form>
  );
}
