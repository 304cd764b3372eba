import "server-only";
import { findZipEntry } from "@/lib/zip/zip-table";

/**
 * ZIP → state and main county for the import, from the one ZIP table (lib/zip/zip-table.ts, the HUD-USPS
 * crosswalk in data/reference/zip-county). The first county of a ZIP is its main one (largest residential
 * share). Null for a ZIP the table does not know.
 */

export type ZipPlace = { state: string; county: string | null; countyFips: string | null };

export function lookupZip(zip: string): ZipPlace | null {
  const entry = findZipEntry(zip);
  if (!entry) return null;
  const main = entry.counties[0];
  return { state: entry.state, county: main?.name ?? null, countyFips: main?.fips ?? null };
}
