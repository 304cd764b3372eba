"use client";

import { useState } from "react";
import { OutreachPreviewModal } from "@/components/onboarding/outreach-preview-modal";
import { CarriersSection } from "@/components/settings/carriers-section";
import type { BrandSectionProps } from "@/components/settings/brand-sections";
import {
  orderCarriers,
  orderRiders,
  orderStates,
  withLists,
  type RiderStateKey,
  type SettingsForm,
} from "@/components/settings/form-state";
import { RiderDefaults } from "@/components/settings/rider-defaults";
import { FieldMessage } from "@/components/settings/settings-ui";
import { StateCarrierSection } from "@/components/settings/state-carrier-section";
import { useSettingsForm } from "@/components/settings/use-settings-form";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { Toggle } from "@/components/ui/toggle";
import type { CarrierOption } from "@/lib/carriers/list-carriers";
import { HOUSEHOLD_WINDOW_DAYS, SETTINGS_MESSAGES } from "@/lib/settings/org-settings-schema";

/**
 * The sections of the Settings page other than the brand ones (brand-sections.tsx). Each reads and patches
 * the one settings form through useSettingsForm (FormProvider in SettingsEditor), so one Save sends them all.
 */

const RIDER_STATES: {
  state: "MN" | "WI" | "MA";
  name: string;
  key: RiderStateKey;
}[] = [
  { state: "MN", name: "Minnesota", key: "mnDefaultRiders" },
  { state: "WI", name: "Wisconsin", key: "wiDefaultRiders" },
  { state: "MA", name: "Massachusetts", key: "maDefaultRiders" },
];

/** Carriers Offered and State Carrier Settings: a carrier or state change re-derives the state × carrier rows. */
export function CarrierAndStateSections({ carriers }: { carriers: CarrierOption[] }) {
  const { form, update, fieldErrors } = useSettingsForm();
  const setLists = (carrierContracts: string[], stateLicenses: string[]) => {
    const next = withLists(form, carrierContracts, stateLicenses);
    update({
      carrierContracts: next.carrierContracts,
      stateLicenses: next.stateLicenses,
      stateCarrierSettings: next.stateCarrierSettings,
    });
  };
  return (
    <>
      <CarriersSection
        carriers={carriers}
        selected={form.carrierContracts}
        onChange={(names) => setLists(orderCarriers(names, carriers), form.stateLicenses)}
        errors={fieldErrors("carrierContracts")}
      />
      <StateCarrierSection
        stateLicenses={form.stateLicenses}
        carrierContracts={form.carrierContracts}
        settings={form.stateCarrierSettings.map((s) => ({
          ...s,
          state: s.state ?? null,
        }))}
        smartSendEnabled={form.smartSendEnabled}
        onStatesChange={(codes) => setLists(form.carrierContracts, orderStates(codes))}
        onSettingsChange={(stateCarrierSettings) => update({ stateCarrierSettings })}
        onSmartSendChange={(smartSendEnabled) => update({ smartSendEnabled })}
      />
    </>
  );
}

export function ContentSettingsSection({ id }: BrandSectionProps) {
  const { form, update } = useSettingsForm();
  return (
    <Section id={id("content")} title="Content Settings">
      <div className="divide-y divide-gray-100">
        <Toggle
          id={id("hide-ma")}
          label="Hide Medicare Advantage"
          description="Quote pages show Medicare Supplement plans only."
          checked={form.hideMedicareAdvantage}
          onChange={(hideMedicareAdvantage) => update({ hideMedicareAdvantage })}
        />
        <Toggle
          id={id("agent-settings")}
          label="Allow agents to edit their own settings"
          description="Agents may change their own call-to-action and sender settings."
          checked={form.allowAgentSettings}
          onChange={(allowAgentSettings) => update({ allowAgentSettings })}
        />
      </div>
    </Section>
  );
}

