"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { ActivityPanel, isActivityData, type ActivityData } from "@/components/dashboard/activity-panel";
import { DashboardCards } from "@/components/dashboard/dashboard-cards";
import { PerformanceFunnel } from "@/components/dashboard/performance-funnel";
import { PeriodSelector, type PeriodSelection } from "@/components/dashboard/period-selector";
import { RenewalsPanel, type RenewalRow } from "@/components/dashboard/renewals-panel";
import { SendRankingPanel, type RankingRow } from "@/components/dashboard/send-ranking-panel";
import { UpcomingEmailsPanel, type UpcomingRow } from "@/components/dashboard/upcoming-emails-panel";
import { useDashboardResource, type ResourceState } from "@/components/dashboard/use-dashboard-resource";
import { apiCall } from "@/lib/api/browser-client";

type StatsBody = {
  quotesSent: number;
  quotesViewed: number;
  healthQuestionsCompleted: number;
  upcomingEmailsTotal: number;
  upcomingEmailsPage: UpcomingRow[];
};
type RankingBody = { rows: RankingRow[] };
type RenewalsBody = { renewals: RenewalRow[] };

const isStats = (body: unknown): body is StatsBody => {
  const b = body as Partial<StatsBody> | null;
  return (
    !!b &&
    [b.quotesSent, b.quotesViewed, b.healthQuestionsCompleted, b.upcomingEmailsTotal].every((n) =>
      Number.isFinite(n),
    ) &&
    Array.isArray(b.upcomingEmailsPage)
  );
};
const isRanking = (body: unknown): body is RankingBody => !!body && Array.isArray((body as RankingBody).rows);
const isRenewals = (body: unknown): body is RenewalsBody => !!body && Array.isArray((body as RenewalsBody).renewals);

/** The query of the period calls; null while a custom range is incomplete or reversed. */
export function periodQueryString(selection: PeriodSelection): string | null {
  if (selection.period !== "custom") return `period=${selection.period}`;
  if (!selection.startDate || !selection.endDate || selection.startDate > selection.endDate) return null;
  return `period=custom&startDate=${selection.startDate}&endDate=${selection.endDate}`;
}

const plain = <T,>(state: ResourceState<T>): "loading" | "error" | "ready" =>
  state.status === "invalid" ? "error" : state.status;
const dataOf = <T,>(state: ResourceState<T>): T | null => (state.status === "ready" ? state.data : null);

/**
 * The dashboard (agency-side.md §2 "Dashboard"): period selector and Refresh, the four cards, the
 * funnel, Send Ranking, Upcoming Emails, renewals and the activity chart. Each part loads and fails on
 * its own. The period lives in the URL so a reload or a shared link keeps it.
 */
export function DashboardView({
  initial,
  welcomeEmailFor,
  emptyBook,
}: {
  initial: PeriodSelection;
  welcomeEmailFor: string | null;
  /** The next step when the viewer has no contacts yet, shown under the heading. */
  emptyBook?: ReactNode;
}) {
  const [selection, setSelection] = useState<PeriodSelection>(initial);
  const [reloadKey, setReloadKey] = useState(0);
  const query = periodQueryString(selection);

  const stats = useDashboardResource(query ? `/api/dashboard/stats?${query}` : null, reloadKey, isStats);
  const ranking = useDashboardResource(query ? `/api/dashboard/send-ranking?${query}` : null, reloadKey, isRanking);
  const series = useDashboardResource<ActivityData>(
    query ? `/api/dashboard/time-series?${query}` : null,
    reloadKey,
    isActivityData,
  );
  const renewals = useDashboardResource("/api/dashboard/renewals", reloadKey, isRenewals);

  useEffect(() => {
    if (!query) return;
    const url = new URL(window.location.href);
    // One-shot flags are dropped too, so a reload neither reopens the walkthrough nor asks for the email again.
    for (const key of ["period", "startDate", "endDate", "send_welcome_email", "payment_success"])
      url.searchParams.delete(key);
    for (const [key, value] of new URLSearchParams(query)) url.searchParams.set(key, value);
    window.history.replaceState(window.history.state, "", `${url.pathname}?${url.searchParams}`);
  }, [query]);

  // ?send_welcome_email=true (arriving from setup): ask once; the server sends at most one per user.
  const welcomeAsked = useRef(false);
  useEffect(() => {
    if (!welcomeEmailFor || welcomeAsked.current) return;
    welcomeAsked.current = true;
    void apiCall("/api/auth/send-welcome-email", { method: "POST", body: { email: welcomeEmailFor } });
  }, [welcomeEmailFor]);

  const statsData = dataOf(stats);
  const refreshing = [stats, ranking, series, renewals].some((state) => state.status === "loading");
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="text-2xl font-bold text-gray-900">Dashboard</h1>
        <PeriodSelector
          value={selection}
          onChange={setSelection}
          onRefresh={() => setReloadKey((key) => key + 1)}
          refreshing={refreshing}
        />
      </div>
      {emptyBook}
      <DashboardCards figures={statsData} status={plain(stats)} readyFor={query ?? ""} />
      <div className="grid gap-6 lg:grid-cols-2">
        <PerformanceFunnel figures={statsData} status={plain(stats)} />
        <SendRankingPanel rows={dataOf(ranking)?.rows ?? null} status={plain(ranking)} />
      </div>
      <ActivityPanel data={dataOf(series)} status={series.status} />
      <div className="grid gap-6 lg:grid-cols-2">
        <UpcomingEmailsPanel
          rows={statsData?.upcomingEmailsPage ?? null}
          total={statsData?.upcomingEmailsTotal ?? 0}
          status={plain(stats)}
        />
        <RenewalsPanel rows={dataOf(renewals)?.renewals ?? null} status={plain(renewals)} />
      </div>
    </div>
  );
}
