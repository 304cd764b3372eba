import { z } from "zod";
import { withOrg } from "@/lib/api/handler";
import { getRiderPriceRanges } from "@/lib/settings/reference-data";

export const dynamic = "force-dynamic";

/** GET /api/settings/rider-price-ranges/{MN|WI|MA}: { success, riders: [{ id, name, priceRange: { min, max } }] } (cents). */
export const GET = withOrg(({ params }) => getRiderPriceRanges({ state: params.state }), {
  params: z.object({ state: z.string().regex(/^[A-Za-z]{2}$/) }),
});
