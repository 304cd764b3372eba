"use client";

import { LogoUpload, type LogoChange } from "@/components/settings/logo-upload";
import { FieldMessage } from "@/components/settings/settings-ui";
import { Input, Textarea } from "@/components/ui/input";
import { Section } from "@/components/ui/card";
import { Toggle } from "@/components/ui/toggle";
import type { SettingsForm } from "@/components/settings/form-state";
import { useSettingsForm } from "@/components/settings/use-settings-form";
import { PhoneDigitsInput } from "@/components/ui/phone-input";
import { AA_NORMAL_TEXT, brandColors, contrastRatio, passesAAOnWhite } from "@/lib/organizations/brand-contrast";

/**
 * The brand part of the organization settings: who sends (Default Sender Settings) and how the agency
 * looks to clients (Organization Details: name, logo, phone, website, booking link, colors, signature,
 * postal address). Settings shows them among its other sections; /brand-settings shows only these. Both
 * edit the same form and save it the same way (PUT /api/settings/org).
 */

export type BrandSectionProps = {
  /** Makes a DOM id unique to the form. */
  id: (name: string) => string;
};

/** The keys of the settings form that the brand sections edit. */
export const BRAND_KEYS = [
  "forceOrgSenderDetails",
  "brandName",
  "phone",
  "website",
  "redirectUrl",
  "primaryColor",
  "secondaryColor",
  "signature",
  "orgSignature",
  "postalAddress",
] as const satisfies readonly (keyof SettingsForm)[];

