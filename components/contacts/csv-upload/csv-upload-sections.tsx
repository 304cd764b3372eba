"use client";

import { useRef, useState, type DragEvent, type ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { OTHER_CARRIER } from "@/lib/contacts/contact-fields";
import type { ColumnMapping } from "@/lib/contacts/import/column-mapping";
import { IMPORT_FIELD_LABELS, type BulkImportResponse, type ImportField } from "@/lib/contacts/import/import-types";
import {
  OTHER_UNSUPPORTED_LABEL,
  PLAN_CHOICES,
  type CarrierSuggestion,
  type PlanChoices,
} from "@/components/contacts/csv-upload/build-import-request";
import { formatFileSize, rowProblems } from "@/components/contacts/csv-upload/import-messages";
import { Table } from "@/components/ui/table";
import { REQUIRED_IMPORT_FIELDS } from "@/lib/contacts/import/validate-row";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";

/** Presentational pieces of the CSV upload modal (client-side §2). State lives in csv-upload-modal.tsx. */

/** The order of the mapping dropdowns in the spec (§2). */
export const MAPPING_ORDER: readonly ImportField[] = [
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "currentCarrier",
  "effectiveDate",
  "birthDate",
  "tobaccoUser",
  "gender",
  "zipCode",
  "planType",
];

// First Name, Last Name and Email; Current Carrier is optional (#18 point 6).
const REQUIRED_FIELDS = new Set<ImportField>(REQUIRED_IMPORT_FIELDS);

export function ProgressBar({ label, fraction }: { label: string; fraction: number | null }) {
  const percent = fraction === null ? null : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
    >
      {percent === null ? (
        <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-500" />
      ) : (
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      )}
    </div>
  );
}

export function SectionTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h3 className="text-sm font-semibold text-gray-900">{children}</h3>
      {aside}
    </div>
  );
}

