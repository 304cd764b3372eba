"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { formatPhone } from "@/lib/phone/phone";
import type { OutreachType } from "@/lib/onboarding/onboarding-schema";
import { gsm7Length, quoteLinkSms, shortLinkUrl, SMS_MAX_LENGTH, type SmsMessageType } from "@/lib/sms/template";

export type PreviewBrand = {
  name: string;
  primaryColor: string;
  secondaryColor: string;
  logoUrl: string | null;
  /** Digits. */
  phone: string;
};

type Sample = {
  key: string;
  title: string;
  /** The outreach-type toggle this sample belongs to; the welcome email always runs. */
  toggle: OutreachType | null;
  subject: string;
  body: string;
  /** The quote-link text that stands for this email (lib/sms/template.ts SMS_LINES); null: not texted (the welcome). */
  smsType: SmsMessageType | null;
};

/** The name the samples greet ("Hi Pat"). */
export const SAMPLE_FIRST_NAME = "Pat";
/** The short link's code in the sample texts: each contact's real text carries its own. */
export const SAMPLE_SHORT_LINK_CODE = "Ab3dE5gH9k";

/**
 * Clearly labelled SAMPLE messages, built from the agency's name and colours. The real outreach
 * templates are not part of onboarding; these only show the shape and tone of each outreach.
 */
export function previewSamples(agency: string): Sample[] {
  return [
    {
      key: "birthday",
      smsType: "birthday",
      title: "Birthday",
      toggle: "birthday",
      subject: `Happy birthday from ${agency}!`,
      body: "Your birthday may open a window to switch your Medicare Supplement plan. We compared today's rates for you — take a look, no obligation.",
    },
    {
      key: "anniversary",
      smsType: "effective_date",
      title: "Anniversary",
      toggle: "enrollmentAnniversary",
      subject: "Your policy anniversary is coming up",
      body: "It's a good time to make sure you're not overpaying. We found current quotes for the same coverage you have today.",
    },
    {
      key: "rate-increase",
      smsType: "rate_increase",
      title: "Rate increase",
      toggle: "scheduleIncrease",
      subject: "Your premium may be going up",
      body: "Carriers raise rates from time to time. Before yours changes, see whether the same plan costs less elsewhere.",
    },
    {
      key: "aep",
      smsType: "aep",
      title: "AEP",
      toggle: "aep",
      subject: "Annual Enrollment Period starts soon",
      body: "Now is the time to review your Medicare options for next year. Your personalized quotes are ready.",
    },
    {
      key: "initial-blaster",
      // Only the quote moments are texted (lib/outreach/text-rows.ts TEXTED_EMAIL_TYPES), never the welcome.
      smsType: null,
      title: "Welcome email",
      toggle: null,
      subject: `${agency} found new Medicare Supplement quotes for you`,
      body: "We'll keep an eye on your Medicare Supplement rates and let you know when you could save. Here are your first quotes.",
    },
  ];
}

function SampleBadge() {
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[10px] font-bold tracking-wide text-amber-800 uppercase">
      Sample
    </span>
  );
}

function EmailSample({ sample, brand }: { sample: Sample; brand: PreviewBrand }) {
  return (
    <div className="overflow-hidden rounded-md bg-white text-left shadow-sm ring-1 ring-gray-200">
      <div className="border-b border-gray-100 px-3 py-2 text-[11px] text-gray-500">
        <p>
          <span className="font-medium text-gray-700">From:</span> {brand.name}
        </p>
        <p className="truncate">
          <span className="font-medium text-gray-700">Subject:</span> {sample.subject}
        </p>
      </div>
      <div className="h-1.5" style={{ backgroundColor: brand.primaryColor }} />
      <div className="space-y-3 px-4 py-4">
        {brand.logoUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- the agency's own logo (data URL or logo route)
          <img src={brand.logoUrl} alt="" className="h-8 max-w-40 object-contain" />
        ) : (
          <p className="text-sm font-bold" style={{ color: brand.primaryColor }}>
            {brand.name}
          </p>
        )}
        <p className="text-xs text-gray-700">Hi Pat,</p>
        <p className="text-xs leading-relaxed text-gray-700">{sample.body}</p>
        <span
          className="inline-block rounded-md px-3 py-1.5 text-xs font-semibold text-white"
          style={{ backgroundColor: brand.primaryColor }}
        >
          View my quotes
        </span>
        <p className="border-t border-gray-100 pt-2 text-[10px] text-gray-500">
          {brand.name}
          {brand.phone ? ` · ${formatPhone(brand.phone)}` : ""}
        </p>
      </div>
      <div className="h-1" style={{ backgroundColor: brand.secondaryColor }} />
    </div>
  );
}

/**
 * The sample quote-link text of each type: word for word what quoteLinkSms writes for the agency's name, the sample
 * first name and a sample short link on `appUrl`. Null when the link cannot fit a text (an APP_URL of over 80 characters).
 */
