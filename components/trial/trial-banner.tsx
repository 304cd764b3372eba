"use client";

import Link from "next/link";
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { apiCall } from "@/lib/api/browser-client";
import {
  GO_LIVE_MESSAGES,
  goLiveDateBounds,
  goLiveDateFormSchema,
  validateGoLiveDate,
  type GoLiveNowResponse,
  type SetGoLiveDateResponse,
  type TrialStatus,
} from "@/lib/trial/go-live";
import { parseIsoDate, type IsoDate } from "@/lib/calendar/calendar-date";

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

type GoLiveDateForm = { goLiveDate: string };

function SetDateModal({
  open,
  onClose,
  today,
  current,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  today: IsoDate;
  current: IsoDate | null;
  onDone: () => void;
}) {
  const bounds = goLiveDateBounds(today);
  const schema = useMemo(() => goLiveDateFormSchema(today), [today]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<GoLiveDateForm>({
    resolver: zodResolver(schema),
    defaultValues: { goLiveDate: current && !validateGoLiveDate({ value: current, today }) ? current : "" },
  });
  const inputRef = useRef<HTMLInputElement | null>(null);
  const { ref: registerRef, ...field } = register("goLiveDate");

  const send = handleSubmit(async (values) => {
    const result = await apiCall<SetGoLiveDateResponse>("/api/organizations/set-go-live-date", {
      method: "POST",
      body: values,
    });
    if (result.ok) return onDone();
    setError("goLiveDate", {
      type: "server",
      message: result.fields.goLiveDate?.[0] ?? result.message ?? GO_LIVE_MESSAGES.defaultError,
    });
  });

  function submit(event: FormEvent) {
    // A browser keeps a half-typed or impossible date out of the value ("") and flags it as bad input.
    if (inputRef.current?.validity?.badInput) {
      event.preventDefault();
      setError("goLiveDate", { type: "validate", message: GO_LIVE_MESSAGES.invalid });
      return;
    }
    void send(event);
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      busy={isSubmitting}
      initialFocus={inputRef}
      className="max-w-md"
      title="Set Go Live Date"
      description="Choose the date you plan to go live. You can pick any date from today up to 30 days out. On that day the banner says you are ready, and Go Live Now starts emailing your clients."
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          <Field label="Go live date" error={errors.goLiveDate?.message} announceError>
            {(control) => (
              <Input
                {...control}
                {...field}
                ref={(element) => {
                  registerRef(element);
                  inputRef.current = element;
                }}
                type="date"
                min={bounds.min}
                max={bounds.max}
                disabled={isSubmitting}
              />
            )}
          </Field>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} loadingLabel="Setting...">
            Set Date
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

function GoLiveModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  async function confirm() {
    setProcessing(true);
    setError(null);
    const result = await apiCall<GoLiveNowResponse>("/api/organizations/exit-demo-mode", { method: "POST" });
    setProcessing(false);
    if (result.ok) onDone();
    else setError(result.message ?? GO_LIVE_MESSAGES.defaultError);
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      busy={processing}
      initialFocus={cancelRef}
      className="max-w-md"
      title="Go live now?"
      description={
        <div className="space-y-2">
          <p>
            <strong className="font-semibold text-gray-900">This cannot be undone.</strong> Your account leaves the
            trial for good.
          </p>
          <p>From then on, emails go to your real clients, and usage charges apply for all of your contacts.</p>
        </div>
      }
    >
      {error ? (
        <DialogBody>
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
            {error === GO_LIVE_MESSAGES.postalAddressRequired ? (
              <>
                {" "}
                <Link href="/brand-settings" className="font-semibold underline" onClick={onClose}>
                  Open Brand Settings
                </Link>
              </>
            ) : null}
          </p>
        </DialogBody>
      ) : null}
      <DialogFooter>
        <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={processing}>
          Cancel
        </Button>
        <Button variant="success" onClick={() => void confirm()} loading={processing} loadingLabel="Processing...">
          Yes, go live
        </Button>
      </DialogFooter>
    </Dialog>
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
    <div
      role="region"
      aria-label="Trial status"
      className={`border-b px-4 py-2.5 ${ready ? "border-emerald-200 bg-emerald-50" : "border-brand-100 bg-brand-50"}`}
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3 text-sm">
          <Badge tone={ready ? "success" : "brand"} className="uppercase tracking-wide">
            Trial
          </Badge>
          <p className={ready ? "text-emerald-900" : "text-gray-800"}>
            <span className="font-semibold">{trialHeadline(status)}</span>
            {date ? <span className="text-gray-700"> · Go live date: {formatCalendarDate(date)}</span> : null}
            <span className="hidden text-gray-700 md:inline"> · No emails reach your clients until you go live.</span>
          </p>
        </div>
        {isAdmin ? (
          <div className="flex shrink-0 gap-2">
            <Button variant="secondary" size="sm" onClick={() => open("date")}>
              Set Date
            </Button>
            <Button variant="success" size="sm" onClick={() => open("live")}>
              Go Live Now
            </Button>
          </div>
        ) : null}
      </div>
      {isAdmin && modal === "date" ? (
        <SetDateModal key={openCount} open onClose={() => setModal(null)} today={today} current={date} onDone={done} />
      ) : null}
      {isAdmin && modal === "live" ? (
        <GoLiveModal key={openCount} open onClose={() => setModal(null)} onDone={done} />
      ) : null}
    </div>
  );
}
