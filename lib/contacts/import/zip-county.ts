import "server-only";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * ZIP → state and county for the import, from the HUD-USPS crosswalk in ../shared/data (2.9 MB,
 * loaded once, lazily). The first row of a ZIP is its main county (rows are sorted by residential
 * share). A private loader on purpose: the contact form's ZIP module is someone else's and may change.
 * If the file is missing, every lookup answers null and the import keeps the CSV's state.
 */

export type ZipPlace = { state: string; county: string | null; countyFips: string | null };

export const ZIP_DATA_FILE = join(process.cwd(), "..", "shared", "data", "zip_county_hud_2023q1.csv");

let table: Map<string, ZipPlace> | null = null;

function load(): Map<string, ZipPlace> {
  const map = new Map<string, ZipPlace>();
  let text: string;
  try {
    text = readFileSync(ZIP_DATA_FILE, "utf8");
  } catch {
    return map;
  }
  // zip,usps_state,usps_city,county_fips,county_name,county_state,res_ratio,tot_ratio (no quoted fields)
  const lines = text.split(/\r?\n/);
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    const cols = line.split(",");
    const zip = cols[0];
    if (!zip || map.has(zip) || !cols[1]) continue;
    const fips = cols[3] && cols[3] !== "99999" ? cols[3] : null;
    map.set(zip, { state: cols[1], county: cols[4] || null, countyFips: fips });
  }
  return map;
}

export function lookupZip(zip: string): ZipPlace | null {
  table ??= load();
  return table.get(zip) ?? null;
}

/** Number of ZIPs known (0 when the data file is absent). */
export function zipTableSize(): number {
  table ??= load();
  return table.size;
}
