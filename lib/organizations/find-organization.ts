import "server-only";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/validation/uuid";

/**
 * The organization a public page or call names by id or public slug (client-side.md routes carry
 * `orgId`, self-onboarding a slug; either works). Owner client: a public page has no tenant until
 * this row is found. The caller's `select` is the whole answer, so each page takes only what it shows.
 */

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

export async function findOrganizationByIdOrSlug<S extends Prisma.OrganizationSelect>(
  segment: string | null | undefined,
  select: S,
): Promise<Prisma.OrganizationGetPayload<{ select: S }> | null> {
  const key = segment?.trim();
  if (!key) return null;
  if (isUuid(key)) {
    const byId = await prisma.organization.findUnique({ where: { id: key.toLowerCase() }, select });
    if (byId) return byId as Prisma.OrganizationGetPayload<{ select: S }>;
  }
  const slug = key.toLowerCase();
  if (!SLUG.test(slug)) return null;
  return (await prisma.organization.findUnique({ where: { slug }, select })) as Prisma.OrganizationGetPayload<{
    select: S;
  }> | null;
}
