"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { chosenSlot, type AddContactsSlot } from "@/components/contacts/list/add-contacts-button";

export const EMPTY_BOOK = {
  title: "Your book is empty",
  text: "Import the clients you already have from a CSV file, or add one by hand. Quotes and follow-ups start from here.",
  import: "Import contacts",
  add: "Add a contact",
} as const;

type Mode = "closed" | "single" | "csv";

/**
 * The next step when the viewer has no contacts yet (the empty contacts page and the empty dashboard):
 * "Import contacts" opens the Upload CSV modal and "Add a contact" the Add New Client form, the same
 * modals as "+ Add Contact". `onSaved` runs after contacts were added (the page refreshes).
 */
export function EmptyBook({
  singleContactModal,
  csvUploadModal,
  onSaved,
  headingLevel = 2,
}: {
  singleContactModal?: AddContactsSlot;
  csvUploadModal?: AddContactsSlot;
  onSaved: () => void;
  headingLevel?: 2 | 3;
}) {
  const [mode, setMode] = useState<Mode>("closed");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const close = () => setMode("closed");
  const saved = () => {
    setMode("closed");
    onSaved();
  };
  return (
    <div className="mx-auto max-w-md text-center" data-empty-book="">
      <Heading className="text-base font-semibold text-gray-900">{EMPTY_BOOK.title}</Heading>
      <p className="mt-1 text-sm text-gray-600">{EMPTY_BOOK.text}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        {csvUploadModal ? <Button onClick={() => setMode("csv")}>{EMPTY_BOOK.import}</Button> : null}
        {singleContactModal ? (
          <Button variant="secondary" onClick={() => setMode("single")}>
            {EMPTY_BOOK.add}
          </Button>
        ) : null}
      </div>
      {chosenSlot(mode, { singleContactModal, csvUploadModal }, close, saved)}
    </div>
  );
}
