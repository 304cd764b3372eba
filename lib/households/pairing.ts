/**
 * The pairing rule of households (issue #20 point 1; docs/households.md). Pure.
 *
 * A book's contacts are grouped by their address key (lib/households/address.ts):
 * - exactly two contacts at one key → a suggested household of those two;
 * - three or more → no pair at all: a care home, an assisted-living residence or an apartment building
 *   entered without unit numbers holds many unrelated people at one address, and any two of them chosen
 *   by the app would be a guess;
 * - a contact already in a confirmed household (the agent confirmed a suggestion or set an explicit
 *   spouse/partner link) is never suggested with anyone else: the agent's word overrides the address.
 *   It still counts at its key, so its former housemate is not paired with a third person by elimination.
 */

export type KeyedContact = { id: string; key: string | null };

export type AddressPair = {
  /** The smaller id (the table stores contact_a_id < contact_b_id). */
  contactAId: string;
  contactBId: string;
  key: string;
};

/** The two ids in the table's order: a < b, compared as PostgreSQL compares uuids (lower-case hex). */
export function orderedPair(x: string, y: string): [string, string] {
  const [a, b] = [x.toLowerCase(), y.toLowerCase()];
  return a < b ? [a, b] : [b, a];
}

/** The address suggestions of a book: one per key held by exactly two contacts, neither already in a confirmed household. */
export function addressPairs(
  contacts: Iterable<KeyedContact>,
  inConfirmedHousehold: ReadonlySet<string>,
): AddressPair[] {
  const byKey = new Map<string, string[]>();
  for (const { id, key } of contacts) {
    if (key === null) continue;
    const ids = byKey.get(key);
    if (ids) ids.push(id);
    else byKey.set(key, [id]);
  }
  const pairs: AddressPair[] = [];
  for (const [key, ids] of byKey) {
    if (ids.length !== 2) continue;
    const [a, b] = orderedPair(ids[0]!, ids[1]!);
    if (inConfirmedHousehold.has(a) || inConfirmedHousehold.has(b)) continue;
    pairs.push({ contactAId: a, contactBId: b, key });
  }
  return pairs;
}
