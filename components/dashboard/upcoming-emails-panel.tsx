import Link from "next/link";
import { Panel, PanelLoading, PanelMessage } from "@/components/dashboard/panel";
import { emailTypeBadge, formatIsoDate } from "@/lib/dashboard/presentation";

export type UpcomingRow = {
  contactId: string;
  firstName: string;
  lastName: string;
  emailType: string;
  scheduledSendDate: string;
};

export const UPCOMING_TEXTS = {
  empty: "No upcoming emails scheduled in the next 30 days.",
  error: "Error loading upcoming emails.",
} as const;

const BADGE_TINT: Record<string, string> = {
  "Welcome Email": "bg-brand-50 text-brand-700 ring-brand-200",
  Birthday: "bg-pink-50 text-pink-700 ring-pink-200",
  "Effective Date": "bg-blue-50 text-blue-700 ring-blue-200",
  "Rate Increase": "bg-amber-50 text-amber-800 ring-amber-200",
  "Post GI": "bg-emerald-50 text-emerald-700 ring-emerald-200",
};

/** 'Upcoming Emails' ({n} total): rows link to the contact; follow-ups never appear (the server leaves them out, and so does this). */
export function UpcomingEmailsPanel({
  rows,
  total,
  status,
}: {
  rows: UpcomingRow[] | null;
  total: number;
  status: "loading" | "error" | "ready";
}) {
  const visible = (rows ?? []).filter((row) => emailTypeBadge(row.emailType) !== null);
  let body;
  if (status === "loading") body = <PanelLoading label="Loading upcoming emails" />;
  else if (status === "error" || !rows) body = <PanelMessage tone="error">{UPCOMING_TEXTS.error}</PanelMessage>;
  else if (visible.length === 0) body = <PanelMessage>{UPCOMING_TEXTS.empty}</PanelMessage>;
  else
    body = (
      <ul className="max-h-96 divide-y divide-gray-100 overflow-auto">
        {visible.map((row, index) => {
          const badge = emailTypeBadge(row.emailType) as string;
          return (
            <li key={`${row.contactId}-${row.emailType}-${row.scheduledSendDate}-${index}`}>
              <Link
                href={`/contact/${row.contactId}`}
                className="flex items-center justify-between gap-3 rounded px-1 py-2 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-gray-900">
                    {row.firstName} {row.lastName}
                  </span>
                  <span className="block text-xs text-gray-600">{formatIsoDate(row.scheduledSendDate)}</span>
                </span>
                <span
                  className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${BADGE_TINT[badge] ?? "bg-gray-50 text-gray-700 ring-gray-200"}`}
                >
                  {badge}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    );
  return (
    <Panel
      title="Upcoming Emails"
      aside={
        status === "ready" ? <span className="text-sm text-gray-600">{total.toLocaleString("en-US")} total</span> : null
      }
    >
      {body}
    </Panel>
  );
}
