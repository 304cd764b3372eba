"use client";

import type { ZipLocationState } from "@/components/self-onboarding/use-zip-location";
import { Field } from "@/components/ui/field";
import { Input, Select } from "@/components/ui/input";
import { zipInput } from "@/lib/self-onboarding/self-onboarding-schema";

/** ZIP (5 digits) → the state, read-only, and a county select when the ZIP spans several counties. */
export function ZipFields({
  zip,
  onZipChange,
  location,
  error,
  disabled,
  showState = true,
}: {
  zip: string;
  onZipChange: (zip: string) => void;
  location: ZipLocationState;
  error?: string | null;
  disabled?: boolean;
  showState?: boolean;
}) {
  const zipError = error ?? location.error;
  const hint = location.status === "loading" ? "Looking up ZIP code..." : null;
  return (
    <>
      <div className={showState ? "grid grid-cols-2 gap-3" : undefined}>
        <Field label="ZIP Code" required error={zipError} hint={hint}>
          {(control) => (
            <Input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              value={zip}
              disabled={disabled}
              onChange={(e) => onZipChange(zipInput(e.target.value))}
            />
          )}
        </Field>
        {showState ? (
          <Field label="State">
            {(control) => <Input {...control} type="text" readOnly value={location.state ?? ""} />}
          </Field>
        ) : null}
      </div>
      {location.counties.length > 1 ? (
        <Field label="County" required>
          {(control) => (
            <Select
              {...control}
              value={location.county}
              disabled={disabled}
              onChange={(e) => location.setCounty(e.target.value)}
            >
              {location.counties.map((county) => (
                <option key={county.fips} value={county.name}>
                  {location.labelOf(county)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
    </>
  );
}
