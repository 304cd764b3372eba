"use client";

import { useEffect, useState } from "react";
import { CsvUploadModal, type CsvUploadModalProps } from "@/components/contacts/csv-upload/csv-upload-modal";
import { ModalFrame } from "@/components/ui/modal-frame";
import { Spinner } from "@/components/ui/spinner";

type Loaded = Pick<CsvUploadModalProps, "currentUser" | "organization">;

type MeBody = { user?: { id?: unknown; firstName?: unknown; is_admin?: unknown }; demo_mode?: unknown };

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" });
  if (!response.ok) throw new Error(String(response.status));
  return response.json();
}

/** Who is asking (GET /api/me) and the organization's effective-date window (GET /api/settings/outreach-delay). */
export async function loadCsvUploadContext(): Promise<Loaded> {
  const [me, delay] = await Promise.all([getJson("/api/me") as Promise<MeBody>, getJson("/api/settings/outreach-delay").catch(() => null) as Promise<{ contactOutreachDelayMonths?: unknown } | null>]);
  if (!me?.user || typeof me.user.id !== "string") throw new Error("no user");
  const months = delay && typeof delay.contactOutreachDelayMonths === "number" ? delay.contactOutreachDelayMonths : undefined;
  return {
    currentUser: { id: me.user.id, firstName: typeof me.user.firstName === "string" ? me.user.firstName : "", isAdmin: me.user.is_admin === true },
    organization: { demoMode: me.demo_mode === true, effectiveDateWindowMonths: months },
  };
}

/**
 * The CSV upload modal as the contact list's "Multiple Contacts via CSV" slot opens it:
 *   csvUploadModal = (close, saved) => <CsvUploadModalLoader onClose={close} onSaved={saved} />
 * Loads the current user and organization, then shows the modal. `onSaved` is called instead of
 * `onClose` when the modal closes after a successful import (the list refreshes then, not while the
 * results are still on screen).
 */
export function CsvUploadModalLoader({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [imported, setImported] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadCsvUploadContext()
      .then((context) => !cancelled && setLoaded(context))
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
    };
  }, []);

  if (loaded) {
    return <CsvUploadModal open onClose={imported ? onSaved : onClose} onImported={() => setImported(true)} {...loaded} />;
  }
  return (
    <ModalFrame open onClose={onClose} labelledBy="csv-upload-loading-title" className="max-w-sm">
      <div className="flex flex-col items-center gap-3 p-8 text-center">
        <h2 id="csv-upload-loading-title" className="sr-only">
          Upload CSV
        </h2>
        {failed ? (
          <>
            <p role="alert" className="text-sm text-red-600">
              The upload could not be opened. Please try again.
            </p>
            <button type="button" onClick={onClose} className="rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold text-gray-700 hover:bg-gray-50">
              Close
            </button>
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