export function EmailSettingsSection({ id }: BrandSectionProps) {
  const { form, update } = useSettingsForm();
  const outreach = form.outreachTypes;
  return (
    <Section id={id("emails")} title="Email Settings" description="Which automatic emails go to your contacts.">
      <div className="divide-y divide-gray-100">
        {/* One switch per email type: the Email Settings fields and outreachTypes are the same stored value. */}
        <Toggle
          id={id("email-birthday")}
          label="Birthday emails"
          checked={form.emailSendBirthday}
          onChange={(birthday) =>
            update({
              emailSendBirthday: birthday,
              outreachTypes: { ...outreach, birthday },
            })
          }
        />
        <Toggle
          id={id("email-anniversary")}
          label="Policy anniversary emails"
          checked={form.emailSendPolicyAnniversary}
          onChange={(enrollmentAnniversary) =>
            update({
              emailSendPolicyAnniversary: enrollmentAnniversary,
              outreachTypes: { ...outreach, enrollmentAnniversary },
            })
          }
        />
        <Toggle
          id={id("email-aep")}
          label="AEP emails"
          checked={form.emailSendAep}
          onChange={(aep) => update({ emailSendAep: aep, outreachTypes: { ...outreach, aep } })}
        />
      </div>
    </Section>
  );
}

export function ContactPreferencesSection({ id }: BrandSectionProps) {
  const { form, update, fieldErrors } = useSettingsForm();
  const prefs = form.contactPreferences;
  return (
    <Section
      id={id("contact-prefs")}
      title="Contact Preferences"
      description="The ways clients can reach you from the page that follows their quotes and health questions."
    >
      <div className="divide-y divide-gray-100">
        <Toggle
          id={id("pref-calendar")}
          label="Calendar Booking Link"
          description="Clients book a time on your calendar."
          checked={prefs.calendarEnabled}
          onChange={(calendarEnabled) => update({ contactPreferences: { ...prefs, calendarEnabled } })}
        />
        <Toggle
          id={id("pref-phone")}
          label="Phone Call"
          description="Clients call the agency, or their agent when agents use their own details."
          checked={prefs.phoneEnabled}
          onChange={(phoneEnabled) => update({ contactPreferences: { ...prefs, phoneEnabled } })}
        />
        <Toggle
          id={id("pref-callback")}
          label="Request a Callback"
          description="Clients ask you to call them."
          checked={prefs.callbackEnabled}
          onChange={(callbackEnabled) => update({ contactPreferences: { ...prefs, callbackEnabled } })}
        />
      </div>
      <FieldMessage messages={fieldErrors("contactPreferences")} tone="warning" />
      {prefs.calendarEnabled && fieldErrors("redirectUrl").includes(SETTINGS_MESSAGES.calendarLinkRequired) ? (
        <FieldMessage messages={[SETTINGS_MESSAGES.calendarLinkRequired]} tone="warning" />
      ) : null}
    </Section>
  );
}

/** The texting setting's words (issue #20 point 3; docs/operations.md §7). */
export const SMS_SETTING_TEXT = {
  label: "Text quote links (SMS)",
  hint: "Texts go only to contacts whose consent to texts an agent has recorded (Contact Details → Text messages), between 8 am and 9 pm their time. Each text names your agency and says Reply STOP to opt out.",
  twilioOff: "Twilio is not set up on this server, so nothing is texted yet (docs/operations.md §7).",
} as const;

export type OutreachSectionProps = BrandSectionProps & {
  /** True when this server has no Twilio keys (getEnv().parts.sms === "off", from the server page). */
  smsOff?: boolean;
  /** APP_URL, for the preview's sample short link (getEnv().appUrl, from the server page). */
  appUrl?: string;
  /** The logo the preview shows: the saved one, or the one about to be saved. */
  logoUrl?: string | null;
};

