import { z } from "zod";
import { singleLine } from "@/lib/validation/text";

/**
 * Signup and waitlist validation, shared by the forms (client) and the API routes (server).
 * Pure: no server imports, no environment, safe in the browser bundle.
 */

export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";
export const INVALID_PHONE_MESSAGE = "Please enter a 10-digit phone number";

export const MIN_FRAME = 1;
export const MAX_FRAME = 4;

/** A required one-line value (a name): no line breaks or other control characters. */
const requiredText = (label: string, max: number) =>
  singleLine(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, { error: `${label} is required` })
      .max(max, { error: `${label} must be at most ${max} characters` }),
  );

/** Trimmed and lower-cased first, then checked, so " Ann@Example.COM " is accepted as "ann@example.com". */
export const emailField = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: INVALID_EMAIL_MESSAGE }).max(254, { error: INVALID_EMAIL_MESSAGE }));

/** Exactly 10 digits, no formatting: the forms keep digits in their state and only display formatting. */
export const phoneField = z
  .string({ error: INVALID_PHONE_MESSAGE })
  .regex(/^\d{10}$/, { error: INVALID_PHONE_MESSAGE });

/**
 * A whole number of at least 1 (up to `max`). Accepts a number or a numeric string (form inputs give
 * strings); anything else (booleans, null, "", "1e3", "abc") is rejected rather than coerced, so the
 * route never turns `null` or `true` into 0 or 1 the way `z.coerce.number()` would.
 */
const countField = (message: string, max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const text = value.trim();
      return /^\d+$/.test(text) ? Number(text) : text === "" ? undefined : Number.NaN;
    },
    z
      .number({ error: message })
      .int({ error: message })
      .min(1, { error: message })
      .max(max, { error: `Please enter a number no larger than ${max.toLocaleString("en-US")}` }),
  );

export const signupSchema = z.object({
  firstName: requiredText("First name", 100),
  lastName: requiredText("Last name", 100),
  organizationName: requiredText("Organization name", 200),
  email: emailField,
  phone: phoneField,
});

export type SignupInput = z.input<typeof signupSchema>;
export type SignupValues = z.output<typeof signupSchema>;
/** The answer of POST /api/organizations (202): the same whether or not the address has an account. */
export type SignupResponse = { success: true; message: string };
/** The answer of GET /api/organizations/check-email/{email} for a well-formed address (a malformed one is a 422). */
export type EmailCheckResponse = { available: true; message: string };

export const waitlistSchema = z.object({
  name: requiredText("Name", 200),
  email: emailField,
  phone: phoneField,
  numAgents: countField("Number of agents must be a whole number of at least 1", 100_000),
  bookSize: countField("Book size must be a whole number of at least 1", 10_000_000),
});

export type WaitlistInput = z.input<typeof waitlistSchema>;
export type WaitlistValues = z.output<typeof waitlistSchema>;
/** The answer of POST /api/waitlist. */
export type WaitlistResponse = { success: true };

/** True when `email` (after trimming and lower-casing) passes the same check as the schemas. */
export function isValidEmail(email: string): boolean {
  return emailField.safeParse(email).success;
}

/** The onboarding frame from a query value: an integer from 1 to 4; anything unreadable is 1. */
export function clampFrame(value: unknown): number {
  const raw = Array.isArray(value) ? value[0] : value;
  const number =
    typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : Number.NaN;
  if (!Number.isFinite(number)) return MIN_FRAME;
  return Math.min(MAX_FRAME, Math.max(MIN_FRAME, Math.trunc(number)));
}
