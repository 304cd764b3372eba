import "server-only";
import { createElement } from "react";
import { ContactMessageEmail } from "@/lib/email/templates/contact-message-email";
import { prisma } from "@/lib/db";
import { sendEmail } from "@/lib/email/send";
import { getEnv } from "@/lib/env";
import type { ContactMessageResponse, ContactMessageValues } from "@/lib/contact-us/contact-message-schema";
import { CONTACT_US_SUCCESS_MESSAGE } from "@/lib/contact-us/contact-message-schema";

/**
 * POST /api/contact-us: stores the message (ContactMessage, a global table: the sender is not a
 * tenant), then tells the support address through the one send path. The row is written first, so a
 * failing email provider never loses the message; the send's idempotency key is the row id.
 * The reply-to is the sender, so support answers them directly.
 */
export async function submitContactMessage(
  input: ContactMessageValues,
  { now }: { now: Date },
): Promise<ContactMessageResponse> {
  const row = await prisma.contactMessage.create({
    data: { name: input.name, email: input.email, phone: input.phone ?? null, message: input.message, createdAt: now },
  });
  const env = getEnv();
  await sendEmail({
    to: env.supportEmail,
    replyTo: input.email,
    subject: `Contact Us: ${input.name}`,
    react: createElement(ContactMessageEmail, {
      productName: env.productName,
      name: input.name,
      email: input.email,
      phone: input.phone,
      message: input.message,
    }),
    idempotencyKey: `contact-us:${row.id}`,
    tags: { category: "contact_us" },
  });
  return { success: true, message: CONTACT_US_SUCCESS_MESSAGE };
}
