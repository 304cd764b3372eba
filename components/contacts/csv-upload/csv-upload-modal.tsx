"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { SupportedCarrier } from "@/lib/contacts/import/carrier-mapping";
import {
  autoMapColumns,
  detectCountyColumn,
  detectStreetColumn,
  detectUnitColumn,
  detectStateColumn,
  type ColumnMapping,
} from "@/lib/contacts/import/column-mapping";
import {
  IMPORT_MESSAGES,
  MAX_IMPORT_ROWS,
  type BulkImportResponse,
  type ImportContactInput,
  type ImportField,
} from "@/lib/contacts/import/import-types";
import { uniqueColumnValues, type ParsedCsv } from "@/lib/contacts/import/parse-csv";
import {
  buildImportRequest,
  countEmails,
  suggestCarrierMapping,
  suggestPlanMapping,
  supportedCarrierList,
  supportedCarriersFromNames,
  uploadBlocker,
  type CsvImportPhase,
} from "@/components/contacts/csv-upload/build-import-request";
import {
  initialAgentId,
  loadAgents,
  loadCarrierNames,
  type AgentOption,
} from "@/components/contacts/csv-upload/csv-upload-api";
import {
  CarrierMappingSection,
  ColumnMappingSection,
  DropZone,
  ErrorPanel,
  PlanMappingSection,
  ProcessingNotice,
  ResultPanels,
} from "@/components/contacts/csv-upload/csv-upload-sections";
import {
  bulkImportFailure,
  CSV_UPLOAD_MESSAGES,
  householdsFoundMessage,
  unchangedRowsMessage,
  type UploadFailure,
} from "@/components/contacts/csv-upload/import-messages";
import { CsvFileError, fileRefusal, parseCsvFile } from "@/components/contacts/csv-upload/parse-csv-file";
import {
  errorRowsDownload,
  saveCsvFile,
  unrecognizedCarriersDownload,
} from "@/components/contacts/csv-upload/result-downloads";
import { sendImportInChunks } from "@/components/contacts/csv-upload/send-import-chunks";
import { TRIAL_IMPORT_NOTICE } from "@/lib/trial/trial-sample";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Select } from "@/components/ui/input";

export type CsvUploadModalProps = {
  open: boolean;
  onClose: () => void;
  /** Called once an import succeeded (before the result / success view), e.g. to refresh the list. */
  onImported: (result: BulkImportResponse) => void;
  currentUser: { id: string; firstName: string; isAdmin: boolean };
  organization: { demoMode: boolean; effectiveDateWindowMonths?: number | null };
};

/** How far an upload has gone: building the rows, sending chunk n of N, the server importing them. */
type UploadStage =
  | { step: "preparing"; fraction: number }
  | { step: "sending"; chunk: number; chunks: number; fraction: number }
  | { step: "processing" };
type View = "form" | "result" | "success";

const DEFAULT_EFFECTIVE_DATE_WINDOW_MONTHS = 11;
const count = (n: number) => n.toLocaleString("en-US");

/**
 * The CSV upload modal (client-side §2 "CSV upload modal", §3 "CSV upload state", §4 CSV import states):
 * choose or drop a file, the file is parsed (in a worker) and its columns mapped automatically, the user
 * reviews the column, carrier and plan mappings, picks the agent (and, for admins, overwrite), and the
 * rows are sent in chunks of at most 1.5 MB to one import job (send-import-chunks: "Uploading 3 of 12…"
 * with a progress bar; Cancel upload deletes the job, so nothing is imported), then committed in one
 * transaction. Then the result panels and the success message. Escape closes it (except while an upload
 * runs) and focus returns to the opener.
 */
export function CsvUploadModal(props: CsvUploadModalProps) {
  if (!props.open) return null;
  return <CsvUploadDialog {...props} />;
}

