"use client";

import Link from "next/link";
import { useEffect, useState, type FormEvent } from "react";
import { Spinner } from "@/components/ui/spinner";
import { isValidEmail } from "@/lib/accounts/signup-schema";
import { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE, LOGIN_FAILED_MESSAGE, LOGIN_SENT_HINT, LOGIN_SENT_MESSAGE } from "@/lib/auth/messages";

export const RESEND_COOLDOWN_SECONDS = 60;

type State = { kind: "idle" } | { kind: "sending" } | { kind: "sent" } | { kind: "error"; message: string };

/** Email → 'Send login link' → sent, with the 60-second resend countdown (agency-side.md §2 Login). */
export function LoginForm({ initialEmail = "", autoFocus = true }: { initialEmail?: string; autoFocus?: boolean }) {
  const [email, setEmail] = useState(initialEmail);
  const [state, setState] = useState<State>({ kind: "idle" });
  const [cooldown, setCooldown] = useState(0);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cooldown]);

  async function send() {
    const trimmed = email.trim();
    if (!trimmed) return setState({ kind: "error", message: EMAIL_REQUIRED_MESSAGE });
    if (!isValidEmail(trimmed)) return setState({ kind: "error", message: EMAIL_INVALID_MESSAGE });
    setState({ kind: "sending" });
    try {
      const res = await fetch("/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: trimmed }) });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        const message = res.status === 429 || res.status === 422 ? (body?.error?.message ?? LOGIN_FAILED_MESSAGE) : LOGIN_FAILED_MESSAGE;
        return setState({ kind: "error", message });
      }
      setState({ kind: "sent" });
      setCooldown(RESEND_COOLDOWN_SECONDS);
    } catch {
      setState({ kind: "error", message: LOGIN_FAILED_MESSAGE });
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void send();
  }

  const sending = state.kind === "sending";
  return (
    <div>
      {state.kind === "sent" ? (
        <div role="status" className="rounded-md bg-green-50 p-4 text-sm text-green-800">
          <p className="font-medium">{LOGIN_SENT_MESSAGE}</p>
          <p className="mt-1">{LOGIN_SENT_HINT}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div>
            <label htmlFor="login-email" className="block text-sm font-medium text-gray-700">
              Email
            </label>
            <input
              id="login-email"
              type="email"
              autoComplete="email"
              autoFocus={autoFocus}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={sending}
              aria-invalid={state.kind === "error"}
              aria-describedby={state.kind === "error" ? "login-error" : undefined}
              className="mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 disabled:bg-gray-50"
              placeholder="you@agency.com"
            />
          </div>
          {state.kind === "error" ? (
            <p id="login-error" role="alert" className="text-sm text-red-600">
              {state.message}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={sending}
            className="flex w-full items-center justify-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:opacity-70"
          >
            {sending ? (
              <>
                <Spinner className="h-4 w-4" label="Sending" /> Sending login link...
              </>
            ) : (
              "Send login link"
            )}
          </button>
        </form>
      )}
      {state.kind === "sent" ? (
        <p className="mt-4 text-center text-sm text-gray-600">
          Didn&apos;t get it?{" "}
          {cooldown > 0 ? (
            <span aria-live="polite" className="text-gray-400">
              Resend link in {cooldown} seconds
            </span>
          ) : (
            <button type="button" onClick={() => void send()} className="font-medium text-brand-600 hover:underline">
              Resend link
            </button>
          )}
        </p>
      ) : null}
      <p className="mt-6 text-center text-sm text-gray-600">
        Don&apos;t have an account?{" "}
        <Link href="/signup" className="font-medium text-brand-600 hover:underline">
          Sign Up Here
        </Link>
      </p>
    </div>
  );
}
