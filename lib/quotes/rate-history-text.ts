import { formatMonthYear } from "@/lib/calendar/date-format";
import { formatPct, HISTORY_YEARS, type RateHistory } from "@/lib/quotes/rate-history";

/**
 * A rate history's words and sparkline, written on the server: the compare page only prints them, so the date
 * formatting and the drawing stay out of its first-load JavaScript (its budget: e2e/marketing.e2e.mjs). Pure.
 */

export const SPARKLINE_WIDTH = 64;
export const SPARKLINE_HEIGHT = 22;

export type RateHistoryText = { average: string; changes: string; points: string };
export type RateHistoryView = RateHistory & { text: RateHistoryText };

/** "+4.1% a year on average over the last 3 years", or "… since January 2025" when the history is shorter. */
export function averageIncreaseSentence(history: RateHistory): string {
  const span = history.fullWindow ? `over the last ${HISTORY_YEARS} years` : `since ${formatMonthYear(history.from)}`;
  return `${formatPct(history.averageAnnualPct)} a year on average ${span}`;
}

/** "Rate changes: +7.7% in July 2026, −2.0% in May 2025": the text the sparkline draws. */
export function rateChangesSentence(history: RateHistory): string {
  return `Rate changes: ${history.increases.map((i) => `${formatPct(i.pct)} in ${formatMonthYear(i.date)}`).join(", ")}`;
}

/**
 * The sparkline's points in a `width` × `height` box: the price level (1 at `from`) stepping at each change, flat to
 * `to`; x by date, y from the lowest level (bottom) to the highest (top), with 2 px of room.
 */
export function sparklinePoints(history: RateHistory, width: number, height: number): string {
  const time = (date: string) => Date.parse(`${date}T00:00:00Z`);
  const start = time(history.from);
  const span = Math.max(time(history.to) - start, 1);
  const steps: { t: number; level: number }[] = [{ t: start, level: 1 }];
  for (const change of history.increases)
    steps.push({ t: time(change.date), level: steps[steps.length - 1]!.level * (1 + change.pct) });
  const levels = steps.map((s) => s.level);
  const [low, high] = [Math.min(...levels), Math.max(...levels)];
  const x = (t: number) => Math.round(((t - start) / span) * width * 10) / 10;
  const y = (level: number) =>
    Math.round((high === low ? height / 2 : 2 + ((high - level) / (high - low)) * (height - 4)) * 10) / 10;
  const points: string[] = [];
  steps.forEach((step, i) => {
    if (i > 0) points.push(`${x(step.t)},${y(steps[i - 1]!.level)}`);
    points.push(`${x(step.t)},${y(step.level)}`);
  });
  points.push(`${width},${y(steps[steps.length - 1]!.level)}`);
  return points.join(" ");
}

/** The history as the compare page gets it: the numbers and their text. */
export function rateHistoryView(history: RateHistory | null): RateHistoryView | null {
  if (!history) return null;
  return {
    ...history,
    text: {
      average: averageIncreaseSentence(history),
      changes: rateChangesSentence(history),
      points: sparklinePoints(history, SPARKLINE_WIDTH, SPARKLINE_HEIGHT),
    },
  };
}