export function previewTexts(brandName: string, appUrl: string): Map<SmsMessageType, string> | null {
  try {
    const shortUrl = shortLinkUrl(appUrl, SAMPLE_SHORT_LINK_CODE);
    return new Map(
      previewSamples(brandName).flatMap(({ smsType }) =>
        smsType ? [[smsType, quoteLinkSms({ type: smsType, brandName, firstName: SAMPLE_FIRST_NAME, shortUrl })]] : [],
      ),
    );
  } catch {
    return null;
  }
}

/** A phone's message thread with one incoming text in a bubble, its length under it. */
function SmsSample({ text }: { text: string }) {
  const length = gsm7Length(text) ?? text.length;
  return (
    <div>
      <div className="mx-auto max-w-64 rounded-[1.75rem] bg-gray-900 p-2 shadow-sm">
        <div className="min-h-48 rounded-3xl bg-white px-3 pt-3 pb-4 text-left">
          <p className="border-b border-gray-100 pb-2 text-center text-[11px] font-medium text-gray-600">
            Text message
          </p>
          <p className="mt-3 mr-6 rounded-2xl rounded-bl-sm bg-gray-100 px-3 py-2 text-xs leading-relaxed break-words whitespace-pre-wrap text-gray-900">
            {text}
          </p>
        </div>
      </div>
      <p className="mt-2 text-center text-xs text-gray-600">{`${length} of ${SMS_MAX_LENGTH} characters`}</p>
    </div>
  );
}

type Channel = "email" | "sms";
const CHANNELS: { channel: Channel; label: string }[] = [
  { channel: "email", label: "Email" },
  { channel: "sms", label: "SMS" },
];

export type OutreachPreviewModalProps = {
  brand: PreviewBrand;
  outreachTypes: Record<OutreachType, boolean>;
  /**
   * APP_URL, the start of a text's short link (getEnv().appUrl, from the server page); without it, this page's origin.
   */
  appUrl?: string;
  onClose: () => void;
};

/**
 * The outreach Preview, in the ui Dialog: Email shows one sample email per outreach type (illustrative wording);
 * SMS shows the quote-link text of each type as lib/sms/template.ts writes it (issue #20 point 3), with the agency's
 * name, a sample first name and a sample short link. Escape, the cross and Close all close it.
 */
export function OutreachPreviewModal({ brand, outreachTypes, appUrl, onClose }: OutreachPreviewModalProps) {
  const [channel, setChannel] = useState<Channel>("email");
  const agency = brand.name || "Your Agency";
  const samples = previewSamples(agency);
  const texts =
    channel === "sms"
      ? previewTexts(agency, appUrl ?? (typeof window === "undefined" ? "" : window.location.origin))
      : null;
  const listClass =
    "grid min-h-0 flex-1 gap-4 overflow-y-auto bg-gray-50 p-6 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600 sm:grid-cols-2 lg:grid-cols-3";

  const heading = (sample: Sample, off: boolean) => (
    <div className="mb-2 flex items-center gap-2">
      <h3 className="text-sm font-semibold text-gray-800">{sample.title}</h3>
      <SampleBadge />
      {off ? <span className="text-xs text-gray-600">Turned off</span> : null}
    </div>
  );

  return (
    <Dialog
      onClose={onClose}
      title="Outreach Preview"
      description={
        channel === "email"
          ? "Sample messages with your branding. Wording is illustrative."
          : "Each text as it is written for your agency, with a sample name and link."
      }
      closeLabel="Close preview"
      className="max-w-4xl"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-gray-200 px-6 py-3">
        <div role="group" aria-label="Channel" className="flex gap-2">
          {CHANNELS.map(({ channel: value, label }) => (
            <Button
              key={value}
              size="sm"
              variant={channel === value ? "primary" : "secondary"}
              aria-pressed={channel === value}
              onClick={() => setChannel(value)}
            >
              {label}
            </Button>
          ))}
        </div>
        {channel === "sms" ? <p className="text-xs text-gray-600">Sample link: each contact gets their own.</p> : null}
      </div>
      {/* The samples scroll inside the dialog: focusable so the keyboard can scroll them too. */}
      {channel === "email" ? (
        <ul tabIndex={0} aria-label="Email samples" className={listClass}>
          {samples.map((sample) => {
            const off = sample.toggle !== null && !outreachTypes[sample.toggle];
            return (
              <li
                key={sample.key}
                aria-label={`${sample.title} email sample`}
                className={off ? "opacity-50" : undefined}
              >
                {heading(sample, off)}
                <EmailSample sample={sample} brand={brand} />
              </li>
            );
          })}
        </ul>
      ) : texts ? (
        <ul tabIndex={0} aria-label="Text message samples" className={listClass}>
          {samples.map((sample) => {
            if (!sample.smsType) return null;
            const off = sample.toggle !== null && !outreachTypes[sample.toggle];
            return (
              <li
                key={sample.key}
                aria-label={`${sample.title} text sample`}
                className={off ? "opacity-50" : undefined}
              >
                {heading(sample, off)}
                <SmsSample text={texts.get(sample.smsType)!} />
              </li>
            );
          })}
        </ul>
      ) : (
        <p role="alert" className="min-h-0 flex-1 bg-gray-50 p-6 text-sm text-red-700">
          This server&apos;s address (APP_URL) is too long for a text&apos;s link to fit in 160 characters.
        </p>
      )}
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
