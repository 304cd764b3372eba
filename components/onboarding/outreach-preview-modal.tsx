"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { formatPhone } from "@/lib/phone/phone";
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
  /** The outreach-type toggle this sample belongs to; the welcome email always runs. */
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
      body: "Now is the time to review your Medicare options for next year. Your personalized quotes are ready.",
    },
    {
      key: "initial-blaster",
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

export type OutreachPreviewModalProps = {
  brand: PreviewBrand;
  outreachTypes: Record<OutreachType, boolean>;
  onClose: () => void;
};

/**
 * The outreach Preview: one sample email per outreach type, in the ui Dialog. Escape, the cross and Close all close it.
 * Email only: the product sends no text messages (an SMS channel is issue #20), so none is previewed.
 */
export function OutreachPreviewModal({ brand, outreachTypes, onClose }: OutreachPreviewModalProps) {
  const samples = previewSamples(brand.name || "Your Agency");

  return (
    <Dialog
      onClose={onClose}
      title="Outreach Preview"
      description="Sample messages with your branding. Wording is illustrative."
      closeLabel="Close preview"
      className="max-w-4xl"
    >
      {/* The samples scroll inside the dialog: focusable so the keyboard can scroll them too. */}
      <ul
        tabIndex={0}
        aria-label="Email samples"
        className="grid min-h-0 flex-1 gap-4 overflow-y-auto bg-gray-50 p-6 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600 sm:grid-cols-2 lg:grid-cols-3"
      >
        {samples.map((sample) => {
          const off = sample.toggle !== null && !outreachTypes[sample.toggle];
          return (
            <li key={sample.key} aria-label={`${sample.title} email sample`} className={off ? "opacity-50" : undefined}>
              <div className="mb-2 flex items-center gap-2">
                <h3 className="text-sm font-semibold text-gray-800">{sample.title}</h3>
                <SampleBadge />
                {off ? <span className="text-xs text-gray-600">Turned off</span> : null}
              </div>
              <EmailSample sample={sample} brand={brand} />
            </li>
          );
        })}
      </ul>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
