import "server-only";
import { BOOK_CONTACT_SQL } from "@/lib/contacts/book";
import { tenantTransaction, type TxClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { addressKey } from "@/lib/households/address";
import { addressPairs, type KeyedContact } from "@/lib/households/pairing";

/**
 * The household suggester (issue #20 point 1; docs/households.md): one pass over a book, set-based.
 *
 * 1. One read of the book's contacts that have a street and a ZIP (id and the three address columns, nothing
 *    else), keyed by the one normalizer (lib/households/address.ts) in this process, and one read of the
 *    households that matter: every confirmed one (its two contacts are never suggested again) and the open
 *    suggestions of the contacts in the pass.
 * 2. The pure rule (lib/households/pairing.ts): exactly two contacts at a key → a pair. The open suggestions
 *    the rule no longer makes are found here, in this process, by their pair.
 * 3. One INSERT … SELECT FROM unnest of the pairs, ON CONFLICT on the pair: a new pair is a suggestion; a
 *    dismissed address pair is suggested again only when the two now share ANOTHER address (its key changed);
 *    a confirmed pair or an explicit link is never touched.
 * 4. One DELETE, by id, of the suggestions that no longer hold (an address changed, a third person moved in),
 *    still guarded by their status: a suggestion confirmed or dismissed meanwhile stays. A confirmed or
 *    dismissed pair stays: only the agent changes those.
 *
 * `scope` narrows the pass to the contacts of some ZIP codes (a contact's old and new ZIP when its address
 * changes), plus the named contacts for step 4: a key holds its ZIP, so every pair in those ZIPs is seen whole.
 * Whole book or scope, it is the same four statements: no temporary table (the withdrawal was once an anti-join
 * that PostgreSQL planned as a nested loop over an unnest; it is now a set difference in this process).
 */

export type SuggestScope = { zipCodes: readonly string[]; contactIds: readonly string[] };

export type SuggestOutcome = {
  /** Contacts read (with a street and a ZIP). */
  contactsRead: number;
  /** Pairs the rule found (exactly two at a key, neither already confirmed elsewhere). */
  pairs: number;
  /** Rows written: new suggestions, dismissed pairs suggested again at a new address, suggestions at a new key. */
  suggested: number;
  /**
   * Of those, the households newly put before the agent: pairs that were not an open suggestion before the pass
   * (a new pair, or a dismissed pair suggested again at a new address). What an import reports as found.
   */
  created: number;
  /** Suggestions removed because their pair no longer shares an address. */
  withdrawn: number;
};

type AddressRow = { id: string; street_address: string; address_unit: string | null; zip_code: string };
type HouseholdRow = { id: string; a: string; b: string; confirmed: boolean };

const pairId = (a: string, b: string) => `${a}|${b}`;

/** Runs inside the caller's tenant transaction (row-level security on for `organizationId`). */
export async function suggestHouseholds(
  tx: TxClient,
  organizationId: string,
  now: Date,
  scope?: SuggestScope,
): Promise<SuggestOutcome> {
  const zipFilter = scope ? Prisma.sql`AND zip_code = ANY(${[...scope.zipCodes]}::text[])` : Prisma.empty;
  const rows = await tx.$queryRaw<AddressRow[]>`
    SELECT id::text AS id, street_address, address_unit, zip_code FROM contacts
    WHERE organization_id = ${organizationId}::uuid AND street_address IS NOT NULL AND zip_code IS NOT NULL
      AND ${BOOK_CONTACT_SQL} ${zipFilter}`;
  // The open suggestions of this pass's contacts (all of the book's without a scope), and every confirmed household.
  const scopeIds = scope ? [...new Set([...rows.map((r) => r.id), ...scope.contactIds])] : [];
  const inScope = scope
    ? Prisma.sql`AND (contact_a_id = ANY(${scopeIds}::uuid[]) OR contact_b_id = ANY(${scopeIds}::uuid[]))`
    : Prisma.empty;
  const households = await tx.$queryRaw<HouseholdRow[]>`
    SELECT id::text AS id, contact_a_id::text AS a, contact_b_id::text AS b, status = 'confirmed' AS confirmed
    FROM households
    WHERE organization_id = ${organizationId}::uuid
      AND (status = 'confirmed' OR (kind = 'address' AND status = 'suggested' ${inScope}))`;

  const keyed: KeyedContact[] = rows.map((row) => ({
    id: row.id,
    key: addressKey({ street: row.street_address, unit: row.address_unit, zip: row.zip_code }),
  }));
  const confirmed = households.filter((h) => h.confirmed);
  const open = households.filter((h) => !h.confirmed);
  const pairs = addressPairs(keyed, new Set(confirmed.flatMap((h) => [h.a, h.b])));
  const paired = new Set(pairs.map((p) => pairId(p.contactAId, p.contactBId)));
  const stale = open.filter((h) => !paired.has(pairId(h.a, h.b))).map((h) => h.id);

  const written = pairs.length
    ? await tx.$queryRaw<{ a: string; b: string }[]>`
        INSERT INTO households (id, organization_id, contact_a_id, contact_b_id, kind, status, address_key, created_at, updated_at)
        SELECT gen_random_uuid(), ${organizationId}::uuid, p.a, p.b, 'address', 'suggested', p.key, ${now}, ${now}
        FROM unnest(${pairs.map((p) => p.contactAId)}::uuid[], ${pairs.map((p) => p.contactBId)}::uuid[],
                    ${pairs.map((p) => p.key)}::text[]) AS p(a, b, key)
        ON CONFLICT (organization_id, contact_a_id, contact_b_id) DO UPDATE
          SET status = 'suggested', address_key = EXCLUDED.address_key, updated_at = EXCLUDED.updated_at
          WHERE households.kind = 'address' AND households.status <> 'confirmed'
            AND households.address_key IS DISTINCT FROM EXCLUDED.address_key
        RETURNING contact_a_id::text AS a, contact_b_id::text AS b`
    : [];
  const wasOpen = new Set(open.map((h) => pairId(h.a, h.b)));
  const created = written.filter((w) => !wasOpen.has(pairId(w.a, w.b))).length;

  const withdrawn = stale.length
    ? await tx.$executeRaw`
        DELETE FROM households
        WHERE id = ANY(${stale}::uuid[]) AND organization_id = ${organizationId}::uuid
          AND kind = 'address' AND status = 'suggested'`
    : 0;

  return { contactsRead: rows.length, pairs: pairs.length, suggested: written.length, created, withdrawn };
}

/** The whole book (after a CSV import) or a scope (an address edit), in a tenant transaction of its own. */
export function suggestHouseholdsForOrganization(
  organizationId: string,
  now: Date,
  scope?: SuggestScope,
): Promise<SuggestOutcome> {
  return tenantTransaction(organizationId, (tx) => suggestHouseholds(tx, organizationId, now, scope), {
    timeout: 120_000,
  });
}