function CsvUploadDialog({ onClose, onImported, currentUser, organization }: CsvUploadModalProps) {
  // Lists loaded on open.
  const [carrierNames, setCarrierNames] = useState<string[] | null>(null);
  const [carrierListFailed, setCarrierListFailed] = useState(false);
  const [agents, setAgents] = useState<AgentOption[] | null>(null);
  const [agentId, setAgentId] = useState("");

  // The file and what came out of it.
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [parsed, setParsed] = useState<ParsedCsv | null>(null);
  const [parseProgress, setParseProgress] = useState(0);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [carrierOverrides, setCarrierOverrides] = useState<Record<string, string>>({});
  const [planOverrides, setPlanOverrides] = useState<Record<string, string>>({});
  const [overwrite, setOverwrite] = useState(false);

  // Upload and result.
  const [upload, setUpload] = useState<UploadStage | null>(null);
  const [uploadError, setUploadError] = useState<UploadFailure | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [result, setResult] = useState<BulkImportResponse | null>(null);
  const [view, setView] = useState<View>("form");
  const sentContacts = useRef<ImportContactInput[]>([]);
  const parseAbort = useRef<AbortController | null>(null);
  const uploadAbort = useRef<AbortController | null>(null);
  const cancelledByUser = useRef(false);

  const isAdmin = currentUser.isAdmin;
  const overwriteExisting = isAdmin && overwrite; // §5: forced off for a non-admin agent
  const busy = upload !== null;

  // Running work is cancelled on close (the ui Dialog moves focus in and gives it back to the opener).
  useEffect(
    () => () => {
      parseAbort.current?.abort();
      uploadAbort.current?.abort();
    },
    [],
  );

  useEffect(() => {
    const controller = new AbortController();
    void loadCarrierNames(controller.signal).then((names) => {
      if (controller.signal.aborted) return;
      setCarrierNames(names ?? []);
      setCarrierListFailed(names === null);
    });
    void loadAgents(controller.signal).then((load) => {
      if (controller.signal.aborted) return;
      const list =
        load && load.agents.length > 0
          ? load
          : { agents: [{ id: currentUser.id, name: `${currentUser.firstName} (you)` }], defaultAgentId: null };
      setAgents(list.agents);
      setAgentId(initialAgentId(list, currentUser.id));
    });
    return () => controller.abort();
  }, [currentUser.id, currentUser.firstName]);

  const requestClose = useCallback(() => {
    if (upload) return; // an import in flight finishes first
    onClose();
  }, [upload, onClose]);

  // ---- Derived state (§3 CSV upload state) ----
  const supported: SupportedCarrier[] = useMemo(() => supportedCarriersFromNames(carrierNames ?? []), [carrierNames]);
  const carrierHeader = mapping?.currentCarrier ?? null;
  const planHeader = mapping?.planType ?? null;
  const emailHeader = mapping?.email ?? null;
  const uniqueCarriers = useMemo(
    () => (parsed ? uniqueColumnValues(parsed, carrierHeader) : []),
    [parsed, carrierHeader],
  );
  const uniquePlans = useMemo(() => (parsed ? uniqueColumnValues(parsed, planHeader) : []), [parsed, planHeader]);
  const carrierSuggestions = useMemo(
    () => suggestCarrierMapping(uniqueCarriers, supported),
    [uniqueCarriers, supported],
  );
  const carrierMapping = useMemo(
    () => Object.fromEntries(carrierSuggestions.map((s) => [s.value, carrierOverrides[s.value] ?? s.carrier])),
    [carrierSuggestions, carrierOverrides],
  );
  const planMapping = useMemo(() => {
    const suggested = suggestPlanMapping(uniquePlans);
    return Object.fromEntries(uniquePlans.map((value) => [value, planOverrides[value] ?? suggested[value]!]));
  }, [uniquePlans, planOverrides]);
  const emailCounts = useMemo(() => (parsed ? countEmails(parsed, emailHeader) : null), [parsed, emailHeader]);
  const carrierNameList = useMemo(() => supported.map((c) => c.name), [supported]);

  const phase: CsvImportPhase = upload
    ? "uploading"
    : result
      ? "result"
      : !file
        ? "empty"
        : !parsed || !mapping || carrierNames === null
          ? "processing"
          : "mapped";
  const blocker = uploadBlocker({
    hasFile: file !== null,
    phase,
    mapping,
    carrierMappingCount: Object.keys(carrierMapping).length,
    uniqueCarrierCount: uniqueCarriers.length,
  });
  const agentsLoading = agents === null;
  const canUpload = blocker === null && !agentsLoading;

  // ---- File selection and parsing (§4: no file → processing → mapped) ----
  const selectFile = (chosen: File) => {
    parseAbort.current?.abort();
    setUploadError(null);
    setCancelled(false);
    setParsed(null);
    setMapping(null);
    setCarrierOverrides({});
    setPlanOverrides({});
    setParseProgress(0);
    const refusal = fileRefusal(chosen); // > 20 MB or empty: refused before anything is read
    if (refusal) {
      setFile(null);
      setFileError(refusal);
      return;
    }
    setFile(chosen);
    setFileError(null);
    const controller = new AbortController();
    parseAbort.current = controller;
    parseCsvFile(chosen, {
      signal: controller.signal,
      onProgress: (fraction) => !controller.signal.aborted && setParseProgress(fraction),
    })
      .then((csv) => {
        if (controller.signal.aborted) return;
        if (csv.headers.length === 0) {
          setFile(null);
          setFileError(csv.errors[0] ?? CSV_UPLOAD_MESSAGES.noHeaders);
          return;
        }
        if (csv.rows.length === 0) {
          setFile(null);
          setFileError(CSV_UPLOAD_MESSAGES.noValidContacts);
          return;
        }
        setParsed(csv);
        setMapping(autoMapColumns(csv.headers));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setFile(null);
        setFileError(error instanceof CsvFileError ? error.message : CSV_UPLOAD_MESSAGES.readFailed);
      });
  };

  const changeMapping = (field: ImportField, header: string | null) => {
    setUploadError(null);
    setCancelled(false);
    setMapping((current) => (current ? { ...current, [field]: header } : current));
  };

  // ---- Upload (§4: uploading → result) ----
  const startUpload = async () => {
    if (!parsed || !mapping || !canUpload) return;
    if (!mapping.email || !mapping.firstName || !mapping.lastName) {
      setUploadError({ message: CSV_UPLOAD_MESSAGES.notConfigured, detail: null });
      return;
    }
    if (!emailCounts || emailCounts.valid === 0) {
      setUploadError({ message: CSV_UPLOAD_MESSAGES.noValidContacts, detail: null });
      return;
    }
    if (parsed.rows.length > MAX_IMPORT_ROWS) {
      setUploadError({ message: IMPORT_MESSAGES.tooManyRows, detail: null });
      return;
    }
    setUploadError(null);
    setCancelled(false);
    const controller = new AbortController();
    uploadAbort.current = controller;
    cancelledByUser.current = false;
    const stopped = () => {
      setUpload(null);
      if (cancelledByUser.current) setCancelled(true);
    };
    setUpload({ step: "preparing", fraction: 0 });
    try {
      const built = await buildImportRequest(
        parsed,
        {
          mapping,
          carrierMapping,
          planMapping,
          stateColumn: detectStateColumn(parsed.headers, mapping),
          countyColumn: detectCountyColumn(parsed.headers, mapping),
          streetColumn: detectStreetColumn(parsed.headers, mapping),
          unitColumn: detectUnitColumn(parsed.headers, mapping),
        },
        { signal: controller.signal, onProgress: (fraction) => setUpload({ step: "preparing", fraction }) },
      );
      sentContacts.current = built.contacts;
      const reply = await sendImportInChunks({
        rowJson: built.rowJson,
        overwriteExisting,
        agentId: agentId || null,
        fileName: file?.name,
        signal: controller.signal,
        onProgress: (progress) => setUpload(progress.step === "processing" ? { step: "processing" } : progress),
      });
      if (reply.aborted) return stopped();
      const body = reply.body as Partial<BulkImportResponse> | null;
      if (reply.status >= 200 && reply.status < 300 && body && body.success === true) {
        const imported: BulkImportResponse = {
          ...(body as BulkImportResponse),
          newContacts: body.newContacts ?? 0,
          updatedContacts: body.updatedContacts ?? 0,
          unchangedContacts: body.unchangedContacts ?? 0,
          householdsSuggested: body.householdsSuggested ?? 0,
          errorRows: body.errorRows ?? [],
          invalidEmails: body.invalidEmails ?? [],
          carrierConversions: body.carrierConversions ?? [],
        };
        setUpload(null);
        setResult(imported);
        const hasIssues =
          imported.errorRows.length > 0 ||
          imported.carrierConversions.length > 0 ||
          imported.invalidEmails.length > 0 ||
          imported.unchangedContacts > 0;
        setView(hasIssues || imported.newContacts + imported.updatedContacts === 0 ? "result" : "success");
        onImported(imported);
        return;
      }
      setUpload(null);
      setUploadError(bulkImportFailure(reply.status, reply.body));
    } catch (error) {
      if (controller.signal.aborted || (error instanceof DOMException && error.name === "AbortError")) return stopped();
      setUpload(null);
      setUploadError({ message: CSV_UPLOAD_MESSAGES.readFailed, detail: null });
    }
  };

  /** Stops an upload before its commit: the job is deleted and nothing is imported. */
  const cancelUpload = () => {
    cancelledByUser.current = true;
    uploadAbort.current?.abort();
  };

  const resetForAnotherFile = () => {
    setResult(null);
    setView("form");
    setFile(null);
    setParsed(null);
    setMapping(null);
    setFileError(null);
    setUploadError(null);
    setCarrierOverrides({});
    setPlanOverrides({});
    sentContacts.current = [];
  };

  const added = result ? result.newContacts + result.updatedContacts : 0;
  // Existing contacts left alone (overwrite off): not errors (#18 point 5).
  const unchangedRows = result?.unchangedContacts ?? 0;
  const windowMonths = organization.effectiveDateWindowMonths ?? DEFAULT_EFFECTIVE_DATE_WINDOW_MONTHS;

  let title = "Upload CSV";
  if (view === "result") title = "Import Results";
  if (view === "success") title = "Contacts Added";

  return (
    <Dialog
      onClose={requestClose}
      busy={busy}
      title={title}
      description={view === "form" ? "Import your book of business from a spreadsheet." : undefined}
      closeLabel="Close"
      className={view === "success" ? "max-w-lg" : "max-w-3xl"}
    >
      {view === "success" && result ? (
        <SuccessView
          name={currentUser.firstName}
          added={added}
          households={result.householdsSuggested}
          windowMonths={windowMonths}
          demoMode={organization.demoMode}
          onDone={onClose}
        />
      ) : view === "result" && result ? (
        <>
          <div className="flex-1 space-y-4 overflow-y-auto px-5 py-5 sm:px-6">
            <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800 ring-1 ring-green-200">
              {result.message || `Successfully imported ${count(added)} contacts.`}
            </p>
            {unchangedRows > 0 ? (
              <p
                data-testid="csv-upload-unchanged"
                className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-700 ring-1 ring-gray-200"
              >
                {unchangedRowsMessage(unchangedRows, isAdmin)}
              </p>
            ) : null}
            <HouseholdsFound households={result.householdsSuggested} />
            <ResultPanels
              result={result}
              supportedCarriers={supportedCarrierList(supported)}
              onDownloadErrors={() => saveCsvFile(errorRowsDownload(result))}
              onDownloadCarriers={() => saveCsvFile(unrecognizedCarriersDownload(result, sentContacts.current))}
            />
          </div>
          <div className="flex flex-col-reverse gap-2 border-t border-gray-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
            <Button variant="secondary" onClick={resetForAnotherFile}>
              Upload Another File
            </Button>
            <Button onClick={() => (added > 0 ? setView("success") : onClose())}>
              {added > 0 ? "Continue" : "Done"}
            </Button>
          </div>
        </>
      ) : (
        <>
          <div className="flex-1 space-y-6 overflow-y-auto px-5 py-5 sm:px-6">
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <p className="text-gray-600">Your file needs a header row. Columns are matched automatically.</p>
              <a
                href="/example.csv"
                download
                className="font-medium text-brand-600 hover:text-brand-700 hover:underline"
              >
                Download example CSV
              </a>
            </div>

            <DropZone file={file} disabled={busy} onFile={selectFile} />
            {fileError ? (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200">
                {fileError}
              </p>
            ) : null}

            {phase === "processing" ? (
              <ProcessingNotice label="Processing your CSV file" fraction={parseProgress} />
            ) : null}

            {parsed && mapping && phase !== "processing" ? (
              <>
                <p className="text-sm text-gray-700">
                  <span className="font-medium">{count(parsed.rows.length)}</span>{" "}
                  {parsed.rows.length === 1 ? "row" : "rows"} found
                  {emailCounts && emailCounts.invalid > 0 ? (
                    <span className="text-amber-700">
                      {" "}
                      · {count(emailCounts.invalid)} without a valid email will be skipped
                    </span>
                  ) : null}
                </p>
                <ColumnMappingSection
                  headers={parsed.headers}
                  mapping={mapping}
                  disabled={busy}
                  onChange={changeMapping}
                />
                {carrierListFailed ? (
                  <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-200">
                    Your carrier list could not be loaded. Carriers will be imported as written in your file.
                  </p>
                ) : null}
                <CarrierMappingSection
                  suggestions={carrierSuggestions}
                  choices={carrierMapping}
                  carriers={carrierNameList}
                  disabled={busy}
                  onChange={(value, carrier) => setCarrierOverrides((current) => ({ ...current, [value]: carrier }))}
                />
                {uniquePlans.length > 0 ? (
                  <PlanMappingSection
                    values={uniquePlans}
                    choices={planMapping}
                    disabled={busy}
                    onChange={(value, plan) => setPlanOverrides((current) => ({ ...current, [value]: plan }))}
                  />
                ) : null}
              </>
            ) : null}

            <ImportOptions
              isAdmin={isAdmin}
              overwrite={overwriteExisting}
              onOverwrite={setOverwrite}
              agents={agents}
              agentId={agentId}
              onAgent={setAgentId}
              disabled={busy}
            />

            {upload ? <UploadProgress stage={upload} rows={parsed?.rows.length ?? 0} onCancel={cancelUpload} /> : null}
            {cancelled ? (
              <p role="status" className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-700 ring-1 ring-gray-200">
                {CSV_UPLOAD_MESSAGES.cancelled}
              </p>
            ) : null}
            {uploadError ? <ErrorPanel message={uploadError.message} detail={uploadError.detail} /> : null}
          </div>

          <div className="flex flex-col gap-3 border-t border-gray-200 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
            <p className="text-xs text-gray-500" aria-live="polite">
              {blocker && phase !== "uploading" && phase !== "processing" ? blocker : ""}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="secondary" onClick={requestClose} disabled={busy}>
                Cancel
              </Button>
              <Button onClick={() => void startUpload()} disabled={!canUpload}>
                {busy ? "Uploading..." : "Upload"}
              </Button>
            </div>
          </div>
        </>
      )}
    </Dialog>
  );
}

