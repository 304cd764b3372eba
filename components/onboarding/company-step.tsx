"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState, type DragEvent } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { PhoneInput } from "@/components/ui/phone-input";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";
import { ContinueButton, FormAlert, saveFailureMessage, StepHeader } from "@/components/onboarding/form-controls";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { Field, FieldError } from "@/components/ui/field";
import { focusRing } from "@/components/ui/focus";
import { Input } from "@/components/ui/input";
import { apiCall } from "@/lib/api/browser-client";
import {
  ONBOARDING_MESSAGES,
  onboardingCompanySchema,
  type OnboardingStepSavedResponse,
} from "@/lib/onboarding/onboarding-schema";
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

/** The step's fields: the route's schema without the logo, which is chosen apart and added to the body on save. */
const companyFormSchema = onboardingCompanySchema.omit({ logo: true });
type CompanyFormInput = z.input<typeof companyFormSchema>;
type CompanyFormValues = z.output<typeof companyFormSchema>;
const FIELDS = Object.keys(companyFormSchema.shape) as FieldName[];

/** Step 1: Company Settings. Continue needs a company name and a 10-digit phone (§5). */
export function CompanyStep({ initial, logoUrl, onSaved }: CompanyStepProps) {
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isValid, isSubmitting },
  } = useForm<CompanyFormInput, unknown, CompanyFormValues>({
    resolver: zodResolver(companyFormSchema),
    mode: "onTouched",
    defaultValues: initial,
  });
  const colors = useWatch({ control, name: ["primaryColor", "secondaryColor"] });
  const [logo, setLogo] = useState<{ dataUrl: string; name: string } | null>(null);
  const [logoStatus, setLogoStatus] = useState<"idle" | "uploading">("idle");
  const [logoError, setLogoError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const canContinue = isValid && logoStatus === "idle";

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

  const onValid = async (values: CompanyFormValues) => {
    setFormError(null);
    // The fields as typed (the route parses them with the same schema), and the new logo if one was chosen.
    const result = await apiCall<OnboardingStepSavedResponse>("/api/onboarding/company", {
      method: "POST",
      body: { ...getValues(), ...(logo ? { logo: logo.dataUrl } : {}) },
    });
    if (result.ok) {
      onSaved(values, { logoPreview: logo?.dataUrl ?? null, nextStep: result.body.nextStep });
      return;
    }
    setServerFieldErrors(result.fields, FIELDS, setError);
    const logoMessage = result.fields.logo?.[0];
    if (logoMessage) setLogoError(logoMessage);
    setFormError(saveFailureMessage(result, ONBOARDING_MESSAGES.saveFailed));
  };

  const preview = logo?.dataUrl ?? logoUrl;
  const error = (name: FieldName) => errors[name]?.message;

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-6" aria-busy={isSubmitting}>
      <StepHeader title="Company Settings" subtitle="Upload your logo and set your brand color." />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id={`${id}-companyName`}
          label="Company Name"
          required
          error={error("companyName")}
          className="sm:col-span-2"
        >
          {(props) => <Input {...props} type="text" autoComplete="organization" {...register("companyName")} />}
        </Field>

        <Field id={`${id}-companyPhone`} label="Phone" required error={error("companyPhone")}>
          {(props) => <PhoneInput {...props} control={control} name="companyPhone" autoComplete="tel-national" />}
        </Field>

        <Field id={`${id}-companyWebsite`} label="Website" error={error("companyWebsite")}>
          {(props) => (
            <div className="flex rounded-md shadow-sm">
              <span className="inline-flex items-center rounded-l-md border border-r-0 border-gray-500 bg-gray-50 px-3 text-sm text-gray-700 select-none">
                https://
              </span>
              <Controller
                control={control}
                name="companyWebsite"
                render={({ field }) => (
                  <Input
                    {...props}
                    type="text"
                    inputMode="url"
                    autoComplete="url"
                    placeholder="www.youragency.com"
                    name={field.name}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    value={field.value ?? ""}
                    onChange={(e) => field.onChange(stripScheme(e.target.value))}
                    className="rounded-l-none shadow-none"
                  />
                )}
              />
            </div>
          )}
        </Field>

        <Field
          id={`${id}-bookingLink`}
          label={
            <>
              Calendar Booking Link <span className="font-normal text-gray-600">(optional)</span>
            </>
          }
          hint="Clients use this link to book a call with your agency."
          error={error("bookingLink")}
          className="sm:col-span-2"
        >
          {(props) => (
            <Input
              {...props}
              type="url"
              inputMode="url"
              placeholder="https://calendly.com/your-agency"
              {...register("bookingLink")}
            />
          )}
        </Field>

        {(["primaryColor", "secondaryColor"] as const).map((name, index) => {
          const label = name === "primaryColor" ? "Primary" : "Secondary";
          const color = colors[index] ?? "";
          return (
            <Field key={name} id={`${id}-${name}`} label={`${label} Color`} error={error(name)}>
              {(props) => (
                <div className="flex items-center gap-3">
                  <input
                    type="color"
                    aria-label={`${label} color picker`}
                    value={/^#[0-9a-fA-F]{6}$/.test(color) ? color : "#000000"}
                    onChange={(e) =>
                      setValue(name, e.target.value.toUpperCase(), { shouldValidate: true, shouldDirty: true })
                    }
                    className={cx("h-11 w-14 cursor-pointer rounded-md border border-gray-500 bg-white p-1", focusRing)}
                  />
                  <Input {...props} type="text" maxLength={7} className="font-mono uppercase" {...register(name)} />
                </div>
              )}
            </Field>
          );
        })}
      </div>

      <div>
        <span className="block text-sm font-medium text-gray-800">Logo</span>
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
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              aria-hidden="true"
              className="h-10 w-10 text-gray-400"
            >
              <path
                strokeLinecap="round"
                strokeLinejoin="round"
                d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5m-13.5-9L12 3m0 0 4.5 4.5M12 3v13.5"
              />
            </svg>
          )}
          <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={logoStatus === "uploading"}>
            {logoStatus === "uploading" ? "Uploading..." : preview ? "Change logo" : "Upload logo"}
          </Button>
          <p className="text-sm text-gray-600">Click or drag and drop. {LOGO_GUIDANCE}</p>
          {logo ? <p className="text-sm text-gray-700">{logo.name}</p> : null}
          <input
            ref={fileInput}
            type="file"
            accept="image/png"
            aria-label="Upload logo"
            className="sr-only"
            onChange={(e) => void chooseLogo(e.target.files?.[0])}
          />
        </div>
        <FieldError id={`${id}-logo-error`} error={logoError} />
      </div>

      <FormAlert message={formError} />

      <div className="flex justify-end border-t border-gray-100 pt-5">
        <ContinueButton disabled={!canContinue} saving={isSubmitting} />
      </div>
    </form>
  );
}
