import "server-only";
import { createElement } from "react";
import { WelcomeEmail } from "@/lib/email/templates/welcome-email";
import { AppError } from "@/lib/api/errors";
import { prisma } from "@/lib/db";
import { sendEmail } from "@/lib/email/send";
import { getEnv } from "@/lib/env";

/** POST /api/auth/send-welcome-email: the welcome email, once per user, only to the caller's own address. */
export async function sendWelcomeEmail({ userId, email }: { userId: string; email: string }) {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, firstName: true, organization: { select: { name: true } } },
  });
  if (user.email !== email) throw new AppError("forbidden", "You can only send the welcome email to your own address.");
  const env = getEnv();
  const result = await sendEmail({
    to: user.email,
    subject: `Welcome to ${env.productName}`,
    react: createElement(WelcomeEmail, {
      productName: env.productName,
      firstName: user.firstName,
      organizationName: user.organization.name,
      dashboardUrl: `${env.appUrl}/dashboard`,
    }),
    idempotencyKey: `welcome:${userId}`,
    tags: { category: "welcome" },
  });
  const alreadySent = result.status === "duplicate";
  return { success: true, type: "welcome", message: alreadySent ? "Welcome email already sent" : "Welcome email sent" };
}