export function SenderSection({ id }: BrandSectionProps) {
  const { form, update } = useSettingsForm();
  return (
    <Section
      id={id("sender")}
      title="Default Sender Settings"
      description="Whose name, phone and booking link appear in emails and on quote pages."
    >
      <fieldset>
        <legend className="sr-only">Default sender</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {[
            { value: true, label: "Organization Only", hint: "Every email and page uses the agency's details." },
            { value: false, label: "Agent Choice", hint: "Agents may use their own details when they choose to." },
          ].map((option) => (
            <label
              key={option.label}
              className={`flex cursor-pointer gap-3 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${form.forceOrgSenderDetails === option.value ? "border-brand-500 bg-brand-50" : "border-gray-200"}`}
            >
              <input
                type="radio"
                name={id("sender-mode")}
                className="mt-0.5 accent-brand-600"
                checked={form.forceOrgSenderDetails === option.value}
                aria-labelledby={id(`sender-${option.value}-label`)}
                aria-describedby={id(`sender-${option.value}-hint`)}
                onChange={() => update({ forceOrgSenderDetails: option.value })}
              />
              <span>
                <span id={id(`sender-${option.value}-label`)} className="font-medium text-gray-900">
                  {option.label}
                </span>
                <span id={id(`sender-${option.value}-hint`)} className="block text-xs text-gray-600">
                  {option.hint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </Section>
  );
}

export type LogoProps = {
  savedUrl: string | null;
  change: LogoChange;
  serverError: string | null;
  onChange: (change: LogoChange) => void;
};

export function OrganizationDetailsSection({ id, logo }: BrandSectionProps & { logo: LogoProps }) {
  const { form, update, fieldErrors, register } = useSettingsForm();
  return (
    <Section
      id={id("details")}
      title="Organization Details"
      description="How your agency appears to clients in emails and on quote pages."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={id("brand-name")} className="block text-sm font-medium text-gray-700">
            Agency Name
          </label>
          <Input
            id={id("brand-name")}
            type="text"
            autoComplete="organization"
            className="mt-1"
            aria-invalid={fieldErrors("brandName").length > 0}
            {...register("brandName")}
            defaultValue={form.brandName}
          />
          <FieldMessage messages={fieldErrors("brandName")} />
        </div>

        <div className="sm:col-span-2">
          <LogoUpload
            savedUrl={logo.savedUrl}
            change={logo.change}
            onChange={logo.onChange}
            serverError={logo.serverError}
          />
        </div>

        <div>
          <label htmlFor={id("phone")} className="block text-sm font-medium text-gray-700">
            Phone
          </label>
          <PhoneDigitsInput
            id={id("phone")}
            autoComplete="tel"
            className="mt-1"
            digits={form.phone}
            aria-invalid={fieldErrors("phone").length > 0}
            onDigitsChange={(phone) => update({ phone })}
          />
          <FieldMessage messages={fieldErrors("phone")} />
        </div>

        <div>
          <label htmlFor={id("website")} className="block text-sm font-medium text-gray-700">
            Website
          </label>
          <div className="mt-1 flex rounded-md shadow-sm">
            <span className="inline-flex items-center rounded-l-md border border-r-0 border-gray-500 bg-gray-50 px-3 text-sm text-gray-700">
              https://
            </span>
            <Input
              id={id("website")}
              type="text"
              inputMode="url"
              placeholder="www.youragency.com"
              className="rounded-l-none"
              value={form.website}
              aria-invalid={fieldErrors("website").length > 0}
              onChange={(e) => update({ website: e.target.value.replace(/^https?:\/\//i, "") })}
            />
          </div>
          <FieldMessage messages={fieldErrors("website")} />
        </div>

        <div className="sm:col-span-2">
          <label htmlFor={id("booking-link")} className="block text-sm font-medium text-gray-700">
            Calendar Booking Link URL
          </label>
          <Input
            id={id("booking-link")}
            type="url"
            inputMode="url"
            placeholder="https://calendly.com/your-agency"
            className="mt-1"
            aria-invalid={fieldErrors("redirectUrl").length > 0}
            aria-describedby={id("booking-link-hint")}
            {...register("redirectUrl")}
            defaultValue={form.redirectUrl}
          />
          <p id={id("booking-link-hint")} className="mt-1 text-xs text-gray-600">
            Where clients book a call with your agency. https:// is added when missing.
          </p>
          <FieldMessage messages={fieldErrors("redirectUrl")} />
        </div>

        <ColorField
          id={id("primary-color")}
          label="Primary Color"
          value={form.primaryColor}
          errors={fieldErrors("primaryColor")}
          onChange={(primaryColor) => update({ primaryColor })}
          checkContrast
        />
        <ColorField
          id={id("secondary-color")}
          label="Secondary Color"
          value={form.secondaryColor}
          errors={fieldErrors("secondaryColor")}
          onChange={(secondaryColor) => update({ secondaryColor })}
        />

        <div className="sm:col-span-2">
          <label htmlFor={id("signature")} className="block text-sm font-medium text-gray-700">
            Email Signature
          </label>
          <Textarea
            id={id("signature")}
            rows={4}
            className="mt-1"
            aria-invalid={fieldErrors("signature").length > 0}
            {...register("signature")}
            defaultValue={form.signature}
          />
          <FieldMessage messages={fieldErrors("signature")} />
          <Toggle
            id={id("org-signature")}
            label="Use the organization signature"
            description="Emails carry this signature instead of each agent's."
            checked={form.orgSignature}
            onChange={(orgSignature) => update({ orgSignature })}
          />
        </div>

        <div className="sm:col-span-2">
          <label htmlFor={id("postal-address")} className="block text-sm font-medium text-gray-700">
            Postal Address
          </label>
          <Input
            id={id("postal-address")}
            type="text"
            autoComplete="street-address"
            className="mt-1"
            aria-invalid={fieldErrors("postalAddress").length > 0}
            aria-describedby={id("postal-address-help")}
            {...register("postalAddress")}
            defaultValue={form.postalAddress ?? ""}
          />
          <p id={id("postal-address-help")} className="mt-1 text-xs text-gray-600">
            Printed at the foot of every email to your clients, as anti-spam law requires of the sender. Required to go
            live; until you set it, the platform&apos;s address is used.
          </p>
          <FieldMessage messages={fieldErrors("postalAddress")} />
        </div>
      </div>
    </Section>
  );
}

function ColorField({
  id,
  label,
  value,
  errors,
  onChange,
  checkContrast = false,
}: {
  id: string;
  label: string;
  value: string;
  errors: string[];
  onChange: (value: string) => void;
  checkContrast?: boolean;
}) {
  const valid = /^#[0-9a-fA-F]{6}$/.test(value);
  const contrast = checkContrast && valid ? <ContrastCheck id={`${id}-contrast`} color={value} /> : null;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          className="h-9 w-12 cursor-pointer rounded border border-gray-300 bg-white p-0.5"
          value={valid ? value.toLowerCase() : "#000000"}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
        />
        <Input
          id={id}
          type="text"
          className="font-mono uppercase"
          value={value}
          maxLength={7}
          aria-invalid={errors.length > 0}
          aria-describedby={contrast ? `${id}-contrast` : undefined}
          onChange={(e) => onChange(e.target.value.trim())}
        />
      </div>
      <FieldMessage messages={errors} />
      {contrast}
    </div>
  );
}

/**
 * How client pages will paint the colour (a button with the text colour they pick, a link on white),
 * and a warning when the colour itself fails AA against white: pages then darken it for text.
 */
function ContrastCheck({ id, color }: { id: string; color: string }) {
  const { fill, onFill, ink } = brandColors(color);
  const passes = passesAAOnWhite(color);
  return (
    <div id={id} className="mt-2 space-y-2">
      <div
        aria-label="Preview on client pages"
        role="group"
        className="flex flex-wrap items-center gap-3 rounded-md border border-gray-200 bg-white p-2"
      >
        <span className="rounded-md px-3 py-1.5 text-sm font-semibold" style={{ backgroundColor: fill, color: onFill }}>
          Select
        </span>
        <span className="text-sm font-semibold underline" style={{ color: ink }}>
          Change
        </span>
      </div>
      {passes ? null : (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          This color is hard to read on white ({contrastRatio(color, "#FFFFFF").toFixed(1)}:1; AA needs {AA_NORMAL_TEXT}
          :1). Client pages will use {onFill === "#000000" ? "black" : "white"} text on it and a darker shade for links.
        </p>
      )}
    </div>
  );
}
