"use client";

import { useState } from "react";
import { useZipLookup } from "@/components/contacts/contact-form/use-zip-lookup";
import { countyLabel, isZipFormat, type ZipCounty, type ZipLookup } from "@/lib/zip/zip-schema";

export type ZipLocationState = {
  status: "idle" | "loading" | "found" | "error";
  /** The ZIP's state once found. */
  state: string | null;
  /** The ZIP's counties, largest share first. A select is shown only when there are several. */
  counties: ZipCounty[];
  /** The county picked (its name), defaulting to the largest one. */
  county: string;
  setCounty: (name: string) => void;
  /** "Invalid zip code" (or the server's text) when the lookup failed. */
  error: string | null;
  labelOf: (county: ZipCounty) => string;
};

/**
 * §4 "Zip change to 5 digits triggers a state and county lookup": the ZIP's state and counties, and
 * the county choice (the first county by default; a prefilled county is kept when the ZIP has it).
 * `known`: the prefilled ZIP as the server page already looked it up; it is not asked for again.
 */
export function useZipLocation(zip: string, initialCounty = "", known: ZipLookup | null = null): ZipLocationState {
  const isKnown = known !== null && known.zip === zip;
  const lookup = useZipLookup(isKnown ? "" : zip);
  const [picked, setPicked] = useState<{ zip: string; county: string }>({ zip, county: initialCounty });
  const found = isKnown ? known : lookup.status === "found" ? lookup.data : null;
  const counties = found?.countyDetails ?? [];
  const pickedHere = picked.zip === zip && counties.some((c) => c.name === picked.county) ? picked.county : "";
  return {
    status: !isZipFormat(zip) ? "idle" : isKnown ? "found" : lookup.status === "idle" ? "loading" : lookup.status,
    state: found?.state ?? null,
    counties,
    county: pickedHere || counties[0]?.name || "",
    setCounty: (name) => setPicked({ zip, county: name }),
    error: lookup.status === "error" ? lookup.message : null,
    labelOf: (county) => countyLabel(county, found?.state ?? ""),
  };
}
