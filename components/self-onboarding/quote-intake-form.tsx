"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { GenderTobaccoFields, FormError, SubmitButton, TextField } from "@/components/self-onboarding/form-parts";
import { updateQuoteDetailsRequest } from "@/components/self-onboarding/self-onboarding-api";
import { useZipLocation } from "@/components/self-onboarding/use-zip-location";
import { ZipFields } from "@/components/self-onboarding/zip-fields";
import type { ZipLookup } from "@/lib/zip/zip-schema";
import {
  manualCompareUrl,
  quoteAge,
  quoteIntakeFormSchema,
  SELF_SERVICE_MESSAGES,
  type QuoteFacts,
  type QuoteIntakeFormValues,
} from "@/lib/self-onboarding/self-onboarding-schema";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";

export type QuoteIntakeMode =
  /** /quote?id=<token>: the link's contact, prefilled; Next saves the corrections, then the compare page. */
  | {
      kind: "link";
      token: string;
      prefill: {
        zipCode: string;
        county: string;
        dateOfBirth: string;
        gender: "M" | "F" | "";
        tobacco: boolean | null;
      };
    }
  /** /quote?orgId=: nothing stored; Next opens the compare page's manual mode (age, not the date of birth, in the URL). */
  | { kind: "manual"; orgId: string; planType: string };

export type QuoteIntakeFormProps = {
  mode: QuoteIntakeMode;
  brandColor: string;
  /** The organization's time zone: the age is the age on the 1st of next month there. */
  timeZone?: string;
  /** The prefilled ZIP as the page looked it up (not asked for again). */
  zipLookup?: ZipLookup | null;
  navigate?: (url: string) => void;
  now?: () => Date;
};

const defaultNavigate = (url: string) => window.location.assign(url);

/**
 * client-side.md "Quote intake page (Get Your Quote)": ZIP, date of birth, tobacco, gender, county when needed, Next.
 * Checked by update-quote-details' own schema (quoteIntakeFormSchema); Next is enabled once it passes and the ZIP is placed.
 */
export function QuoteIntakeForm({
  mode,
  brandColor,
  timeZone,
  zipLookup = null,
  navigate = defaultNavigate,
  now = () => new Date(),
}: QuoteIntakeFormProps) {
  const prefill = mode.kind === "link" ? mode.prefill : null;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError: setFieldError,
    formState: { errors, isValid, isSubmitting },
  } = useForm<QuoteIntakeFormValues, unknown, QuoteFacts>({
    resolver: zodResolver(quoteIntakeFormSchema(now())),
    mode: "onChange",
    defaultValues: {
      zipCode: prefill?.zipCode ?? "",
      dateOfBirth: prefill?.dateOfBirth ?? "",
      gender: prefill?.gender ?? "",
      tobacco: prefill === null || prefill.tobacco === null ? "" : prefill.tobacco ? "yes" : "no",
    },
  });
  const zip = useWatch({ control, name: "zipCode" }) ?? "";
  const location = useZipLocation(zip, prefill?.county ?? "", zipLookup);
  // After Next the button stays busy while the compare page loads.
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const uid = useId();
  const submitting = isSubmitting || leaving;
  const placed = location.status === "found" && Boolean(location.state);

  const onValid = async (facts: QuoteFacts) => {
    if (!placed) return setError(zip.length !== 5 ? SELF_SERVICE_MESSAGES.zipFormat : SELF_SERVICE_MESSAGES.noState);
    setError(null);
    if (mode.kind === "manual") {
      setLeaving(true);
      navigate(
        manualCompareUrl({
          orgId: mode.orgId,
          zip: facts.zipCode,
          county: location.county,
          age: quoteAge(facts.dateOfBirth, now(), timeZone),
          planType: mode.planType,
          gender: facts.gender,
          tobacco: facts.tobacco,
        }),
      );
      return;
    }
    const result = await updateQuoteDetailsRequest({ quoteId: mode.token, county: location.county || null, ...facts });
    if (!result.ok) {
      setServerFieldErrors(result.fields, ["zipCode", "dateOfBirth", "gender", "tobacco"], setFieldError);
      setError(
        result.status >= 400 && result.status < 500 && result.message ? result.message : SELF_SERVICE_MESSAGES.generic,
      );
      return;
    }
    setLeaving(true);
    navigate(result.body.redirectUrl);
  };
  const onInvalid = () => setError(SELF_SERVICE_MESSAGES.requiredForQuote);

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="space-y-5" aria-label="Get Your Quote">
      <ZipFields
        zip={zip}
        onZipChange={(value) => setValue("zipCode", value, { shouldValidate: true })}
        location={location}
        error={errors.zipCode?.message}
        disabled={submitting}
        showState={false}
      />
      <TextField
        label="Date of Birth"
        required
        type="date"
        autoComplete="bday"
        error={errors.dateOfBirth?.message}
        disabled={submitting}
        {...register("dateOfBirth")}
      />
      <GenderTobaccoFields
        control={control}
        uid={uid}
        errors={errors}
        disabled={submitting}
        color={brandColor}
        tobaccoFirst
      />
      <FormError message={error} />
      <SubmitButton
        label="Next"
        busyLabel="Loading..."
        busy={submitting}
        disabled={!isValid || !placed}
        color={brandColor}
      />
    </form>
  );
}
