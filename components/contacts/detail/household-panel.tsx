"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { apiCall } from "@/lib/api/browser-client";
import type { ContactListResponse } from "@/lib/contacts/list-contacts-view";
import type { HouseholdPartner, HouseholdView, SaveHouseholdResponse } from "@/lib/households/household-schema";

/**
 * The contact page's Household card (issue #20 point 1, docs/households.md): the contact's confirmed household
 * or the open suggestion made from the address, with Confirm / Not a Household for a suggestion, Undo for a
 * pairing (asked first), and Link Spouse/Partner for a contact with neither. Every action goes through the
 * household routes; the parent shows the notice and reads the page again.
 */

export const HOUSEHOLD_PANEL_TEXT = {
  title: "Household",
  none: "No household linked.",
  noneHint: "Two contacts with the same street address and ZIP code are suggested here.",
  suggested: "has the same address. Are they one household?",
  confirm: "Confirm",
  dismiss: "Not a Household",
  undo: "Undo",
  link: "Link Spouse/Partner",
  confirmed: "Household confirmed.",
  dismissed: "Suggestion dismissed.",
  undone: "Household undone.",
  linked: "Household linked.",
  failed: "Could not update the household. Please try again.",
} as const;

const partnerName = (partner: HouseholdPartner) => `${partner.firstName} ${partner.lastName}`.trim() || "Contact";

const formatDay = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" }) : null;

export type HouseholdPanelProps = {
  contactId: string;
  contactName: string;
  household: HouseholdView | null;
  /** Called after a change with the notice to show; the parent reads the page again. */
  onChanged: (notice: string) => void;
};

