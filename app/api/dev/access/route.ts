import { withPublic } from "@/lib/api/handler";
import { devAccessSchema } from "@/lib/dev-tools/dev-access-schema";
import { grantDevAccess } from "@/lib/dev-tools/dev-tools-route";

export const dynamic = "force-dynamic";

// POST /api/dev/access {key}: opens the outbox of a preview for the holder of OUTBOX_ACCESS_KEY (lib/dev-tools).
// Ten tries per address per 15 minutes: the key cannot be guessed by trying.
export const POST = withPublic(async ({ body }) => grantDevAccess(body), {
  body: devAccessSchema,
  rateLimit: { name: "dev-access", limit: 10, windowSeconds: 15 * 60 },
});
