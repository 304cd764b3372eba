"use client";

import Link from "next/link";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { CarriersSection } from "@/components/settings/carriers-section";
import { CopyLink } from "@/components/settings/copy-link";
import { isSameForm, orderCarriers, orderRiders, orderStates, toFormState, validateForm, withLists, type RiderStateKey, type SettingsFieldErrors, type SettingsForm } from "@/components/settings/form-state";
import { BRAND_KEYS, OrganizationDetailsSection, SenderSection, type LogoProps } from "@/components/settings/brand-sections";
import type { LogoChange } from "@/components/settings/logo-upload";
import { RiderDefaults } from "@/components/settings/rider-defaults";
import { FieldMessage } from "@/components/settings/settings-ui";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/card";
import { Select } from "@/components/ui/input";
import { Toggle } from "@/components/ui/toggle";
import { StateCarrierSection } from "@/components/settings/state-carrier-section";
import { Spinner } from "@/components/ui/spinner";
import type { CarrierOption } from "@/lib/carriers/list-carriers";
import type { OrgSettingsView } from "@/lib/settings/org-settings";
import { SETTINGS_MESSAGES } from "@/lib/settings/org-settings-schema";

export const SETTINGS_UI_TEXT = {
  loading: "Loading settings...",
  saved: "Settings saved successfully",
  unsaved: "You have unsaved changes.",
  upToDate: "All changes saved.",
  retry: "Try again",
  brandElsewhere: "Some organization settings outside this page need attention before saving:",
} as const;

/** "all": the Settings page. "brand": /brand-settings, the sender and Organization Details sections only (the same form and save). */
export type SettingsVariant = "all" | "brand";

export type OrgSettingsFormData = {
  settings: OrgSettingsView;
  carriers: CarrierOption[];
  selfOnboardingUrl?: string | null;
  orgName?: string;
};

type ErrorBody = { success?: boolean; error?: { message?: string; fields?: Record<string, string[] | undefined> } | string };

const RIDER_STATES: { state: "MN" | "WI" | "MA"; name: string; key: RiderStateKey }[] = [
  { state: "MN", name: "Minnesota", key: "mnDefaultRiders" },
  { state: "WI", name: "Wisconsin", key: "wiDefaultRiders" },
  { state: "MA", name: "Massachusetts", key: "maDefaultRiders" },
];

