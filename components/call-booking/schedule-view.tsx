"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState, type ReactNode } from "react";
import { Controller, useForm } from "react-hook-form";
import { ChallengeNote } from "@/components/challenge/challenge-note";
import { challengeSend, useChallenge } from "@/components/challenge/use-challenge";
import { BrandHeader } from "@/components/call-booking/brand-header";
import { PhoneField } from "@/components/self-onboarding/form-parts";
import { Button, buttonClass } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { apiCall } from "@/lib/api/browser-client";
import { SCHEDULE_MESSAGES as M, type ScheduleBrand, type ScheduleViewModel } from "@/lib/call-booking/booking";
import {
  callbackRequestSchema,
  type CallbackRequestAnswer,
  type CallbackRequestBody,
  type CallbackRequestInput,
} from "@/lib/call-booking/callback-request-schema";
import { brandFillStyle, brandInkOnWhite } from "@/lib/organizations/brand-contrast";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";

export type ScheduleViewProps = ScheduleViewModel;

type FieldName = "contactName" | "contactPhone" | "contactEmail" | "message";
const FIELDS: readonly FieldName[] = ["contactName", "contactPhone", "contactEmail", "message"];

function Icon({ path }: { path: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="h-6 w-6 shrink-0"
    >
      <path d={path} />
    </svg>
  );
}
const CALENDAR = "M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z";
const PHONE =
  "M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z";
const CALLBACK = "M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z";

function OptionalLabel({ children }: { children: ReactNode }) {
  return (
    <>
      {children} <span className="font-normal text-gray-600">(optional)</span>
    </>
  );
}

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
      <a
        href={href}
        className="mt-8 inline-flex min-h-11 items-center gap-2 font-semibold underline-offset-4 hover:underline"
        style={{ color: brandInkOnWhite(brand.color) }}
      >
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
  const [error, setError] = useState<string | null>(null);
  // The route's own schema checks the form (lib/call-booking/callback-request-schema.ts); the link's facts ride along unregistered.
  const {
    register,
    control,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<CallbackRequestInput, unknown, CallbackRequestBody>({
    resolver: zodResolver(callbackRequestSchema),
    defaultValues: {
      quoteId: callback.quoteId,
      orgId: callback.orgId,
      status: callback.status,
      planType: callback.planType,
      contactName: callback.name,
      contactPhone: callback.phone,
      contactEmail: callback.email,
      message: "",
    },
  });

  if (stage === "thank-you") {
    return (
      <Shell brand={brand}>
        <ScheduleThankYou brand={brand} note={note} href={thankYouHref} />
      </Shell>
    );
  }

  const onValid = async (body: CallbackRequestBody) => {
    setError(null);
    const result = await apiCall<CallbackRequestAnswer>("/api/contact-us/callback-request", {
      method: "POST",
      body,
      send: challengeSend(() => challenge.take()),
    });
    if (result.ok && result.body.success) {
      setNote(result.body.message ?? null);
      setStage("thank-you");
      return;
    }
    if (!result.ok && result.status === 0) return setError(M.callbackFailed);
    if (!result.ok && result.status === 422) {
      setServerFieldErrors(result.fields, FIELDS, setFieldError);
    }
    setError(M.callbackUnable);
  };
  // A rule on no field of the form (the link names no quote and no agency): the form says it cannot send.
  const onInvalid = (found: Record<string, unknown>) =>
    setError(FIELDS.some((field) => found[field]) ? null : M.callbackUnable);

  const hasOptions = Boolean(options.calendar || options.phone || options.callback);
  const accent = { borderColor: brandInkOnWhite(brand.color), color: brandInkOnWhite(brand.color) };
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
            <p className="text-base text-gray-700">
              Reach out to {brand.name} and we&apos;ll help you with the next steps.
            </p>
          )}
          {error ? (
            <div role="alert" className="mb-5 rounded border border-red-400 bg-red-50 px-4 py-3 text-base text-red-700">
              {error}
            </div>
          ) : null}
          <div className="space-y-4">
            {options.calendar ? (
              <a
                href={options.calendar.url}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass({
                  variant: "ghost",
                  size: "lg",
                  fullWidth: true,
                  className:
                    "justify-start gap-3 border-2 bg-white px-4 py-4 text-left text-base font-semibold hover:bg-gray-50",
                })}
                style={accent}
                onClick={() => setStage("thank-you")}
              >
                <Icon path={CALENDAR} />
                <span>{options.calendar.label}</span>
              </a>
            ) : null}
            {options.phone ? (
              <a
                href={options.phone.href}
                className={buttonClass({
                  variant: "ghost",
                  size: "lg",
                  fullWidth: true,
                  className:
                    "justify-start gap-3 border-2 bg-white px-4 py-4 text-left text-base font-semibold hover:bg-gray-50",
                })}
                style={accent}
              >
                <Icon path={PHONE} />
                <span>{options.phone.label}</span>
              </a>
            ) : null}
            {options.callback ? (
              <div>
                <button
                  type="button"
                  className={buttonClass({
                    variant: "ghost",
                    size: "lg",
                    fullWidth: true,
                    className:
                      "justify-start gap-3 border-2 bg-white px-4 py-4 text-left text-base font-semibold hover:bg-gray-50",
                  })}
                  style={accent}
                  aria-expanded={callbackOpen}
                  aria-controls={`${formId}-callback`}
                  onClick={() => setCallbackOpen((open) => !open)}
                >
                  <Icon path={CALLBACK} />
                  <span>{M.requestCallback}</span>
                </button>
                {callbackOpen ? (
                  <form
                    id={`${formId}-callback`}
                    aria-label={M.requestCallback}
                    noValidate
                    onSubmit={handleSubmit(onValid, onInvalid)}
                    className="mt-4 space-y-4 rounded-md border border-gray-200 bg-gray-50 p-4"
                  >
                    <Field label="Name" error={errors.contactName?.message}>
                      {(control) => <Input {...control} type="text" autoComplete="name" {...register("contactName")} />}
                    </Field>
                    <Controller
                      control={control}
                      name="contactPhone"
                      render={({ field }) => (
                        <PhoneField
                          label="Phone"
                          required={false}
                          error={errors.contactPhone?.message}
                          field={{ ...field, value: field.value ?? "" }}
                        />
                      )}
                    />
                    <Field label={<OptionalLabel>Email</OptionalLabel>} error={errors.contactEmail?.message}>
                      {(control) => (
                        <Input {...control} type="email" autoComplete="email" {...register("contactEmail")} />
                      )}
                    </Field>
                    <Field label={<OptionalLabel>Message</OptionalLabel>} error={errors.message?.message}>
                      {(control) => (
                        <Textarea
                          {...control}
                          rows={3}
                          placeholder="A good time to call, or anything we should know"
                          {...register("message")}
                        />
                      )}
                    </Field>
                    <ChallengeNote status={challenge.status} />
                    <Button
                      type="submit"
                      size="lg"
                      fullWidth
                      loading={isSubmitting}
                      loadingLabel={M.submitting}
                      style={brandFillStyle(brand.color)}
                    >
                      {M.sendCallback}
                    </Button>
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
