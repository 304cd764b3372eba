"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { ModalFrame } from "@/components/ui/modal-frame";
import { apiCall, type ApiFieldErrors } from "@/lib/api/browser-client";
import { formatDollars, formatLongDate, type RiderPrice } from "@/lib/quotes/compare-view";
import type { CountyOption } from "@/lib/quotes/compare-quotes";
import { locationFormSchema, type LocationChoice, type LocationFormInput } from "@/lib/quotes/update-location-schema";
import { brandFillStyle } from "@/lib/organizations/brand-contrast";
import { countyLabel, type ZipLookup } from "@/lib/zip/zip-schema";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";

/** The compare page's dialogs. Each closes with Escape, a click outside, or its Cancel/Close button. */

function ModalTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="text-lg font-semibold text-gray-900">
      {children}
    </h2>
  );
}

/** A dialog's Cancel / Close. */
function SecondaryButton({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button variant="secondary" onClick={onClick} disabled={disabled} className="whitespace-nowrap font-semibold">
      {children}
    </Button>
  );
}

/** A dialog's main action, in the agency's colour. */
function BrandButton({
  color,
  type = "button",
  onClick,
  disabled,
  children,
}: {
  color: string;
  type?: "button" | "submit";
  onClick?: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button
      type={type}
      onClick={onClick}
      disabled={disabled}
      className="whitespace-nowrap disabled:opacity-50"
      style={brandFillStyle(color)}
    >
      {children}
    </Button>
  );
}

