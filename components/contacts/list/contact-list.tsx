"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState, useTransition } from "react";
import { AddContactsButton, type AddContactsSlot } from "@/components/contacts/list/add-contacts-button";
import * as slots from "@/components/contacts/list/add-contacts-slots";
import type { EditContactSlot } from "@/components/contacts/list/add-contacts-slots";
import type { CsvUploadContext } from "@/components/contacts/csv-upload/csv-upload-slot";
import { ContactFilters } from "@/components/contacts/list/contact-filters";
import { ContactPagination } from "@/components/contacts/list/contact-pagination";
import { totalLabel } from "@/components/contacts/list/pagination-items";
import { ContactTable } from "@/components/contacts/list/contact-table";
import { EmptyBook } from "@/components/contacts/list/empty-book";
import { DeleteContactsModal } from "@/components/contacts/list/delete-contacts-modal";
import { ReassignContactsModal, type AgentOption } from "@/components/contacts/list/reassign-contacts-modal";
import { SelectionBar } from "@/components/contacts/list/selection-bar";
import { UNASSIGNED_AGENT } from "@/lib/contacts/list-contacts-query";
import {
  contactExportHref,
  contactListHref,
  hasContactListFilters,
  type ContactListFilters,
} from "@/lib/contacts/list-contacts-url";
import {
  CONTACT_LIST_MESSAGES,
  type ContactListFilterOptions,
  type ContactListRow,
} from "@/lib/contacts/list-contacts-view";
import { buttonClass } from "@/components/ui/button";
import { apiCall, type ApiFailure } from "@/lib/api/browser-client";
import type { DeleteContactsResult, ReassignContactsResult } from "@/lib/contacts/bulk-contacts";

export type ContactListAgent = AgentOption & { isActive: boolean; isAgent: boolean };

export type ContactListProps = {
  contacts: ContactListRow[];
  total: number;
  /** More than `total` match (a broad search, not counted past it): "Contacts (2,000+)". */
  totalCapped?: boolean;
  page: number;
  limit: number;
  /** The filters the page was rendered with (from the URL). */
  filters: ContactListFilters;
  filterOptions: ContactListFilterOptions;
  /** The organization's agents (admins) or the viewer alone (agents). */
  agents: ContactListAgent[];
  isAdmin: boolean;
  /** The organization's default agent, the Agent column's last fallback before "Default". */
  defaultAgentName: string | null;
  /** Who is asking and the effective-date window, for the CSV upload (read by the server page). */
  csvUpload?: CsvUploadContext;
  /** The modals behind + Add Contact and Edit; by default those wired in add-contacts-slots.tsx. */
  singleContactModal?: AddContactsSlot;
  csvUploadModal?: AddContactsSlot;
  /** The Edit column's modal; without one Edit opens the contact's page. */
  editContactModal?: EditContactSlot;
};

type Dialog = "delete" | "reassign" | null;
type Notice = { kind: "success" | "error"; text: string } | null;

/** The spec's failure text; an expired session says so instead. */
const failureText = (failure: ApiFailure, fallback: string) =>
  failure.status === 401 && failure.message ? failure.message : fallback;

/**
 * The contact list below the stat cards: header, filters, table, pagination, the selection bar and
 * the bulk modals. Its data comes from the server page; filters and paging live in the URL
 * (router.replace), and "Loading contacts..." shows while the next page renders.
 */
