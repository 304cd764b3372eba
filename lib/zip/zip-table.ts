import "server-only";
import { readFileSync } from "node:fs";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";
import type { ZipCounty, ZipLookup } from "@/lib/zip/zip-schema";

/**
 * The HUD-USPS ZIP → county crosswalk (data/reference/zip-county, ~55k rows), read once on first use
 * into a Map keyed by ZIP. Read at run time rather than bundled; next.config.ts ships the file with every
 * server function.
 */

export type ZipEntry = { state: string; cities: string[]; counties: ZipCounty[] };

const EXPECTED_HEADER = "zip,usps_state,usps_city,county_fips,county_name,county_state,res_ratio,tot_ratio";

let table: Map<string, ZipEntry> | null = null;

/** Parses the crosswalk (no quoted fields: checked by the header and the column count of each row). */
export function parseZipCsv(text: string): Map<string, ZipEntry> {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== EXPECTED_HEADER) throw new Error("Unexpected ZIP crosswalk header");
  const map = new Map<string, ZipEntry>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    const cols = line.split(",");
    if (cols.length !== 8) throw new Error(`Unexpected ZIP crosswalk row ${i + 1}`);
    const [zip, uspsState, city, fips, countyName, countyState, resRatio] = cols as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    let entry = map.get(zip);
    if (!entry) {
      entry = { state: uspsState, cities: [], counties: [] };
      map.set(zip, entry);
    }
    if (city && !entry.cities.includes(city)) entry.cities.push(city);
    // Three rows carry FIPS 99999 without a name: not a county anyone can choose.
    if (countyName && fips !== "99999")
      entry.counties.push({ name: countyName, fips, state: countyState, residentialShare: Number(resRatio) || 0 });
  }
  // The file is sorted by residential share already; sorting again (stable) keeps that promise if it is ever refreshed unsorted.
  for (const entry of map.values()) entry.counties.sort((a, b) => b.residentialShare - a.residentialShare);
  return map;
}

function zipTable(): Map<string, ZipEntry> {
  table ??= parseZipCsv(readFileSync(REFERENCE_FILES.zipCounty, "utf8"));
  return table;
}

/** The table's entry for a ZIP (state, cities, named counties by share), or null when the ZIP is unknown. */
export function findZipEntry(zip: string): Readonly<ZipEntry> | null {
  return zipTable().get(zip) ?? null;
}

/** The ZIP's state, counties (largest share first) and cities; null when the ZIP is unknown or has no named county. */
export function findZip(zip: string): ZipLookup | null {
  const entry = zipTable().get(zip);
  if (!entry || entry.counties.length === 0) return null;
  return {
    zip,
    state: entry.state,
    counties: entry.counties.map((c) => c.name),
    cities: [...entry.cities],
    countyDetails: entry.counties.map((c) => ({ ...c })),
    defaultCounty: { ...entry.counties[0]! },
  };
}
