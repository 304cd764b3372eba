import { withPublic } from "@/lib/api/handler";
import { householdRulesCsv } from "@/lib/quotes/household-rules-file";

export const dynamic = "force-dynamic";

/** GET /api/data/public/hhd.csv: household-discount rules by state and carrier. */
export const GET = withPublic(
  async () =>
    new Response(await householdRulesCsv(), {
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'inline; filename="hhd.csv"', "cache-control": "public, max-age=3600" },
    }),
  { rateLimit: { name: "hhd-csv", limit: 60, windowSeconds: 60 } },
);
