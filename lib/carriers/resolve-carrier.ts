import { createCarrierMapper, normalizeCarrier, type SupportedCarrier } from "@/lib/contacts/import/carrier-mapping";

/**
 * A contact's carrier, as someone typed or imported it, to the NAIC its outreach works with. Rate
 * books file per company NAIC, while a contact usually names a family ("Mutual of Omaha"): so the
 * contact stores its carrier group's key, and rate increases match by group (quote-engine.md: "the
 * current carrier's NAIC group"). A group is a carrier row's `groupName` (else its name); its key is
 * the lowest NAIC of the group's rows, a real company NAIC, so the compare page (which drops the
 * current carrier's whole group) reads it as well.
 *
 * Recognised: a group or carrier name, a legal name, any alias of the carriers table, the import's
 * special cases and built-in aliases ("UHC", "AARP", "Ace/Chubb"), or a NAIC code of a known carrier;
 * case, spacing and punctuation ignored, no guessing (the import's server rule, D.2 step 7). Blank,
 * "Other" and anything else: null. Pure: the carriers table is passed in.
 */

export type CarrierRecord = {
  naic: string;
  name: string;
  nameFull?: string | null;
  groupName: string | null;
  aliases: readonly string[];
};

const groupOf = (carrier: CarrierRecord) => carrier.groupName ?? carrier.name;

/** One entry per carrier group with every spelling the table knows (lower case): what the import's mapper matches. */
export function carrierGroups(carriers: readonly CarrierRecord[]): SupportedCarrier[] {
  const byGroup = new Map<string, Set<string>>();
  for (const carrier of carriers) {
    const group = groupOf(carrier);
    const aliases = byGroup.get(group) ?? new Set<string>();
    for (const alias of [carrier.name, carrier.nameFull, ...carrier.aliases])
      if (alias) aliases.add(alias.toLowerCase());
    byGroup.set(group, aliases);
  }
  return [...byGroup.entries()]
    .map(([name, aliases]) => ({ name, aliases: [...aliases] }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const NAIC_CODE = /^(?:naic )?(\d{5})$/;

export function createCarrierResolver(carriers: readonly CarrierRecord[]) {
  const naicsByGroup = new Map<string, string[]>();
  for (const carrier of carriers)
    naicsByGroup.set(groupOf(carrier), [...(naicsByGroup.get(groupOf(carrier)) ?? []), carrier.naic].sort());
  const groupByNaic = new Map(carriers.map((carrier) => [carrier.naic, groupOf(carrier)]));
  const keyOfGroup = (group: string) => naicsByGroup.get(group)?.[0] ?? null;
  const mapper = createCarrierMapper(carrierGroups(carriers), { fuzzy: false });
  const groupKeyOfNaic = (naic: string): string => {
    const group = groupByNaic.get(naic);
    return (group !== undefined && keyOfGroup(group)) || naic;
  };

  return {
    /** The carrier group's key for free text; null when blank, "Other" or not recognised. */
    resolve(text: string | null | undefined): string | null {
      const normalized = normalizeCarrier(text ?? "");
      if (!normalized || normalized === "other") return null;
      const code = NAIC_CODE.exec(normalized)?.[1];
      if (code) return groupByNaic.has(code) ? groupKeyOfNaic(code) : null;
      const mapped = mapper.map(text);
      return mapped.recognized ? keyOfGroup(mapped.carrier) : null;
    },
    /** The group key of a stored or filed NAIC; a NAIC the table does not know is its own group. */
    groupKeyOfNaic,
    /** Every NAIC of the group a NAIC belongs to (itself alone when the table does not know it). */
    naicsInGroupOf(naic: string): string[] {
      const group = groupByNaic.get(naic);
      return group === undefined ? [naic] : [...(naicsByGroup.get(group) ?? [naic])];
    },
  };
}

export type CarrierResolver = ReturnType<typeof createCarrierResolver>;
