"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ContinueButton, FormAlert, StepHeader } from "@/components/onboarding/form-controls";
import { postOnboarding } from "@/components/onboarding/onboarding-api";
import { OutreachPreviewModal, type PreviewBrand } from "@/components/onboarding/outreach-preview-modal";
import { ONBOARDING_MESSAGES, onboardingLicensingSchema, OUTREACH_TYPE_LABELS, OUTREACH_TYPES, type OutreachType } from "@/lib/onboarding/onboarding-schema";
import type { OnboardingStep } from "@/lib/onboarding/onboarding-steps";
import { REGIONS, US_STATES } from "@/lib/reference/us-states";
import { OUTREACH_DELAY_YEARS } from "@/lib/settings/org-settings-schema";
import { GI_CAPTIONS } from "@/lib/settings/state-carrier-settings";
import { Button } from "@/components/ui/button";
import { Toggle } from "@/components/ui/toggle";

export type LicensingValues = {
  selectedCarriers: string[];
  stateLicenses: string[];
  useSmartSend: boolean;
  contactOutreachDelayYears: 1 | 2 | 3;
  outreachTypes: Record<OutreachType, boolean>;
  failedUnderwritingOutreach: { enabled: boolean; frequency: "annual"; timing: "birthday" | "pre_aep" };
};

export type LicensingStepProps = {
  carrierOptions: string[];
  initial: LicensingValues;
  brand: PreviewBrand;
  onSaved: (values: LicensingValues, result: { nextStep: OnboardingStep }) => void;
};

const DELAY_MONTHS: Record<1 | 2 | 3, number> = { 1: 11, 2: 23, 3: 35 };

/** A checkbox that can show "some selected". */
function TriStateCheckbox({ checked, indeterminate, onChange, label, className = "" }: { checked: boolean; indeterminate: boolean; onChange: (checked: boolean) => void; label: string; className?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className={`inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-gray-800 ${className}`}>
      <input ref={ref} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4 rounded border-gray-300 accent-brand-600" />
      {label}
    </label>
  );
}

