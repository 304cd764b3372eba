"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import { DASHBOARD_PERIODS, DASHBOARD_PERIOD_LABELS, type DashboardPeriodKey } from "@/lib/dashboard/period";

export type PeriodSelection = { period: DashboardPeriodKey; startDate: string; endDate: string };

/** The dashboard's date range selector with its From / To inputs for Custom Dates, and Refresh. */
export function PeriodSelector({
  value,
  onChange,
  onRefresh,
  refreshing,
}: {
  value: PeriodSelection;
  onChange: (next: PeriodSelection) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const selectId = useId();
  const fromId = useId();
  const toId = useId();
  const reversed =
    value.period === "custom" && value.startDate !== "" && value.endDate !== "" && value.startDate > value.endDate;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={selectId} className="block text-xs font-medium text-gray-600">
          Date range
        </label>
        <Select
          id={selectId}
          value={value.period}
          onChange={(event) => onChange({ ...value, period: event.target.value as DashboardPeriodKey })}
          className="mt-1"
        >
          {DASHBOARD_PERIODS.map((period) => (
            <option key={period} value={period}>
              {DASHBOARD_PERIOD_LABELS[period]}
            </option>
          ))}
        </Select>
      </div>
      {value.period === "custom" ? (
        <>
          <div>
            <label htmlFor={fromId} className="block text-xs font-medium text-gray-600">
              From
            </label>
            <Input
              id={fromId}
              type="date"
              value={value.startDate}
              max={value.endDate || undefined}
              onChange={(event) => onChange({ ...value, startDate: event.target.value })}
              className="mt-1"
            />
          </div>
          <div>
            <label htmlFor={toId} className="block text-xs font-medium text-gray-600">
              To
            </label>
            <Input
              id={toId}
              type="date"
              value={value.endDate}
              min={value.startDate || undefined}
              onChange={(event) => onChange({ ...value, endDate: event.target.value })}
              className="mt-1"
            />
          </div>
        </>
      ) : null}
      <Button variant="secondary" onClick={onRefresh} disabled={refreshing}>
        Refresh
      </Button>
      {reversed ? (
        <p role="alert" className="w-full text-sm text-red-700">
          The From date must be on or before the To date.
        </p>
      ) : null}
    </div>
  );
}
