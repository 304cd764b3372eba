"use client";

import { useId, useState, type FormEvent, type ReactNode } from "react";
import { ChallengeNote } from "@/components/challenge/challenge-note";
import { fetchWithChallenge, useChallenge } from "@/components/challenge/use-challenge";
import { BrandHeader } from "@/components/scheduling/brand-header";
import { formatPhone, nextPhoneDigits } from "@/lib/accounts/signup-schema";
import { SCHEDULE_MESSAGES as M, type ScheduleBrand, type ScheduleViewModel } from "@/lib/scheduling/booking";
import { callbackRequestSchema, type CallbackRequestAnswer } from "@/lib/scheduling/callback-request-schema";
import { brandInkOnWhite, readableTextOn } from "@/lib/organizations/brand-contrast";

export type ScheduleViewProps = ScheduleViewModel;

type Field = "contactName" | "contactPhone" | "contactEmail" | "message";
type FieldErrors = Partial<Record<Field, string>>;
type ErrorBody = { error?: { message?: string; fields?: Record<string, string[] | undefined> } };

const FIELDS: Field[] = ["contactName", "contactPhone", "contactEmail", "message"];
const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2.5 text-base shadow-sm focus:border-gray-500 focus:outline-none focus:ring-2 focus:ring-gray-400 aria-[invalid=true]:border-red-500";
const optionClass =
  "flex w-full items-center gap-3 rounded-md border-2 bg-white px-4 py-4 text-left text-base font-semibold transition hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

function Icon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="h-6 w-6 shrink-0">
      <path d={path} />
    </svg>
  );
}
const CALENDAR = "M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z";
const PHONE =
  "M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z";
const CALLBACK = "M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z";

function Shell({ brand, children }: { brand: ScheduleBrand; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-gray-50">
      <BrandHeader brand={brand} />
      <main className="mx-auto max-w-xl px-4 py-6 sm:py-10">{children}</main>
    </div>
  );
}

/** After a booking link or a callback request: thanks, and an invitation to refer someone. */
export function ScheduleThankYou({ brand, note, href }: { brand: ScheduleBrand; note?: string | null; href: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white px-6 py-10 text-center shadow-sm">
      <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{M.thankYouTitle}</h1>
      <p className="mt-3 text-base text-gray-600 sm:text-lg">{M.thankYouText}</p>
      {note ? <p className="mt-2 text-base text-gray-600">{note}</p> : null}
      <a href={href} className="mt-8 inline-flex min-h-11 items-center gap-2 font-semibold underline-offset-4 hover:underline" style={{ color: brandInkOnWhite(brand.color) }}>
        {M.helpSomeoneElse}
      </a>
    </div>
  );
}

/**
 * The schedule page (client-side.md "Schedule page"): the outcome's heading and text, then the options
 * the agency offers (book a call, call now, request a callback), then Thank You. The callback form is
 * prefilled with what the quote link knows and sends what the visitor typed.
 */