export function HouseholdPanel({ contactId, contactName, household, onChanged }: HouseholdPanelProps) {
  const [busy, setBusy] = useState<"confirm" | "dismiss" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<"none" | "undo" | "link">("none");

  async function act(action: "confirm" | "dismiss", notice: string) {
    if (!household) return;
    setBusy(action);
    setError(null);
    const result = await apiCall<SaveHouseholdResponse>(
      `/api/households/${encodeURIComponent(household.id)}/${action}`,
      { method: "POST", body: {} },
    );
    setBusy(null);
    if (!result.ok) {
      setError(result.message ?? HOUSEHOLD_PANEL_TEXT.failed);
      return;
    }
    setDialog("none");
    onChanged(notice);
  }

  const partnerLink = household ? (
    <Link
      href={`/contact/${household.partner.id}`}
      className="font-medium text-brand-600 hover:text-brand-700 hover:underline"
    >
      {partnerName(household.partner)}
    </Link>
  ) : null;

  return (
    <section aria-labelledby="household-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <div className="flex items-center justify-between gap-3">
        <h2 id="household-title" className="text-base font-semibold text-gray-900">
          {HOUSEHOLD_PANEL_TEXT.title}
        </h2>
        {household?.status === "confirmed" ? (
          <Badge tone="success">{household.kind === "explicit" ? "Linked" : "Confirmed"}</Badge>
        ) : household?.status === "suggested" ? (
          <Badge tone="info">Suggested</Badge>
        ) : null}
      </div>

      {!household ? (
        <>
          <p className="mt-3 text-sm text-gray-900">{HOUSEHOLD_PANEL_TEXT.none}</p>
          <p className="mt-1 text-xs text-gray-600">{HOUSEHOLD_PANEL_TEXT.noneHint}</p>
          <Button variant="secondary" className="mt-4" onClick={() => setDialog("link")}>
            {HOUSEHOLD_PANEL_TEXT.link}
          </Button>
        </>
      ) : household.status === "suggested" ? (
        <>
          <p className="mt-3 text-sm text-gray-900">
            {partnerLink} {HOUSEHOLD_PANEL_TEXT.suggested}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              onClick={() => void act("confirm", HOUSEHOLD_PANEL_TEXT.confirmed)}
              loading={busy === "confirm"}
              loadingLabel="Confirming..."
              disabled={busy !== null}
            >
              {HOUSEHOLD_PANEL_TEXT.confirm}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void act("dismiss", HOUSEHOLD_PANEL_TEXT.dismissed)}
              loading={busy === "dismiss"}
              loadingLabel="Dismissing..."
              disabled={busy !== null}
            >
              {HOUSEHOLD_PANEL_TEXT.dismiss}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="mt-3 text-sm text-gray-900">Lives with {partnerLink}</p>
          <p className="mt-1 text-xs text-gray-600">
            {household.kind === "explicit" ? "Linked as spouse/partner" : "Same address, confirmed"}
            {formatDay(household.confirmedAt) ? ` on ${formatDay(household.confirmedAt)}` : ""}
          </p>
          <Button variant="secondary" className="mt-4" onClick={() => setDialog("undo")}>
            {HOUSEHOLD_PANEL_TEXT.undo}
          </Button>
        </>
      )}

      {error && dialog === "none" ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}

      {dialog === "undo" && household ? (
        <Dialog
          title="Undo Household"
          description={`${contactName} and ${partnerName(household.partner)} will be treated as two separate people.`}
          busy={busy !== null}
          onClose={() => {
            setDialog("none");
            setError(null);
          }}
          className="max-w-md"
        >
          {error ? (
            <DialogBody>
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
                {error}
              </p>
            </DialogBody>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" onClick={() => setDialog("none")} disabled={busy !== null}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => void act("dismiss", HOUSEHOLD_PANEL_TEXT.undone)}
              loading={busy === "dismiss"}
              loadingLabel="Undoing..."
            >
              Undo Household
            </Button>
          </DialogFooter>
        </Dialog>
      ) : null}

      {dialog === "link" ? (
        <LinkPartnerDialog
          contactId={contactId}
          contactName={contactName}
          onClose={() => setDialog("none")}
          onLinked={() => {
            setDialog("none");
            onChanged(HOUSEHOLD_PANEL_TEXT.linked);
          }}
        />
      ) : null}
    </section>
  );
}

const SEARCH_DELAY_MS = 300;
const RESULTS_SHOWN = 8;

type Candidate = { id: string; name: string; email: string };

/**
 * Link Spouse/Partner: search the viewer's contacts (GET /api/contacts?search=, the list's own search and
 * visibility), pick one, Link. The server's refusal (already in a household, not found) is shown as it says it.
 */
function LinkPartnerDialog({
  contactId,
  contactName,
  onClose,
  onLinked,
}: {
  contactId: string;
  contactName: string;
  onClose: () => void;
  onLinked: () => void;
}) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState("");
  const [search, setSearch] = useState<{ state: "idle" | "loading" | "done" | "failed"; results: Candidate[] }>({
    state: "idle",
    results: [],
  });
  const [chosen, setChosen] = useState<Candidate | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const query = term.trim();
    if (query.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setSearch((s) => ({ ...s, state: "loading" }));
      const result = await apiCall<ContactListResponse>(`/api/contacts?search=${encodeURIComponent(query)}&limit=50`, {
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      if (!result.ok) {
        setSearch({ state: "failed", results: [] });
        return;
      }
      const results = result.body.contacts
        .filter((c) => c.id !== contactId)
        .slice(0, RESULTS_SHOWN)
        .map((c) => ({ id: c.id, name: `${c.firstName} ${c.lastName}`.trim(), email: c.email }));
      setSearch({ state: "done", results });
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, contactId]);

  async function link() {
    if (!chosen) return;
    setSaving(true);
    setError(null);
    const result = await apiCall<SaveHouseholdResponse>(`/api/contacts/${encodeURIComponent(contactId)}/household`, {
      method: "POST",
      body: { partnerId: chosen.id },
    });
    setSaving(false);
    if (result.ok) onLinked();
    else setError(result.message ?? HOUSEHOLD_PANEL_TEXT.failed);
  }

  const showResults = term.trim().length >= 2;
  return (
    <Dialog
      title={HOUSEHOLD_PANEL_TEXT.link}
      description={`Find the contact who lives with ${contactName}.`}
      closeLabel="Close"
      busy={saving}
      initialFocus={inputRef}
      onClose={onClose}
    >
      <DialogBody>
        <label htmlFor={inputId} className="block text-sm font-medium text-gray-900">
          Search contacts
        </label>
        <Input
          id={inputId}
          ref={inputRef}
          type="search"
          autoComplete="off"
          placeholder="Name or email"
          className="mt-1"
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setChosen(null);
            // Until the answer for this term comes, no older term's results are shown.
            setSearch({ state: "loading", results: [] });
          }}
        />
        <div className="mt-3 min-h-24" aria-live="polite">
          {!showResults ? (
            <p className="text-sm text-gray-600">Type at least 2 letters.</p>
          ) : search.state !== "done" && search.state !== "failed" ? (
            <p className="inline-flex items-center gap-2 text-sm text-gray-600">
              <Spinner className="h-4 w-4" label="" /> Searching...
            </p>
          ) : search.state === "failed" ? (
            <p className="text-sm text-red-700">Search failed. Please try again.</p>
          ) : search.results.length === 0 ? (
            <p className="text-sm text-gray-600">No contacts found.</p>
          ) : (
            <fieldset>
              <legend className="sr-only">Contacts found</legend>
              <ul className="divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200">
                {search.results.map((candidate) => (
                  <li key={candidate.id}>
                    <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-gray-50">
                      <input
                        type="radio"
                        name={`${inputId}-partner`}
                        checked={chosen?.id === candidate.id}
                        onChange={() => setChosen(candidate)}
                        className="h-4 w-4"
                      />
                      <span className="min-w-0">
                        <span className="block truncate text-sm font-medium text-gray-900">
                          {candidate.name || candidate.email}
                        </span>
                        <span className="block truncate text-xs text-gray-600">{candidate.email}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
        </div>
        {error ? (
          <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void link()} disabled={!chosen} loading={saving} loadingLabel="Linking...">
          Link
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
