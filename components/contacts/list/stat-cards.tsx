import { Spinner } from "@/components/ui/spinner";
import type { ContactStats } from "@/lib/contacts/contact-stats";

const CARDS: { key: keyof ContactStats; label: string; icon: string; tint: string }[] = [
  {
    key: "totalContacts",
    label: "Total Contacts",
    icon: "M16 7a4 4 0 1 1-8 0 4 4 0 0 1 8 0ZM12 14a7 7 0 0 0-7 7h14a7 7 0 0 0-7-7Z",
    tint: "bg-brand-50 text-brand-600",
  },
  {
    key: "quotesSent",
    label: "Quotes Sent",
    icon: "M3 8l7.89 5.26a2 2 0 0 0 2.22 0L21 8M5 19h14a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2Z",
    tint: "bg-blue-50 text-blue-600",
  },
  {
    key: "quotesViewed",
    label: "Quotes Viewed",
    icon: "M15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0ZM2.46 12C3.73 7.94 7.52 5 12 5s8.27 2.94 9.54 7c-1.27 4.06-5.06 7-9.54 7S3.73 16.06 2.46 12Z",
    tint: "bg-emerald-50 text-emerald-600",
  },
  {
    key: "healthQuestions",
    label: "Health Questions",
    icon: "M9 12h6m-6 4h6M9 8h6M5 4h14v16H5z",
    tint: "bg-amber-50 text-amber-600",
  },
];

/**
 * The four stat cards above the contact list. `stats` null means still loading (a spinner in each
 * card); the page passes zeros when loading failed (client-side.md §2, §8).
 */
export function StatCards({ stats }: { stats: ContactStats | null }) {
  return (
    <section aria-label="Contact statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {CARDS.map((card) => (
        <div
          key={card.key}
          className="flex items-center gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5"
        >
          <span
            className={`hidden h-10 w-10 shrink-0 items-center justify-center rounded-full sm:flex ${card.tint}`}
            aria-hidden="true"
          >
            <svg className="h-5 w-5" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
              <path strokeLinecap="round" strokeLinejoin="round" d={card.icon} />
            </svg>
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-gray-500">{card.label}</p>
            <p className="mt-1 h-8 text-2xl font-bold text-gray-900">
              {stats ? (
                stats[card.key].toLocaleString("en-US")
              ) : (
                <span className="inline-flex h-8 items-center text-brand-600">
                  <Spinner className="h-5 w-5" label={`Loading ${card.label}`} />
                </span>
              )}
            </p>
          </div>
        </div>
      ))}
    </section>
  );
}
