import "server-only";
import { prisma, type Db } from "@/lib/db";

/**
 * The contact list's search skip list (migration 20261130160358_contact_search_chunks; issue #19 point 4): an
 * organization's contacts in the list's order cut into runs of SEARCH_RUN_SIZE, each holding its run's search
 * texts, so that the page of a broad search walks only the runs whose text holds the term
 * (contact_search_page) instead of every entry of the name order before its matches. A contact written since
 * the build is recorded beside the runs (contact_search_changes, by the search-text trigger) and the next
 * rebuild absorbs it.
 */

/** Contacts per run: strpos over a run's ~60 KB costs ~0.1 ms, against ~0.3 ms for walking its entries. */
export const SEARCH_RUN_SIZE = 1_000;

/**
 * An organization with at least this many contacts gets chunks (counted as the runs hold them: placeholders and
 * unconfirmed signups too). Below it, the longest walk of the name order (the whole book) costs ~15 ms, less
 * than the chunks' own reads would save.
 */
export const SEARCH_CHUNKS_MIN_BOOK = 50_000;

/** A search reads the changes recorded since the build beside the runs; beyond this many it walks the whole name order instead. */
export const SEARCH_CHANGES_MAX = 20_000;

/** An organization with this many changes recorded since its build is rebuilt by the next refresh. */
export const SEARCH_CHANGES_REBUILD = 2_000;

/** Builds one organization's chunks again from its contacts as they are (a few seconds at 1,000,000 contacts); answers the runs. */
export async function rebuildContactSearchChunks(
  organizationId: string,
  { db = prisma, runSize = SEARCH_RUN_SIZE }: { db?: Db; runSize?: number } = {},
): Promise<number> {
  const [row] = await db.$queryRaw<{ runs: number }[]>`
    SELECT contact_search_chunks_rebuild(${organizationId}::uuid, ${runSize}::int) AS runs`;
  return row?.runs ?? 0;
}

type RefreshOptions = { db?: Db; minContacts?: number; changesToRebuild?: number; runSize?: number };

/**
 * The organizations the refresh would build: those without chunks that have SEARCH_CHUNKS_MIN_BOOK contacts or
 * more, and those with SEARCH_CHANGES_REBUILD changes or more waiting. (The thresholds are parameters for tests.)
 */
export async function organizationsDueForSearchChunks({
  db = prisma,
  minContacts = SEARCH_CHUNKS_MIN_BOOK,
  changesToRebuild = SEARCH_CHANGES_REBUILD,
}: RefreshOptions = {}): Promise<string[]> {
  const due = await db.$queryRaw<{ id: string }[]>`
    SELECT o.id::text AS id FROM organizations o
     WHERE CASE WHEN EXISTS (SELECT 1 FROM contact_search_chunks ch WHERE ch.organization_id = o.id)
           THEN (SELECT count(*) FROM (SELECT 1 FROM contact_search_changes x WHERE x.organization_id = o.id
                                        LIMIT ${changesToRebuild}) n) >= ${changesToRebuild}
           ELSE (SELECT count(*) FROM (SELECT 1 FROM contacts c WHERE c.organization_id = o.id
                                        LIMIT ${minContacts}) n) >= ${minContacts}
           END
     ORDER BY o.id`;
  return due.map((row) => row.id);
}

/**
 * The refresh the embedded ticker's daily jobs run (the hourly Inngest function, inngest/functions/
 * contact-search-chunks.ts, takes the same two steps, one Inngest step per organization): every organization due
 * (organizationsDueForSearchChunks) is built, one at a time, each in its own statement. Answers those built.
 */
export async function refreshContactSearchChunks(options: RefreshOptions = {}): Promise<{ built: string[] }> {
  const built: string[] = [];
  for (const id of await organizationsDueForSearchChunks(options)) {
    await rebuildContactSearchChunks(id, options);
    built.push(id);
  }
  return { built };
}
