"use client";

import { useId, useRef, useState, type DragEvent, type FormEvent } from "react";
import { ContinueButton, FormAlert, StepHeader } from "@/components/onboarding/form-controls";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OnboardingRequestError, postOnboarding } from "@/components/onboarding/onboarding-api";
import { formatPhone, nextPhoneDigits } from "@/lib/accounts/signup-schema";
import { ONBOARDING_MESSAGES, onboardingCompanySchema } from "@/lib/onboarding/onboarding-schema";
import type { OnboardingStep } from "@/lib/onboarding/onboarding-steps";
import { LOGO_MAX_BYTES, LOGO_MESSAGES, sniffImageType } from "@/lib/settings/logo-rules";

export type CompanyValues = {
  companyName: string;
  /** Digits only. */
  companyPhone: string;
  /** Without scheme. */
  companyWebsite: string;
  bookingLink: string;
  primaryColor: string;
  secondaryColor: string;
};

export type CompanyStepProps = {
  initial: CompanyValues;
  /** The saved logo's URL, if any. */
  logoUrl: string | null;
  onSaved: (values: CompanyValues, result: { logoPreview: string | null; nextStep: OnboardingStep }) => void;
};

type FieldName = keyof CompanyValues;

export const LOGO_GUIDANCE = "PNG only (Recommended: 240px width x 60px height)";

const stripScheme = (value: string) => value.replace(/^\s*https?:\/\//i, "");

/** Reads a file as a data URL (the logo is sent with the step). */
function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}

