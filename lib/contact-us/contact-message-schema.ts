import { z } from "zod";
import { singleLine } from "@/lib/validation/text";

/**
 * The Contact Us form (client-side.md §2 "Contact Us page", §5 "Contact-us"): name, email and message
 * required, phone optional. One schema for the route and the form.
 */
export const CONTACT_US_REQUIRED_MESSAGE = "Please fill in all required fields.";
export const CONTACT_US_SUCCESS_MESSAGE = "Thank you for contacting us! We'll get back to you soon.";
export const CONTACT_US_FAILURE_MESSAGE = "Failed to submit form. Please try again.";

const required = (max: number) =>
  z
    .string({ error: CONTACT_US_REQUIRED_MESSAGE })
    .trim()
    .min(1, CONTACT_US_REQUIRED_MESSAGE)
    .max(max, `At most ${max} characters.`);

export const contactMessageSchema = z.object({
  name: singleLine(required(200)),
  email: z
    .string({ error: CONTACT_US_REQUIRED_MESSAGE })
    .trim()
    .min(1, CONTACT_US_REQUIRED_MESSAGE)
    .max(254)
    .pipe(z.email("Please enter a valid email address."))
    .transform((email) => email.toLowerCase()),
  phone: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((phone) => (phone ? phone : undefined)),
  message: required(5000),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessageValues = z.output<typeof contactMessageSchema>;
/** The answer of POST /api/contact-us. */
export type ContactMessageResponse = { success: true; message: string };
