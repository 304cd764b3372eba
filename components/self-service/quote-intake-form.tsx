"use client";

import { useId, useState, type FormEvent } from "react";
import { ChoiceGroup, describedBy, Field, FormError, inputClass, SubmitButton } from "@/components/self-service/form-parts";
import { updateQuoteDetailsRequest } from "@/components/self-service/self-service-api";
import { useZipLocation } from "@/components/self-service/use-zip-location";
import { ZipFields } from "@/components/self-service/zip-fields";
import { isPastDateOfBirth, manualCompareUrl, quoteAge, SELF_SERVICE_MESSAGES } from "@/lib/self-service/self-service-schema";

export type QuoteIntakeMode =
  /** /quote?id=<token>: the link's contact, prefilled; Next saves the corrections, then the compare page. */
  | { kind: "link"; token: string; prefill: { zipCode: string; county: string; dateOfBirth: string; gender: "M" | "F" | ""; tobacco: boolean | null } }
  /** /quote?orgId=: nothing stored; Next opens the compare page's manual mode (age, not the date of birth, in the URL). */
  | { kind: "manual"; orgId: string; planType: string };

export type QuoteIntakeFormProps = {
  mode: QuoteIntakeMode;
  brandColor: string;
  /** The organization's time zone: the age is the age on the 1st of next month there. */
  timeZone?: string;
  navigate?: (url: string) => void;
  now?: () => Date;
};

const defaultNavigate = (url: string) => window.location.assign(url);

/** client-side.md "Quote intake page (Get Your Quote)": ZIP, date of birth, tobacco, gender, county when needed, Next. */
export function QuoteIntakeForm({ mode, brandColor, timeZone, navigate = defaultNavigate, now = () => new Date() }: QuoteIntakeFormProps) {
  const prefill = mode.kind === "link" ? mode.prefill : null;
  const [zip, setZip] = useState(prefill?.zipCode ?? "");
  const [dateOfBirth, setDateOfBirth] = useState(prefill?.dateOfBirth ?? "");
  const [gender, setGender] = useState<"M" | "F" | "">(prefill?.gender ?? "");
  const [tobacco, setTobacco] = useState<"yes" | "no" | "">(prefill?.tobacco === null || prefill === null ? "" : prefill.tobacco ? "yes" : "no");
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const location = useZipLocation(zip, prefill?.county ?? "");
  const uid = useId();
  const dobId = `${uid}-dob`;

  const dobError = dateOfBirth && !isPastDateOfBirth(dateOfBirth, now()) ? SELF_SERVICE_MESSAGES.invalidDateOfBirth : null;
  const complete = location.status === "found" && Boolean(location.state) && dateOfBirth !== "" && !dobError && gender !== "" && tobacco !== "";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (!complete) {
      setError(location.status === "found" || !zip ? SELF_SERVICE_MESSAGES.requiredForQuote : zip.length !== 5 ? SELF_SERVICE_MESSAGES.zipFormat : SELF_SERVICE_MESSAGES.noState);
      return;
    }
    setError(null);
    setSubmitting(true);
    const facts = { gender: gender as "M" | "F", tobacco: tobacco === "yes" };
    if (mode.kind === "manual") {
      navigate(manualCompareUrl({ orgId: mode.orgId, zip, county: location.county, age: quoteAge(dateOfBirth, now(), timeZone), planType: mode.planType, ...facts }));
      return;
    }
    const result = await updateQuoteDetailsRequest({ quoteId: mode.token, zipCode: zip, county: location.county || null, dateOfBirth, ...facts });
    if (!result.ok) {
      setSubmitting(false);
      setError(result.status >= 400 && result.status < 500 && result.message ? result.message : SELF_SERVICE_MESSAGES.generic);
      return;
    }
    navigate(result.body.redirectUrl);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Get Your Quote">
      <ZipFields idPrefix={`${uid}-loc`} zip={zip} onZipChange={setZip} location={location} disabled={submitting} showState={false} />
      <Field id={dobId} label="Date of Birth" required error={dobError}>
        <input
          id={dobId}
          type="date"
          autoComplete="bday"
          className={inputClass}
          value={dateOfBirth}
          disabled={submitting}
          aria-invalid={Boolean(dobError)}
          aria-describedby={describedBy(dobId, dobError)}
          onChange={(e) => setDateOfBirth(e.target.value)}
        />
      </Field>
      <ChoiceGroup
        legend="Tobacco User"
        name={`${uid}-tobacco`}
        required
        value={tobacco}
        options={[
          { value: "yes", label: "Yes" },
          { value: "no", label: "No" },
        ]}
        onChange={setTobacco}
        disabled={submitting}
        color={brandColor}
      />
      <ChoiceGroup
        legend="Gender"
        name={`${uid}-gender`}
        required
        value={gender}
        options={[
          { value: "M", label: "Male" },
          { value: "F", label: "Female" },
        ]}
        onChange={setGender}
        disabled={submitting}
        color={brandColor}
      />
      <FormError message={error} />
      <SubmitButton label="Next" busyLabel="Loading..." busy={submitting} disabled={!complete} color={brandColor} />
    </form>
  );
}
