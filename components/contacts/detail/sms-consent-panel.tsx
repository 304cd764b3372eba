"use client";

import { useCallback, useEffect, useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { apiCall } from "@/lib/api/browser-client";
import { defaultSmsConsentText, type SmsConsentRequest, type SmsConsentView } from "@/lib/sms/sms-consent-schema";

/**
 * The contact page's "Text messages" card (issue #20 point 3): whether the contact's current number may be
 * texted, and why — the consent an agent recorded with the words the client agreed to, a START by text, a
 * STOP by text or an opt-out an agent recorded. "Record SMS consent" asks for the words and that the client
 * agreed to them; "Record Opt-Out" asks first. Both go through /api/contacts/{id}/sms-consent, then the card
 * reads its state again and tells the parent.
 */

export const SMS_CONSENT_PANEL_TEXT = {
  title: "Text messages",
  noPhone: "Add a 10-digit phone number to text this contact.",
  noConsent: "No consent to text on file.",
  noConsentHint: "Quote texts go only to contacts whose consent an agent recorded, with the words they agreed to.",
  allowedSince: "Texts allowed since",
  optedOutOn: "Opted out of texts on",
  byAgent: "Recorded by an agent",
  byStart: "Restarted by text (START)",
  byStop: "By text (STOP)",
  record: "Record SMS consent",
  consentText: "Consent text",
  agreed: "The client agreed to these words",
  save: "Save Consent",
  optOut: "Record Opt-Out",
  stopTexts: "Stop Texts",
  recorded: "SMS consent recorded.",
  stopped: "Texts stopped.",
  loadFailed: "Could not load the text consent. Please try again.",
  failed: "Could not save. Please try again.",
} as const;

const formatDay = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" }) : "";

export type SmsConsentPanelProps = {
  contactId: string;
  /** The contact's first name (or what the page calls them), for the opt-out question. */
  firstName: string;
  /** The contact's stored number: when it changes (an edit), the card reads its state again. */
  phoneNumber?: string | null;
  /** Called after a change with the notice to show. */
  onChanged?: (notice: string) => void;
};

type Load = { state: "loading" } | { state: "failed" } | { state: "done"; view: SmsConsentView };

export function SmsConsentPanel({ contactId, firstName, phoneNumber, onChanged }: SmsConsentPanelProps) {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [dialog, setDialog] = useState<"none" | "consent" | "withdraw">("none");
  const [reloads, setReloads] = useState(0);

  const url = `/api/contacts/${encodeURIComponent(contactId)}/sms-consent`;

  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      const result = await apiCall<SmsConsentView>(url, { signal: controller.signal });
      if (controller.signal.aborted) return;
      setLoad(result.ok ? { state: "done", view: result.body } : { state: "failed" });
    })();
    return () => controller.abort();
  }, [url, phoneNumber, reloads]);

  const reload = useCallback(() => {
    setLoad({ state: "loading" });
    setReloads((n) => n + 1);
  }, []);

  function saved(notice: string) {
    setDialog("none");
    reload();
    onChanged?.(notice);
  }

  const view = load.state === "done" ? load.view : null;
  const canRecord = view !== null && view.reason !== "no_phone" && !view.allowed;

  return (
    <section aria-labelledby="sms-consent-title" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <div className="flex items-center justify-between gap-3">
        <h2 id="sms-consent-title" className="text-base font-semibold text-gray-900">
          {SMS_CONSENT_PANEL_TEXT.title}
        </h2>
        {view?.allowed ? (
          <Badge tone="success">Allowed</Badge>
        ) : view?.reason === "opted_out" ? (
          <Badge tone="danger">Opted out</Badge>
        ) : null}
      </div>

      {load.state === "loading" ? (
        <p className="mt-3 inline-flex items-center gap-2 text-sm text-gray-600">
          <span aria-hidden="true">
            <Spinner className="h-4 w-4" label="" />
          </span>
          Loading...
        </p>
      ) : load.state === "failed" ? (
        <>
          <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {SMS_CONSENT_PANEL_TEXT.loadFailed}
          </p>
          <Button variant="secondary" className="mt-3" onClick={reload}>
            Try Again
          </Button>
        </>
      ) : view!.reason === "no_phone" ? (
        <p className="mt-3 text-sm text-gray-900">{SMS_CONSENT_PANEL_TEXT.noPhone}</p>
      ) : view!.allowed ? (
        <>
          <p className="mt-3 text-sm text-gray-900">
            {SMS_CONSENT_PANEL_TEXT.allowedSince} {formatDay(view!.since)}
            {view!.phoneNumber ? ` at ${view!.phoneNumber}` : ""}
          </p>
          <p className="mt-1 text-xs text-gray-600">
            {view!.source === "sms_keyword" ? SMS_CONSENT_PANEL_TEXT.byStart : SMS_CONSENT_PANEL_TEXT.byAgent}
          </p>
          {view!.consentText ? (
            <blockquote className="mt-3 border-l-4 border-gray-300 pl-3 text-sm text-gray-800">
              {view!.consentText}
            </blockquote>
          ) : null}
          <Button variant="danger-outline" className="mt-4" onClick={() => setDialog("withdraw")}>
            {SMS_CONSENT_PANEL_TEXT.optOut}
          </Button>
        </>
      ) : view!.reason === "opted_out" ? (
        <>
          <p className="mt-3 text-sm text-gray-900">
            {SMS_CONSENT_PANEL_TEXT.optedOutOn} {formatDay(view!.since)}
          </p>
          <p className="mt-1 text-xs text-gray-600">
            {view!.source === "sms_keyword" ? SMS_CONSENT_PANEL_TEXT.byStop : SMS_CONSENT_PANEL_TEXT.byAgent}
          </p>
        </>
      ) : (
        <>
          <p className="mt-3 text-sm text-gray-900">{SMS_CONSENT_PANEL_TEXT.noConsent}</p>
          <p className="mt-1 text-xs text-gray-600">{SMS_CONSENT_PANEL_TEXT.noConsentHint}</p>
        </>
      )}

      {canRecord ? (
        <Button variant="secondary" className="mt-4" onClick={() => setDialog("consent")}>
          {SMS_CONSENT_PANEL_TEXT.record}
        </Button>
      ) : null}

      {dialog === "consent" && view?.phoneNumber ? (
        <RecordConsentDialog
          url={url}
          firstName={firstName}
          initialText={defaultSmsConsentText({ agencyName: view.agencyName, phoneNumber: view.phoneNumber })}
          onClose={() => setDialog("none")}
          onSaved={() => saved(SMS_CONSENT_PANEL_TEXT.recorded)}
        />
      ) : null}

      {dialog === "withdraw" ? (
        <WithdrawDialog
          url={url}
          firstName={firstName}
          onClose={() => setDialog("none")}
          onSaved={() => saved(SMS_CONSENT_PANEL_TEXT.stopped)}
        />
      ) : null}
    </section>
  );
}

