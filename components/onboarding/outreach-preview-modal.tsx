"use client";

import { useEffect, useId, useRef } from "react";
import { formatPhone } from "@/lib/accounts/signup-schema";
import type { OutreachType } from "@/lib/onboarding/onboarding-schema";

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
  /** The outreach-type toggle this sample belongs to; the initial blaster always runs. */
  toggle: OutreachType | null;
  subject: string;
  body: string;
};

/**
 * Clearly labelled SAMPLE messages, built from the agency's name and colours. The real outreach
 * templates are not part of onboarding; these only show the shape and tone of each outreach.
 */
export function previewSamples(agency: string): Sample[] {
  return [
    {
      key: "birthday",
      title: "Birthday",
      toggle: "birthday",
      subject: `Happy birthday from ${agency}!`,
      body: "Your birthday may open a window to switch your Medicare Supplement plan. We compared today's rates for you — take a look, no obligation.",
    },
    {
      key: "anniversary",
      title: "Anniversary",
      toggle: "enrollmentAnniversary",
      subject: "Your policy anniversary is coming up",
      body: "It's a good time to make sure you're not overpaying. We found current quotes for the same coverage you have today.",
    },
    {
      key: "rate-increase",
      title: "Rate increase",
      toggle: "scheduleIncrease",
      subject: "Your premium may be going up",
      body: "Carriers raise rates from time to time. Before yours changes, see whether the same plan costs less elsewhere.",
    },
    {
      key: "aep",
      title: "AEP",
      toggle: "aep",
      subject: "Annual Enrollment Period starts soon",
      body: "Now is the time to review your Medicare options for next year. Your personalised quotes are ready.",
    },
    {
      key: "initial-blaster",
      title: "Initial blaster",
      toggle: null,
      subject: `${agency} found new Medicare Supplement quotes for you`,
      body: "We'll keep an eye on your Medicare Supplement rates and let you know when you could save. Here are your first quotes.",
    },
  ];
}

function SampleBadge() {
  return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-[10px] font-bold tracking-wide text-amber-800 uppercase">Sample</span>;
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
        <span className="inline-block rounded-md px-3 py-1.5 text-xs font-semibold text-white" style={{ backgroundColor: brand.primaryColor }}>
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

export type OutreachPreviewModalProps = {
  brand: PreviewBrand;
  outreachTypes: Record<OutreachType, boolean>;
  onClose: () => void;
};

/**
 * The outreach Preview: one sample email per outreach type. Escape, the cross and Close all close it.
 * Email only: the product sends no text messages (an SMS channel is issue #20), so none is previewed.
 */
export function OutreachPreviewModal({ brand, outreachTypes, onClose }: OutreachPreviewModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const samples = previewSamples(brand.name || "Your Agency");

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        onClose();
      }
    };
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-gray-900/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative flex max-h-[90vh] w-full max-w-4xl flex-col overflow-hidden rounded-xl bg-white shadow-xl focus:outline-none"
      >
        <div className="flex items-center justify-between gap-4 border-b border-gray-100 px-6 py-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-gray-900">
              Outreach Preview
            </h2>
            <p className="text-xs text-gray-500">Sample messages with your branding. Wording is illustrative.</p>
          </div>
          <div className="flex items-center gap-3">
            <button type="button" onClick={onClose} aria-label="Close preview" className="rounded-md p-1 text-gray-400 hover:bg-gray-100 hover:text-gray-600">
              <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="h-5 w-5">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          </div>
        </div>

        <ul className="grid flex-1 gap-4 overflow-y-auto bg-gray-50 p-6 sm:grid-cols-2 lg:grid-cols-3">
          {samples.map((sample) => {
            const off = sample.toggle !== null && !outreachTypes[sample.toggle];
            return (
              <li key={sample.key} aria-label={`${sample.title} email sample`} className={off ? "opacity-50" : undefined}>
                <div className="mb-2 flex items-center gap-2">
                  <h3 className="text-sm font-semibold text-gray-800">{sample.title}</h3>
                  <SampleBadge />
                  {off ? <span className="text-[11px] text-gray-500">Turned off</span> : null}
                </div>
                <EmailSample sample={sample} brand={brand} />
              </li>
            );
          })}
        </ul>

        <div className="flex justify-end border-t border-gray-100 px-6 py-3">
          <button type="button" onClick={onClose} className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-gray-700 shadow-sm ring-1 ring-gray-300 hover:bg-gray-50">
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
