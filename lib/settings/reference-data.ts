import "server-only";
import { AppError } from "@/lib/api/errors";
import { listCarrierOptions } from "@/lib/carriers/list-carriers";
import { prisma, tenantDb, type TenantDb } from "@/lib/db";
import { RIDER_LABELS, RIDER_OPTIONS } from "@/lib/settings/org-settings-schema";
import type {
  GiRecommendationsResponse,
  RiderPriceRange,
  RiderPriceRangesResponse,
  SettingsCarriersResponse,
} from "@/lib/settings/update-org-settings-body";

/**
 * The global reference data the settings screen reads: carriers, GI recommendations and rider
 * price ranges. These tables belong to no organization (base client).
 */

/**
 * GET /api/settings/carriers: every carrier group, and the caller's agency's contracted carriers
 * (the contact form lists those first).
 */
export async function listSettingsCarriers({
  organizationId,
  db = tenantDb(organizationId),
}: {
  organizationId: string;
  db?: TenantDb;
}): Promise<SettingsCarriersResponse> {
  const [carriers, organization] = await Promise.all([
    listCarrierOptions(),
    db.organization.findUnique({ where: { id: organizationId }, select: { carrierContracts: true } }),
  ]);
  return { success: true as const, carriers, contracted: organization?.carrierContracts ?? [] };
}

/**
 * GET /api/settings/gi-recommendations: the (state, carrier) pairs recommended for guaranteed-issue
 * targeting, with the carrier named as the settings list names it (its group name).
 */
export async function listGiRecommendations(): Promise<GiRecommendationsResponse> {
  const rows = await prisma.giRecommendation.findMany({
    select: { state: true, carrierNaic: true, carrier: { select: { name: true, groupName: true } } },
    orderBy: [{ state: "asc" }, { carrierNaic: "asc" }],
  });
  const seen = new Set<string>();
  const recommendations: { state: string; carrier: string }[] = [];
  for (const row of rows) {
    const carrier = row.carrier.groupName ?? row.carrier.name;
    const key = `${row.state.toUpperCase()}|${carrier}`;
    if (seen.has(key)) continue;
    seen.add(key);
    recommendations.push({ state: row.state.toUpperCase(), carrier });
  }
  return { success: true as const, recommendations };
}

/** States whose plans take riders (MN, WI and MA design their own Medigap plans). */
export const RIDER_STATES = ["MN", "WI", "MA"] as const;
export type RiderState = (typeof RIDER_STATES)[number];

export type { RiderPriceRange };

/**
 * GET /api/settings/rider-price-ranges/{state}: every rider priced in the active rate book for the
 * state, with the lowest and highest monthly price in cents. Other states: 404.
 */
export async function getRiderPriceRanges({ state }: { state: string }): Promise<RiderPriceRangesResponse> {
  const code = state.toUpperCase();
  if (!(RIDER_STATES as readonly string[]).includes(code))
    throw AppError.notFound("Riders are only offered in MN, WI and MA");
  const groups = await prisma.riderRate.groupBy({
    by: ["riderId"],
    where: { filing: { state: code, rateBook: { isActive: true } } },
    _min: { rateCents: true },
    _max: { rateCents: true },
  });
  const order = (id: string) => {
    const i = (RIDER_OPTIONS as readonly string[]).indexOf(id);
    return i === -1 ? RIDER_OPTIONS.length : i;
  };
  const riders = groups
    .map((g) => ({
      id: g.riderId,
      name: RIDER_LABELS[g.riderId as keyof typeof RIDER_LABELS] ?? g.riderId,
      priceRange: { min: g._min.rateCents ?? 0, max: g._max.rateCents ?? 0 },
    }))
    .sort((a, b) => order(a.id) - order(b.id) || a.id.localeCompare(b.id));
  return { success: true, riders };
}
