import "server-only";
import { createElement } from "react";
import { WaitlistNotificationEmail } from "@/lib/email/templates/waitlist-notification-email";
import type { WaitlistResponse, WaitlistValues } from "@/lib/accounts/signup-schema";
import { prisma } from "@/lib/db";
import { sendEmail } from "@/lib/email/send";
import { getEnv } from "@/lib/env";

/** POST /api/waitlist: one entry per address (joining again updates it); the operator is told. */
export async function joinWaitlist(input: WaitlistValues): Promise<WaitlistResponse> {
  const existing = await prisma.waitlistEntry.findUnique({ where: { email: input.email }, select: { id: true } });
  const entry = await prisma.waitlistEntry.upsert({ where: { email: input.email }, create: input, update: input });
  const env = getEnv();
  await sendEmail({
    to: env.supportEmail,
    subject: `${existing ? "Waitlist update" : "New waitlist entry"}: ${input.name}`,
    react: createElement(WaitlistNotificationEmail, {
      productName: env.productName,
      ...input,
      isUpdate: Boolean(existing),
    }),
    idempotencyKey: `waitlist:${entry.id}:${entry.updatedAt.getTime()}`,
    tags: { category: "waitlist" },
  });
  return { success: true };
}
