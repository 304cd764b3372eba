import { Spinner } from "@/components/ui/spinner";

export type CardFigures = {
  quotesSent: number;
  quotesViewed: number;
  upcomingEmailsTotal: number;
  healthQuestionsCompleted: number;
};

const CARDS: { key: keyof CardFigures; label: string; caption: string }[] = [
  { key: "quotesSent", label: "Quotes Sent", caption: "Total emails sent with quotes" },
  { key: "quotesViewed", label: "View Count", caption: "Contacts who viewed their quote" },
  { key: "upcomingEmailsTotal", label: "Upcoming Emails", caption: "Scheduled emails in next 30 days" },
  { key: "healthQuestionsCompleted", label: "Completion Count", caption: "Health questions completed" },
];

export const CARD_ERROR_TEXT = "Failed to load data";

/** The four dashboard cards. Loading: a spinner in each; failed: 0 with 'Failed to load data' (agency-side.md §8). */
export function DashboardCards({
  figures,
  status,
  readyFor,
}: {
  figures: CardFigures | null;
  status: "loading" | "error" | "ready";
  readyFor?: string;
}) {
  return (
    // data-ready-for: the period query whose answer is shown (browser tests wait for it).
    <section
      aria-label="Dashboard statistics"
      data-ready-for={status === "loading" ? "" : (readyFor ?? "")}
      className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4"
    >
      {CARDS.map((card) => (
        <div
          key={card.key}
          className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5"
          data-testid={`card-${card.key}`}
        >
          <p className="text-sm font-medium text-gray-600">{card.label}</p>
          <p className="mt-1 h-9 text-3xl font-bold text-gray-900">
            {status === "loading" ? (
              <span className="inline-flex h-9 items-center text-brand-600">
                <Spinner className="h-5 w-5" label={`Loading ${card.label}`} />
              </span>
            ) : (
              (status === "ready" && figures ? figures[card.key] : 0).toLocaleString("en-US")
            )}
          </p>
          <p className={`mt-1 text-xs ${status === "error" ? "text-red-600" : "text-gray-600"}`}>
            {status === "error" ? CARD_ERROR_TEXT : card.caption}
          </p>
        </div>
      ))}
    </section>
  );
}
