"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { CopyLink } from "@/components/settings/copy-link";
import { toFormState, type SettingsForm } from "@/components/settings/form-state";
import {
  BRAND_KEYS,
  OrganizationDetailsSection,
  SenderSection,
  type LogoProps,
} from "@/components/settings/brand-sections";
import type { LogoChange } from "@/components/settings/logo-upload";
import {
  CarrierAndStateSections,
  ContactPreferencesSection,
  ContentSettingsSection,
  EmailSettingsSection,
  FailedUnderwritingSection,
  OutreachSection,
  RiderDefaultsSection,
} from "@/components/settings/settings-sections";
import { errorMessages, recheckOnChange } from "@/components/settings/use-settings-form";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { apiCall } from "@/lib/api/browser-client";
import type { CarrierOption } from "@/lib/carriers/list-carriers";
import type { OrgSettingsView } from "@/lib/settings/org-settings";
import { orgSettingsSchema, SETTINGS_MESSAGES, type OrgSettings } from "@/lib/settings/org-settings-schema";
import type {
  OrgSettingsResponse,
  SettingsCarriersResponse,
  UpdateOrgSettingsResponse,
} from "@/lib/settings/update-org-settings-body";

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

/** What the server page knows of this server's set-up (getEnv()), for the Outreach section's texting setting. */
export type SettingsServerInfo = {
  /** True when Twilio is not set up (getEnv().parts.sms === "off"): nothing is texted. */
  smsOff?: boolean;
  /** APP_URL, the start of a text's short link in the preview. */
  appUrl?: string;
};

/**
 * Organization Settings (agency-side.md §2). With `initial` (the server page loads it) the form shows at
 * once; without, it loads the settings, the carrier list and the self-onboarding link itself.
 */
