import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { sendWelcomeEmail } from "@/lib/organizations/send-welcome-email";

export const POST = withOrg(({ body, user }) => sendWelcomeEmail({ userId: user.id, email: body.email }), {
  body: z.object({ email: z.email().transform((e) => e.toLowerCase()) }),
});
