"use client";

import { useState } from "react";
import { CsvUploadModal, type CsvUploadModalProps } from "@/components/contacts/csv-upload/csv-upload-modal";

/** Who is asking and the organization's effective-date window: the /contacts server page reads them (no fetch here). */
export type CsvUploadContext = Pick<CsvUploadModalProps, "currentUser" | "organization">;

/**
 * The CSV upload modal as the contact list's "Multiple Contacts via CSV" slot opens it:
 *   csvUploadModal = (close, saved) => <CsvUploadSlot context={context} onClose={close} onSaved={saved} />
 * `onSaved` is called instead of `onClose` when the modal closes after a successful import (the list
 * refreshes then, not while the results are still on screen).
 */
export function CsvUploadSlot({
  context,
  onClose,
  onSaved,
}: {
  context: CsvUploadContext;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [imported, setImported] = useState(false);
  return (
    <CsvUploadModal open onClose={imported ? onSaved : onClose} onImported={() => setImported(true)} {...context} />
  );
}
