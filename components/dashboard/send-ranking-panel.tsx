"use client";

import { useId, useState } from "react";
import { Panel, PanelLoading, PanelMessage } from "@/components/dashboard/panel";
import { RANK_BY_OPTIONS, formatIsoDate, percentOf, rankSendRows, type RankBy } from "@/lib/dashboard/presentation";
import { Select } from "@/components/ui/input";

export type RankingRow = {
  rank: number;
  sendDate: string;
  quotesSent: number;
  quotesViewed: number;
  healthCompleted: number;
};

export const RANKING_TEXTS = {
  empty: "No send data available for the selected period.",
  error: "Failed to load dashboard data.",
} as const;

/** 'Send Ranking': one row per send day of the period, re-sortable by Rank By (the rank follows the order). */
export function SendRankingPanel({
  rows,
  status,
}: {
  rows: RankingRow[] | null;
  status: "loading" | "error" | "ready";
}) {
  const [rankBy, setRankBy] = useState<RankBy>("chronological");
  const selectId = useId();
  const aside = (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="shrink-0 whitespace-nowrap text-sm text-gray-600">
        Rank By
      </label>
      <Select id={selectId} value={rankBy} onChange={(event) => setRankBy(event.target.value as RankBy)}>
        {RANK_BY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
  let body;
  if (status === "loading") body = <PanelLoading label="Loading send ranking" />;
  else if (status === "error" || !rows) body = <PanelMessage tone="error">{RANKING_TEXTS.error}</PanelMessage>;
  else if (rows.length === 0) body = <PanelMessage>{RANKING_TEXTS.empty}</PanelMessage>;
  else
    body = (
      <div className="max-h-96 overflow-auto">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-white text-xs uppercase tracking-wide text-gray-600">
            <tr>
              <th scope="col" className="py-2 pr-2">
                Rank
              </th>
              <th scope="col" className="py-2 pr-2">
                Send Date
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                Sent
              </th>
              <th scope="col" className="py-2 pr-2 text-right">
                Viewed
              </th>
              <th scope="col" className="py-2 text-right">
                Health
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rankSendRows(rows, rankBy).map((row) => (
              <tr key={row.sendDate}>
                <td className="py-2 pr-2 font-semibold text-gray-900">#{row.rank}</td>
                <td className="whitespace-nowrap py-2 pr-2 text-gray-700">{formatIsoDate(row.sendDate)}</td>
                <td className="py-2 pr-2 text-right tabular-nums">{row.quotesSent}</td>
                <td className="py-2 pr-2 text-right tabular-nums">
                  {row.quotesViewed}{" "}
                  <span className="text-xs text-gray-600">({percentOf(row.quotesViewed, row.quotesSent)}%)</span>
                </td>
                <td className="py-2 text-right tabular-nums">
                  {row.healthCompleted}{" "}
                  <span className="text-xs text-gray-600">({percentOf(row.healthCompleted, row.quotesSent)}%)</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  return (
    <Panel title="Send Ranking" aside={aside}>
      {body}
    </Panel>
  );
}
