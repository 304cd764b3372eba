import Link from "next/link";
import { planTypeLabel } from "@/lib/contacts/import/plan-mapping";
import { Panel, PanelLoading, PanelMessage } from "@/components/dashboard/panel";
import { formatIsoDate } from "@/lib/dashboard/presentation";
import { formatPhone as formatTenDigits } from "@/lib/phone/phone";

export type RenewalRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  date: string;
  policyType: string | null;
};

export const RENEWALS_TEXTS = {
  empty: "No policy anniversaries in the next 30 days.",
  error: "Failed to load dashboard data.",
} as const;

function formatPhone(phone: string | null): string {
  if (!phone) return "";
  const digits = phone.replace(/\D/g, "").slice(-10);
  return digits.length === 10 ? formatTenDigits(digits) : phone;
}

/** Upcoming renewals: contacts whose policy anniversary falls in the next 30 days. */
export function RenewalsPanel({ rows, status }: { rows: RenewalRow[] | null; status: "loading" | "error" | "ready" }) {
  let body;
  if (status === "loading") body = <PanelLoading label="Loading renewals" />;
  else if (status === "error" || !rows) body = <PanelMessage tone="error">{RENEWALS_TEXTS.error}</PanelMessage>;
  else if (rows.length === 0) body = <PanelMessage>{RENEWALS_TEXTS.empty}</PanelMessage>;
  else
    body = (
      <ul className="max-h-96 divide-y divide-gray-100 overflow-auto">
        {rows.map((row) => (
          <li key={row.id}>
            <Link
              href={`/contact/${row.id}`}
              className="flex items-center justify-between gap-3 rounded px-1 py-2 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-gray-900">{row.name}</span>
                <span className="block truncate text-xs text-gray-600">
                  {row.email}
                  {row.phone ? ` · ${formatPhone(row.phone)}` : ""}
                </span>
              </span>
              <span className="shrink-0 text-right text-xs text-gray-600">
                <span className="block font-medium">{formatIsoDate(row.date)}</span>
                {row.policyType ? <span className="block text-gray-600">{planTypeLabel(row.policyType)}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  return <Panel title="Upcoming Renewals">{body}</Panel>;
}
