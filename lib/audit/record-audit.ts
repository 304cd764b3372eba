import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TxClient } from "@/lib/db";
import { toStorableJson } from "@/lib/validation/text";

/**
 * One audit row: who (actor), what (action + entity), when (now, by the database). Written inside the
 * same transaction as the change it records, so a change is never without its row nor a row without
 * its change. The metadata is made storable first (lone surrogates and NUL replaced): inputs are checked
 * for them, but an audit row must never be what fails a change.
 */
export type AuditEntry = {
  organizationId: string;
  actorUserId: string | null;
  /** "<entity>.<verb>", e.g. "agent.created", "settings.updated", "organization.went_live". */
  action: string;
  entityType: string;
  entityId?: string | null;
  metadata?: Prisma.InputJsonValue;
};

export async function recordAudit(tx: TxClient, entry: AuditEntry) {
  await tx.auditLog.create({
    data: {
      organizationId: entry.organizationId,
      actorUserId: entry.actorUserId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      metadata: toStorableJson(entry.metadata ?? {}),
    },
  });
}