function ImportOptions({
  isAdmin,
  overwrite,
  onOverwrite,
  agents,
  agentId,
  onAgent,
  disabled,
}: {
  isAdmin: boolean;
  overwrite: boolean;
  onOverwrite: (value: boolean) => void;
  agents: AgentOption[] | null;
  agentId: string;
  onAgent: (id: string) => void;
  disabled: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 rounded-lg bg-gray-50 p-4 ring-1 ring-gray-200 sm:grid-cols-2">
      <div>
        <label htmlFor="csv-assign-agent" className="block text-xs font-medium text-gray-700">
          Assign to Agent
        </label>
        {agents === null ? (
          <Select id="csv-assign-agent" className="mt-1" disabled value="">
            <option value="">Loading agents...</option>
          </Select>
        ) : (
          <Select
            id="csv-assign-agent"
            className="mt-1"
            value={agentId}
            disabled={disabled}
            onChange={(e) => onAgent(e.target.value)}
          >
            {agents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name}
              </option>
            ))}
          </Select>
        )}
      </div>
      {isAdmin ? (
        <div className="flex items-start gap-2 sm:pt-6">
          <input
            id="csv-overwrite"
            type="checkbox"
            className="mt-0.5 h-4 w-4 shrink-0 rounded border-gray-300 accent-brand-600"
            checked={overwrite}
            disabled={disabled}
            onChange={(e) => onOverwrite(e.target.checked)}
          />
          <label htmlFor="csv-overwrite" className="text-sm text-gray-800">
            Overwrite existing contacts (matched on email address)
          </label>
        </div>
      ) : null}
    </div>
  );
}