/** The first bytes of a base64 data URL, to check the image type by content as the server does. */
function leadingBytes(dataUrl: string): Uint8Array {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1, dataUrl.indexOf(",") + 1 + 16);
  try {
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

/** Step 1: Company Settings. Continue needs a company name and a 10-digit phone (§5). */
export function CompanyStep({ initial, logoUrl, onSaved }: CompanyStepProps) {
  const id = useId();
  const [values, setValues] = useState<CompanyValues>(initial);
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [logo, setLogo] = useState<{ dataUrl: string; name: string } | null>(null);
  const [logoStatus, setLogoStatus] = useState<"idle" | "uploading">("idle");
  const [logoError, setLogoError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const parsed = onboardingCompanySchema.safeParse(values);
  const clientErrors: Partial<Record<string, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) clientErrors[String(issue.path[0])] ??= issue.message;
  const errorFor = (field: FieldName) => serverErrors[field] ?? (touched[field] ? clientErrors[field] : undefined);
  const canContinue = parsed.success && logoStatus === "idle";

  const set = (field: FieldName, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  const touch = (field: FieldName) => setTouched((t) => ({ ...t, [field]: true }));

  async function chooseLogo(file: File | undefined) {
    if (!file) return;
    setLogoError(null);
    if (file.type && file.type !== "image/png") {
      setLogoError(LOGO_MESSAGES.pngOnly);
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setLogoError(LOGO_MESSAGES.tooLarge);
      return;
    }
    setLogoStatus("uploading");
    try {
      const dataUrl = await readAsDataUrl(file);
      if (sniffImageType(leadingBytes(dataUrl)) !== "image/png") {
        setLogoError(LOGO_MESSAGES.pngOnly);
        return;
      }
      setLogo({ dataUrl, name: file.name });
    } catch {
      setLogoError(ONBOARDING_MESSAGES.logoFailed);
    } finally {
      setLogoStatus("idle");
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void chooseLogo(event.dataTransfer.files?.[0]);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched({ companyName: true, companyPhone: true, companyWebsite: true, bookingLink: true, primaryColor: true, secondaryColor: true });
    if (!parsed.success) return;
    setSaving(true);
    setFormError(null);
    try {
      const result = await postOnboarding<{ nextStep: OnboardingStep }>("/api/onboarding/company", { ...values, ...(logo ? { logo: logo.dataUrl } : {}) }, ONBOARDING_MESSAGES.saveFailed);
      onSaved(
        { ...values, companyWebsite: parsed.data.companyWebsite, bookingLink: parsed.data.bookingLink, primaryColor: parsed.data.primaryColor, secondaryColor: parsed.data.secondaryColor },
        { logoPreview: logo?.dataUrl ?? null, nextStep: result.nextStep },
      );
    } catch (error) {
      if (error instanceof OnboardingRequestError) {
        const next: Record<string, string> = {};
        for (const [field, list] of Object.entries(error.fields)) if (list?.[0]) next[field] = list[0];
        setServerErrors(next);
        if (next.logo) setLogoError(next.logo);
        setFormError(error.message);
      } else {
        setFormError(ONBOARDING_MESSAGES.saveFailed);
      }
    } finally {
      setSaving(false);
    }
  }

  const preview = logo?.dataUrl ?? logoUrl;
  const field = (name: FieldName) => ({
    id: `${id}-${name}`,
    "aria-invalid": errorFor(name) ? true : undefined,
    "aria-describedby": errorFor(name) ? `${id}-${name}-error` : undefined,
    onBlur: () => touch(name),
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <StepHeader title="Company Settings" subtitle="Upload your logo and set your brand color." />

      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-companyName`} className="block text-sm font-medium text-gray-700">
            Company Name <span className="text-red-600">*</span>
          </label>
          <Input {...field("companyName")} type="text" autoComplete="organization" value={values.companyName} onChange={(e) => set("companyName", e.target.value)} className="mt-1" />
          <FieldError id={`${id}-companyName-error`} error={errorFor("companyName")} />
        </div>

        <div>
          <label htmlFor={`${id}-companyPhone`} className="block text-sm font-medium text-gray-700">
            Phone <span className="text-red-600">*</span>
          </label>
          <Input
            {...field("companyPhone")}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(555) 555-5555"
            value={formatPhone(values.companyPhone)}
            onChange={(e) => set("companyPhone", nextPhoneDigits(values.companyPhone, e.target.value, e.target.selectionStart))}
            className="mt-1"
          />
          <FieldError id={`${id}-companyPhone-error`} error={errorFor("companyPhone")} />
        </div>

        <div>
          <label htmlFor={`${id}-companyWebsite`} className="block text-sm font-medium text-gray-700">
            Website
          </label>
          <div className="mt-1 flex rounded-md shadow-sm">
            <span className="inline-flex items-center rounded-l-md border border-r-0 border-gray-300 bg-gray-50 px-3 text-sm text-gray-500 select-none">https://</span>
            <Input
              {...field("companyWebsite")}
              type="text"
              inputMode="url"
              autoComplete="url"
              placeholder="www.youragency.com"
              value={values.companyWebsite}
              onChange={(e) => set("companyWebsite", stripScheme(e.target.value))}
              className="rounded-l-none shadow-none"
            />
          </div>
          <FieldError id={`${id}-companyWebsite-error`} error={errorFor("companyWebsite")} />
        </div>

        <div className="sm:col-span-2">
          <label htmlFor={`${id}-bookingLink`} className="block text-sm font-medium text-gray-700">
            Calendar Booking Link <span className="font-normal text-gray-400">(optional)</span>
          </label>
          <Input
            {...field("bookingLink")}
            type="url"
            inputMode="url"
            placeholder="https://calendly.com/your-agency"
            value={values.bookingLink}
            onChange={(e) => set("bookingLink", e.target.value)}
            className="mt-1"
          />
          <p className="mt-1 text-xs text-gray-500">Clients use this link to book a call with your agency.</p>
          <FieldError id={`${id}-bookingLink-error`} error={errorFor("bookingLink")} />
        </div>

        {(["primaryColor", "secondaryColor"] as const).map((name) => (
          <div key={name}>
            <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-gray-700">
              {name === "primaryColor" ? "Primary Color" : "Secondary Color"}
            </label>
            <div className="mt-1 flex items-center gap-3">
              <input
                type="color"
                aria-label={`${name === "primaryColor" ? "Primary" : "Secondary"} color picker`}
                value={/^#[0-9a-fA-F]{6}$/.test(values[name]) ? values[name] : "#000000"}
                onChange={(e) => set(name, e.target.value.toUpperCase())}
                className="h-10 w-14 cursor-pointer rounded-md border border-gray-300 bg-white p-1"
              />
              <Input {...field(name)} type="text" value={values[name]} onChange={(e) => set(name, e.target.value)} maxLength={7} className="font-mono uppercase" />
            </div>
            <FieldError id={`${id}-${name}-error`} error={errorFor(name)} />
          </div>
        ))}
      </div>

      <div>
        <span className="block text-sm font-medium text-gray-700">Logo</span>
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="logo-dropzone"
          className={`mt-1 flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-6 py-6 text-center transition ${
            dragging ? "border-brand-500 bg-brand-50" : "border-gray-300 bg-gray-50/50"
          }`}
        >
          {preview ? (
            // eslint-disable-next-line @next/next/no-img-element -- a data URL or the org's own logo route
            <img src={preview} alt="Logo preview" className="max-h-16 max-w-60 object-contain" />
          ) : (
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true" className="h-10 w-10 text-gray-400">
              <path strokeLinecap="round" strokeLinejoin="round" d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5m-13.5-9L12 3m0 0 4.5 4.5M12 3v13.5" />
            </svg>
          )}
          <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()} disabled={logoStatus === "uploading"}>
            {logoStatus === "uploading" ? "Uploading..." : preview ? "Change logo" : "Upload logo"}
          </Button>
          <p className="text-xs text-gray-500">Click or drag and drop. {LOGO_GUIDANCE}</p>
          {logo ? <p className="text-xs text-gray-600">{logo.name}</p> : null}
          <input ref={fileInput} type="file" accept="image/png" aria-label="Upload logo" className="sr-only" onChange={(e) => void chooseLogo(e.target.files?.[0])} />
        </div>
        <FieldError id={`${id}-logo-error`} error={logoError} />
      </div>

      <FormAlert message={formError} />

      <div className="flex justify-end border-t border-gray-100 pt-5">
        <ContinueButton disabled={!canContinue} saving={saving} />
      </div>
    </form>
  );
}
