import { AppError } from "@/lib/api/errors";
import { IMPORT_MESSAGES, type ImportOptions } from "@/lib/contacts/import/import-types";

/**
 * The rules of an import job that need no database. Pure: `now` is passed in.
 *
 * Who may import (client-side §6):
 * - Admins: any agent of the organization (or none) as "Assign to Agent"; may overwrite existing
 *   contacts (matched on the normalised email).
 * - Agents who are not admins: import into their own book. Overwrite is forced off and every row is
 *   assigned to themselves (an agent sees only their own contacts, so an import they could not see
 *   afterwards would be a trap); an agentId they send is ignored.
 * - Anyone else: 403 with the spec's text.
 *
 * A chunked upload that is not committed within IMPORT_JOB_TTL_HOURS of its creation is abandoned:
 * its chunks and commit are refused, and the cleanup deletes it with its staged rows.
 */

export type ImportUser = { id: string; isAdmin: boolean; isAgent: boolean };

export const IMPORT_JOB_TTL_HOURS = 24;

/** Jobs created before this instant are abandoned. */
export function abandonedImportCutoff(now: Date): Date {
  return new Date(now.getTime() - IMPORT_JOB_TTL_HOURS * 3_600_000);
}

export function isImportJobAbandoned(createdAt: Date, now: Date): boolean {
  return createdAt.getTime() < abandonedImportCutoff(now).getTime();
}

/** Throws the spec's 403 for a user who is neither admin nor agent. */
export function assertCanImport(user: ImportUser): void {
  if (!user.isAdmin && !user.isAgent) throw new AppError("forbidden", IMPORT_MESSAGES.forbidden);
}

/** The options that apply: overwrite only for admins, and a non-admin's rows are always their own. */
export function effectiveImportOptions(
  user: ImportUser,
  options: Pick<ImportOptions, "overwriteExisting" | "agentId">,
): { overwrite: boolean; agentId: string | null } {
  assertCanImport(user);
  return { overwrite: user.isAdmin && options.overwriteExisting, agentId: user.isAdmin ? options.agentId : user.id };
}

/** "Successfully imported N contacts (M skipped)." */
export function importResultMessage(imported: number, skipped: number): string {
  const n = (v: number) => v.toLocaleString("en-US");
  return `Successfully imported ${n(imported)} contact${imported === 1 ? "" : "s"}${skipped ? ` (${n(skipped)} skipped)` : ""}.`;
}

/** The plan-limit refusal: what the plan allows, what there is, what the file would add. */
export function contactLimitMessage(allowed: number, current: number, adding: number): string {
  const n = (v: number) => v.toLocaleString("en-US");
  return `Your plan allows ${n(allowed)} contacts. You have ${n(current)}, and this file would add ${n(adding)} new contacts (${n(current + adding - allowed)} over the limit). Nothing was imported: upgrade your plan or remove rows, then upload again.`;
}
