"use client";

import { useId, useState, type ReactNode } from "react";
import { ModalFrame } from "@/components/ui/modal-frame";
import { Button } from "@/components/ui/button";
import { CloseIcon } from "@/components/ui/close-icon";

/**
 * A modal slot: rendered once the user picks that way of adding contacts. `close` dismisses it;
 * `saved` dismisses it after contacts were added (the list refreshes).
 */
export type AddContactsSlot = (close: () => void, saved: () => void) => ReactNode;

export type AddContactsButtonProps = {
  /** Called when the user picks Single Contact. */
  onSingle?: () => void;
  /** Called when the user picks Multiple Contacts via CSV. */
  onCsv?: () => void;
  /** The Add New Client form modal. */
  singleContactModal?: AddContactsSlot;
  /** The Upload CSV modal. */
  csvUploadModal?: AddContactsSlot;
  /** After a slot reports `saved` (the list page refreshes its data). */
  onSaved?: () => void;
  label?: string;
};

type Mode = "closed" | "choose" | "single" | "csv";

/** The modal of the way of adding contacts that was picked (also used by the contacts Welcome tutorial). */
export function chosenSlot(
  mode: string,
  slots: { singleContactModal?: AddContactsSlot; csvUploadModal?: AddContactsSlot },
  close: () => void,
  saved: () => void,
): ReactNode {
  if (mode === "single") return slots.singleContactModal?.(close, saved) ?? null;
  if (mode === "csv") return slots.csvUploadModal?.(close, saved) ?? null;
  return null;
}

/**
 * "+ Add Contact": opens the Add Contacts chooser (Single Contact, or Multiple Contacts via CSV),
 * then the chosen modal through its slot. Escape closes the chooser.
 */
export function AddContactsButton({
  onSingle,
  onCsv,
  singleContactModal,
  csvUploadModal,
  onSaved,
  label = "+ Add Contact",
}: AddContactsButtonProps) {
  const [mode, setMode] = useState<Mode>("closed");
  const titleId = useId();
  const descriptionId = useId();
  const close = () => setMode("closed");
  const saved = () => {
    setMode("closed");
    onSaved?.();
  };
  const canSingle = Boolean(onSingle || singleContactModal);
  const canCsv = Boolean(onCsv || csvUploadModal);

  const option = (title: string, description: string, icon: string, enabled: boolean, onPick: () => void) => (
    <button
      type="button"
      disabled={!enabled}
      onClick={onPick}
      className="group flex w-full items-start gap-4 rounded-lg border border-gray-200 p-4 text-left transition hover:border-brand-500 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-gray-200 disabled:hover:bg-white"
    >
      <span
        className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600 group-hover:bg-white"
        aria-hidden="true"
      >
        <svg className="h-5 w-5" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
          <path strokeLinecap="round" strokeLinejoin="round" d={icon} />
        </svg>
      </span>
      <span>
        <span className="block text-sm font-semibold text-gray-900">{title}</span>
        <span className="mt-0.5 block text-sm text-gray-500">{enabled ? description : "Not available yet."}</span>
      </span>
    </button>
  );

  return (
    <>
      <Button onClick={() => setMode("choose")} aria-haspopup="dialog" data-add-contact="">
        {label}
      </Button>
      <ModalFrame
        open={mode === "choose"}
        onClose={close}
        labelledBy={titleId}
        describedBy={descriptionId}
        className="max-w-md"
      >
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold text-gray-900">
              Add Contacts
            </h2>
            <Button variant="ghost" className="-m-2" onClick={close} aria-label="Close">
              <CloseIcon />
            </Button>
          </div>
          <p id={descriptionId} className="mt-1 text-sm text-gray-500">
            How would you like to add contacts?
          </p>
          <div className="mt-5 space-y-3">
            {option(
              "Single Contact",
              "Enter one client's details by hand.",
              "M18 9v3m0 0v3m0-3h3m-3 0h-3m-2-5a4 4 0 1 1-8 0 4 4 0 0 1 8 0ZM3 20a6 6 0 0 1 12 0v1H3v-1Z",
              canSingle,
              () => {
                setMode("single");
                onSingle?.();
              },
            )}
            {option(
              "Multiple Contacts via CSV",
              "Upload a spreadsheet of contacts (CSV).",
              "M4 16v1a3 3 0 0 0 3 3h10a3 3 0 0 0 3-3v-1m-4-8-4-4m0 0L8 8m4-4v12",
              canCsv,
              () => {
                setMode("csv");
                onCsv?.();
              },
            )}
          </div>
        </div>
      </ModalFrame>
      {chosenSlot(mode, { singleContactModal, csvUploadModal }, close, saved)}
    </>
  );
}
