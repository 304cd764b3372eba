import { withPublic } from "@/lib/api/handler";
import { contactMessageSchema } from "@/lib/contact-us/contact-message-schema";
import { submitContactMessage } from "@/lib/contact-us/submit-contact-message";

// POST /api/contact-us { name, email, phone?, message } → { success, message }. Public, 5 per IP per 10 minutes.
export const POST = withPublic(({ body }) => submitContactMessage(body, { now: new Date() }), {
  body: contactMessageSchema,
  rateLimit: { name: "contact-us", limit: 5, windowSeconds: 600 },
  maxBodyBytes: 32 * 1024,
});
