import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { devToolsOnly } from "@/lib/dev-tools/dev-tools-route";
import { runOutreachNow } from "@/lib/outreach/run-now";

export const dynamic = "force-dynamic";

// POST /api/dev/outreach/run {sendNext?} (dev tools: 404 without access, and always in production): the caller's
// organization's queued reschedule and the sweep, now; sendNext brings that many pending emails forward.
export const POST = devToolsOnly(
  withOrg(({ organizationId, body }) => runOutreachNow({ organizationId, sendNext: body.sendNext, now: new Date() }), {
    roles: ["admin"],
    body: z.object({ sendNext: z.number().int().min(0).max(50).default(0) }),
  }),
);
