"use client";

import { useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { FieldMessage } from "@/components/settings/settings-ui";
import { Button } from "@/components/ui/button";
import { Checkbox, checkboxInputClass } from "@/components/ui/checkbox";
import { Section } from "@/components/ui/card";
import { Toggle } from "@/components/ui/toggle";
import { REGIONS, US_STATES } from "@/lib/reference/us-states";
import { apiCall } from "@/lib/api/browser-client";
import {
  applyGiSelection,
  GI_CAPTIONS,
  type GiSelectionMode,
  type StateCarrierSetting,
} from "@/lib/settings/state-carrier-settings";
import type { GiRecommendationsResponse } from "@/lib/settings/update-org-settings-body";

export const GI_LOAD_FAILED = "Failed to load GI recommendations";

const STATE_NAME = new Map(US_STATES.map((s) => [s.code, s.name]));

/**
 * Licensed states and, per state, which contracted carriers are active and which target guaranteed
 * issue (domain-rules B.7). Kept compact: one collapsible row per state.
 */
export function StateCarrierSection({
  stateLicenses,
  carrierContracts,
  settings,
  smartSendEnabled,
  onStatesChange,
  onSettingsChange,
  onSmartSendChange,
}: {
  stateLicenses: readonly string[];
  carrierContracts: readonly string[];
  settings: readonly StateCarrierSetting[];
  smartSendEnabled: boolean;
  onStatesChange: (codes: string[]) => void;
  onSettingsChange: (settings: StateCarrierSetting[]) => void;
  onSmartSendChange: (on: boolean) => void;
}) {
  const [giBusy, setGiBusy] = useState(false);
  const [giError, setGiError] = useState<string | null>(null);
  const licensed = new Set(stateLicenses);

  const setOne = (state: string, carrier: string, patch: Partial<StateCarrierSetting>) =>
    onSettingsChange(settings.map((s) => (s.state === state && s.carrier === carrier ? { ...s, ...patch } : s)));

  const applyMode = async (mode: GiSelectionMode) => {
    setGiError(null);
    if (mode !== "recommended") return onSettingsChange(applyGiSelection(settings, mode));
    setGiBusy(true);
    const result = await apiCall<GiRecommendationsResponse>("/api/settings/gi-recommendations");
    setGiBusy(false);
    if (result.ok && Array.isArray(result.body.recommendations))
      onSettingsChange(applyGiSelection(settings, "recommended", result.body.recommendations));
    else setGiError(GI_LOAD_FAILED);
  };

  return (
    <Section
      id="state-carriers"
      title="State Carrier Settings"
      description="Where you are licensed, and per state which carriers you offer and target for guaranteed issue."
    >
      <details className="group rounded-md border border-gray-200">
        <summary className="flex cursor-pointer items-center justify-between gap-2 px-4 py-3 text-sm font-medium text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
          <span>Licensed states</span>
          <span className="text-gray-600">
            {stateLicenses.length === 0 ? "None selected" : `${stateLicenses.length} selected`}
          </span>
        </summary>
        <div className="grid gap-4 border-t border-gray-100 p-4 sm:grid-cols-2 lg:grid-cols-4">
          {REGIONS.map((region) => {
            const states = US_STATES.filter((s) => s.region === region);
            const allOn = states.every((s) => licensed.has(s.code));
            return (
              <fieldset key={region}>
                <legend className="text-xs font-semibold uppercase tracking-wide text-gray-600">{region}</legend>
                <div className="mt-2">
                  <Checkbox
                    id={`region-${region}`}
                    label={<span className="font-medium">All {region}</span>}
                    checked={allOn}
                    onChange={(on) =>
                      onStatesChange(
                        on
                          ? [...new Set([...stateLicenses, ...states.map((s) => s.code)])]
                          : stateLicenses.filter((c) => !states.some((s) => s.code === c)),
                      )
                    }
                  />
                </div>
                <div className="mt-1 space-y-1">
                  {states.map((s) => (
                    <Checkbox
                      key={s.code}
                      id={`state-${s.code}`}
                      label={`${s.name} (${s.code})`}
                      checked={licensed.has(s.code)}
                      onChange={(on) =>
                        onStatesChange(on ? [...stateLicenses, s.code] : stateLicenses.filter((c) => c !== s.code))
                      }
                    />
                  ))}
                </div>
              </fieldset>
            );
          })}
        </div>
      </details>

      <div className="mt-4 border-t border-gray-100 pt-2">
        <Toggle
          id="smart-send"
          label="Use SmartSend for Guaranteed Issue"
          description={GI_CAPTIONS.smartSend}
          checked={smartSendEnabled}
          onChange={onSmartSendChange}
        />
      </div>

      {stateLicenses.length === 0 || carrierContracts.length === 0 ? (
        <p className="mt-3 rounded-md bg-gray-50 p-4 text-sm text-gray-600">
          Select carriers and licensed states to choose per-state carrier options.
        </p>
      ) : (
        <>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <span className="text-gray-700">Target GI:</span>
            <Button variant="secondary" onClick={() => applyMode("all")}>
              All
            </Button>
            <Button variant="secondary" onClick={() => applyMode("recommended")} disabled={giBusy}>
              {giBusy ? <Spinner className="h-4 w-4" label="Loading recommendations" /> : null}
              Recommended
            </Button>
            <Button variant="secondary" onClick={() => applyMode("none")}>
              None
            </Button>
          </div>
          <p className="mt-1 text-xs text-gray-600" data-testid="target-gi-caption">
            {GI_CAPTIONS.targetGI}
          </p>
          <FieldMessage messages={giError ? [giError] : []} />
          <ul className="mt-3 divide-y divide-gray-100 rounded-md border border-gray-200">
            {stateLicenses.map((state) => {
              const rows = settings.filter((s) => s.state === state);
              const active = rows.filter((r) => r.active).length;
              const gi = rows.filter((r) => r.targetGI).length;
              return (
                <li key={state}>
                  <details>
                    <summary className="flex cursor-pointer flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500">
                      <span className="font-medium text-gray-900">
                        {STATE_NAME.get(state) ?? state} ({state})
                      </span>
                      <span className="text-xs text-gray-600">{`${active}/${rows.length} active · ${gi} GI`}</span>
                    </summary>
                    <table className="mb-2 w-full text-sm">
                      <thead className="text-left text-xs uppercase tracking-wide text-gray-600">
                        <tr>
                          <th scope="col" className="px-4 py-1 font-medium">
                            Carrier
                          </th>
                          <th scope="col" className="w-20 px-2 py-1 text-center font-medium">
                            Active
                          </th>
                          <th scope="col" className="w-24 px-2 py-1 text-center font-medium">
                            Target GI
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {rows.map((row) => (
                          <tr key={row.carrier} className="border-t border-gray-50">
                            <th scope="row" className="px-4 py-1 text-left font-normal text-gray-800">
                              {row.carrier}
                            </th>
                            <td className="px-2 py-1 text-center">
                              <input
                                type="checkbox"
                                className={checkboxInputClass}
                                aria-label={`${row.carrier} active in ${state}`}
                                checked={row.active}
                                onChange={(e) => setOne(state, row.carrier, { active: e.target.checked })}
                              />
                            </td>
                            <td className="px-2 py-1 text-center">
                              <input
                                type="checkbox"
                                className={checkboxInputClass}
                                aria-label={`${row.carrier} targets GI in ${state}`}
                                checked={row.targetGI}
                                onChange={(e) => setOne(state, row.carrier, { targetGI: e.target.checked })}
                              />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </details>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Section>
  );
}
