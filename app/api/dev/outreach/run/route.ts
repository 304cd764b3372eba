import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { runOutreachNow } from "@/lib/outreach/run-now";

export const dynamic = "force-dynamic";

// POST /api/dev/outreach/run {sendNext?} (development and tests only; 404 in production): the caller's
// organization's queued reschedule and the sweep, now; sendNext brings that many pending emails forward.
export const POST = withOrg(
  ({ organizationId, body }) => runOutreachNow({ organizationId, sendNext: body.sendNext, now: new Date() }),
  { roles: ["admin"], body: z.object({ sendNext: z.number().int().min(0).max(50).default(0) }) },
);
