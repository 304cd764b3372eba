"use client";

import { useRouter } from "next/navigation";
import { startTransition, useId, useState } from "react";
import { ModalFrame } from "@/components/ui/modal-frame";
import { chosenSlot, type AddContactsSlot } from "@/components/contacts/list/add-contacts-button";
import { Button } from "@/components/ui/button";
import { apiCall } from "@/lib/api/browser-client";

export const CONTACTS_TUTORIAL = {
  title: "Welcome to your contacts",
  intro: "This is your book of business. Add the clients you want to send quotes to, one at a time or all at once.",
  singleTitle: "One at a time",
  singleText: "Type in one client's name, email, birth date and ZIP code.",
  single: "Add a Contact",
  bulkTitle: "In bulk",
  bulkText: "Upload a CSV file exported from your spreadsheet or CRM, then match its columns to ours.",
  bulk: "Upload a CSV",
  example: "Download an example file",
  done: "Got it",
} as const;

/** The "+ Add Contact" button (add-contacts-button.tsx) carries this attribute: focus goes there when the tutorial closes. */
export const ADD_CONTACT_BUTTON_ATTR = "data-add-contact";

type Mode = "tutorial" | "single" | "csv" | "closed";

/**
 * The Welcome tutorial of /contacts (lib/profile/contacts-tutorial.ts says when it shows). Its two
 * buttons open the Add New Client form and the Upload CSV modal; Escape, the backdrop or "Got it" close
 * it. However it closes, the user's flag is stored (POST /api/profile/dismiss-contacts-tutorial) so it
 * does not come back, and focus goes to "+ Add Contact".
 */
export function ContactsTutorial({
  singleContactModal,
  csvUploadModal,
}: {
  singleContactModal?: AddContactsSlot;
  csvUploadModal?: AddContactsSlot;
}) {
  const router = useRouter();
  const [mode, setMode] = useState<Mode>("tutorial");
  const titleId = useId();
  const descriptionId = useId();

  const leave = (next: Mode) => {
    document.querySelector<HTMLElement>(`[${ADD_CONTACT_BUTTON_ATTR}]`)?.focus();
    setMode(next);
    // Best effort: should it fail, the tutorial shows once more next time.
    void apiCall("/api/profile/dismiss-contacts-tutorial", { method: "POST" });
  };
  const close = () => setMode("closed");
  const saved = () => {
    setMode("closed");
    startTransition(() => router.refresh());
  };

  const card = (title: string, text: string, button: string, onPick: () => void, primary: boolean) => (
    <div className="flex flex-col rounded-lg border border-gray-200 p-4">
      <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
      <p className="mt-1 flex-1 text-sm text-gray-600">{text}</p>
      <Button variant={primary ? "primary" : "secondary"} className="mt-3" onClick={onPick}>
        {button}
      </Button>
    </div>
  );

  return (
    <>
      <ModalFrame
        open={mode === "tutorial"}
        onClose={() => leave("closed")}
        labelledBy={titleId}
        describedBy={descriptionId}
        className="max-w-xl"
      >
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            {CONTACTS_TUTORIAL.title}
          </h2>
          <p id={descriptionId} className="mt-1 text-sm text-gray-600">
            {CONTACTS_TUTORIAL.intro}
          </p>
          <div className="mt-5 grid gap-3 sm:grid-cols-2">
            {card(
              CONTACTS_TUTORIAL.singleTitle,
              CONTACTS_TUTORIAL.singleText,
              CONTACTS_TUTORIAL.single,
              () => leave("single"),
              true,
            )}
            {card(
              CONTACTS_TUTORIAL.bulkTitle,
              CONTACTS_TUTORIAL.bulkText,
              CONTACTS_TUTORIAL.bulk,
              () => leave("csv"),
              false,
            )}
          </div>
          <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
            <a
              href="/example.csv"
              download
              className="text-sm font-medium text-brand-700 underline hover:text-brand-800"
            >
              {CONTACTS_TUTORIAL.example}
            </a>
            <Button variant="secondary" onClick={() => leave("closed")}>
              {CONTACTS_TUTORIAL.done}
            </Button>
          </div>
        </div>
      </ModalFrame>
      {chosenSlot(mode, { singleContactModal, csvUploadModal }, close, saved)}
    </>
  );
}
