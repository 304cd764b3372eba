"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { BrandButton, ModalTitle, SecondaryButton } from "@/components/quotes/compare-modals";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { ModalFrame } from "@/components/ui/modal-frame";
import { apiCall, type ApiFieldErrors } from "@/lib/api/browser-client";
import { formatLongDate } from "@/lib/quotes/compare-view";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";
import type { CountyOption } from "@/lib/quotes/compare-quotes";
import { locationFormSchema, type LocationChoice, type LocationFormInput } from "@/lib/quotes/update-location-schema";
import { countyLabel, type ZipLookup } from "@/lib/zip/zip-schema";

/*
 * The compare page's two dialogs with a form, in a module of their own: they run on react-hook-form and
 * update-location's zod schema (~45 KB gzipped together), which the page loads only when a reader opens one of
 * them (compare-quotes-view.tsx imports this lazily), not with every quote link (docs/performance.md).
 * Both are rendered only while open.
 */

/** The coverage start date: one of the first-of-month dates the server offers. */
export function EffectiveDateModal({
  options,
  value,
  onClose,
  onChoose,
  color,
}: {
  options: string[];
  value: string;
  onClose: () => void;
  onChoose: (date: string) => void;
  color: string;
}) {
  const { register, handleSubmit } = useForm<{ effectiveDate: string }>({ defaultValues: { effectiveDate: value } });
  return (
    <ModalFrame open onClose={onClose} labelledBy="effective-date-title" className="max-w-sm">
      <form className="p-5" onSubmit={handleSubmit(({ effectiveDate }) => onChoose(effectiveDate))}>
        <ModalTitle id="effective-date-title">Coverage start date</ModalTitle>
        <p className="mt-1 text-sm text-gray-600">
          Medicare Supplement plans start on the first of a month. Prices can change with the start date.
        </p>
        {/* Each whole row is the radio's label, 44 px tall (components/ui RadioGroup's label is only its text line). */}
        <fieldset className="mt-4 space-y-2">
          <legend className="sr-only">Start date</legend>
          {options.map((date) => (
            <label
              key={date}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-gray-200 px-3 py-2 text-sm has-[:checked]:border-gray-900"
            >
              <input type="radio" value={date} {...register("effectiveDate")} className="accent-brand-600" />
              {formatLongDate(date)}
            </label>
          ))}
        </fieldset>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          <BrandButton type="submit" color={color}>
            Update Quotes
          </BrandButton>
        </div>
      </form>
    </ModalFrame>
  );
}

export type { LocationChoice };
/** Why a save failed: the message for the dialog, and the server's field errors. */
export type LocationSaveFailure = { message: string; fields: ApiFieldErrors };

/**
 * ZIP and county: a 5-digit ZIP looks up its counties; a select shows when there are several. Checked by
 * update-location's own schema. Rendered only while open (the page mounts it when "Change" is pressed).
 */
export function LocationModal({
  zip,
  countyFips,
  counties: initialCounties,
  onClose,
  onSave,
  color,
}: {
  zip: string;
  countyFips: string | null;
  counties: CountyOption[];
  onClose: () => void;
  onSave: (choice: LocationChoice) => Promise<LocationSaveFailure | null>;
  color: string;
}) {
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<LocationFormInput, unknown, LocationChoice>({
    resolver: zodResolver(locationFormSchema),
    defaultValues: { zipCode: zip, county: countyFips ?? initialCounties[0]?.fips ?? "" },
  });
  const zipCode = useWatch({ control, name: "zipCode" }) ?? "";
  const [counties, setCounties] = useState(initialCounties);
  const [error, setError] = useState<string | null>(null);
  const lookup = useRef(0);

  async function changeZip(value: string) {
    const digits = value.replace(/\D/g, "").slice(0, 5);
    setValue("zipCode", digits);
    setError(null);
    if (digits.length !== 5) return;
    const ticket = ++lookup.current;
    const result = await apiCall<ZipLookup>(`/api/zip-lookup/${digits}`);
    if (ticket !== lookup.current) return;
    if (!result.ok) {
      if (result.status === 0) return setError("Failed to update location");
      setCounties([]);
      setError(result.message ?? "Invalid zip code");
      return;
    }
    const options: CountyOption[] = result.body.countyDetails.map((c) => ({
      fips: c.fips,
      label: countyLabel(c, result.body.state),
    }));
    if (options.length === 0) setError("No counties found for this ZIP code");
    setCounties(options);
    setValue("county", options[0]?.fips ?? "");
  }

  const onValid = async (choice: LocationChoice) => {
    const failure = await onSave({ zipCode: choice.zipCode, county: choice.county || null });
    if (!failure) return;
    setServerFieldErrors(failure.fields, ["zipCode", "county"], setFieldError);
    setError(failure.message);
  };

  const describedBy = error ? "location-error" : undefined;
  return (
    <ModalFrame open onClose={onClose} labelledBy="location-title" busy={isSubmitting} className="max-w-sm">
      <form className="p-5" noValidate onSubmit={handleSubmit(onValid)}>
        <ModalTitle id="location-title">Where do you live?</ModalTitle>
        <Field
          id="compare-zip"
          label="ZIP Code"
          error={errors.zipCode?.message}
          describedBy={describedBy}
          className="mt-4"
        >
          {(controlProps) => (
            <Input
              {...controlProps}
              aria-invalid={controlProps["aria-invalid"] ?? (error ? true : undefined)}
              inputMode="numeric"
              autoComplete="postal-code"
              value={zipCode}
              onChange={(event) => void changeZip(event.target.value)}
            />
          )}
        </Field>
        {counties.length > 1 ? (
          <Field id="compare-county" label="County" error={errors.county?.message} className="mt-3">
            {(controlProps) => (
              <Select {...controlProps} {...register("county")}>
                {counties.map((c) => (
                  <option key={c.fips} value={c.fips}>
                    {c.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : counties.length === 1 ? (
          <p className="mt-2 text-sm text-gray-600">{counties[0]!.label}</p>
        ) : null}
        {error ? (
          <p
            id="location-error"
            role="alert"
            className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
          >
            {error}
          </p>
        ) : null}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <SecondaryButton onClick={onClose} disabled={isSubmitting}>
            Cancel
          </SecondaryButton>
          <BrandButton
            type="submit"
            color={color}
            disabled={isSubmitting || zipCode.length !== 5 || counties.length === 0}
          >
            {isSubmitting ? "Updating..." : "Update Quotes"}
          </BrandButton>
        </div>
      </form>
    </ModalFrame>
  );
}
