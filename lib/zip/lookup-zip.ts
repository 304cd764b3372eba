import "server-only";
import { AppError } from "@/lib/api/errors";
import { findZip } from "@/lib/zip/zip-table";
import { isZipFormat, ZIP_MESSAGES, type ZipLookup } from "@/lib/zip/zip-schema";

/**
 * A ZIP's state, counties and cities, or the spec's errors: 400 "Please enter a valid 5-digit zip
 * code" for anything but 5 digits, 404 "Invalid zip code" for a ZIP the crosswalk does not know.
 */
export function lookupZipOrThrow(zip: string): ZipLookup {
  const value = zip.trim();
  if (!isZipFormat(value))
    throw new AppError("bad_request", ZIP_MESSAGES.format, { fields: { zip: [ZIP_MESSAGES.format] } });
  const found = findZip(value);
  if (!found) throw new AppError("not_found", ZIP_MESSAGES.invalid, { fields: { zip: [ZIP_MESSAGES.invalid] } });
  return found;
}

/** GET /api/zip-lookup/{zip}: { zip, state, counties, cities, countyDetails, defaultCounty }. */
export function zipLookupResponse(zip: string): ZipLookup {
  return lookupZipOrThrow(zip);
}

/** GET /api/zipinfo/{zip}: { success: true, data: { state, counties, cities, countyDetails, defaultCounty } }. */
export function zipInfoResponse(zip: string) {
  const { state, counties, cities, countyDetails, defaultCounty } = lookupZipOrThrow(zip);
  return { success: true as const, data: { state, counties, cities, countyDetails, defaultCounty } };
}

export type ZipLocation = { zipCode: string; state: string; county: string; countyFips: string };

/**
 * Where a contact with this ZIP lives: the ZIP's state and the chosen county (by FIPS, or by name),
 * defaulting to the county with the largest share. A county the ZIP does not touch is refused.
 */
export function resolveZipLocation(
  zip: string,
  choice: { countyFips?: string | null; county?: string | null } = {},
): ZipLocation {
  const found = lookupZipOrThrow(zip);
  let county = found.defaultCounty;
  if (choice.countyFips) {
    const match = found.countyDetails.find((c) => c.fips === choice.countyFips);
    if (!match)
      throw new AppError("validation_failed", "Please choose a county for this ZIP code", {
        fields: { county: ["Please choose a county for this ZIP code"] },
      });
    county = match;
  } else if (choice.county) {
    const wanted = choice.county.trim().toLowerCase();
    const match = found.countyDetails.find(
      (c) => c.name.toLowerCase() === wanted || `${c.name}, ${c.state}`.toLowerCase() === wanted,
    );
    if (!match)
      throw new AppError("validation_failed", "Please choose a county for this ZIP code", {
        fields: { county: ["Please choose a county for this ZIP code"] },
      });
    county = match;
  }
  return { zipCode: found.zip, state: found.state, county: county.name, countyFips: county.fips };
}
