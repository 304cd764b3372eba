"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { axisLabelStep, shortIsoDate } from "@/lib/dashboard/presentation";
import type { ActivityData } from "@/components/dashboard/activity-panel";

/** Chart animation length (agency-side.md §9). */
const ANIMATION_MS = 500;
const GAUGE_COLORS = ["#6B46C1", "#3B82F6", "#10B981"];

/**
 * The recharts half of the activity panel (loaded on demand: the library is large). Daily scheduled vs
 * sent emails with the axis-label thinning rule, and a donut gauge of the period's activity (ring
 * width 40, starting at 270°).
 */
export default function ActivityCharts({ data }: { data: ActivityData }) {
  const gauge = [
    { name: "Emails Sent", value: data.activity.emailsSent },
    { name: "Links Clicked", value: data.activity.linksClicked },
    { name: "Health Completed", value: data.activity.healthCompleted },
  ];
  const step = axisLabelStep(data.points.length);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div
        className="h-72 lg:col-span-2"
        role="img"
        aria-label={`Scheduled and sent emails per day, ${data.points.length} days`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data.points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#E5E7EB" />
            {/* Thinned labels are slanted too, so a month of dates stays legible on a phone. */}
            <XAxis
              dataKey="date"
              tickFormatter={shortIsoDate}
              interval={step - 1}
              tick={{ fontSize: 11 }}
              angle={step > 1 ? -40 : 0}
              textAnchor={step > 1 ? "end" : "middle"}
              height={step > 1 ? 48 : 30}
            />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
            <Tooltip labelFormatter={(label) => shortIsoDate(String(label))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="scheduled" name="Scheduled" fill="#C4B5FD" animationDuration={ANIMATION_MS} />
            <Bar dataKey="sent" name="Sent" fill="#6B46C1" animationDuration={ANIMATION_MS} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="flex flex-col items-center">
        <div className="h-48 w-full" role="img" aria-label="Activity in the period">
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie
                data={gauge}
                dataKey="value"
                nameKey="name"
                innerRadius={40}
                outerRadius={80}
                startAngle={270}
                endAngle={-90}
                animationDuration={ANIMATION_MS}
              >
                {gauge.map((entry, index) => (
                  <Cell key={entry.name} fill={GAUGE_COLORS[index]} />
                ))}
              </Pie>
              <Tooltip />
            </PieChart>
          </ResponsiveContainer>
        </div>
        <dl className="grid w-full grid-cols-3 gap-2 text-center text-xs">
          {gauge.map((entry, index) => (
            <div key={entry.name}>
              <dt className="flex items-center justify-center gap-1 text-gray-600">
                <span
                  className="inline-block h-2 w-2 rounded-full"
                  style={{ backgroundColor: GAUGE_COLORS[index] }}
                  aria-hidden="true"
                />
                {entry.name}
              </dt>
              <dd className="text-base font-semibold text-gray-900">{entry.value.toLocaleString("en-US")}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
