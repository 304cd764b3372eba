"use client";

import { useId } from "react";
import { DASHBOARD_PERIODS, DASHBOARD_PERIOD_LABELS, type DashboardPeriodKey } from "@/lib/dashboard/period";

export type PeriodSelection = { period: DashboardPeriodKey; startDate: string; endDate: string };

/** The dashboard's date range selector with its From / To inputs for Custom Dates, and Refresh. */
export function PeriodSelector({ value, onChange, onRefresh, refreshing }: { value: PeriodSelection; onChange: (next: PeriodSelection) => void; onRefresh: () => void; refreshing: boolean }) {
  const selectId = useId();
  const fromId = useId();
  const toId = useId();
  const reversed = value.period === "custom" && value.startDate !== "" && value.endDate !== "" && value.startDate > value.endDate;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={selectId} className="block text-xs font-medium text-gray-500">
          Date range
        </label>
        <select
          id={selectId}
          value={value.period}
          onChange={(event) => onChange({ ...value, period: event.target.value as DashboardPeriodKey })}
          className="mt-1 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500"
        >
          {DASHBOARD_PERIODS.map((period) => (
            <option key={period} value={period}>
              {DASHBOARD_PERIOD_LABELS[period]}
            </option>
          ))}
        </select>
      </div>
      {value.period === "custom" ? (
        <>
          <div>
            <label htmlFor={fromId} className="block text-xs font-medium text-gray-500">
              From
            </label>
            <input
              id={fromId}
              type="date"
              value={value.startDate}
              max={value.endDate || undefined}
              onChange={(event) => onChange({ ...value, startDate: event.target.value })}
              className="mt-1 rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500"
            />
          </div>
          <div>
            <label htmlFor={toId} className="block text-xs font-medium text-gray-500">
              To
            </label>
            <input
              id={toId}
              type="date"
              value={value.endDate}
              min={value.startDate || undefined}
              onChange={(event) => onChange({ ...value, endDate: event.target.value })}
              className="mt-1 rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500"
            />
          </div>
        </>
      ) : null}
      <button
        type="button"
        onClick={onRefresh}
        disabled={refreshing}
        className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-700 shadow-sm hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60"
      >
        Refresh
      </button>
      {reversed ? (
        <p role="alert" className="w-full text-sm text-red-600">
          The From date must be on or before the To date.
        </p>
      ) : null}
    </div>
  );
}
