"use client";

import { useId, useRef } from "react";
import { ModalFrame } from "@/components/ui/modal-frame";
import { Button } from "@/components/ui/button";

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
    <ModalFrame
      open
      onClose={onClose}
      labelledBy={titleId}
      describedBy={descriptionId}
      busy={busy}
      initialFocus={cancelRef}
      className="max-w-md"
    >
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
          <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} loadingLabel="Deleting...">
            Delete
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}
