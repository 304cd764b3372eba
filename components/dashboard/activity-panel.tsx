"use client";

import dynamic from "next/dynamic";
import { Panel, PanelLoading, PanelMessage } from "@/components/dashboard/panel";

export type ActivityData = {
  points: { date: string; scheduled: number; sent: number }[];
  activity: { emailsSent: number; linksClicked: number; healthCompleted: number };
};

export const ACTIVITY_TEXTS = {
  error: "Error loading chart data. Please try again.",
  invalid: "Invalid chart data",
  empty: "No activity data to display.",
} as const;

const ActivityCharts = dynamic(() => import("@/components/dashboard/activity-charts"), {
  ssr: false,
  loading: () => <PanelLoading label="Loading chart" />,
});

/** True when the body is the time-series answer the chart can draw. */
export function isActivityData(body: unknown): body is ActivityData {
  if (!body || typeof body !== "object") return false;
  const { points, activity } = body as Partial<ActivityData>;
  return (
    Array.isArray(points) &&
    points.every(
      (point) =>
        point && typeof point.date === "string" && Number.isFinite(point.scheduled) && Number.isFinite(point.sent),
    ) &&
    !!activity &&
    [activity.emailsSent, activity.linksClicked, activity.healthCompleted].every((value) => Number.isFinite(value))
  );
}

/** 'Email Activity': the time-series chart and the activity gauge, with their own states. */
export function ActivityPanel({
  data,
  status,
}: {
  data: ActivityData | null;
  status: "loading" | "error" | "invalid" | "ready";
}) {
  let body;
  if (status === "loading") body = <PanelLoading label="Loading chart data" />;
  else if (status === "invalid") body = <PanelMessage tone="error">{ACTIVITY_TEXTS.invalid}</PanelMessage>;
  else if (status === "error" || !data) body = <PanelMessage tone="error">{ACTIVITY_TEXTS.error}</PanelMessage>;
  else {
    const anything =
      data.points.some((point) => point.scheduled > 0 || point.sent > 0) ||
      Object.values(data.activity).some((value) => value > 0);
    body = anything ? <ActivityCharts data={data} /> : <PanelMessage>{ACTIVITY_TEXTS.empty}</PanelMessage>;
  }
  return <Panel title="Email Activity">{body}</Panel>;
}
