"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { ContinueButton, FormAlert, saveFailureMessage, StepHeader } from "@/components/onboarding/form-controls";
import { OutreachPreviewModal, type PreviewBrand } from "@/components/onboarding/outreach-preview-modal";
import { apiCall } from "@/lib/api/browser-client";
import {
  ONBOARDING_MESSAGES,
  onboardingLicensingSchema,
  OUTREACH_TYPE_LABELS,
  OUTREACH_TYPES,
  type OnboardingLicensing,
  type OnboardingLicensingInput,
  type OnboardingStepSavedResponse,
} from "@/lib/onboarding/onboarding-schema";
import type { OnboardingStep } from "@/lib/onboarding/onboarding-steps";
import { REGIONS, US_STATES } from "@/lib/reference/us-states";
import { OUTREACH_DELAY_YEARS } from "@/lib/settings/org-settings-schema";
import { GI_CAPTIONS } from "@/lib/settings/state-carrier-settings";
import { Button } from "@/components/ui/button";
import { Checkbox, checkboxInputClass } from "@/components/ui/checkbox";
import { cx } from "@/components/ui/cx";
import { Toggle } from "@/components/ui/toggle";

/** The step's values as saved (the route schema's output). */
export type LicensingValues = OnboardingLicensing;

export type LicensingStepProps = {
  carrierOptions: string[];
  initial: LicensingValues;
  brand: PreviewBrand;
  onSaved: (values: LicensingValues, result: { nextStep: OnboardingStep }) => void;
};

const DELAY_MONTHS: Record<1 | 2 | 3, number> = { 1: 11, 2: 23, 3: 35 };

/** A checkbox inside its label, the whole row a 44 px target (the box is the kit's). */
function CheckboxRow({
  checked,
  onChange,
  label,
  title,
  className,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  title?: string;
  className?: string;
}) {
  return (
    <label
      className={cx(
        "flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm text-gray-800 hover:bg-gray-50",
        className,
      )}
      title={title}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className={checkboxInputClass}
      />
      <span className="min-w-0 truncate">{label}</span>
    </label>
  );
}

/** A checkbox that can show "some selected". */
function TriStateCheckbox({
  checked,
  indeterminate,
  onChange,
  label,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium text-gray-800">
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className={checkboxInputClass}
      />
      {label}
    </label>
  );
}