function UploadProgress({ stage, rows, onCancel }: { stage: UploadStage; rows: number; onCancel: () => void }) {
  // The panel sits below the mappings: bring it into view when the upload starts and when it moves on.
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A statement, not the arrow's value: Chromium's scrollIntoView returns a promise, and React would
    // call whatever an effect returns as its cleanup.
    panel.current?.scrollIntoView?.({ block: "nearest" });
  }, [stage.step]);
  if (stage.step !== "processing") {
    const label =
      stage.step === "preparing"
        ? `Preparing ${count(rows)} contacts...`
        : `Uploading ${count(stage.chunk)} of ${count(stage.chunks)}…`;
    return (
      <div ref={panel} className="space-y-2">
        <ProcessingNotice label={label} fraction={stage.fraction} />
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs text-gray-500">Nothing is imported until every part has arrived.</p>
          <Button variant="secondary" onClick={onCancel}>
            Cancel upload
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div ref={panel}>
      <ProcessingNotice label="Processing..." fraction={null} />
      <p className="mt-2 text-xs text-gray-500">
        Importing your contacts. Large files can take a minute; please keep this window open.
      </p>
    </div>
  );
}

/** "2 possible households found — …", when the import suggested any (docs/households.md). */
function HouseholdsFound({ households }: { households: number }) {
  if (households <= 0) return null;
  return (
    <p
      data-testid="csv-upload-households"
      className="rounded-md bg-blue-50 px-3 py-2 text-left text-sm text-blue-800 ring-1 ring-blue-200"
    >
      {householdsFoundMessage(households)}
    </p>
  );
}

