import "server-only";
import { AppError } from "@/lib/api/errors";
import { tenantDb, type TenantDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { outreachDelayMonths } from "@/lib/settings/state-carrier-settings";
import type { SelfServiceInfoResponse } from "@/lib/settings/update-org-settings-body";

/** The organization's self-onboarding page, where clients sign themselves up (and see their quotes). */
export function selfOnboardingUrl(slug: string): string {
  return `${getEnv().appUrl}/self-onboarding/${encodeURIComponent(slug)}`;
}

/** GET /api/self-service-info/. */
export async function getSelfServiceInfo({
  db,
  organizationId,
}: {
  db: TenantDb;
  organizationId: string;
}): Promise<SelfServiceInfoResponse> {
  const org = await db.organization.findFirst({ where: { id: organizationId }, select: { slug: true } });
  if (!org) throw AppError.notFound("Organization not found");
  return { success: true as const, selfOnboardingUrl: selfOnboardingUrl(org.slug) };
}

/** GET /api/settings/outreach-delay: the anniversary-outreach delay in months (11, 23 or 35). */
export async function getOutreachDelay({ db, organizationId }: { db: TenantDb; organizationId: string }) {
  const org = await db.organization.findFirst({
    where: { id: organizationId },
    select: { contactOutreachDelayYears: true },
  });
  if (!org) throw AppError.notFound("Organization not found");
  const years = [1, 2, 3].includes(org.contactOutreachDelayYears) ? org.contactOutreachDelayYears : 1;
  return {
    success: true as const,
    contactOutreachDelayYears: years,
    contactOutreachDelayMonths: outreachDelayMonths(years),
  };
}

/** The same, for a server page (behind the tenant wall of the organization's own connection). */
export function readOutreachDelay(organizationId: string) {
  return getOutreachDelay({ db: tenantDb(organizationId), organizationId });
}