export function OutreachSection({ id, smsOff = false, appUrl, logoUrl = null }: OutreachSectionProps) {
  const { form, update, fieldErrors, register } = useSettingsForm();
  const [previewOpen, setPreviewOpen] = useState(false);
  const outreach = form.outreachTypes;
  const windowErrors = fieldErrors("householdWindowDays");
  return (
    <Section
      id={id("outreach")}
      title="Outreach"
      description="Rate increase emails, how long after a policy starts any outreach begins, one email for two people who live together, and quote links by text. Birthday, anniversary and AEP emails are switched in Email Settings."
    >
      <div className="divide-y divide-gray-100">
        <Toggle
          id={id("outreach-increase")}
          label="Rate increase"
          checked={outreach.scheduleIncrease}
          onChange={(scheduleIncrease) => update({ outreachTypes: { ...outreach, scheduleIncrease } })}
        />
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-gray-900">Outreach timing</legend>
        <p className="text-xs text-gray-600">
          How long after a policy&apos;s effective date any automatic email may go out.
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {([1, 2, 3] as const).map((years) => (
            <label
              key={years}
              className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${form.contactOutreachDelayYears === years ? "border-brand-500 bg-brand-50" : "border-gray-200"}`}
            >
              <input
                type="radio"
                name={id("delay")}
                className="accent-brand-600"
                checked={form.contactOutreachDelayYears === years}
                onChange={() => update({ contactOutreachDelayYears: years })}
              />
              <span>
                {years === 1 ? "1 year" : `${years} years`}{" "}
                <span className="text-xs text-gray-600">({12 * years - 1} months)</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        id={id("household-window")}
        className="mt-4"
        label="Household window (days)"
        hint="When two people who live together are both due for an email within this many days, they get one email together. 0 sends each their own."
        error={windowErrors.join(" ") || null}
        announceError
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={HOUSEHOLD_WINDOW_DAYS.min}
            max={HOUSEHOLD_WINDOW_DAYS.max}
            step={1}
            className="max-w-32"
            {...register("householdWindowDays", { valueAsNumber: true })}
            defaultValue={form.householdWindowDays}
          />
        )}
      </Field>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-t border-gray-100 pt-2">
        <Checkbox
          id={id("sms-enabled")}
          className="min-w-0 flex-1"
          label={SMS_SETTING_TEXT.label}
          hint={
            <>
              {SMS_SETTING_TEXT.hint}
              {smsOff ? <span className="mt-1 block">{SMS_SETTING_TEXT.twilioOff}</span> : null}
            </>
          }
          checked={form.smsEnabled}
          onChange={(smsEnabled) => update({ smsEnabled })}
        />
        <Button variant="secondary" size="sm" className="mt-0.5 shrink-0" onClick={() => setPreviewOpen(true)}>
          Preview
        </Button>
      </div>
      {previewOpen ? (
        <OutreachPreviewModal
          brand={{
            name: form.brandName,
            primaryColor: form.primaryColor,
            secondaryColor: form.secondaryColor,
            logoUrl,
            phone: form.phone,
          }}
          outreachTypes={outreach}
          appUrl={appUrl}
          onClose={() => setPreviewOpen(false)}
        />
      ) : null}
    </Section>
  );
}

export function FailedUnderwritingSection({ id }: BrandSectionProps) {
  const { form, update } = useSettingsForm();
  const fuo = form.failedUnderwritingOutreach;
  return (
    <Section
      id={id("failed-uw")}
      title="Failed Underwriting Outreach"
      description="With this on, contacts who did not pass the health questions hear from you at most once a year; off, they get the same emails as everyone else."
    >
      <Toggle
        id={id("fuo-enabled")}
        label="Reach out to contacts who failed underwriting"
        checked={fuo.enabled}
        onChange={(enabled) => update({ failedUnderwritingOutreach: { ...fuo, enabled } })}
      />
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={id("fuo-timing")} className="block text-sm font-medium text-gray-700">
            When
          </label>
          <Select
            id={id("fuo-timing")}
            className="mt-1"
            value={fuo.timing}
            disabled={!fuo.enabled}
            onChange={(e) =>
              update({
                failedUnderwritingOutreach: {
                  ...fuo,
                  timing: e.target.value as typeof fuo.timing,
                },
              })
            }
          >
            <option value="birthday">Around their birthday</option>
            <option value="pre_aep">Pre-AEP only</option>
          </Select>
        </div>
        <div>
          <span className="block text-sm font-medium text-gray-700">How often</span>
          <p className="mt-1 rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-600">Once a year</p>
        </div>
      </div>
    </Section>
  );
}

export function RiderDefaultsSection({ id }: BrandSectionProps) {
  const { form, update } = useSettingsForm();
  return (
    <Section
      id={id("riders")}
      title="Default Rider Selections"
      description="Riders added to quotes by default in the states that design their own plans."
    >
      <div className="grid gap-4 lg:grid-cols-3">
        {RIDER_STATES.map(({ state, name, key }) => (
          <RiderDefaults
            key={state}
            state={state}
            stateName={name}
            selected={form[key]}
            onChange={(riders) => update({ [key]: orderRiders(riders) } as Partial<SettingsForm>)}
          />
        ))}
      </div>
    </Section>
  );
}
