import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

// GET /demo → 307 to the configured demo site (DEMO_URL), by default this app's sample quote page.
export function GET(req: NextRequest) {
  return NextResponse.redirect(new URL(getEnv().demoUrl, req.url), 307);
}