export function ScheduleView({ brand, text, options, callback, thankYouHref }: ScheduleViewProps) {
  const formId = useId();
  const [stage, setStage] = useState<"options" | "thank-you">("options");
  const [note, setNote] = useState<string | null>(null);
  const [callbackOpen, setCallbackOpen] = useState(false);
  // The callback request carries a proof-of-work, solved once the form is opened (docs/security.md "Public forms").
  const challenge = useChallenge("callback", { solveAhead: callbackOpen });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [values, setValues] = useState({ contactName: callback.name, contactPhone: callback.phone, contactEmail: callback.email, message: "" });

  if (stage === "thank-you") {
    return (
      <Shell brand={brand}>
        <ScheduleThankYou brand={brand} note={note} href={thankYouHref} />
      </Shell>
    );
  }

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setError(null);
    const body = { quoteId: callback.quoteId, orgId: callback.orgId, status: callback.status, planType: callback.planType, ...values };
    const parsed = callbackRequestSchema.safeParse(body);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELDS.includes(field)) errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      if (Object.keys(errors).length === 0) setError(M.callbackUnable);
      return;
    }
    setSubmitting(true);
    let response: Response;
    try {
      response = await fetchWithChallenge(
        "/api/contact-us/callback-request",
        { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) },
        () => challenge.take(),
      );
    } catch {
      setSubmitting(false);
      setError(M.callbackFailed);
      return;
    }
    const answer = (await response.json().catch(() => null)) as (Partial<CallbackRequestAnswer> & ErrorBody) | null;
    setSubmitting(false);
    if (response.ok && answer?.success) {
      setNote(answer.message ?? null);
      setStage("thank-you");
      return;
    }
    if (response.status === 422 && answer?.error?.fields) {
      const errors: FieldErrors = {};
      for (const field of FIELDS) {
        const message = answer.error.fields[field]?.[0];
        if (message) errors[field] = message;
      }
      setFieldErrors(errors);
    }
    setError(M.callbackUnable);
  };

  const hasOptions = Boolean(options.calendar || options.phone || options.callback);
  const accent = { borderColor: brandInkOnWhite(brand.color), color: brandInkOnWhite(brand.color) };
  const fieldProps = (field: Field) => ({
    id: `${formId}-${field}`,
    "aria-invalid": fieldErrors[field] ? true : undefined,
    "aria-describedby": fieldErrors[field] ? `${formId}-${field}-error` : undefined,
  });
  const fieldError = (field: Field) =>
    fieldErrors[field] ? (
      <p id={`${formId}-${field}-error`} className="mt-1 text-sm text-red-600">
        {fieldErrors[field]}
      </p>
    ) : null;

  return (
    <Shell brand={brand}>
      <div className="overflow-hidden rounded-lg border border-gray-200 shadow-sm">
        <div className="p-6" style={{ backgroundColor: `${brand.color}14` }}>
          <h1 className="text-2xl font-extrabold text-gray-900 sm:text-3xl">{text.heading}</h1>
          <p className="mt-3 text-base leading-relaxed text-gray-800">{text.message}</p>
        </div>
        <div className="bg-white p-6">
          {hasOptions ? (
            <p className="mb-5 text-sm text-gray-500">{M.selectOption}</p>
          ) : (
            <p className="text-base text-gray-700">Reach out to {brand.name} and we&apos;ll help you with the next steps.</p>
          )}
          {error ? (
            <div role="alert" className="mb-5 rounded border border-red-400 bg-red-50 px-4 py-3 text-base text-red-700">
              {error}
            </div>
          ) : null}
          <div className="space-y-4">
            {options.calendar ? (
              <a href={options.calendar.url} target="_blank" rel="noopener noreferrer" className={optionClass} style={accent} onClick={() => setStage("thank-you")}>
                <Icon path={CALENDAR} />
                <span>{options.calendar.label}</span>
              </a>
            ) : null}
            {options.phone ? (
              <a href={options.phone.href} className={optionClass} style={accent}>
                <Icon path={PHONE} />
                <span>{options.phone.label}</span>
              </a>
            ) : null}
            {options.callback ? (
              <div>
                <button type="button" className={optionClass} style={accent} aria-expanded={callbackOpen} aria-controls={`${formId}-callback`} onClick={() => setCallbackOpen((open) => !open)}>
                  <Icon path={CALLBACK} />
                  <span>{M.requestCallback}</span>
                </button>
                {callbackOpen ? (
                  <form id={`${formId}-callback`} aria-label={M.requestCallback} noValidate onSubmit={submit} className="mt-4 space-y-4 rounded-md border border-gray-200 bg-gray-50 p-4">
                    <div>
                      <label htmlFor={`${formId}-contactName`} className="block text-sm font-medium text-gray-700">
                        Name
                      </label>
                      <input {...fieldProps("contactName")} type="text" autoComplete="name" className={inputClass} value={values.contactName} onChange={(e) => set("contactName", e.target.value)} />
                      {fieldError("contactName")}
                    </div>
                    <div>
                      <label htmlFor={`${formId}-contactPhone`} className="block text-sm font-medium text-gray-700">
                        Phone
                      </label>
                      <input
                        {...fieldProps("contactPhone")}
                        type="tel"
                        inputMode="tel"
                        autoComplete="tel-national"
                        placeholder="(555) 555-5555"
                        className={inputClass}
                        value={formatPhone(values.contactPhone)}
                        onChange={(e) => set("contactPhone", nextPhoneDigits(values.contactPhone, e.target.value, e.target.selectionStart))}
                      />
                      {fieldError("contactPhone")}
                    </div>
                    <div>
                      <label htmlFor={`${formId}-contactEmail`} className="block text-sm font-medium text-gray-700">
                        Email <span className="font-normal text-gray-500">(optional)</span>
                      </label>
                      <input {...fieldProps("contactEmail")} type="email" autoComplete="email" className={inputClass} value={values.contactEmail} onChange={(e) => set("contactEmail", e.target.value)} />
                      {fieldError("contactEmail")}
                    </div>
                    <div>
                      <label htmlFor={`${formId}-message`} className="block text-sm font-medium text-gray-700">
                        Message <span className="font-normal text-gray-500">(optional)</span>
                      </label>
                      <textarea
                        {...fieldProps("message")}
                        rows={3}
                        placeholder="A good time to call, or anything we should know"
                        className={inputClass}
                        value={values.message}
                        onChange={(e) => set("message", e.target.value)}
                      />
                      {fieldError("message")}
                    </div>
                    <ChallengeNote status={challenge.status} />
                    <button
                      type="submit"
                      disabled={submitting}
                      className="flex w-full items-center justify-center gap-2 rounded-md px-4 py-3 text-base font-semibold shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-70"
                      style={{ backgroundColor: brand.color, color: readableTextOn(brand.color) }}
                    >
                      {submitting ? M.submitting : M.sendCallback}
                    </button>
                  </form>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>
      </div>
    </Shell>
  );
}