function SuccessView({
  name,
  added,
  households,
  windowMonths,
  demoMode,
  onDone,
}: {
  name: string;
  added: number;
  households: number;
  windowMonths: number;
  demoMode: boolean;
  onDone: () => void;
}) {
  const who = name.trim() || "there";
  return (
    <>
      <div className="space-y-4 px-5 py-6 text-center sm:px-6">
        <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-100">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            className="h-6 w-6 text-green-600"
          >
            <path strokeLinecap="round" strokeLinejoin="round" d="m4.5 12.75 6 6 9-13.5" />
          </svg>
        </div>
        <p className="text-lg font-semibold text-gray-900">
          Congratulations {who}, you&apos;ve added {count(added)} {added === 1 ? "contact" : "contacts"}!
        </p>
        <ul className="space-y-2 text-left text-sm text-gray-600">
          <li>Initial emails will begin going out in 72 hours.</li>
          <li>You can see upcoming emails on your dashboard or on each contact&apos;s profile.</li>
          <li>
            Contacts whose plan took effect within the last {windowMonths} months won&apos;t be contacted until they are
            outside that {windowMonths}-month window.
          </li>
        </ul>
        <HouseholdsFound households={households} />
        {demoMode ? (
          <p className="rounded-md bg-yellow-50 px-3 py-2 text-left text-sm text-yellow-800 ring-1 ring-yellow-200">
            Your account is in trial mode: nothing will be sent to your contacts until you activate your account.{" "}
            {TRIAL_IMPORT_NOTICE}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end border-t border-gray-200 px-5 py-4 sm:px-6">
        <Button onClick={onDone}>Done</Button>
      </div>
    </>
  );
}

export type { BulkImportResponse };
