import {
  SPARKLINE_HEIGHT as HEIGHT,
  SPARKLINE_WIDTH as WIDTH,
  type RateHistoryView,
} from "@/lib/quotes/rate-history-text";

/**
 * A quote card's rate history (issue #20 point 2): a tiny step line of the carrier's price level over the years the
 * history covers, "+x% a year on average …" beside it, and each change in words beneath. The line is decoration
 * (aria-hidden): the sentences are its text. Nothing is drawn without a history.
 */
export function QuoteRateHistory({ history, color }: { history: RateHistoryView | null; color: string }) {
  if (!history) return null;
  return (
    <div className="mt-2" data-testid="rate-history">
      <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium text-gray-800">
        <svg
          aria-hidden="true"
          focusable="false"
          width={WIDTH}
          height={HEIGHT}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="shrink-0"
        >
          <polyline points={history.text.points} fill="none" stroke={color} strokeWidth="2" strokeLinejoin="round" />
        </svg>
        <span>{history.text.average}</span>
      </p>
      <p className="text-sm text-gray-600">{history.text.changes}</p>
    </div>
  );
}