function Section({
  title,
  description,
  children,
  action,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <section className="rounded-lg border border-gray-200 p-5">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-base font-semibold text-gray-900">{title}</h3>
          {description ? <p className="mt-0.5 text-sm text-gray-600">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Step 2: Carrier Information, outreach settings and licensing by state. Continue needs at least one carrier. */
export function LicensingStep({ carrierOptions, initial, brand, onSaved }: LicensingStepProps) {
  const id = useId();
  const {
    control,
    handleSubmit,
    setValue,
    trigger,
    formState: { errors, isValid, isSubmitting },
  } = useForm<OnboardingLicensingInput, unknown, OnboardingLicensing>({
    resolver: zodResolver(onboardingLicensingSchema),
    mode: "onChange",
    defaultValues: initial,
  });
  // The form's values are the initial ones, changed only through setValue below: every field is present.
  const values = useWatch({ control }) as LicensingValues;
  const [formError, setFormError] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);

  // The schema's words show from the start (no carrier yet: "Please select at least one carrier").
  useEffect(() => {
    void trigger();
  }, [trigger]);

  const update = (patch: Partial<LicensingValues>) => {
    for (const [key, value] of Object.entries(patch))
      setValue(key as keyof LicensingValues, value, { shouldDirty: true });
    void trigger();
  };
  const toggleIn = (list: string[], item: string, on: boolean) =>
    on ? [...new Set([...list, item])] : list.filter((x) => x !== item);

  const allCarriers = carrierOptions.length > 0 && carrierOptions.every((c) => values.selectedCarriers.includes(c));
  const someCarriers = values.selectedCarriers.length > 0 && !allCarriers;
  const allStates = US_STATES.every((s) => values.stateLicenses.includes(s.code));
  const carrierError = errors.selectedCarriers?.message;
  const typesError = errors.outreachTypes?.message;

  const onValid = async (saved: OnboardingLicensing) => {
    setFormError(null);
    const result = await apiCall<OnboardingStepSavedResponse>("/api/onboarding/licensing", {
      method: "POST",
      body: saved,
    });
    if (result.ok) onSaved(saved, { nextStep: result.body.nextStep });
    else setFormError(saveFailureMessage(result, ONBOARDING_MESSAGES.saveFailed));
  };

  const failedPreAep =
    values.failedUnderwritingOutreach.enabled && values.failedUnderwritingOutreach.timing === "pre_aep";

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-6" aria-busy={isSubmitting}>
      <StepHeader
        title="Carrier Information"
        subtitle="Choose the carriers you're contracted with, how we reach out to your clients, and where you're licensed."
      />

      <Section
        title="Carriers"
        description="Quotes are built from the carriers you select."
        action={
          <TriStateCheckbox
            label="Select All Carriers"
            checked={allCarriers}
            indeterminate={someCarriers}
            onChange={(on) => update({ selectedCarriers: on ? [...carrierOptions] : [] })}
          />
        }
      >
        {carrierOptions.length === 0 ? (
          <p className="text-sm text-gray-600">No carriers are available yet.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-x-6 sm:grid-cols-2" aria-label="Carriers">
            {carrierOptions.map((carrier) => (
              <li key={carrier}>
                <CheckboxRow
                  label={carrier}
                  checked={values.selectedCarriers.includes(carrier)}
                  onChange={(on) => update({ selectedCarriers: toggleIn(values.selectedCarriers, carrier, on) })}
                />
              </li>
            ))}
          </ul>
        )}
        {carrierError ? <p className="mt-3 text-sm text-amber-800">{carrierError}</p> : null}

        <Checkbox
          id={`${id}-smartsend`}
          label="Use SmartSend for Guaranteed Issue"
          hint={GI_CAPTIONS.smartSend}
          checked={values.useSmartSend}
          onChange={(on) => update({ useSmartSend: on })}
          className="mt-5 rounded-md bg-brand-50 px-3 py-1"
        />
      </Section>

      <Section
        title="Outreach Settings"
        description="When and why your clients hear from you."
        action={
          <Button variant="secondary" size="sm" onClick={() => setPreviewOpen(true)}>
            Preview
          </Button>
        }
      >
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">Outreach timing</legend>
          <p className="text-sm text-gray-600">
            How long after a policy&apos;s effective date any automatic email may go out.
          </p>
          <div className="mt-2 grid grid-cols-3 gap-2" role="radiogroup" aria-label="Outreach timing">
            {OUTREACH_DELAY_YEARS.map((years) => {
              const checked = values.contactOutreachDelayYears === years;
              return (
                <label
                  key={years}
                  className={`min-h-11 cursor-pointer rounded-md border px-3 py-2 text-center text-sm transition focus-within:ring-2 focus-within:ring-brand-600 focus-within:ring-offset-2 ${checked ? "border-brand-600 bg-brand-50 font-semibold text-brand-700" : "border-gray-500 text-gray-800 hover:bg-gray-50"}`}
                >
                  <input
                    type="radio"
                    name={`${id}-delay`}
                    value={years}
                    checked={checked}
                    onChange={() => update({ contactOutreachDelayYears: years })}
                    className="sr-only"
                  />
                  {years} {years === 1 ? "year" : "years"}
                  <span className="block text-xs font-normal text-gray-600">month {DELAY_MONTHS[years]}</span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <fieldset className="mt-5">
          <legend className="text-sm font-medium text-gray-800">Outreach types</legend>
          <ul className="mt-2 divide-y divide-gray-100">
            {OUTREACH_TYPES.map((type) => {
              const on = values.outreachTypes[type];
              return (
                <li key={type}>
                  <Toggle
                    id={`${id}-${type}`}
                    label={OUTREACH_TYPE_LABELS[type].label}
                    description={OUTREACH_TYPE_LABELS[type].description}
                    checked={on}
                    onChange={(checked) => update({ outreachTypes: { ...values.outreachTypes, [type]: checked } })}
                    className="py-0.5"
                  />
                </li>
              );
            })}
          </ul>
          {typesError ? <p className="mt-1 text-sm text-red-700">{typesError}</p> : null}
        </fieldset>

        <Checkbox
          id={`${id}-failed`}
          label="For clients who failed health questions, reach out only in Pre-AEP"
          hint="One email a year, ahead of the Annual Enrollment Period."
          checked={failedPreAep}
          onChange={(on) =>
            update({
              failedUnderwritingOutreach: on
                ? { enabled: true, frequency: "annual", timing: "pre_aep" }
                : { enabled: false, frequency: "annual", timing: "birthday" },
            })
          }
          className="mt-4"
        />
      </Section>

      <Section
        title="Licensing"
        description="The states where you're licensed to sell."
        action={
          <TriStateCheckbox
            label="Select All States"
            checked={allStates}
            indeterminate={values.stateLicenses.length > 0 && !allStates}
            onChange={(on) => update({ stateLicenses: on ? US_STATES.map((s) => s.code) : [] })}
          />
        }
      >
        <div className="grid gap-5 sm:grid-cols-2">
          {REGIONS.map((region) => {
            const states = US_STATES.filter((s) => s.region === region);
            const selected = states.filter((s) => values.stateLicenses.includes(s.code)).length;
            const all = selected === states.length;
            return (
              <fieldset key={region} className="rounded-md bg-gray-50 p-3">
                <legend className="sr-only">{region}</legend>
                <div className="mb-2 flex items-center justify-between">
                  <span className="text-sm font-semibold text-gray-800" aria-hidden="true">
                    {region}
                  </span>
                  <TriStateCheckbox
                    label={`Select all ${region}`}
                    checked={all}
                    indeterminate={selected > 0 && !all}
                    onChange={(on) => {
                      const codes = states.map((s) => s.code);
                      update({
                        stateLicenses: on
                          ? [...new Set([...values.stateLicenses, ...codes])]
                          : values.stateLicenses.filter((c) => !codes.includes(c)),
                      });
                    }}
                  />
                </div>
                <ul className="grid grid-cols-2 gap-x-3">
                  {states.map((state) => (
                    <li key={state.code}>
                      <CheckboxRow
                        label={state.name}
                        title={state.name}
                        className="px-1 hover:bg-gray-100"
                        checked={values.stateLicenses.includes(state.code)}
                        onChange={(on) => update({ stateLicenses: toggleIn(values.stateLicenses, state.code, on) })}
                      />
                    </li>
                  ))}
                </ul>
              </fieldset>
            );
          })}
        </div>
      </Section>

      <FormAlert message={formError} />

      <div className="flex justify-end border-t border-gray-100 pt-5">
        <ContinueButton disabled={!isValid} saving={isSubmitting} />
      </div>

      {previewOpen ? (
        <OutreachPreviewModal
          brand={brand}
          outreachTypes={values.outreachTypes}
          onClose={() => setPreviewOpen(false)}
        />
      ) : null}
    </form>
  );
}