async function postConsent(url: string, body: SmsConsentRequest) {
  return apiCall<{ success: true; consent: SmsConsentView }>(url, { method: "POST", body });
}

function RecordConsentDialog({
  url,
  firstName,
  initialText,
  onClose,
  onSaved,
}: {
  url: string;
  firstName: string;
  initialText: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const textId = useId();
  const errorId = useId();
  const [text, setText] = useState(initialText);
  const [agreed, setAgreed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    setSaving(true);
    setError(null);
    const result = await postConsent(url, { action: "consent", text });
    setSaving(false);
    if (result.ok) onSaved();
    else setError(result.fields.text?.[0] ?? result.message ?? SMS_CONSENT_PANEL_TEXT.failed);
  }

  return (
    <Dialog
      title={SMS_CONSENT_PANEL_TEXT.record}
      description={`Read or show these words to ${firstName}. Save them only if ${firstName} agrees to them.`}
      closeLabel="Close"
      busy={saving}
      onClose={onClose}
    >
      <DialogBody>
        <label htmlFor={textId} className="block text-sm font-medium text-gray-900">
          {SMS_CONSENT_PANEL_TEXT.consentText}
        </label>
        <Textarea
          id={textId}
          rows={6}
          maxLength={2000}
          className="mt-1"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <Checkbox
          className="mt-3"
          label={SMS_CONSENT_PANEL_TEXT.agreed}
          checked={agreed}
          required
          onChange={setAgreed}
        />
        {error ? (
          <p id={errorId} role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={!agreed} loading={saving} loadingLabel="Saving...">
          {SMS_CONSENT_PANEL_TEXT.save}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

function WithdrawDialog({
  url,
  firstName,
  onClose,
  onSaved,
}: {
  url: string;
  firstName: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function withdraw() {
    setSaving(true);
    setError(null);
    const result = await postConsent(url, { action: "withdraw" });
    setSaving(false);
    if (result.ok) onSaved();
    else setError(result.message ?? SMS_CONSENT_PANEL_TEXT.failed);
  }

  return (
    <Dialog
      title={`Stop texting ${firstName}?`}
      description={`Records that ${firstName} asked not to be texted. No quote texts go to this number until ${firstName} agrees again.`}
      busy={saving}
      onClose={onClose}
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
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => void withdraw()} loading={saving} loadingLabel="Stopping...">
          {SMS_CONSENT_PANEL_TEXT.stopTexts}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