function Section({ title, description, children, action }: { title: string; description?: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-gray-200 p-5">
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-base font-semibold text-gray-900">{title}</h3>
          {description ? <p className="mt-0.5 text-sm text-gray-500">{description}</p> : null}
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
  const [values, setValues] = useState<LicensingValues>(initial);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);

  const parsed = onboardingLicensingSchema.safeParse(values);
  const carrierError = values.selectedCarriers.length === 0 ? ONBOARDING_MESSAGES.carrierRequired : null;
  const typesError = OUTREACH_TYPES.some((t) => values.outreachTypes[t]) ? null : ONBOARDING_MESSAGES.outreachTypeRequired;

  const update = (patch: Partial<LicensingValues>) => setValues((v) => ({ ...v, ...patch }));
  const toggleIn = (list: string[], item: string, on: boolean) => (on ? [...new Set([...list, item])] : list.filter((x) => x !== item));

  const allCarriers = carrierOptions.length > 0 && carrierOptions.every((c) => values.selectedCarriers.includes(c));
  const someCarriers = values.selectedCarriers.length > 0 && !allCarriers;
  const allStates = US_STATES.every((s) => values.stateLicenses.includes(s.code));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.success) return;
    setSaving(true);
    setFormError(null);
    try {
      const result = await postOnboarding<{ nextStep: OnboardingStep }>("/api/onboarding/licensing", values, ONBOARDING_MESSAGES.saveFailed);
      onSaved(values, { nextStep: result.nextStep });
    } catch (error) {
      setFormError(error instanceof Error ? error.message : ONBOARDING_MESSAGES.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  const failedPreAep = values.failedUnderwritingOutreach.enabled && values.failedUnderwritingOutreach.timing === "pre_aep";

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <StepHeader title="Carrier Information" subtitle="Choose the carriers you're contracted with, how we reach out to your clients, and where you're licensed." />

      <Section
        title="Carriers"
        description="Quotes are built from the carriers you select."
        action={<TriStateCheckbox label="Select All Carriers" checked={allCarriers} indeterminate={someCarriers} onChange={(on) => update({ selectedCarriers: on ? [...carrierOptions] : [] })} />}
      >
        {carrierOptions.length === 0 ? (
          <p className="text-sm text-gray-500">No carriers are available yet.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2" aria-label="Carriers">
            {carrierOptions.map((carrier) => (
              <li key={carrier}>
                <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-gray-800 hover:bg-gray-50">
                  <input
                    type="checkbox"
                    checked={values.selectedCarriers.includes(carrier)}
                    onChange={(e) => update({ selectedCarriers: toggleIn(values.selectedCarriers, carrier, e.target.checked) })}
                    className="h-4 w-4 rounded border-gray-300 accent-brand-600"
                  />
                  {carrier}
                </label>
              </li>
            ))}
          </ul>
        )}
        {carrierError ? <p className="mt-3 text-xs text-amber-700">{carrierError}</p> : null}

        <div className="mt-5 flex items-start gap-3 rounded-md bg-brand-50 p-3">
          <input
            id={`${id}-smartsend`}
            type="checkbox"
            checked={values.useSmartSend}
            onChange={(e) => update({ useSmartSend: e.target.checked })}
            aria-describedby={`${id}-smartsend-help`}
            className="mt-0.5 h-4 w-4 cursor-pointer rounded border-gray-300 accent-brand-600"
          />
          <div>
            <label htmlFor={`${id}-smartsend`} className="block cursor-pointer text-sm font-medium text-gray-900">
              Use SmartSend for Guaranteed Issue
            </label>
            <p id={`${id}-smartsend-help`} className="text-xs text-gray-600">
              {GI_CAPTIONS.smartSend}
            </p>
          </div>
        </div>
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
          <p className="text-xs text-gray-500">How long after a policy&apos;s effective date any automatic email may go out.</p>
          <div className="mt-2 grid grid-cols-3 gap-2" role="radiogroup" aria-label="Outreach timing">
            {OUTREACH_DELAY_YEARS.map((years) => {
              const checked = values.contactOutreachDelayYears === years;
              return (
                <label
                  key={years}
                  className={`cursor-pointer rounded-md border px-3 py-2 text-center text-sm transition ${checked ? "border-brand-600 bg-brand-50 font-semibold text-brand-700" : "border-gray-300 text-gray-700 hover:bg-gray-50"}`}
                >
                  <input type="radio" name={`${id}-delay`} value={years} checked={checked} onChange={() => update({ contactOutreachDelayYears: years })} className="sr-only" />
                  {years} {years === 1 ? "year" : "years"}
                  <span className="block text-xs font-normal text-gray-500">month {DELAY_MONTHS[years]}</span>
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
          {typesError ? <p className="mt-1 text-xs text-red-600">{typesError}</p> : null}
        </fieldset>

        <div className="mt-4 flex items-start gap-3">
          <input
            id={`${id}-failed`}
            type="checkbox"
            checked={failedPreAep}
            onChange={(e) => update({ failedUnderwritingOutreach: e.target.checked ? { enabled: true, frequency: "annual", timing: "pre_aep" } : { enabled: false, frequency: "annual", timing: "birthday" } })}
            aria-describedby={`${id}-failed-help`}
            className="mt-0.5 h-4 w-4 cursor-pointer rounded border-gray-300 accent-brand-600"
          />
          <div>
            <label htmlFor={`${id}-failed`} className="block cursor-pointer text-sm text-gray-900">
              For clients who failed health questions, reach out only in Pre-AEP
            </label>
            <p id={`${id}-failed-help`} className="text-xs text-gray-500">
              One email a year, ahead of the Annual Enrollment Period.
            </p>
          </div>
        </div>
      </Section>

      <Section
        title="Licensing"
        description="The states where you're licensed to sell."
        action={<TriStateCheckbox label="Select All States" checked={allStates} indeterminate={values.stateLicenses.length > 0 && !allStates} onChange={(on) => update({ stateLicenses: on ? US_STATES.map((s) => s.code) : [] })} />}
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
                    className="text-xs font-normal text-gray-600"
                    checked={all}
                    indeterminate={selected > 0 && !all}
                    onChange={(on) => {
                      const codes = states.map((s) => s.code);
                      update({ stateLicenses: on ? [...new Set([...values.stateLicenses, ...codes])] : values.stateLicenses.filter((c) => !codes.includes(c)) });
                    }}
                  />
                </div>
                <ul className="grid grid-cols-2 gap-x-3 gap-y-1">
                  {states.map((state) => (
                    <li key={state.code}>
                      <label className="flex cursor-pointer items-center gap-2 text-sm text-gray-700" title={state.name}>
                        <input
                          type="checkbox"
                          checked={values.stateLicenses.includes(state.code)}
                          onChange={(e) => update({ stateLicenses: toggleIn(values.stateLicenses, state.code, e.target.checked) })}
                          className="h-4 w-4 rounded border-gray-300 accent-brand-600"
                        />
                        <span className="truncate">{state.name}</span>
                      </label>
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
        <ContinueButton disabled={!parsed.success} saving={saving} />
      </div>

      {previewOpen ? <OutreachPreviewModal brand={brand} outreachTypes={values.outreachTypes} onClose={() => setPreviewOpen(false)} /> : null}
    </form>
  );
}
