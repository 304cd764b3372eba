"use client";

import { useId, useRef } from "react";
import { ModalFrame } from "@/components/ui/modal-frame";
import { Spinner } from "@/components/ui/spinner";

export type DeleteContactDialogProps = {
  contactName: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Confirmation before deleting one contact; a spinner while deleting. Escape and Cancel close (not while deleting). */
export function DeleteContactDialog({ contactName, busy, error, onConfirm, onClose }: DeleteContactDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalFrame open onClose={onClose} labelledBy={titleId} describedBy={descriptionId} busy={busy} initialFocus={cancelRef} className="max-w-md">
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          Delete Contact
        </h2>
        <p id={descriptionId} className="mt-2 text-sm text-gray-600">
          Are you sure you want to delete {contactName}? This action cannot be undone.
        </p>
        {error ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button ref={cancelRef} type="button" onClick={onClose} disabled={busy} className="inline-flex items-center justify-center rounded-md bg-white px-4 py-2 text-sm font-medium text-gray-700 shadow-sm ring-1 ring-gray-300 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-50">
            Cancel
          </button>
          <button type="button" onClick={onConfirm} disabled={busy} className="inline-flex items-center justify-center gap-2 rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2 disabled:opacity-50">
            {busy ? (
              <>
                <span aria-hidden="true">
                  <Spinner className="h-4 w-4" label="" />
                </span>
                Deleting...
              </>
            ) : (
              "Delete"
            )}
          </button>
        </div>
      </div>
    </ModalFrame>
  );
}
