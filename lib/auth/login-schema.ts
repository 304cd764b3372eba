import { z } from "zod";
import { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE } from "@/lib/auth/messages";

/**
 * POST /api/auth/login and the login form: one schema for both. Pure: safe in the browser bundle
 * (lib/auth/login.ts, the route's logic, is server-only).
 */
export const loginRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, EMAIL_REQUIRED_MESSAGE)
    .pipe(z.email(EMAIL_INVALID_MESSAGE))
    .transform((e) => e.toLowerCase()),
});

export type LoginRequestInput = z.input<typeof loginRequestSchema>;
export type LoginRequestValues = z.output<typeof loginRequestSchema>;

/** The answer of POST /api/auth/login: the same whether or not the address has an account. */
export type LoginResponse = { success: true; message: string };

/** The answer of POST /api/auth/verify/{orgSlug}/{token}: the session cookie is set beside it. */
export type VerifyLoginResponse = {
  success: true;
  redirectUrl: string;
  session: { expires: string };
  email: string;
  orgSlug: string;
};
