import { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { withPublic } from "@/lib/api/handler";

// The onboarding shortcut (a session for the browser that just signed up, before the emailed link)
// is gone: it gave a session for an address nobody had proven, and whether it worked told a visitor
// whether that address already had an account (docs/security.md, "Accounts are not enumerable").
// The signup's emailed link is the one way in; this call, listed in the spec, always refuses.
export const POST = withPublic(
  async () => {
    throw new AppError("unauthorized", "Session expired. Please log in again.");
  },
  { body: z.object({ emailRaw: z.email() }), rateLimit: { name: "onboarding-login", limit: 20, windowSeconds: 3600 } },
);
