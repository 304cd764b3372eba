"use client";

import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { Spinner } from "@/components/ui/spinner";
import { ModalFrame } from "@/components/ui/modal-frame";
import { GO_LIVE_MESSAGES, goLiveDateBounds, parseIsoDate, validateGoLiveDate, type IsoDate, type TrialStatus } from "@/lib/trial/go-live";

export type TrialBannerProps = {
  isAdmin: boolean;
  status: TrialStatus;
  /** The organization's calendar date, "YYYY-MM-DD" (todayInZone on the server). */
  today: IsoDate;
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mar 05, 2026" (the spec's MMM dd, yyyy) for a calendar date, without time-zone shifts. */
export function formatCalendarDate(date: IsoDate): string {
  const parsed = parseIsoDate(date);
  if (!parsed) return date;
  return `${MONTHS[parsed.getUTCMonth()]} ${String(parsed.getUTCDate()).padStart(2, "0")}, ${parsed.getUTCFullYear()}`;
}

export function trialHeadline(status: TrialStatus): string {
  switch (status.kind) {
    case "no_date":
      return "Trial Period - Set a go live date";
    case "counting":
      return `${status.daysRemaining} ${status.daysRemaining === 1 ? "day" : "days"} remaining until go live`;
    case "ready":
      return "Ready to go live!";
    case "live":
      return "";
  }
}

async function postJson(url: string, body?: unknown): Promise<void> {
  let res: { ok: boolean; json: () => Promise<unknown> };
  try {
    res = await fetch(url, {
      method: "POST",
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Error(GO_LIVE_MESSAGES.defaultError);
  }
  if (res.ok) return;
  const payload = (await res.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = payload?.error?.message;
  throw new Error(typeof message === "string" && message ? message : GO_LIVE_MESSAGES.defaultError);
}

const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:opacity-70";
const secondaryButton =
  "rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-700 shadow-sm hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:opacity-60";

function SetDateModal({ open, onClose, today, current, onDone }: { open: boolean; onClose: () => void; today: IsoDate; current: IsoDate | null; onDone: () => void }) {
  const bounds = goLiveDateBounds(today);
  const [value, setValue] = useState(current && !validateGoLiveDate({ value: current, today }) ? current : "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const titleId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A browser keeps a half-typed or impossible date out of `value` ("") and flags it as bad input.
    const problem = value === "" && inputRef.current?.validity?.badInput ? GO_LIVE_MESSAGES.invalid : validateGoLiveDate({ value, today });
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await postJson("/api/organizations/set-go-live-date", { goLiveDate: value });
      setSaving(false);
      onDone();
    } catch (e) {
      setSaving(false);
      setError(e instanceof Error ? e.message : GO_LIVE_MESSAGES.defaultError);
    }
  }

  return (
    <ModalFrame open={open} onClose={onClose} labelledBy={titleId} busy={saving} initialFocus={inputRef} className="max-w-md">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="px-6 pt-6">
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            Set Go Live Date
          </h2>
          <p className="mt-1 text-sm text-gray-600">Choose the date you plan to go live. You can pick any date from today up to 30 days out. On that day the banner says you are ready, and Go Live Now starts emailing your clients.</p>
          <label htmlFor={`${titleId}-date`} className="mt-5 block text-sm font-medium text-gray-700">
            Go live date
          </label>
          <input
            ref={inputRef}
            id={`${titleId}-date`}
            type="date"
            min={bounds.min}
            max={bounds.max}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={saving}
            className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 disabled:bg-gray-50"
          />
          {error ? (
            <p id={errorId} role="alert" className="mt-2 text-sm text-red-600">
              {error}
            </p>
          ) : null}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 border-t border-gray-100 bg-gray-50 px-6 py-4 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} disabled={saving} className={secondaryButton}>
            Cancel
          </button>
          <button type="submit" disabled={saving} className={`${primaryButton} bg-brand-600 text-white hover:bg-brand-700 focus-visible:ring-brand-500`}>
            {saving ? (
              <>
                <span aria-hidden="true">
                  <Spinner className="h-4 w-4" label="Setting" />
                </span>
                Setting...
              </>
            ) : (
              "Set Date"
            )}
          </button>
        </div>
      </form>
    </ModalFrame>
  );
}

function GoLiveModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  async function confirm() {
    setProcessing(true);
    setError(null);
    try {
      await postJson("/api/organizations/exit-demo-mode");
      setProcessing(false);
      onDone();
    } catch (e) {
      setProcessing(false);
      setError(e instanceof Error ? e.message : GO_LIVE_MESSAGES.defaultError);
    }
  }

  return (
    <ModalFrame open={open} onClose={onClose} labelledBy={titleId} describedBy={descriptionId} busy={processing} initialFocus={cancelRef} className="max-w-md">
      <div className="px-6 pt-6">
        <div className="flex items-start gap-4">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-700" aria-hidden="true">
            <svg viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5">
              <path
                fillRule="evenodd"
                d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
                clipRule="evenodd"
              />
            </svg>
          </span>
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-gray-900">
              Go live now?
            </h2>
            <div id={descriptionId} className="mt-2 space-y-2 text-sm text-gray-600">
              <p>
                <strong className="font-semibold text-gray-900">This cannot be undone.</strong> Your account leaves the trial for good.
              </p>
              <p>From then on, emails go to your real clients, and usage charges apply for all of your contacts.</p>
            </div>
          </div>
        </div>
        {error ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 border-t border-gray-100 bg-gray-50 px-6 py-4 sm:flex-row sm:justify-end">
        <button ref={cancelRef} type="button" onClick={onClose} disabled={processing} className={secondaryButton}>
          Cancel
        </button>
        <button
          type="button"
          onClick={() => void confirm()}
          disabled={processing}
          className={`${primaryButton} bg-emerald-600 text-white hover:bg-emerald-700 focus-visible:ring-emerald-500`}
        >
          {processing ? (
            <>
              <span aria-hidden="true">
                <Spinner className="h-4 w-4" label="Processing" />
              </span>
              Processing...
            </>
          ) : (
            "Yes, go live"
          )}
        </button>
      </div>
    </ModalFrame>
  );
}

/**
 * The trial banner (agency-side.md §2 "Trial banner and demo mode", §4 Trial states): days remaining until
 * the go-live date, "Ready to go live!" once it is reached, or a prompt to set one. Admins get "Set Date" and
 * "Go Live Now" (confirmed in a modal: irreversible). Renders nothing once the organization is live.
 */
export function TrialBanner({ isAdmin, status, today }: TrialBannerProps) {
  const router = useRouter();
  const [modal, setModal] = useState<"date" | "live" | null>(null);
  // A fresh modal (fresh value, no stale error) each time one opens.
  const [openCount, setOpenCount] = useState(0);

  if (status.kind === "live") return null;
  const date = status.kind === "counting" || status.kind === "ready" ? status.goLiveDate : null;
  const ready = status.kind === "ready";

  const open = (which: "date" | "live") => {
    setOpenCount((n) => n + 1);
    setModal(which);
  };
  const done = () => {
    setModal(null);
    router.refresh();
  };

  return (
    <div role="region" aria-label="Trial status" className={`border-b px-4 py-2.5 ${ready ? "border-emerald-200 bg-emerald-50" : "border-brand-100 bg-brand-50"}`}>
      <div className="mx-auto flex max-w-7xl flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3 text-sm">
          <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold uppercase tracking-wide ${ready ? "bg-emerald-100 text-emerald-800" : "bg-brand-100 text-brand-700"}`}>
            Trial
          </span>
          <p className={ready ? "text-emerald-900" : "text-gray-800"}>
            <span className="font-semibold">{trialHeadline(status)}</span>
            {date ? <span className="text-gray-600"> · Go live date: {formatCalendarDate(date)}</span> : null}
            <span className="hidden text-gray-500 md:inline"> · No emails reach your clients until you go live.</span>
          </p>
        </div>
        {isAdmin ? (
          <div className="flex shrink-0 gap-2">
            <button type="button" onClick={() => open("date")} className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-gray-700 shadow-sm hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
              Set Date
            </button>
            <button type="button" onClick={() => open("live")} className="rounded-md bg-emerald-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-emerald-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-1">
              Go Live Now
            </button>
          </div>
        ) : null}
      </div>
      {isAdmin && modal === "date" ? <SetDateModal key={openCount} open onClose={() => setModal(null)} today={today} current={date} onDone={done} /> : null}
      {isAdmin && modal === "live" ? <GoLiveModal key={openCount} open onClose={() => setModal(null)} onDone={done} /> : null}
    </div>
  );
}
