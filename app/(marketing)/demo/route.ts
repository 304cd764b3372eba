import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

/**
 * GET /demo → 307 to the configured demo site (DEMO_URL), by default this app's sample quote page. A path is sent
 * as a relative Location, so the browser stays on the host it asked (a preview or custom domain), never APP_URL.
 */
export function GET() {
  return new Response(null, { status: 307, headers: { Location: getEnv().demoUrl, "Cache-Control": "no-store" } });
}
