import { withPublic } from "@/lib/api/handler";
import { sessionTokenFrom } from "@/lib/auth/session";
import { quoteApi, quoteApiBodySchema } from "@/lib/quotes/quote-api";

export const dynamic = "force-dynamic";

/** POST /api/quotes: rates by company. Signed-in users, or public pages with a quote link token (rate-limited in quoteApi). */
export const POST = withPublic(
  ({ body, req, ip }) => quoteApi({ body, sessionToken: sessionTokenFrom(req.cookies), ip, now: new Date() }),
  { body: quoteApiBodySchema, maxBodyBytes: 16 * 1024 },
);
