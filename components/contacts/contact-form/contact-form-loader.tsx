"use client";

import { useEffect, useState } from "react";
import { ContactFormModal, type ContactFormAgent } from "@/components/contacts/contact-form/contact-form-modal";
import { Button } from "@/components/ui/button";
import { ModalFrame } from "@/components/ui/modal-frame";
import { Spinner } from "@/components/ui/spinner";
import { apiRequest } from "@/lib/api/browser-client";
import type { AgentsResponse } from "@/lib/agents/agent-schema";
import type { SessionResponse } from "@/lib/auth/current-account";
import type { ContactDetail } from "@/lib/contacts/contact-schema";
import type { SettingsCarriersResponse } from "@/lib/settings/update-org-settings-body";

type Loaded = {
  agents: ContactFormAgent[];
  knownCarriers: string[];
  agencyCarriers: string[];
  currentUser: { id: string; isAdmin: boolean };
  contact: ContactDetail | null;
};

/**
 * The contact form as the contact list opens it (add, or edit a row): loads what the form needs (the
 * agents, who is asking, and in edit mode the contact) and then shows it.
 */
export function ContactFormLoader({
  mode,
  contactId,
  onClose,
  onSaved,
}: {
  mode: "add" | "edit";
  contactId?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    Promise.all([
      apiRequest<AgentsResponse>("/api/agents"),
      apiRequest<SessionResponse>("/api/auth/session"),
      // The full carrier list only widens the choice: without it the agent's own carriers remain.
      apiRequest<SettingsCarriersResponse>("/api/settings/carriers").catch(() => null),
      mode === "edit" && contactId
        ? apiRequest<ContactDetail>(`/api/contacts/${encodeURIComponent(contactId)}`)
        : Promise.resolve(null),
    ])
      .then(([agents, session, carriers, contact]) => {
        if (!session.valid || !session.id) throw new Error("signed out");
        if (!cancelled)
          setLoaded({
            agents: agents.agents,
            knownCarriers: carriers?.carriers.map((c) => c.name) ?? [],
            agencyCarriers: carriers?.contracted ?? [],
            currentUser: { id: session.id, isAdmin: session.is_admin === true },
            contact,
          });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [mode, contactId]);

  if (loaded) {
    return (
      <ContactFormModal
        mode={mode}
        contact={loaded.contact}
        agents={loaded.agents}
        knownCarriers={loaded.knownCarriers}
        agencyCarriers={loaded.agencyCarriers}
        currentUser={loaded.currentUser}
        title={mode === "edit" ? "Edit Client" : undefined}
        onClose={onClose}
        onSaved={() => onSaved()}
      />
    );
  }
  return (
    <ModalFrame open onClose={onClose} labelledBy="contact-form-loading-title" className="max-w-sm">
      <div className="flex flex-col items-center gap-3 p-8 text-center">
        <h2 id="contact-form-loading-title" className="sr-only">
          {mode === "edit" ? "Edit Client" : "Add New Client"}
        </h2>
        {failed ? (
          <>
            <p role="alert" className="text-red-600">
              {mode === "edit" ? "Failed to load contact" : "Failed to load contact data/details"}
            </p>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </>
        ) : (
          <>
            <Spinner className="h-6 w-6 text-brand-600" label="Loading" />
            <p className="text-sm text-gray-600">Loading...</p>
          </>
        )}
      </div>
    </ModalFrame>
  );
}