export function ContactList({
  contacts,
  total,
  totalCapped = false,
  page,
  limit,
  filters,
  filterOptions,
  agents,
  isAdmin,
  defaultAgentName,
  singleContactModal = slots.singleContactModal,
  csvUpload,
  csvUploadModal = csvUpload ? slots.csvUploadModalFor(csvUpload) : undefined,
  editContactModal = slots.editContactModal,
}: ContactListProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<ContactListRow | null>(null);

  // A new set of rows (another page, other filters, after a delete) starts with nothing selected.
  const rowsKey = contacts.map((c) => c.id).join(",");
  const [selectionRowsKey, setSelectionRowsKey] = useState(rowsKey);
  if (rowsKey !== selectionRowsKey) {
    setSelectionRowsKey(rowsKey);
    setSelected(new Set());
  }

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 5000);
    return () => clearTimeout(timer);
  }, [notice]);

  const current: ContactListFilters = { ...filters, page, limit };
  const navigate = (next: ContactListFilters) =>
    startTransition(() => router.replace(contactListHref(next), { scroll: false }));
  const refresh = () => startTransition(() => router.refresh());
  const changeFilters = (patch: Partial<ContactListFilters>) => navigate({ ...current, ...patch, page: 1 });

  const selectedIds = contacts.filter((c) => selected.has(c.id)).map((c) => c.id);
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected(selectedIds.length === contacts.length ? new Set() : new Set(contacts.map((c) => c.id)));

  const agentOptions = useMemo(
    () =>
      isAdmin
        ? [...agents.map((a) => ({ value: a.id, label: a.name })), { value: UNASSIGNED_AGENT, label: "Unassigned" }]
        : null,
    [agents, isAdmin],
  );
  const reassignOptions = useMemo(
    () => agents.filter((a) => a.isActive && a.isAgent).map(({ id, name }) => ({ id, name })),
    [agents],
  );

  const openDialog = (which: Dialog) => {
    setDialogError(null);
    setDialog(which);
  };
  const closeDialog = () => {
    if (!busy) setDialog(null);
  };

  const confirmDelete = async () => {
    setBusy(true);
    setDialogError(null);
    const result = await apiCall<DeleteContactsResult>("/api/contacts", {
      method: "DELETE",
      body: { contact_ids: selectedIds },
    });
    setBusy(false);
    if (!result.ok) {
      setDialogError(failureText(result, CONTACT_LIST_MESSAGES.deleteFailed));
      return;
    }
    setDialog(null);
    setSelected(new Set());
    setNotice({ kind: "success", text: result.body.message ?? "Contacts deleted" });
    // Emptied the last page: step back one rather than show an empty page.
    if (selectedIds.length === contacts.length && page > 1) navigate({ ...current, page: page - 1 });
    else refresh();
  };

  const confirmReassign = async (agentId: string | null) => {
    setBusy(true);
    setDialogError(null);
    const result = await apiCall<ReassignContactsResult>("/api/contacts/reassign", {
      method: "PUT",
      body: { contact_ids: selectedIds, agent_id: agentId },
    });
    setBusy(false);
    if (!result.ok) {
      setDialogError(failureText(result, CONTACT_LIST_MESSAGES.reassignFailed));
      return;
    }
    setDialog(null);
    setSelected(new Set());
    setNotice({ kind: "success", text: result.body.message ?? "Contacts reassigned" });
    refresh();
  };

  const toOptions = (values: string[]) => values.map((value) => ({ value, label: value }));

  return (
    <section
      className={`rounded-lg bg-white shadow-sm ring-1 ring-gray-200 ${selectedIds.length > 0 ? "mb-28 sm:mb-20" : ""}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 px-4 py-4">
        <h1 className="text-xl font-bold text-gray-900 sm:text-2xl">Contacts ({totalLabel(total, totalCapped)})</h1>
        {isAdmin ? (
          <a href={contactExportHref(current)} download className={buttonClass({ variant: "secondary" })}>
            <svg
              className="h-4 w-4"
              fill="none"
              viewBox="0 0 24 24"
              stroke="currentColor"
              strokeWidth={2}
              aria-hidden="true"
            >
              <path
                strokeLinecap="round"
                strokeLinejoin="round"
                d="M4 16v1a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3v-1m-4-4-4 4m0 0-4-4m4 4V4"
              />
            </svg>
            Export CSV
          </a>
        ) : null}
      </div>

      {notice ? (
        <div
          role="status"
          className={`mx-4 mt-4 rounded-md px-3 py-2 text-sm ${notice.kind === "success" ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-700"}`}
        >
          {notice.text}
        </div>
      ) : null}

      <ContactFilters
        filters={current}
        onChange={changeFilters}
        agentOptions={agentOptions}
        carrierOptions={toOptions(filterOptions.carriers)}
        stateOptions={toOptions(filterOptions.states)}
        addContact={
          <AddContactsButton
            singleContactModal={singleContactModal}
            csvUploadModal={csvUploadModal}
            onSaved={refresh}
          />
        }
      />

      {totalCapped ? (
        <p role="status" className="mx-4 mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          More than {total.toLocaleString("en-US")} contacts match. Type more of the name, email or phone, or filter by
          state, to see the rest.
        </p>
      ) : null}

      <ContactTable
        contacts={contacts}
        loading={pending}
        selectedIds={new Set(selectedIds)}
        onToggle={toggle}
        onToggleAll={toggleAll}
        defaultAgentName={defaultAgentName}
        onEdit={editContactModal ? setEditing : undefined}
        emptyAction={
          total === 0 && !hasContactListFilters(filters) ? (
            <EmptyBook singleContactModal={singleContactModal} csvUploadModal={csvUploadModal} onSaved={refresh} />
          ) : undefined
        }
      />

      <ContactPagination
        page={page}
        limit={limit}
        total={total}
        totalCapped={totalCapped}
        disabled={pending}
        onPage={(n) => navigate({ ...current, page: n })}
        onLimit={(n) => navigate({ ...current, limit: n, page: 1 })}
      />

      <SelectionBar
        count={selectedIds.length}
        isAdmin={isAdmin}
        onCancel={() => setSelected(new Set())}
        onReassign={() => openDialog("reassign")}
        onDelete={() => openDialog("delete")}
      />

      <DeleteContactsModal
        open={dialog === "delete"}
        count={selectedIds.length}
        busy={busy}
        error={dialogError}
        onConfirm={confirmDelete}
        onClose={closeDialog}
      />
      {isAdmin ? (
        <ReassignContactsModal
          open={dialog === "reassign"}
          count={selectedIds.length}
          agents={reassignOptions}
          busy={busy}
          error={dialogError}
          onConfirm={confirmReassign}
          onClose={closeDialog}
        />
      ) : null}
      {editing && editContactModal
        ? editContactModal(
            editing,
            () => setEditing(null),
            () => {
              setEditing(null);
              refresh();
            },
          )
        : null}
    </section>
  );
}
