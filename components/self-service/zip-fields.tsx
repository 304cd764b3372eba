"use client";

import { describedBy, Field, inputClass } from "@/components/self-service/form-parts";
import type { ZipLocationState } from "@/components/self-service/use-zip-location";
import { zipInput } from "@/lib/self-service/self-service-schema";

/** ZIP (5 digits) → the state, read-only, and a county select when the ZIP spans several counties. */
export function ZipFields({
  idPrefix,
  zip,
  onZipChange,
  location,
  error,
  disabled,
  showState = true,
}: {
  idPrefix: string;
  zip: string;
  onZipChange: (zip: string) => void;
  location: ZipLocationState;
  error?: string | null;
  disabled?: boolean;
  showState?: boolean;
}) {
  const zipId = `${idPrefix}-zip`;
  const zipError = error ?? location.error;
  const hint = location.status === "loading" ? "Looking up ZIP code..." : null;
  return (
    <>
      <div className={showState ? "grid grid-cols-2 gap-3" : undefined}>
        <Field id={zipId} label="ZIP Code" required error={zipError} hint={hint}>
          <input
            id={zipId}
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            className={inputClass}
            value={zip}
            disabled={disabled}
            aria-invalid={Boolean(zipError)}
            aria-describedby={describedBy(zipId, zipError, hint)}
            onChange={(e) => onZipChange(zipInput(e.target.value))}
          />
        </Field>
        {showState ? (
          <Field id={`${idPrefix}-state`} label="State">
            <input id={`${idPrefix}-state`} type="text" readOnly className={`${inputClass} bg-gray-100`} value={location.state ?? ""} />
          </Field>
        ) : null}
      </div>
      {location.counties.length > 1 ? (
        <Field id={`${idPrefix}-county`} label="County" required>
          <select id={`${idPrefix}-county`} className={inputClass} value={location.county} disabled={disabled} onChange={(e) => location.setCounty(e.target.value)}>
            {location.counties.map((county) => (
              <option key={county.fips} value={county.name}>
                {location.labelOf(county)}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
    </>
  );
}
