"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { apiCall } from "@/lib/api/browser-client";
import {
  loginRequestSchema,
  type LoginRequestInput,
  type LoginRequestValues,
  type LoginResponse,
} from "@/lib/auth/login-schema";
import { LOGIN_FAILED_MESSAGE, LOGIN_SENT_HINT, LOGIN_SENT_MESSAGE } from "@/lib/auth/messages";

export const RESEND_COOLDOWN_SECONDS = 60;

/** Email → 'Send login link' → sent, with the 60-second resend countdown (agency-side.md §2 Login). */
export function LoginForm({ initialEmail = "", autoFocus = true }: { initialEmail?: string; autoFocus?: boolean }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginRequestInput, unknown, LoginRequestValues>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: initialEmail },
  });
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [cooldown, setCooldown] = useState(0);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  async function send({ email }: LoginRequestValues) {
    setSending(true);
    setFormError(null);
    const result = await apiCall<LoginResponse>("/api/auth/login", { method: "POST", body: { email } });
    setSending(false);
    if (result.ok) {
      setSentTo(email);
      setCooldown(RESEND_COOLDOWN_SECONDS);
      return;
    }
    const fieldMessage = result.fields.email?.[0];
    if (result.status === 422 && fieldMessage) {
      setSentTo(null);
      setError("email", { type: "server", message: fieldMessage });
      return;
    }
    setSentTo(null);
    setFormError(result.status === 429 && result.message ? result.message : LOGIN_FAILED_MESSAGE);
  }

  return (
    <div>
      {sentTo ? (
        <div role="status" className="rounded-md bg-green-50 p-4 text-sm text-green-800">
          <p className="font-medium">{LOGIN_SENT_MESSAGE}</p>
          <p className="mt-1">{LOGIN_SENT_HINT}</p>
        </div>
      ) : (
        <form onSubmit={handleSubmit(send)} noValidate className="space-y-4" aria-busy={sending}>
          <Field id="login-email" label="Email" error={errors.email?.message} announceError>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                autoFocus={autoFocus}
                readOnly={sending}
                placeholder="you@agency.com"
                {...register("email")}
              />
            )}
          </Field>
          {formError ? (
            <p id="login-error" role="alert" className="text-sm text-red-700">
              {formError}
            </p>
          ) : null}
          <Button type="submit" fullWidth loading={sending} loadingLabel="Sending login link...">
            Send login link
          </Button>
        </form>
      )}
      {sentTo ? (
        <p className="mt-4 text-center text-sm text-gray-600">
          Didn&apos;t get it?{" "}
          {cooldown > 0 ? (
            <span aria-live="polite">Resend link in {cooldown} seconds</span>
          ) : (
            <Button
              variant="link"
              onClick={() => void send({ email: sentTo })}
              loading={sending}
              loadingLabel="Sending login link..."
            >
              Resend link
            </Button>
          )}
        </p>
      ) : null}
      <p className="mt-6 text-center text-sm text-gray-600">
        Don&apos;t have an account?{" "}
        <Link href="/signup" className="font-medium text-brand-700 hover:underline">
          Sign Up Here
        </Link>
      </p>
    </div>
  );
}
