import { z } from "zod";
import { INVALID_EMAIL_MESSAGE, INVALID_PHONE_MESSAGE } from "@/lib/accounts/signup-schema";
import { nationalDigits, PHONE_DIGITS, phoneDigits } from "@/lib/phone/phone";
import { SCHEDULE_MESSAGES } from "@/lib/call-booking/booking";

/**
 * POST /api/contact-us/callback-request (client-side.md §7): quoteId, contactName, contactEmail,
 * contactPhone, planType, message. Two additive fields: `status` (the schedule page's outcome, which
 * decides the stored request type) and `orgId` (an organization id or slug, for generic schedule links
 * without a quote). The contact is only ever found through the quote token, never named in the body.
 * Pure: shared by the route and the schedule page's form.
 */

export const NAME_REQUIRED_MESSAGE = "Please enter your name";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .nullish()
    .transform((value) => (value ? value : null));

export const callbackRequestSchema = z
  .object({
    quoteId: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((value) => value || null),
    orgId: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((value) => value || null),
    status: z
      .string()
      .max(20)
      .nullish()
      .transform((value) => value ?? null),
    contactName: z
      .string({ error: NAME_REQUIRED_MESSAGE })
      .trim()
      .min(1, { error: NAME_REQUIRED_MESSAGE })
      .max(200, { error: "Must be at most 200 characters" }),
    contactEmail: z
      .string({ error: INVALID_EMAIL_MESSAGE })
      .trim()
      .max(254, { error: INVALID_EMAIL_MESSAGE })
      .nullish()
      .refine((value) => !value || z.email().safeParse(value).success, { error: INVALID_EMAIL_MESSAGE })
      .transform((value) => value || null),
    // Kept as the visitor typed it, reduced to its 10 digits ("+1 (512) 555-0100" → "5125550100").
    contactPhone: z
      .string({ error: INVALID_PHONE_MESSAGE })
      .refine((value) => /^[\d\s().+-]*$/.test(value) && nationalDigits(value).length === PHONE_DIGITS, {
        error: INVALID_PHONE_MESSAGE,
      })
      .transform((value) => phoneDigits(value)),
    planType: optionalText(30),
    message: optionalText(2000),
  })
  .refine((body) => Boolean(body.quoteId || body.orgId), { error: SCHEDULE_MESSAGES.noParameters, path: ["quoteId"] });

export type CallbackRequestInput = z.input<typeof callbackRequestSchema>;
export type CallbackRequestBody = z.output<typeof callbackRequestSchema>;

export type CallbackRequestAnswer = { success: true; message: string; agentName: string | null };
