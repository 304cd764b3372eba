import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { devToolsOnly } from "@/lib/dev-tools/dev-tools-route";
import { runOutreachNow } from "@/lib/outreach/run-now";

export const dynamic = "force-dynamic";

// POST /api/dev/outreach/run {sendNext?} (dev tools: 404 without access, and always in production): the caller's
// organization's queued reschedule and the sweep, now; sendNext brings that many pending emails forward (textsOnly:
// only text rows). `at` runs it as of another instant (the texts journey runs inside the quiet hours' day, whatever
// the hour the suite runs at).
export const POST = devToolsOnly(
  withOrg(
    ({ organizationId, body }) =>
      runOutreachNow({
        organizationId,
        sendNext: body.sendNext,
        textsOnly: body.textsOnly,
        now: body.at ? new Date(body.at) : new Date(),
      }),
    {
      roles: ["admin"],
      body: z.object({
        sendNext: z.number().int().min(0).max(50).default(0),
        textsOnly: z.boolean().default(false),
        at: z.iso.datetime().optional(),
      }),
    },
  ),
);
