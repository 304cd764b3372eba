/**
 * ZIP lookup vocabulary shared by the forms and the routes (client-side.md §5, §7, §8). Pure: safe in
 * the browser bundle.
 */

export const ZIP_MESSAGES = {
  /** §5 Self-onboarding: anything but 5 digits. */
  format: "Please enter a valid 5-digit zip code",
  /** §5 "Invalid zip default text": a well-formed ZIP the crosswalk does not know. */
  invalid: "Invalid zip code",
  /** §8 Quotes: a ZIP with no county. */
  noCounties: "No counties found for this ZIP code",
} as const;

export const ZIP_PATTERN = /^\d{5}$/;

export function isZipFormat(value: string): boolean {
  return ZIP_PATTERN.test(value);
}

/** One county a ZIP touches, largest residential share first. */
export type ZipCounty = {
  /** "Travis County"; the county's own state is in `state`. */
  name: string;
  /** 5-digit county FIPS. */
  fips: string;
  /** The county's state, which can differ from the ZIP's USPS state (42223 Fort Campbell, KY → Montgomery County, TN). */
  state: string;
  /** Share of the ZIP's residential addresses in this county (0–1). */
  residentialShare: number;
};

/** What GET /api/zip-lookup/{zip} answers (and, inside `data`, GET /api/zipinfo/{zip}). */
export type ZipLookup = {
  zip: string;
  /** The USPS preferred state of the ZIP. */
  state: string;
  /** County names, largest share first (the first one is the default). */
  counties: string[];
  cities: string[];
  /** The counties with FIPS, state and share, in the same order as `counties`. */
  countyDetails: ZipCounty[];
  /** The county with the largest residential share. */
  defaultCounty: ZipCounty;
};

/** "Montgomery County, TN" when the county lies in another state than the ZIP's, else the name. */
export function countyLabel(county: Pick<ZipCounty, "name" | "state">, zipState: string): string {
  return county.state && county.state !== zipState ? `${county.name}, ${county.state}` : county.name;
}
