"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { LtvPoint } from "@/lib/billing/pricing";

/** Chart animation length (agency-side.md §9). */
const ANIMATION_MS = 500;

/** The recharts half of the pricing page: Base Case and Rollover Case over 0–6 years (loaded on demand). */
export default function LtvChart({ series }: { series: LtvPoint[] }) {
  return (
    <div
      className="h-72"
      role="img"
      aria-label="Remaining lifetime value of the book, base case and rollover case, years 0 to 6"
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={series} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#E5E7EB" />
          <XAxis
            dataKey="year"
            tick={{ fontSize: 12 }}
            label={{ value: "Years", position: "insideBottom", offset: -4, fontSize: 12 }}
          />
          <YAxis tick={{ fontSize: 12 }} tickFormatter={(v: number) => `$${v}M`} width={56} />
          <Tooltip formatter={(value) => `$${Number(value).toFixed(3)}M`} labelFormatter={(label) => `Year ${label}`} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            type="monotone"
            dataKey="baseCase"
            name="Base Case"
            stroke="#9CA3AF"
            strokeWidth={2}
            dot
            animationDuration={ANIMATION_MS}
          />
          <Line
            type="monotone"
            dataKey="rolloverCase"
            name="Rollover Case"
            stroke="#6B46C1"
            strokeWidth={3}
            dot
            animationDuration={ANIMATION_MS}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