export function EffectiveDateModal({
  open,
  options,
  value,
  onClose,
  onChoose,
  color,
}: {
  open: boolean;
  options: string[];
  value: string;
  onClose: () => void;
  onChoose: (date: string) => void;
  color: string;
}) {
  const [choice, setChoice] = useState(value);
  return (
    <ModalFrame open={open} onClose={onClose} labelledBy="effective-date-title" className="max-w-sm">
      <form
        className="p-5"
        onSubmit={(event) => {
          event.preventDefault();
          onChoose(choice);
        }}
      >
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
              <input
                type="radio"
                name="effectiveDate"
                value={date}
                checked={choice === date}
                onChange={() => setChoice(date)}
                className="accent-brand-600"
              />
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

/** ZIP and county: a 5-digit ZIP looks up its counties; a select shows when there are several. Checked by update-location's own schema. */
export function LocationModal({
  open,
  zip,
  countyFips,
  counties: initialCounties,
  onClose,
  onSave,
  color,
}: {
  open: boolean;
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
    <ModalFrame open={open} onClose={onClose} labelledBy="location-title" busy={isSubmitting} className="max-w-sm">
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

export function RidersModal({
  open,
  riders,
  prices,
  selected,
  onClose,
  onApply,
  color,
}: {
  open: boolean;
  riders: { id: string; name: string }[];
  /** Every price of each rider among the shown quotes, for its range. */
  prices: RiderPrice[];
  selected: readonly string[];
  onClose: () => void;
  onApply: (riders: string[]) => void;
  color: string;
}) {
  const [choice, setChoice] = useState<string[]>([...selected]);
  const range = (id: string) => {
    const values = prices.filter((p) => p.id === id).map((p) => p.monthlyCents);
    if (values.length === 0) return "";
    const [min, max] = [Math.min(...values), Math.max(...values)];
    return min === max ? `${formatDollars(min)}/mo` : `${formatDollars(min)}–${formatDollars(max)}/mo`;
  };
  return (
    <ModalFrame open={open} onClose={onClose} labelledBy="riders-title" className="max-w-md">
      <div className="p-5">
        <ModalTitle id="riders-title">Customize riders</ModalTitle>
        <p className="mt-1 text-sm text-gray-600">
          Riders add coverage to your state&apos;s plan for an extra monthly price, which is added to each quote.
        </p>
        <ul className="mt-4 space-y-2">
          {riders.map((rider) => (
            <li key={rider.id}>
              <label className="flex cursor-pointer items-center justify-between gap-3 min-h-11 rounded-md border border-gray-200 px-3 py-2 text-sm">
                <span className="flex items-center gap-3">
                  <input
                    type="checkbox"
                    checked={choice.includes(rider.id)}
                    onChange={(event) =>
                      setChoice((c) => (event.target.checked ? [...c, rider.id] : c.filter((id) => id !== rider.id)))
                    }
                  />
                  {rider.name}
                </span>
                <span className="text-gray-600">{range(rider.id)}</span>
              </label>
            </li>
          ))}
        </ul>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          <BrandButton color={color} onClick={() => onApply(choice)}>
            Apply
          </BrandButton>
        </div>
      </div>
    </ModalFrame>
  );
}

const COVERAGE: [string, string, string][] = [
  ["Part A deductible", "100%", "100%"],
  ["Hospital co-pays", "100%", "100%"],
  ["Skilled nursing co-pays", "100%", "100%"],
  ["Part B deductible ($240)", "0%", "0%"],
  ["Part B coinsurance", "100%", "100% with some copays"],
  ["Excess charges", "100%", "0%"],
  ["Foreign travel", "80%", "80%"],
];

function Video({ url, title }: { url: string; title: string }) {
  return (
    <iframe
      src={url}
      title={title}
      className="mt-4 aspect-video w-full rounded-md"
      allow="encrypted-media; picture-in-picture"
      allowFullScreen
      sandbox="allow-scripts allow-same-origin allow-presentation"
    />
  );
}

export function PlanGvsNModal({
  open,
  videoUrl,
  onClose,
}: {
  open: boolean;
  videoUrl: string | null;
  onClose: () => void;
}) {
  return (
    <ModalFrame open={open} onClose={onClose} labelledBy="g-vs-n-title" className="max-w-lg">
      <div className="p-5">
        <ModalTitle id="g-vs-n-title">Plan G vs Plan N</ModalTitle>
        {videoUrl ? <Video url={videoUrl} title="Plan G vs Plan N" /> : null}
        <p className="mt-3 text-sm text-gray-700">
          Both plans cover your hospital stays in full. Plan G also pays the Part B excess charges some doctors bill and
          has no office copays; Plan N costs less each month, but you may pay up to $20 at a doctor&apos;s visit, up to
          $50 at the emergency room, and any excess charges.
        </p>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-gray-200 text-gray-600">
              <th className="py-1 pr-2 font-medium">Benefit</th>
              <th className="py-1 pr-2 font-medium">Plan G</th>
              <th className="py-1 font-medium">Plan N</th>
            </tr>
          </thead>
          <tbody>
            {COVERAGE.map(([benefit, g, n]) => (
              <tr key={benefit} className="border-b border-gray-100">
                <td className="py-1 pr-2 text-gray-800">{benefit}</td>
                <td className="py-1 pr-2">{g}</td>
                <td className="py-1">{n}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-5 flex justify-end">
          <SecondaryButton onClick={onClose}>Close</SecondaryButton>
        </div>
      </div>
    </ModalFrame>
  );
}

/** After "Select": what qualifying means, then on to the health questions (or the schedule page). */
export function QualifyModal({
  open,
  videoUrl,
  planName,
  carrierName,
  onClose,
  onContinue,
  color,
  skipHealthQuestions,
}: {
  open: boolean;
  videoUrl: string | null;
  planName: string;
  carrierName: string;
  onClose: () => void;
  onContinue: () => void;
  color: string;
  skipHealthQuestions: boolean;
}) {
  return (
    <ModalFrame open={open} onClose={onClose} labelledBy="qualify-title" className="max-w-md">
      <div className="p-5">
        <ModalTitle id="qualify-title">
          {carrierName} {planName}
        </ModalTitle>
        {videoUrl ? <Video url={videoUrl} title="How to qualify" /> : null}
        <p className="mt-3 text-sm text-gray-700">
          {skipHealthQuestions
            ? "Next, pick a time to talk with your agent, who will confirm the price and help you apply."
            : "To switch to a new Medicare Supplement plan you usually need to pass medical underwriting. Next you'll answer seven short yes-or-no health questions; it takes about two minutes, and your agent reviews the answers with you before anything is submitted."}
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          <BrandButton color={color} onClick={onContinue}>
            Continue
          </BrandButton>
        </div>
      </div>
    </ModalFrame>
  );
}
