"use client";

import { useId, useState, type FormEvent } from "react";
import { Spinner } from "@/components/ui/spinner";
import { CONTACT_US_FAILURE_MESSAGE, CONTACT_US_REQUIRED_MESSAGE, CONTACT_US_SUCCESS_MESSAGE } from "@/lib/contact-us/contact-message-schema";

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "sent" } | { kind: "error"; message: string };

const inputClass =
  "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 sm:text-sm";

/** The server's words for a failed submit: the first field problem, else its message, else the generic text. */
async function serverMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: { message?: string; fields?: Record<string, string[]> } };
    const firstField = body.error?.fields ? Object.values(body.error.fields)[0]?.[0] : undefined;
    return firstField ?? body.error?.message ?? CONTACT_US_FAILURE_MESSAGE;
  } catch {
    return CONTACT_US_FAILURE_MESSAGE;
  }
}

/** 'Send us a Message' (client-side.md §2 "Contact Us page"): Name*, Email*, Phone (optional), Message*. */
export function ContactUsForm() {
  const [values, setValues] = useState({ name: "", email: "", phone: "", message: "" });
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const ids = { name: useId(), email: useId(), phone: useId(), message: useId(), status: useId() };
  const sending = status.kind === "sending";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values.name.trim() || !values.email.trim() || !values.message.trim()) {
      setStatus({ kind: "error", message: CONTACT_US_REQUIRED_MESSAGE });
      return;
    }
    setStatus({ kind: "sending" });
    try {
      const response = await fetch("/api/contact-us", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(values) });
      if (!response.ok) {
        setStatus({ kind: "error", message: await serverMessage(response) });
        return;
      }
      setValues({ name: "", email: "", phone: "", message: "" });
      setStatus({ kind: "sent" });
    } catch {
      setStatus({ kind: "error", message: CONTACT_US_FAILURE_MESSAGE });
    }
  }

  const field = (key: keyof typeof values) => ({
    id: ids[key],
    value: values[key],
    disabled: sending,
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [key]: event.target.value })),
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-describedby={status.kind === "error" || status.kind === "sent" ? ids.status : undefined} className="space-y-4">
      <h2 className="text-xl font-semibold text-gray-900">Send us a Message</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.name} className="block text-sm font-medium text-gray-700">
            Name<span aria-hidden="true" className="text-red-600">*</span>
          </label>
          <input {...field("name")} type="text" autoComplete="name" required aria-required="true" className={inputClass} />
        </div>
        <div>
          <label htmlFor={ids.email} className="block text-sm font-medium text-gray-700">
            Email<span aria-hidden="true" className="text-red-600">*</span>
          </label>
          <input {...field("email")} type="email" autoComplete="email" required aria-required="true" className={inputClass} />
        </div>
      </div>
      <div>
        <label htmlFor={ids.phone} className="block text-sm font-medium text-gray-700">
          Phone <span className="font-normal text-gray-500">(optional)</span>
        </label>
        <input {...field("phone")} type="tel" autoComplete="tel" className={inputClass} />
      </div>
      <div>
        <label htmlFor={ids.message} className="block text-sm font-medium text-gray-700">
          Message<span aria-hidden="true" className="text-red-600">*</span>
        </label>
        <textarea {...field("message")} rows={5} required aria-required="true" className={inputClass} />
      </div>
      {status.kind === "error" ? (
        <p id={ids.status} role="alert" className="text-sm text-red-600">
          {status.message}
        </p>
      ) : null}
      {status.kind === "sent" ? (
        <p id={ids.status} role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {CONTACT_US_SUCCESS_MESSAGE}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={sending}
        className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:opacity-70 sm:w-auto"
      >
        {sending ? (
          <>
            <span aria-hidden="true">
              <Spinner className="h-4 w-4" label="Sending" />
            </span>
            Sending...
          </>
        ) : (
          "Send Message"
        )}
      </button>
    </form>
  );
}
