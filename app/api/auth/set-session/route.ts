import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { withOrg } from "@/lib/api/handler";

// The original product used this to put a session cookie in place after payment. Here the session is
// already the cookie, so it confirms that the caller is signed in as that address, and nothing more:
// it never creates a session for an address the caller has not proven.
export const POST = withOrg(
  async ({ body, user }) => {
    if (body.email !== user.email) throw new AppError("forbidden", "You are signed in with a different email address.");
    return { success: true };
  },
  { body: z.object({ email: z.email().transform((e) => e.toLowerCase()) }) },
);
