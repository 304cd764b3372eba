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
 *    contacts already in a confirmed household.
 * 2. The pure rule (lib/households/pairing.ts): exactly two contacts at a key → a pair.
 * 3. The pairs into a temporary table (one INSERT … SELECT FROM unnest), then one INSERT … SELECT of them,
 *    ON CONFLICT on the pair: a new pair is a suggestion; a
 *    dismissed address pair is suggested again only when the two now share ANOTHER address (its key changed);
 *    a confirmed pair or an explicit link is never touched.
 * 4. One DELETE of the suggestions that no longer hold (an address changed, a third person moved in). A
 *    confirmed or dismissed pair stays: only the agent changes those.
 *
 * `scope` narrows the pass to the contacts of some ZIP codes (a contact's old and new ZIP when its address
 * changes), plus the named contacts for step 4: a key holds its ZIP, so every pair in those ZIPs is seen whole.
 */

export type SuggestScope = { zipCodes: readonly string[]; contactIds: readonly string[] };

export type SuggestOutcome = {
  /** Contacts read (with a street and a ZIP). */
  contactsRead: number;
  /** Pairs the rule found (exactly two at a key, neither already confirmed elsewhere). */
  pairs: number;
  /** Rows written: new suggestions, and dismissed pairs suggested again at a new address. */
  suggested: number;
  /** Suggestions removed because their pair no longer shares an address. */
  withdrawn: number;
};

type AddressRow = { id: string; street_address: string; address_unit: string | null; zip_code: string };

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
  const confirmed = await tx.$queryRaw<{ id: string }[]>`
    SELECT contact_a_id::text AS id FROM households WHERE organization_id = ${organizationId}::uuid AND status = 'confirmed'
    UNION ALL
    SELECT contact_b_id::text FROM households WHERE organization_id = ${organizationId}::uuid AND status = 'confirmed'`;

  const keyed: KeyedContact[] = rows.map((row) => ({
    id: row.id,
    key: addressKey({ street: row.street_address, unit: row.address_unit, zip: row.zip_code }),
  }));
  const pairs = addressPairs(keyed, new Set(confirmed.map((c) => c.id)));

  // The pairs in a temporary table keyed by the pair, so that the withdrawal below probes it by index whatever the
  // planner believes of a freshly written households table (an unnest, or a table without a key, was joined by a
  // nested loop over every pair for every household: minutes at 30,000 pairs).
  await tx.$executeRaw`
    CREATE TEMPORARY TABLE household_pairs (a uuid NOT NULL, b uuid NOT NULL, key text NOT NULL, PRIMARY KEY (a, b)) ON COMMIT DROP`;
  if (pairs.length) {
    await tx.$executeRaw`
      INSERT INTO household_pairs (a, b, key)
      SELECT * FROM unnest(${pairs.map((p) => p.contactAId)}::uuid[], ${pairs.map((p) => p.contactBId)}::uuid[], ${pairs.map((p) => p.key)}::text[])`;
  }
  await tx.$executeRaw`ANALYZE household_pairs`;

  const suggested = await tx.$executeRaw`
    INSERT INTO households (id, organization_id, contact_a_id, contact_b_id, kind, status, address_key, created_at, updated_at)
    SELECT gen_random_uuid(), ${organizationId}::uuid, p.a, p.b, 'address', 'suggested', p.key, ${now}, ${now}
    FROM household_pairs AS p
    ON CONFLICT (organization_id, contact_a_id, contact_b_id) DO UPDATE
      SET status = 'suggested', address_key = EXCLUDED.address_key, updated_at = EXCLUDED.updated_at
      WHERE households.kind = 'address' AND households.status <> 'confirmed'
        AND households.address_key IS DISTINCT FROM EXCLUDED.address_key`;

  // The suggestions of this pass's contacts that the rule no longer makes.
  const scopeIds = scope ? [...new Set([...rows.map((r) => r.id), ...scope.contactIds])] : [];
  const inScope = scope
    ? Prisma.sql`AND (h.contact_a_id = ANY(${scopeIds}::uuid[]) OR h.contact_b_id = ANY(${scopeIds}::uuid[]))`
    : Prisma.empty;
  const withdrawn = await tx.$executeRaw`
    DELETE FROM households AS h
    WHERE h.organization_id = ${organizationId}::uuid AND h.kind = 'address' AND h.status = 'suggested' ${inScope}
      AND NOT EXISTS (SELECT 1 FROM household_pairs AS p WHERE p.a = h.contact_a_id AND p.b = h.contact_b_id)`;
  await tx.$executeRaw`DROP TABLE household_pairs`;

  return { contactsRead: rows.length, pairs: pairs.length, suggested, withdrawn };
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