async function readJson<T>(response: { json: () => Promise<unknown> }): Promise<T | null> {
  try {
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

/**
 * Organization Settings (agency-side.md §2). With `initial` (the server page loads it) the form shows at
 * once; without, it loads the settings, the carrier list and the self-onboarding link itself.
 */
export function OrgSettingsForm({ initial, title = "Settings", variant = "all" }: { initial?: OrgSettingsFormData; title?: string; variant?: SettingsVariant }) {
  const [data, setData] = useState<OrgSettingsFormData | null>(initial ?? null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (initial) return;
    let cancelled = false;
    const get = (url: string) => fetch(url, { headers: { Accept: "application/json" } });
    Promise.all([get("/api/settings/org"), get("/api/settings/carriers")])
      .then(async ([settingsRes, carriersRes]) => {
        const settingsBody = await readJson<{ success?: boolean; orgSettings?: OrgSettingsView; orgName?: string }>(settingsRes);
        const carriersBody = await readJson<{ carriers?: CarrierOption[] }>(carriersRes);
        if (!settingsRes.ok || settingsBody?.success === false || !settingsBody?.orgSettings || !carriersRes.ok || !carriersBody?.carriers) throw new Error("load failed");
        if (!cancelled) setData({ settings: settingsBody.orgSettings, carriers: carriersBody.carriers, orgName: settingsBody.orgName, selfOnboardingUrl: null });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [initial, attempt]);

  let body: ReactNode;
  if (data) body = <SettingsEditor data={data} variant={variant} />;
  else if (failed)
    body = (
      <div role="alert" className="rounded-lg bg-white p-8 text-center shadow-sm ring-1 ring-gray-200">
        <p className="text-sm font-medium text-red-600">{SETTINGS_MESSAGES.loadFailed}</p>
        <Button
          variant="secondary"
          className="mt-4"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          {SETTINGS_UI_TEXT.retry}
        </Button>
      </div>
    );
  else
    body = (
      <div className="flex items-center justify-center gap-3 rounded-lg bg-white p-12 text-gray-600 shadow-sm ring-1 ring-gray-200" aria-busy="true">
        <Spinner className="h-5 w-5 text-brand-600" label={SETTINGS_UI_TEXT.loading} />
        <span>{SETTINGS_UI_TEXT.loading}</span>
      </div>
    );

  return (
    <div className="mx-auto max-w-4xl px-4 pt-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
      <p className="mt-1 text-sm text-gray-600">
        {variant === "brand"
          ? `How ${data?.orgName ?? "your agency"} appears to clients: name, logo, colors and sender.`
          : data?.orgName
            ? `Organization-wide settings for ${data.orgName}.`
            : "Organization-wide settings for your agency."}
      </p>
      <div className="mt-6">{body}</div>
    </div>
  );
}

function SettingsEditor({ data, variant }: { data: OrgSettingsFormData; variant: SettingsVariant }) {
  const uid = useId();
  const carriers = data.carriers;
  const initialForm = useMemo(() => toFormState(data.settings, carriers), [data.settings, carriers]);
  const [saved, setSaved] = useState<SettingsForm>(initialForm);
  const [form, setForm] = useState<SettingsForm>(initialForm);
  const [savedLogoUrl, setSavedLogoUrl] = useState<string | null>(data.settings.logoUrl);
  const [logoChange, setLogoChange] = useState<LogoChange>({ kind: "keep" });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<{ message: string; detail?: string } | null>(null);
  const [logoServerError, setLogoServerError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<SettingsFieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const errors = useMemo(() => validateForm(form), [form]);
  const valid = Object.keys(errors).length === 0;
  const changed = !isSameForm(form, saved) || logoChange.kind !== "keep";
  const canSave = changed && valid && !saving;

  useEffect(() => {
    if (!changed) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [changed]);

  useEffect(() => () => {
    if (noticeTimer.current) clearTimeout(noticeTimer.current);
  }, []);

  const update = useCallback((patch: Partial<SettingsForm> | ((f: SettingsForm) => SettingsForm)) => {
    setForm((f) => (typeof patch === "function" ? patch(f) : { ...f, ...patch }));
    setServerErrors({});
  }, []);

  const fieldErrors = (key: keyof SettingsForm) => [...(errors[key] ?? []), ...(serverErrors[key] ?? [])];
  const logo: LogoProps = { savedUrl: savedLogoUrl, change: logoChange, serverError: logoServerError, onChange: (c) => (setLogoChange(c), setLogoServerError(null)) };
  // On /brand-settings a problem in a section it does not show would block Save with nothing to fix in sight: say where it is.
  const hiddenProblems = variant === "brand" ? (Object.keys(errors) as (keyof SettingsForm)[]).filter((key) => !(BRAND_KEYS as readonly string[]).includes(key)).flatMap((key) => errors[key] ?? []) : [];

  const showNotice = (text: string) => {
    setNotice(text);
    if (noticeTimer.current) clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(null), 4000);
  };

  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    setSaveError(null);
    setLogoServerError(null);
    const logo = logoChange.kind === "replace" ? { logo: logoChange.dataUrl } : logoChange.kind === "remove" ? { logo: null } : {};
    try {
      const response = await fetch("/api/settings/org", {
        method: "PUT",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ settings: form, ...logo }),
      });
      const body = await readJson<ErrorBody & { orgSettings?: OrgSettingsView }>(response);
      if (response.ok && body?.success !== false && body?.orgSettings) {
        const next = toFormState(body.orgSettings, carriers);
        setSaved(next);
        setForm(next);
        setSavedLogoUrl(body.orgSettings.logoUrl);
        setLogoChange({ kind: "keep" });
        showNotice(SETTINGS_UI_TEXT.saved);
        return;
      }
      const error = typeof body?.error === "object" ? body.error : undefined;
      const detail = typeof body?.error === "string" ? body.error : error?.message;
      const fields = error?.fields ?? {};
      const logoProblem = fields.logo?.[0] ?? (response.status === 413 && logoChange.kind === "replace" ? detail : undefined);
      if (logoProblem) {
        setLogoServerError(logoProblem);
        setSaveError({ message: SETTINGS_MESSAGES.logoFailed, detail: logoProblem });
        return;
      }
      const mapped: SettingsFieldErrors = {};
      for (const [path, messages] of Object.entries(fields)) {
        const key = path.replace(/^settings\./, "").split(".")[0] as keyof SettingsForm;
        if (messages?.length) mapped[key] = [...(mapped[key] ?? []), ...messages];
      }
      setServerErrors(mapped);
      setSaveError({ message: SETTINGS_MESSAGES.saveFailed, detail: response.status < 500 ? detail : undefined });
    } catch {
      setSaveError({ message: SETTINGS_MESSAGES.saveFailed });
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    setForm(saved);
    setLogoChange({ kind: "keep" });
    setServerErrors({});
    setSaveError(null);
    setLogoServerError(null);
  };

  const setCarriers = (names: string[]) => update((f) => withLists(f, orderCarriers(names, carriers), f.stateLicenses));
  const setStates = (codes: string[]) => update((f) => withLists(f, f.carrierContracts, orderStates(codes)));
  const prefs = form.contactPreferences;
  const outreach = form.outreachTypes;
  const fuo = form.failedUnderwritingOutreach;
  const id = (name: string) => `${uid}-${name}`;

  return (
    <form
      noValidate
      aria-busy={saving}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <fieldset disabled={saving} className="min-w-0 space-y-6">
        {variant === "brand" ? (
          <>
            <SenderSection id={id} form={form} update={update} fieldErrors={fieldErrors} />
            <OrganizationDetailsSection id={id} form={form} update={update} fieldErrors={fieldErrors} logo={logo} />
            <p className="text-sm text-gray-600">
              Carriers, states, emails and outreach are in{" "}
              <Link href="/settings" className="font-medium text-brand-700 hover:underline">
                Organization Settings
              </Link>
              .
            </p>
          </>
        ) : null}
        {/* Every section, on the Settings page (kept at this indentation to keep the history readable). */}
        {variant === "all" ? (
          <>
        <CarriersSection carriers={carriers} selected={form.carrierContracts} onChange={setCarriers} errors={fieldErrors("carrierContracts")} />

        <StateCarrierSection
          stateLicenses={form.stateLicenses}
          carrierContracts={form.carrierContracts}
          settings={form.stateCarrierSettings.map((s) => ({ ...s, state: s.state ?? null }))}
          smartSendEnabled={form.smartSendEnabled}
          onStatesChange={setStates}
          onSettingsChange={(stateCarrierSettings) => update({ stateCarrierSettings })}
          onSmartSendChange={(smartSendEnabled) => update({ smartSendEnabled })}
        />

        <SenderSection id={id} form={form} update={update} fieldErrors={fieldErrors} />

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

        <OrganizationDetailsSection id={id} form={form} update={update} fieldErrors={fieldErrors} logo={logo} />

        <Section id={id("emails")} title="Email Settings" description="Which automatic emails go to your contacts.">
          <div className="divide-y divide-gray-100">
            {/* One switch per email type: the Email Settings fields and outreachTypes are the same stored value. */}
            <Toggle
              id={id("email-birthday")}
              label="Birthday emails"
              checked={form.emailSendBirthday}
              onChange={(birthday) => update({ emailSendBirthday: birthday, outreachTypes: { ...outreach, birthday } })}
            />
            <Toggle
              id={id("email-anniversary")}
              label="Policy anniversary emails"
              checked={form.emailSendPolicyAnniversary}
              onChange={(enrollmentAnniversary) => update({ emailSendPolicyAnniversary: enrollmentAnniversary, outreachTypes: { ...outreach, enrollmentAnniversary } })}
            />
            <Toggle id={id("email-aep")} label="AEP emails" checked={form.emailSendAep} onChange={(aep) => update({ emailSendAep: aep, outreachTypes: { ...outreach, aep } })} />
          </div>
        </Section>

        <Section id={id("contact-prefs")} title="Contact Preferences" description="The ways clients can reach you from the page that follows their quotes and health questions.">
          <div className="divide-y divide-gray-100">
            <Toggle
              id={id("pref-calendar")}
              label="Calendar Booking Link"
              description="Clients book a time on your calendar."
              checked={prefs.calendarEnabled}
              onChange={(calendarEnabled) => update({ contactPreferences: { ...prefs, calendarEnabled } })}
            />
            <Toggle id={id("pref-phone")} label="Phone Call" description="Clients call the agency, or their agent when agents use their own details." checked={prefs.phoneEnabled} onChange={(phoneEnabled) => update({ contactPreferences: { ...prefs, phoneEnabled } })} />
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

        <Section id={id("outreach")} title="Outreach" description="Rate increase emails, and how long after a policy starts any outreach begins. Birthday, anniversary and AEP emails are switched in Email Settings.">
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
            <p className="text-xs text-gray-500">How long after a policy&apos;s effective date any automatic email may go out.</p>
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
                    {years === 1 ? "1 year" : `${years} years`} <span className="text-xs text-gray-500">({12 * years - 1} months)</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </Section>

        <Section id={id("failed-uw")} title="Failed Underwriting Outreach" description="With this on, contacts who did not pass the health questions hear from you at most once a year; off, they get the same emails as everyone else.">
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
                onChange={(e) => update({ failedUnderwritingOutreach: { ...fuo, timing: e.target.value as typeof fuo.timing } })}
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

        <Section id={id("riders")} title="Default Rider Selections" description="Riders added to quotes by default in the states that design their own plans.">
          <div className="grid gap-4 lg:grid-cols-3">
            {RIDER_STATES.map(({ state, name, key }) => (
              <RiderDefaults key={state} state={state} stateName={name} selected={form[key]} onChange={(riders) => update({ [key]: orderRiders(riders) } as Partial<SettingsForm>)} />
            ))}
          </div>
        </Section>

        <Section id={id("self-onboarding")} title="Organization Self-Onboarding Link" description="Share this link so clients can add themselves to your book of business and see their quotes.">
          <CopyLink url={data.selfOnboardingUrl} label="Self-onboarding link" />
        </Section>
          </>
        ) : null}
      </fieldset>

      <div className="sticky bottom-0 z-10 -mx-4 mt-8 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_-8px_rgba(0,0,0,0.2)] backdrop-blur sm:-mx-6 sm:px-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 text-sm" aria-live="polite">
            {saveError ? (
              <p className="text-red-600" role="alert">
                <span className="font-medium">{saveError.message}</span>
                {saveError.detail && saveError.detail !== saveError.message ? <span className="block text-xs">{saveError.detail}</span> : null}
              </p>
            ) : changed && hiddenProblems.length ? (
              <p className="text-red-600">
                {SETTINGS_UI_TEXT.brandElsewhere} {hiddenProblems.join(" ")}{" "}
                <Link href="/settings" className="font-medium underline">
                  Open Organization Settings
                </Link>
              </p>
            ) : changed && !valid ? (
              <p className="text-red-600">{SETTINGS_MESSAGES.fixErrors}</p>
            ) : changed ? (
              <p className="text-gray-600">{SETTINGS_UI_TEXT.unsaved}</p>
            ) : (
              <p className="text-gray-500">{SETTINGS_UI_TEXT.upToDate}</p>
            )}
          </div>
          <div className="flex shrink-0 gap-2">
            {changed ? (
              <Button variant="secondary" onClick={discard} disabled={saving}>
                Discard changes
              </Button>
            ) : null}
            <Button type="submit" className="min-w-36" disabled={!canSave} loading={saving} loadingLabel="Saving...">
              Save Changes
            </Button>
          </div>
        </div>
      </div>

      {notice ? (
        <div role="status" className="fixed right-4 top-20 z-20 flex items-center gap-3 rounded-md bg-emerald-600 px-4 py-3 text-sm font-medium text-white shadow-lg">
          <span>{notice}</span>
          <button type="button" className="rounded text-white/80 hover:text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-white" aria-label="Dismiss" onClick={() => setNotice(null)}>
            ×
          </button>
        </div>
      ) : null}
    </form>
  );
}
