import { randomBytes } from "node:crypto";
import {
  findActiveUserByEmail,
  hashVerificationToken,
  LOGIN_LINK_MINUTES,
  sendLoginLinkEmail,
} from "@/lib/auth/magic-link";
import { prisma } from "@/lib/db";

/**
 * What Auth.js's email provider does when lib/auth/auth.ts asks it for a link (its sendToken): refuse
 * unknown users, store sha256(token + secret) for 15 minutes, call sendVerificationRequest. Jest cannot
 * load next-auth (ES modules only), so service tests use this; the browser journeys use Auth.js itself.
 */
export async function issueLoginLinkLikeAuthJs(email: string) {
  if (!(await findActiveUserByEmail(email))) return;
  const token = randomBytes(32).toString("hex");
  await prisma.verificationToken.create({
    data: {
      identifier: email,
      token: hashVerificationToken(token),
      expires: new Date(Date.now() + LOGIN_LINK_MINUTES * 60 * 1000),
    },
  });
  await sendLoginLinkEmail({ identifier: email, token });
}
