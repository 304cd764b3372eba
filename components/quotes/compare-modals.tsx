"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ModalFrame } from "@/components/ui/modal-frame";
import { formatDollars, type RiderPrice } from "@/lib/quotes/compare-view";
import { brandFillStyle } from "@/lib/organizations/brand-contrast";

/**
 * The compare page's dialogs. Each closes with Escape, a click outside, or its Cancel/Close button. The two with
 * a form (start date, location) are in compare-form-dialogs.tsx: they run on react-hook-form (and zod), which
 * the page loads when one of them opens, not with the page (docs/performance.md, "Public pages on a phone").
 */

export function ModalTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="text-lg font-semibold text-gray-900">
      {children}
    </h2>
  );
}

/** A dialog's Cancel / Close. */
export function SecondaryButton({
  onClick,
  disabled,
  children,
}: {
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button variant="secondary" onClick={onClick} disabled={disabled} className="whitespace-nowrap font-semibold">
      {children}
    </Button>
  );
}

/** A dialog's main action, in the agency's colour. */
export function BrandButton({
  color,
  type = "button",
  onClick,
  disabled,
  children,
}: {
  color: string;
  type?: "button" | "submit";
  onClick?: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Button
      type={type}
      onClick={onClick}
      disabled={disabled}
      className="whitespace-nowrap disabled:opacity-50"
      style={brandFillStyle(color)}
    >
      {children}
    </Button>
  );
}

export function RidersModal({
  open,
  riders,
  prices,
  selected,
  onClose,
  onApply,
  color,
}: {
  open: boolean;
  riders: { id: string; name: string }[];
  /** Every price of each rider among the shown quotes, for its range. */
  prices: RiderPrice[];
  selected: readonly string[];
  onClose: () => void;
  onApply: (riders: string[]) => void;
  color: string;
}) {
  const [choice, setChoice] = useState<string[]>([...selected]);
  const range = (id: string) => {
    const values = prices.filter((p) => p.id === id).map((p) => p.monthlyCents);
    if (values.length === 0) return "";
    const [min, max] = [Math.min(...values), Math.max(...values)];
    return min === max ? `${formatDollars(min)}/mo` : `${formatDollars(min)}–${formatDollars(max)}/mo`;
  };
  return (
    <ModalFrame open={open} onClose={onClose} labelledBy="riders-title" className="max-w-md">
      <div className="p-5">
        <ModalTitle id="riders-title">Customize riders</ModalTitle>
        <p className="mt-1 text-sm text-gray-600">
          Riders add coverage to your state&apos;s plan for an extra monthly price, which is added to each quote.
        </p>
        <ul className="mt-4 space-y-2">
          {riders.map((rider) => (
            <li key={rider.id}>
              <label className="flex cursor-pointer items-center justify-between gap-3 min-h-11 rounded-md border border-gray-200 px-3 py-2 text-sm">
                <span className="flex items-center gap-3">
                  <input
                    type="checkbox"
                    checked={choice.includes(rider.id)}
                    onChange={(event) =>
                      setChoice((c) => (event.target.checked ? [...c, rider.id] : c.filter((id) => id !== rider.id)))
                    }
                  />
                  {rider.name}
                </span>
                <span className="text-gray-600">{range(rider.id)}</span>
              </label>
            </li>
          ))}
        </ul>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          <BrandButton color={color} onClick={() => onApply(choice)}>
            Apply
          </BrandButton>
        </div>
      </div>
    </ModalFrame>
  );
}

function Video({ url, title }: { url: string; title: string }) {
  return (
    <iframe
      src={url}
      title={title}
      className="mt-4 aspect-video w-full rounded-md"
      allow="encrypted-media; picture-in-picture"
      allowFullScreen
      sandbox="allow-scripts allow-same-origin allow-presentation"
    />
  );
}

export function PlanGvsNModal({
  open,
  videoUrl,
  summary,
  coverage,
  onClose,
}: {
  open: boolean;
  videoUrl: string | null;
  /** The paragraph above the table, and the table's rows (lib/quotes/compare-texts.ts: sent with the page's data). */
  summary: string;
  coverage: readonly (readonly [string, string, string])[];
  onClose: () => void;
}) {
  return (
    <ModalFrame open={open} onClose={onClose} labelledBy="g-vs-n-title" className="max-w-lg">
      <div className="p-5">
        <ModalTitle id="g-vs-n-title">Plan G vs Plan N</ModalTitle>
        {videoUrl ? <Video url={videoUrl} title="Plan G vs Plan N" /> : null}
        <p className="mt-3 text-sm text-gray-700">{summary}</p>
        <table className="mt-4 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-gray-200 text-gray-600">
              <th className="py-1 pr-2 font-medium">Benefit</th>
              <th className="py-1 pr-2 font-medium">Plan G</th>
              <th className="py-1 font-medium">Plan N</th>
            </tr>
          </thead>
          <tbody>
            {coverage.map(([benefit, g, n]) => (
              <tr key={benefit} className="border-b border-gray-100">
                <td className="py-1 pr-2 text-gray-800">{benefit}</td>
                <td className="py-1 pr-2">{g}</td>
                <td className="py-1">{n}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-5 flex justify-end">
          <SecondaryButton onClick={onClose}>Close</SecondaryButton>
        </div>
      </div>
    </ModalFrame>
  );
}

/** After "Select": what qualifying means, then on to the health questions (or the schedule page). */
export function QualifyModal({
  open,
  videoUrl,
  planName,
  carrierName,
  onClose,
  onContinue,
  color,
  text,
}: {
  open: boolean;
  videoUrl: string | null;
  planName: string;
  carrierName: string;
  onClose: () => void;
  onContinue: () => void;
  color: string;
  /** What comes next, with or without the health questions (lib/quotes/compare-texts.ts). */
  text: string;
}) {
  return (
    <ModalFrame open={open} onClose={onClose} labelledBy="qualify-title" className="max-w-md">
      <div className="p-5">
        <ModalTitle id="qualify-title">
          {carrierName} {planName}
        </ModalTitle>
        {videoUrl ? <Video url={videoUrl} title="How to qualify" /> : null}
        <p className="mt-3 text-sm text-gray-700">{text}</p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          <BrandButton color={color} onClick={onContinue}>
            Continue
          </BrandButton>
        </div>
      </div>
    </ModalFrame>
  );
}