export function OrgSettingsForm({
  initial,
  title = "Settings",
  variant = "all",
  smsOff,
  appUrl,
}: {
  initial?: OrgSettingsFormData;
  title?: string;
  variant?: SettingsVariant;
} & SettingsServerInfo) {
  const [data, setData] = useState<OrgSettingsFormData | null>(initial ?? null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (initial) return;
    let cancelled = false;
    void Promise.all([
      apiCall<OrgSettingsResponse>("/api/settings/org"),
      apiCall<SettingsCarriersResponse>("/api/settings/carriers"),
    ]).then(([settings, carriers]) => {
      if (cancelled) return;
      if (settings.ok && settings.body.orgSettings && carriers.ok && carriers.body.carriers)
        setData({
          settings: settings.body.orgSettings,
          carriers: carriers.body.carriers,
          orgName: settings.body.orgName,
          selfOnboardingUrl: null,
        });
      else setFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [initial, attempt]);

  let body: ReactNode;
  if (data) body = <SettingsEditor data={data} variant={variant} server={{ smsOff, appUrl }} />;
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
      <div
        className="flex items-center justify-center gap-3 rounded-lg bg-white p-12 text-gray-600 shadow-sm ring-1 ring-gray-200"
        aria-busy="true"
      >
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

/** Where a server field error lands: "settings.contactPreferences.phoneEnabled" is the contactPreferences field. */
function settingsKey(path: string): keyof SettingsForm {
  return path.replace(/^settings\./, "").split(".")[0] as keyof SettingsForm;
}

/**
 * The one settings form: react-hook-form resolved by orgSettingsSchema (the schema PUT /api/settings/org
 * parses), shared with every section through FormProvider. The whole form is checked on every change, so
 * a rule that spans fields (the calendar link, one contact method) shows and clears at once; a stored
 * value that breaks a rule is named on load.
 */
function SettingsEditor({
  data,
  variant,
  server,
}: {
  data: OrgSettingsFormData;
  variant: SettingsVariant;
  server: SettingsServerInfo;
}) {
  const uid = useId();
  const carriers = data.carriers;
  const initialForm = useMemo(() => toFormState(data.settings, carriers), [data.settings, carriers]);
  const methods = useForm<SettingsForm, unknown, OrgSettings>({
    resolver: zodResolver(orgSettingsSchema),
    defaultValues: initialForm,
    criteriaMode: "all",
  });
  const {
    handleSubmit,
    reset,
    setError,
    trigger,
    subscribe,
    formState: { errors, isDirty, isSubmitting: saving },
  } = methods;
  const [savedLogoUrl, setSavedLogoUrl] = useState<string | null>(data.settings.logoUrl);
  const [logoChange, setLogoChange] = useState<LogoChange>({ kind: "keep" });
  const [saveError, setSaveError] = useState<{
    message: string;
    detail?: string;
  } | null>(null);
  const [logoServerError, setLogoServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Every change re-checks the whole form (and drops the server's field messages, as they were about the values sent).
  useEffect(() => {
    return recheckOnChange({ subscribe, trigger });
  }, [subscribe, trigger]);

  const errorKeys = Object.keys(errors) as (keyof SettingsForm)[];
  const valid = errorKeys.length === 0;
  const changed = isDirty || logoChange.kind !== "keep";
  const canSave = changed && valid && !saving;

  useEffect(() => {
    if (!changed) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [changed]);

  useEffect(
    () => () => {
      if (noticeTimer.current) clearTimeout(noticeTimer.current);
    },
    [],
  );

  const logo: LogoProps = {
    savedUrl: savedLogoUrl,
    change: logoChange,
    serverError: logoServerError,
    onChange: (c) => (setLogoChange(c), setLogoServerError(null)),
  };
  // On /brand-settings a problem in a section it does not show would block Save with nothing to fix in sight: say where it is.
  const hiddenProblems =
    variant === "brand"
      ? errorKeys
          .filter((key) => !(BRAND_KEYS as readonly string[]).includes(key))
          .flatMap((key) => errorMessages(errors[key]))
      : [];

  const showNotice = (text: string) => {
    setNotice(text);
    if (noticeTimer.current) clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(null), 4000);
  };

  const save = async (settings: OrgSettings) => {
    if (!canSave) return;
    setSaveError(null);
    setLogoServerError(null);
    const logo =
      logoChange.kind === "replace" ? { logo: logoChange.dataUrl } : logoChange.kind === "remove" ? { logo: null } : {};
    const result = await apiCall<UpdateOrgSettingsResponse>("/api/settings/org", {
      method: "PUT",
      body: { settings, ...logo },
    });
    if (result.ok && result.body.orgSettings) {
      reset(toFormState(result.body.orgSettings, carriers));
      setSavedLogoUrl(result.body.orgSettings.logoUrl);
      setLogoChange({ kind: "keep" });
      showNotice(SETTINGS_UI_TEXT.saved);
      return;
    }
    if (result.ok) return setSaveError({ message: SETTINGS_MESSAGES.saveFailed });
    const { fields, message, status } = result;
    const logoProblem =
      fields.logo?.[0] ?? (status === 413 && logoChange.kind === "replace" ? (message ?? undefined) : undefined);
    if (logoProblem) {
      setLogoServerError(logoProblem);
      setSaveError({
        message: SETTINGS_MESSAGES.logoFailed,
        detail: logoProblem,
      });
      return;
    }
    for (const [path, messages] of Object.entries(fields)) {
      if (messages?.length)
        setError(settingsKey(path), {
          type: "server",
          message: messages.join(" "),
        });
    }
    setSaveError({
      message: SETTINGS_MESSAGES.saveFailed,
      detail: status > 0 && status < 500 ? (message ?? undefined) : undefined,
    });
  };

  const discard = () => {
    reset();
    void trigger();
    setLogoChange({ kind: "keep" });
    setSaveError(null);
    setLogoServerError(null);
  };

  const id = (name: string) => `${uid}-${name}`;

  return (
    <FormProvider {...methods}>
      <form noValidate aria-busy={saving} onSubmit={(event) => void handleSubmit(save)(event)}>
        <fieldset disabled={saving} className="min-w-0 space-y-6">
          {variant === "brand" ? (
            <>
              <SenderSection id={id} />
              <OrganizationDetailsSection id={id} logo={logo} />
              <p className="text-sm text-gray-600">
                Carriers, states, emails and outreach are in{" "}
                <Link href="/settings" className="font-medium text-brand-700 hover:underline">
                  Organization Settings
                </Link>
                .
              </p>
            </>
          ) : (
            <>
              <CarrierAndStateSections carriers={carriers} />
              <SenderSection id={id} />
              <ContentSettingsSection id={id} />
              <OrganizationDetailsSection id={id} logo={logo} />
              <EmailSettingsSection id={id} />
              <ContactPreferencesSection id={id} />
              <OutreachSection
                id={id}
                smsOff={server.smsOff}
                appUrl={server.appUrl}
                logoUrl={
                  logoChange.kind === "replace"
                    ? logoChange.dataUrl
                    : logoChange.kind === "remove"
                      ? null
                      : savedLogoUrl
                }
              />
              <FailedUnderwritingSection id={id} />
              <RiderDefaultsSection id={id} />
              <Section
                id={id("self-onboarding")}
                title="Organization Self-Onboarding Link"
                description="Share this link so clients can add themselves to your book of business and see their quotes."
              >
                <CopyLink url={data.selfOnboardingUrl} label="Self-onboarding link" />
              </Section>
            </>
          )}
        </fieldset>

        <div className="sticky bottom-0 z-10 -mx-4 mt-8 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_-8px_rgba(0,0,0,0.2)] backdrop-blur sm:-mx-6 sm:px-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm" aria-live="polite">
              {saveError ? (
                <p className="text-red-600" role="alert">
                  <span className="font-medium">{saveError.message}</span>
                  {saveError.detail && saveError.detail !== saveError.message ? (
                    <span className="block text-xs">{saveError.detail}</span>
                  ) : null}
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
                <p className="text-gray-600">{SETTINGS_UI_TEXT.upToDate}</p>
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
          <div
            role="status"
            className="fixed right-4 top-20 z-20 flex items-center gap-3 rounded-md bg-emerald-700 px-4 py-3 text-sm font-medium text-white shadow-lg"
          >
            <span>{notice}</span>
            <button
              type="button"
              className="-my-2 -mr-2 inline-flex h-11 w-11 items-center justify-center rounded text-white hover:text-emerald-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
              aria-label="Dismiss"
              onClick={() => setNotice(null)}
            >
              ×
            </button>
          </div>
        ) : null}
      </form>
    </FormProvider>
  );
}
