import { Panel, PanelLoading, PanelMessage } from "@/components/dashboard/panel";
import { funnelWidths, percentOf } from "@/lib/dashboard/presentation";

export type FunnelFigures = { quotesSent: number; quotesViewed: number; healthQuestionsCompleted: number };

export const FUNNEL_TEXTS = {
  empty: "No data available to display.",
  error: "Error loading dashboard stats.",
} as const;

/** 'Performance Metrics': Quotes Sent → Quotes Viewed → Health Completed, bars by √value with a 15% floor. */
export function PerformanceFunnel({
  figures,
  status,
}: {
  figures: FunnelFigures | null;
  status: "loading" | "error" | "ready";
}) {
  let body;
  if (status === "loading") body = <PanelLoading label="Loading performance metrics" />;
  else if (status === "error" || !figures) body = <PanelMessage tone="error">{FUNNEL_TEXTS.error}</PanelMessage>;
  else if (figures.quotesSent + figures.quotesViewed + figures.healthQuestionsCompleted === 0)
    body = <PanelMessage>{FUNNEL_TEXTS.empty}</PanelMessage>;
  else {
    const stages = [
      { label: "Quotes Sent", value: figures.quotesSent, color: "bg-brand-600", note: null },
      {
        label: "Quotes Viewed",
        value: figures.quotesViewed,
        color: "bg-brand-500",
        note: `${percentOf(figures.quotesViewed, figures.quotesSent)}% view rate`,
      },
      {
        label: "Health Completed",
        value: figures.healthQuestionsCompleted,
        color: "bg-brand-700",
        note: `${percentOf(figures.healthQuestionsCompleted, figures.quotesSent)}% completion rate`,
      },
    ];
    const widths = funnelWidths(stages.map((stage) => stage.value));
    body = (
      <ol className="space-y-3">
        {stages.map((stage, index) => (
          <li key={stage.label}>
            <div className="flex items-baseline justify-between text-sm">
              <span className="font-medium text-gray-700">{stage.label}</span>
              <span className="text-gray-600">{stage.note}</span>
            </div>
            <div className="mt-1 flex justify-center rounded bg-gray-50">
              <div
                className={`flex h-9 items-center justify-center rounded text-sm font-semibold text-white ${stage.color}`}
                style={{ width: `${widths[index]}%` }}
                data-testid={`funnel-${index}`}
              >
                {stage.value.toLocaleString("en-US")}
              </div>
            </div>
          </li>
        ))}
      </ol>
    );
  }
  return <Panel title="Performance Metrics">{body}</Panel>;
}
