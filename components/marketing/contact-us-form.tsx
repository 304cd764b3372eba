"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm, type FieldErrors } from "react-hook-form";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { apiCall } from "@/lib/api/browser-client";
import {
  CONTACT_US_FAILURE_MESSAGE,
  CONTACT_US_SUCCESS_MESSAGE,
  contactMessageSchema,
  type ContactMessageInput,
  type ContactMessageResponse,
  type ContactMessageValues,
} from "@/lib/contact-us/contact-message-schema";

/** invalid: the schema refused the form; its message is the first problem still there (it goes as the visitor fixes them). */
type Status = { kind: "idle" } | { kind: "invalid" } | { kind: "sent" } | { kind: "error"; message: string };

const FIELDS = ["name", "email", "phone", "message"] as const;
const EMPTY: ContactMessageInput = { name: "", email: "", phone: "", message: "" };

/** The first problem in field order: the form-level words for a refused submit. */
function firstError(errors: FieldErrors<ContactMessageInput>): string | null {
  for (const name of FIELDS) {
    const message = errors[name]?.message;
    if (message) return message;
  }
  return null;
}

/** 'Send us a Message' (client-side.md §2 "Contact Us page"): Name*, Email*, Phone (optional), Message*. */
export function ContactUsForm() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput, unknown, ContactMessageValues>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: EMPTY,
  });
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const statusId = useId();
  // One message for the form (the first problem), read with each field it names: the same words are not
  // repeated under every empty field.
  const alert = status.kind === "error" ? status.message : status.kind === "invalid" ? firstError(errors) : null;
  const problem = (name: (typeof FIELDS)[number]) =>
    errors[name] ? { describedBy: statusId, invalid: true as const } : { describedBy: undefined, invalid: undefined };

  const onValid = async (values: ContactMessageValues) => {
    setStatus({ kind: "idle" });
    const result = await apiCall<ContactMessageResponse>("/api/contact-us", { method: "POST", body: values });
    if (result.ok) {
      reset(EMPTY);
      setStatus({ kind: "sent" });
      return;
    }
    setServerFieldErrors(result.fields, FIELDS, setError);
    const firstField = FIELDS.map((name) => result.fields[name]?.[0]).find(Boolean);
    const serverWords = result.status > 0 && result.status < 500 ? (firstField ?? result.message) : null;
    setStatus({ kind: "error", message: serverWords ?? CONTACT_US_FAILURE_MESSAGE });
  };

  return (
    <form
      onSubmit={handleSubmit(onValid, () => setStatus({ kind: "invalid" }))}
      noValidate
      aria-busy={isSubmitting}
      aria-describedby={alert || status.kind === "sent" ? statusId : undefined}
      className="space-y-4"
    >
      <h2 className="text-xl font-semibold text-gray-900">Send us a Message</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" required describedBy={problem("name").describedBy}>
          {(props) => (
            <Input
              {...props}
              aria-invalid={problem("name").invalid}
              type="text"
              autoComplete="name"
              readOnly={isSubmitting}
              {...register("name")}
            />
          )}
        </Field>
        <Field label="Email" required describedBy={problem("email").describedBy}>
          {(props) => (
            <Input
              {...props}
              aria-invalid={problem("email").invalid}
              type="email"
              autoComplete="email"
              readOnly={isSubmitting}
              {...register("email")}
            />
          )}
        </Field>
      </div>
      <Field
        label={
          <>
            Phone <span className="font-normal text-gray-600">(optional)</span>
          </>
        }
        describedBy={problem("phone").describedBy}
      >
        {(props) => (
          <Input
            {...props}
            aria-invalid={problem("phone").invalid}
            type="tel"
            autoComplete="tel"
            readOnly={isSubmitting}
            {...register("phone")}
          />
        )}
      </Field>
      <Field label="Message" required describedBy={problem("message").describedBy}>
        {(props) => (
          <Textarea
            {...props}
            aria-invalid={problem("message").invalid}
            rows={5}
            readOnly={isSubmitting}
            {...register("message")}
          />
        )}
      </Field>
      {alert ? (
        <p id={statusId} role="alert" className="text-sm text-red-700">
          {alert}
        </p>
      ) : null}
      {status.kind === "sent" ? (
        <p id={statusId} role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {CONTACT_US_SUCCESS_MESSAGE}
        </p>
      ) : null}
      <Button type="submit" fullWidth loading={isSubmitting} loadingLabel="Sending..." className="sm:w-auto">
        Send Message
      </Button>
    </form>
  );
}