export function DropZone({
  file,
  disabled,
  onFile,
}: {
  file: File | null;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const [dragActive, setDragActive] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (disabled) return;
    event.dataTransfer.dropEffect = "copy";
    if (!dragActive) setDragActive(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setDragActive(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragActive(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files?.[0];
    if (dropped) onFile(dropped);
  };

  return (
    <div
      data-testid="csv-drop-zone"
      data-drag-active={dragActive ? "true" : "false"}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={`flex flex-col items-center justify-center rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors ${
        dragActive ? "border-brand-500 bg-brand-50" : "border-gray-300 bg-gray-50/60"
      } ${disabled ? "opacity-60" : ""}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        className={`h-10 w-10 ${dragActive ? "text-brand-600" : "text-gray-400"}`}
      >
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5m-13.5-9L12 3m0 0 4.5 4.5M12 3v13.5"
        />
      </svg>
      <p className="mt-3 text-sm text-gray-700">
        {dragActive ? (
          "Drop your CSV file here"
        ) : (
          <>
            Drag and drop your CSV file here, or{" "}
            <Button variant="link" disabled={disabled} onClick={() => inputRef.current?.click()}>
              browse
            </Button>
          </>
        )}
      </p>
      <p className="mt-1 text-xs text-gray-500">CSV files up to 20 MB</p>
      <input
        ref={inputRef}
        type="file"
        accept=".csv,text/csv,text/plain"
        className="sr-only"
        tabIndex={-1}
        aria-label="CSV file"
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = "";
          if (chosen) onFile(chosen);
        }}
      />
      {file ? (
        <p className="mt-4 inline-flex max-w-full items-center gap-2 rounded-md bg-white px-3 py-1.5 text-sm text-gray-800 shadow-sm ring-1 ring-gray-200">
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4 shrink-0 text-brand-600">
            <path d="M4 2a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7.414A2 2 0 0 0 17.414 6L14 2.586A2 2 0 0 0 12.586 2H4Z" />
          </svg>
          <span className="truncate">File selected: {file.name}</span>
          <span className="shrink-0 text-xs text-gray-500">({formatFileSize(file.size)})</span>
        </p>
      ) : null}
    </div>
  );
}

export function ColumnMappingSection({
  headers,
  mapping,
  disabled,
  onChange,
}: {
  headers: readonly string[];
  mapping: ColumnMapping;
  disabled: boolean;
  onChange: (field: ImportField, header: string | null) => void;
}) {
  return (
    <section aria-labelledby="csv-column-mapping-title" className="space-y-3">
      <SectionTitle>
        <span id="csv-column-mapping-title">Column Mapping</span>
      </SectionTitle>
      <p className="text-xs text-gray-500">
        We matched your columns automatically. Check each field and change any that are wrong.
      </p>
      <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
        {MAPPING_ORDER.map((field) => {
          const id = `csv-map-${field}`;
          return (
            <div key={field}>
              <div className="flex items-baseline gap-1">
                <label htmlFor={id} className="block text-xs font-medium text-gray-700">
                  {IMPORT_FIELD_LABELS[field]}
                </label>
                {REQUIRED_FIELDS.has(field) ? (
                  <span className="text-xs text-red-600" aria-hidden="true">
                    *
                  </span>
                ) : null}
              </div>
              <Select
                id={id}
                className="mt-1"
                value={mapping[field] ?? ""}
                disabled={disabled}
                aria-required={REQUIRED_FIELDS.has(field) || undefined}
                onChange={(e) => onChange(field, e.target.value || null)}
              >
                <option value="">Not mapped</option>
                {headers.map((header) => (
                  <option key={header} value={header}>
                    {header}
                  </option>
                ))}
              </Select>
            </div>
          );
        })}
      </div>
      <div>
        <p className="text-xs font-medium text-gray-700">Detected headers ({headers.length})</p>
        <ul aria-label="Detected headers" className="mt-1 flex flex-wrap gap-1.5">
          {headers.map((header) => (
            <li
              key={header}
              className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs text-gray-700 ring-1 ring-gray-200"
            >
              {header}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function CarrierMappingSection({
  suggestions,
  choices,
  carriers,
  disabled,
  onChange,
}: {
  suggestions: readonly CarrierSuggestion[];
  choices: Record<string, string>;
  carriers: readonly string[];
  disabled: boolean;
  onChange: (value: string, carrier: string) => void;
}) {
  const unrecognized = suggestions.filter((s) => !s.recognized).length;
  return (
    <section aria-labelledby="csv-carrier-mapping-title" className="space-y-3">
      <SectionTitle aside={<span className="text-xs text-gray-500">{suggestions.length} unique</span>}>
        <span id="csv-carrier-mapping-title">Carrier Mapping</span>
      </SectionTitle>
      {suggestions.length === 0 ? (
        <p className="rounded-md bg-gray-50 px-3 py-2 text-sm text-gray-700 ring-1 ring-gray-200">
          No carrier names were found in your file. Current Carrier is optional: contacts are imported with the carrier
          unknown. If your file has a carrier column, choose it for Current Carrier.
        </p>
      ) : (
        <>
          <p className="text-xs text-gray-500">
            Each carrier name in your file is matched to a standard carrier.
            {unrecognized > 0
              ? ` ${unrecognized} could not be matched and will keep their original name as ${OTHER_UNSUPPORTED_LABEL}.`
              : ""}
          </p>
          <ul
            aria-label="Carrier mapping"
            className="max-h-64 divide-y divide-gray-100 overflow-y-auto rounded-md ring-1 ring-gray-200"
          >
            {suggestions.map((suggestion, index) => {
              const id = `csv-carrier-${index}`;
              return (
                <li key={suggestion.value} className="grid grid-cols-1 items-center gap-2 px-3 py-2 sm:grid-cols-2">
                  <label htmlFor={id} className="min-w-0 truncate text-sm text-gray-800" title={suggestion.value}>
                    {suggestion.value}
                  </label>
                  <Select
                    id={id}
                    value={choices[suggestion.value] ?? OTHER_CARRIER}
                    disabled={disabled}
                    onChange={(e) => onChange(suggestion.value, e.target.value)}
                  >
                    {carriers.map((carrier) => (
                      <option key={carrier} value={carrier}>
                        {carrier}
                      </option>
                    ))}
                    <option value={OTHER_CARRIER}>{OTHER_UNSUPPORTED_LABEL}</option>
                  </Select>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

export function PlanMappingSection({
  values,
  choices,
  disabled,
  onChange,
}: {
  values: readonly string[];
  choices: PlanChoices;
  disabled: boolean;
  onChange: (value: string, plan: string) => void;
}) {
  return (
    <section aria-labelledby="csv-plan-mapping-title" className="space-y-3">
      <SectionTitle aside={<span className="text-xs text-gray-500">{values.length} unique</span>}>
        <span id="csv-plan-mapping-title">Plan Type Mapping</span>
      </SectionTitle>
      <ul
        aria-label="Plan type mapping"
        className="max-h-56 divide-y divide-gray-100 overflow-y-auto rounded-md ring-1 ring-gray-200"
      >
        {values.map((value, index) => {
          const id = `csv-plan-${index}`;
          return (
            <li key={value} className="grid grid-cols-1 items-center gap-2 px-3 py-2 sm:grid-cols-2">
              <label htmlFor={id} className="min-w-0 truncate text-sm text-gray-800" title={value}>
                {value}
              </label>
              <Select
                id={id}
                value={choices[value] ?? "Other"}
                disabled={disabled}
                onChange={(e) => onChange(value, e.target.value)}
              >
                {PLAN_CHOICES.map((plan) => (
                  <option key={plan} value={plan}>
                    {plan}
                  </option>
                ))}
              </Select>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function ErrorPanel({ message, detail }: { message: string; detail: string | null }) {
  return (
    <div role="alert" className="rounded-md bg-red-50 p-4 ring-1 ring-red-200">
      <h3 className="text-sm font-semibold text-red-800">Error uploading CSV</h3>
      <p className="mt-1 text-sm text-red-700">{message}</p>
      {detail ? <p className="mt-1 text-xs text-red-600">{detail}</p> : null}
    </div>
  );
}

const count = (n: number) => n.toLocaleString("en-US");
const MAX_LISTED_INVALID_EMAILS = 200;

/** Problems listed in the panel; the download has every row. */
const MAX_LISTED_PROBLEMS = 200;

/** The error rows in the result panel (#18 point 4): row, column, reason, one line per problem. */
function ErrorRowsTable({ result }: { result: BulkImportResponse }) {
  const problems = result.errorRows.flatMap(rowProblems);
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  return (
    <div className="mt-3">
      <Table
        caption="Rows with errors"
        captionHidden
        className="max-h-72 overflow-y-auto"
        rows={listed}
        rowKey={(p) => `${p.rowNumber}:${p.column}:${p.reason}`}
        columns={[
          { header: "Row", cell: (p) => p.rowNumber, rowHeader: true },
          { header: "Column", cell: (p) => p.column || "—" },
          { header: "Reason", cell: (p) => p.reason },
        ]}
        empty="No errors."
      />
      {problems.length > listed.length ? (
        <p className="mt-2 text-xs text-red-700">
          Showing the first {count(listed.length)} of {count(problems.length)} problems. The download lists every row.
        </p>
      ) : null}
    </div>
  );
}

export function ResultPanels({
  result,
  supportedCarriers,
  onDownloadErrors,
  onDownloadCarriers,
}: {
  result: BulkImportResponse;
  supportedCarriers: readonly { name: string; aliases: readonly string[] }[];
  onDownloadErrors: () => void;
  onDownloadCarriers: () => void;
}) {
  const imported = result.newContacts + result.updatedContacts;
  const listed = result.invalidEmails.slice(0, MAX_LISTED_INVALID_EMAILS);
  return (
    <div className="space-y-4">
      {result.errorRows.length > 0 ? (
        <section aria-labelledby="csv-upload-errors-title" className="rounded-md bg-red-50 p-4 ring-1 ring-red-200">
          <h3 id="csv-upload-errors-title" className="text-sm font-semibold text-red-800">
            Upload Errors
          </h3>
          <p className="mt-1 text-sm text-red-700">
            Found {count(result.errorRows.length)} rows with errors. Successfully imported {count(imported)} rows.
          </p>
          <ErrorRowsTable result={result} />
          <p className="mt-3 text-xs text-red-700">
            Download the rows with errors, fix them in your spreadsheet, and upload the file again.
          </p>
          <Button variant="secondary" className="mt-3" onClick={onDownloadErrors}>
            Download and Fix Error Rows
          </Button>
        </section>
      ) : null}

      {result.carrierConversions.length > 0 ? (
        <section
          aria-labelledby="csv-carrier-conversions-title"
          className="rounded-md bg-white p-4 ring-1 ring-gray-200"
        >
          <h3 id="csv-carrier-conversions-title" className="text-sm font-semibold text-gray-900">
            Carrier Conversions
          </h3>
          <p className="mt-1 text-sm text-gray-700">
            {count(result.carrierConversions.length)} {result.carrierConversions.length === 1 ? "row" : "rows"} had
            unrecognized carriers
          </p>
          <div className="mt-3 rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-800 ring-1 ring-yellow-200">
            This is normal and expected. Contacts whose carrier we don&apos;t support were still imported and keep the
            carrier name from your file. Check the list below for typos if a carrier you expected to be recognized is
            included.
          </div>
          <Button variant="secondary" className="mt-3" onClick={onDownloadCarriers}>
            Download Unrecognized Carrier Rows
          </Button>
          {supportedCarriers.length > 0 ? (
            <div className="mt-4">
              <p className="text-xs font-medium text-gray-700">Supported carriers</p>
              <ul
                aria-label="Supported carriers"
                className="mt-1 max-h-40 space-y-1 overflow-y-auto text-xs text-gray-600"
              >
                {supportedCarriers.map((carrier) => (
                  <li key={carrier.name}>
                    <span className="font-medium text-gray-800">{carrier.name}</span>
                    {carrier.aliases.length > 0 ? <span> (also: {carrier.aliases.join(", ")})</span> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}

      {result.invalidEmails.length > 0 ? (
        <section
          aria-labelledby="csv-invalid-emails-title"
          className="rounded-md bg-amber-50 p-4 ring-1 ring-amber-200"
        >
          <h3 id="csv-invalid-emails-title" className="text-sm font-semibold text-amber-900">
            Invalid Emails ({count(result.invalidEmails.length)})
          </h3>
          <p className="mt-1 text-sm text-amber-800">These rows were skipped because their email address is invalid:</p>
          <ul
            aria-label="Invalid emails"
            className="mt-2 max-h-40 space-y-0.5 overflow-y-auto font-mono text-xs text-amber-900"
          >
            {listed.map((row) => (
              <li key={row.rowNumber}>
                Row {row.rowNumber}: {row.email || "(blank)"}
              </li>
            ))}
          </ul>
          {result.invalidEmails.length > listed.length ? (
            <p className="mt-1 text-xs text-amber-800">and {count(result.invalidEmails.length - listed.length)} more</p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

export function ProcessingNotice({ label, fraction }: { label: string; fraction: number | null }) {
  return (
    <div className="rounded-md bg-brand-50 p-4 ring-1 ring-brand-100">
      <div className="flex items-center gap-2 text-sm font-medium text-brand-700">
        <span aria-hidden="true">
          <Spinner className="h-4 w-4" label="" />
        </span>
        <span role="status">{label}</span>
      </div>
      <div className="mt-3">
        <ProgressBar label={label} fraction={fraction} />
      </div>
    </div>
  );
}
