"use client";

import Link from "next/link";
import { useEffect, useRef, type ReactNode } from "react";
import { checkboxInputClass } from "@/components/ui/checkbox";
import {
  contactAgentLabel,
  formatCalendarDate,
  formatPhoneNumber,
  initials,
  truncateEmail,
} from "@/components/contacts/list/contact-format";
import type { ContactListRow } from "@/lib/contacts/list-contacts-view";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { ScrollArea } from "@/components/ui/table";

export const CONTACT_TABLE_COLUMNS = [
  "Name",
  "Email",
  "Phone",
  "State",
  "Agent",
  "Carrier",
  "Eff. Date",
  "Quote",
  "Health",
  "Edit",
] as const;

export type ContactTableProps = {
  contacts: ContactListRow[];
  loading: boolean;
  selectedIds: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Header checkbox: select every listed contact, or clear the selection when all are selected. */
  onToggleAll: () => void;
  defaultAgentName: string | null;
  /** The Edit column; without it Edit opens the contact's page. */
  onEdit?: (contact: ContactListRow) => void;
  /** Shown under "No contacts found" (the next step when the book itself is empty). */
  emptyAction?: ReactNode;
};

function StatusMark({ on, label }: { on: boolean; label: string }) {
  return on ? (
    <span
      className="inline-flex h-6 w-6 items-center justify-center rounded-full bg-emerald-100 text-emerald-700"
      title={label}
    >
      <svg className="h-4 w-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
        <path
          fillRule="evenodd"
          d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
          clipRule="evenodd"
        />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  ) : (
    <span className="text-gray-600" aria-label="No">
      —
    </span>
  );
}

/**
 * Beside a name: the contact's household (docs/households.md), confirmed or suggested, with the partner's name
 * in words for screen readers and as a tooltip.
 */
function HouseholdMark({ household }: { household: NonNullable<ContactListRow["household"]> }) {
  const partner = `${household.partner.firstName} ${household.partner.lastName}`.trim();
  const label = household.status === "confirmed" ? `Household with ${partner}` : `Possible household with ${partner}`;
  return (
    <span title={label}>
      <Badge tone={household.status === "confirmed" ? "success" : "info"} className="whitespace-nowrap">
        <span aria-hidden="true">{household.status === "confirmed" ? "Household" : "Household?"}</span>
        <span className="sr-only">{label}</span>
      </Badge>
    </span>
  );
}

/** The 11-column contact table (client-side.md §2 "Contact list page"). */
export function ContactTable({
  contacts,
  loading,
  selectedIds,
  onToggle,
  onToggleAll,
  defaultAgentName,
  onEdit,
  emptyAction,
}: ContactTableProps) {
  const headerRef = useRef<HTMLInputElement>(null);
  const selectedHere = contacts.filter((c) => selectedIds.has(c.id)).length;
  const allSelected = contacts.length > 0 && selectedHere === contacts.length;
  const someSelected = selectedHere > 0 && !allSelected;

  useEffect(() => {
    if (headerRef.current) headerRef.current.indeterminate = someSelected;
  }, [someSelected]);

  const cell = "whitespace-nowrap px-3 py-3 text-sm";
  return (
    <ScrollArea label="Contacts table">
      <table className="min-w-full divide-y divide-gray-200">
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className="w-10 px-3 py-3 text-left">
              <input
                ref={headerRef}
                type="checkbox"
                className={checkboxInputClass}
                aria-label="Select all contacts"
                checked={allSelected}
                disabled={loading || contacts.length === 0}
                onChange={onToggleAll}
              />
            </th>
            {CONTACT_TABLE_COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={`px-3 py-3 text-xs font-semibold uppercase tracking-wide text-gray-500 ${column === "Quote" || column === "Health" || column === "Edit" ? "text-center" : "text-left"}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 bg-white">
          {loading ? (
            <tr>
              <td colSpan={11} className="px-3 py-12 text-center text-sm text-gray-500">
                <span className="inline-flex items-center gap-2">
                  <svg
                    className="h-4 w-4 animate-spin text-brand-600"
                    viewBox="0 0 24 24"
                    fill="none"
                    aria-hidden="true"
                  >
                    <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
                    <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
                  </svg>
                  Loading contacts...
                </span>
              </td>
            </tr>
          ) : contacts.length === 0 ? (
            <tr>
              <td colSpan={11} className="px-3 py-12 text-center text-sm text-gray-500">
                No contacts found
                {emptyAction ? <div className="mt-6">{emptyAction}</div> : null}
              </td>
            </tr>
          ) : (
            contacts.map((contact) => {
              const name = `${contact.firstName} ${contact.lastName}`.trim();
              const selected = selectedIds.has(contact.id);
              return (
                <tr key={contact.id} className={selected ? "bg-brand-50/60" : "hover:bg-gray-50"}>
                  <td className="px-3 py-3">
                    <input
                      type="checkbox"
                      className={checkboxInputClass}
                      aria-label={`Select ${name}`}
                      checked={selected}
                      onChange={() => onToggle(contact.id)}
                    />
                  </td>
                  <td className={cell}>
                    <div className="flex items-center gap-2">
                      <Link
                        href={`/contact/${contact.id}`}
                        className="group flex items-center gap-3 rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                      >
                        <span
                          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
                          aria-hidden="true"
                        >
                          {initials(contact.firstName, contact.lastName)}
                        </span>
                        <span className="font-medium text-gray-900 group-hover:text-brand-600">{name}</span>
                      </Link>
                      {contact.household ? <HouseholdMark household={contact.household} /> : null}
                    </div>
                  </td>
                  <td className={`${cell} text-gray-600`} title={contact.email.length > 30 ? contact.email : undefined}>
                    {truncateEmail(contact.email)}
                  </td>
                  <td className={`${cell} text-gray-600`}>{formatPhoneNumber(contact.phoneNumber)}</td>
                  <td className={`${cell} text-gray-700`}>
                    {contact.state ?? "—"}
                    {contact.outsideLicensedStates ? (
                      <span
                        className="ml-1.5 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
                        title="Outside your licensed states: no automatic emails"
                      >
                        Not licensed
                      </span>
                    ) : null}
                  </td>
                  <td className={`${cell} text-gray-700`}>{contactAgentLabel(contact, defaultAgentName)}</td>
                  <td className={`${cell} text-gray-700`}>{contact.currentCarrier ?? "—"}</td>
                  <td className={`${cell} text-gray-700`}>{formatCalendarDate(contact.effectiveDate)}</td>
                  <td className={`${cell} text-center`}>
                    <StatusMark on={contact.hasViewedQuoteRecently} label="Viewed a quote in the last 30 days" />
                  </td>
                  <td className={`${cell} text-center`}>
                    <StatusMark
                      on={contact.hasCompletedHealthRecently}
                      label="Answered health questions in the last 30 days"
                    />
                  </td>
                  <td className={`${cell} text-center`}>
                    {onEdit ? (
                      <Button variant="link" onClick={() => onEdit(contact)} aria-label={`Edit ${name}`}>
                        Edit
                      </Button>
                    ) : (
                      <Link
                        href={`/contact/${contact.id}`}
                        className={buttonClass({ variant: "link" })}
                        aria-label={`Edit ${name}`}
                      >
                        Edit
                      </Link>
                    )}
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </ScrollArea>
  );
}
