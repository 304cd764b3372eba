import { z } from "zod";
import { withPublic } from "@/lib/api/handler";
import { devToolsOnly } from "@/lib/dev-tools/dev-tools-route";
import { resetRateLimits } from "@/lib/dev-tools/reset-rate-limits";

export const dynamic = "force-dynamic";

// POST /api/dev/rate-limits/reset (dev tools: 404 without access, and always in production): every
// rate-limit bucket emptied, so each browser journey starts as a visitor of its own.
export const POST = devToolsOnly(withPublic(() => resetRateLimits(), { body: z.object({}).strict().default({}) }));
