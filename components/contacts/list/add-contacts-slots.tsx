"use client";

import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { ContactFormLoader } from "@/components/contacts/contact-form/contact-form-loader";
import { CsvUploadSlot, type CsvUploadContext } from "@/components/contacts/csv-upload/csv-upload-slot";
import type { AddContactsSlot } from "@/components/contacts/list/add-contacts-button";
import { ContactsTutorial } from "@/components/contacts/list/contacts-tutorial";
import { EmptyBook } from "@/components/contacts/list/empty-book";
import type { ContactListRow } from "@/lib/contacts/list-contacts-view";

/** The Edit Client modal for one row: `close` dismisses it, `saved` dismisses it and refreshes the list. */
export type EditContactSlot = (contact: ContactListRow, close: () => void, saved: () => void) => ReactNode;

/**
 * Where the contact list finds the modals other screens provide: the /contacts page is a server
 * component and cannot hand functions to the client list, so the wiring lives here. The contact form's
 * loader fetches what it needs (agents, the viewer, the contact); the CSV upload gets its context
 * (the viewer, the effective-date window) from the page.
 */
export const singleContactModal: AddContactsSlot | undefined = (close, saved) => (
  <ContactFormLoader mode="add" onClose={close} onSaved={saved} />
);
export function csvUploadModalFor(context: CsvUploadContext): AddContactsSlot {
  return function CsvUploadModalSlot(close, saved) {
    return <CsvUploadSlot context={context} onClose={close} onSaved={saved} />;
  };
}
export const editContactModal: EditContactSlot | undefined = (contact, close, saved) => (
  <ContactFormLoader mode="edit" contactId={contact.id} onClose={close} onSaved={saved} />
);

/** The Welcome tutorial with the same two modals as "+ Add Contact" (the page decides whether it shows). */
export function ContactsTutorialSlot({ csvUpload }: { csvUpload: CsvUploadContext }) {
  return <ContactsTutorial singleContactModal={singleContactModal} csvUploadModal={csvUploadModalFor(csvUpload)} />;
}

/** The empty dashboard's next step: Import contacts / Add a contact, the same modals; the page refreshes after. */
export function EmptyBookSlot({ csvUpload }: { csvUpload: CsvUploadContext }) {
  const router = useRouter();
  return (
    <Card>
      <EmptyBook
        singleContactModal={singleContactModal}
        csvUploadModal={csvUploadModalFor(csvUpload)}
        onSaved={() => router.refresh()}
      />
    </Card>
  );
}
