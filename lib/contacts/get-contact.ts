import "server-only";
import { AppError } from "@/lib/api/errors";
import type { TenantDb } from "@/lib/db";

/** One contact of the caller's organization; another organization's id is simply not found. */
export async function getContactOrThrow({ db, organizationId, id }: { db: TenantDb; organizationId: string; id: string }) {
  const contact = await db.contact.findFirst({ where: { id, organizationId } });
  if (!contact) throw new AppError("not_found", "Contact not found");
  return contact;
}
