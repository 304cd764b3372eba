"use client";

import { useId, useRef } from "react";
import { ModalFrame } from "@/components/ui/modal-frame";
import { Spinner } from "@/components/ui/spinner";
import { contactCountLabel } from "@/lib/contacts/list-contacts-view";
import { Button } from "@/components/ui/button";

/** "Are you sure you want to delete N contacts? This action cannot be undone." (client-side.md §2) */
export function deleteConfirmationText(count: number): string {
  return `Are you sure you want to delete ${contactCountLabel(count)}? This action cannot be undone.`;
}

export type DeleteContactsModalProps = {
  open: boolean;
  count: number;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Delete Contacts confirmation; a spinner while deleting; Escape or Cancel closes (not mid-delete). */
export function DeleteContactsModal({ open, count, busy, error, onConfirm, onClose }: DeleteContactsModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      busy={busy}
      labelledBy={titleId}
      describedBy={descriptionId}
      initialFocus={cancelRef}
      className="max-w-md"
    >
      <div className="p-6">
        <div className="flex items-start gap-4">
          <span
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-600"
            aria-hidden="true"
          >
            <svg className="h-5 w-5" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
              <path
                strokeLinecap="round"
                strokeLinejoin="round"
                d="M12 9v4m0 4h.01M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0Z"
              />
            </svg>
          </span>
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-gray-900">
              Delete Contacts
            </h2>
            <p id={descriptionId} className="mt-2 text-sm text-gray-600">
              {deleteConfirmationText(count)}
            </p>
          </div>
        </div>
        {error ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" ref={cancelRef} onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {busy ? (
              <>
                <Spinner className="h-4 w-4" label="Deleting contacts" />
                Deleting...
              </>
            ) : (
              "Delete"
            )}
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}
