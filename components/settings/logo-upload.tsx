"use client";

import { useId, useRef, useState, type DragEvent } from "react";
import { Spinner } from "@/components/ui/spinner";
import { FieldMessage } from "@/components/settings/settings-ui";
import { Button } from "@/components/ui/button";
import { LOGO_MAX_BYTES, LOGO_MESSAGES, SETTINGS_LOGO_GUIDANCE, sniffImageType } from "@/lib/settings/logo-rules";

/** What the Save sends for the logo: keep it, replace it with a new image, or remove it. */
export type LogoChange = { kind: "keep" } | { kind: "replace"; dataUrl: string; fileName: string } | { kind: "remove" };

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("unreadable"));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsDataURL(file);
  });
}

/** The first bytes of a data URL's payload (enough for the PNG/JPEG signatures). */
function leadingBytes(dataUrl: string): Uint8Array {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1, dataUrl.indexOf(",") + 1 + 16);
  try {
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

/**
 * Logo upload (PNG or JPEG, checked by content, ≤ 1 MB) by click or drag and drop. The image is held
 * until Save Changes; the preview links to the demo quote page where consumers see it.
 */
export function LogoUpload({
  savedUrl,
  change,
  onChange,
  serverError,
}: {
  savedUrl: string | null;
  change: LogoChange;
  onChange: (change: LogoChange) => void;
  serverError?: string | null;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const previewUrl = change.kind === "replace" ? change.dataUrl : change.kind === "remove" ? null : savedUrl;

  const accept = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > LOGO_MAX_BYTES) return setError(LOGO_MESSAGES.tooLarge);
    setReading(true);
    try {
      const dataUrl = await readAsDataUrl(file);
      if (!sniffImageType(leadingBytes(dataUrl))) return setError(LOGO_MESSAGES.pngOrJpeg);
      onChange({ kind: "replace", dataUrl, fileName: file.name });
    } catch {
      setError(LOGO_MESSAGES.pngOrJpeg);
    } finally {
      setReading(false);
      if (input.current) input.current.value = "";
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files?.[0]);
  };

  return (
    <div>
      <span className="block text-sm font-medium text-gray-700" id={`${inputId}-label`}>
        Logo
      </span>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-1 flex flex-col gap-4 rounded-lg border-2 border-dashed p-4 sm:flex-row sm:items-center ${dragging ? "border-brand-500 bg-brand-50" : "border-gray-300"}`}
      >
        <div className="flex min-h-[100px] w-full max-w-[320px] min-w-[180px] items-center justify-center rounded-md bg-gray-50 p-2 ring-1 ring-gray-200">
          {previewUrl ? (
            <a
              href="/compare?demo=true"
              target="_blank"
              rel="noopener noreferrer"
              className="block focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              title="See it on the demo quote page"
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- a data URL or our own logo route */}
              <img src={previewUrl} alt="Logo preview" className="max-h-[100px] max-w-[320px] object-contain" />
            </a>
          ) : (
            <span className="text-sm text-gray-600">No logo</span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <p className="text-sm text-gray-600">Drag and drop an image here, or</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={() => input.current?.click()}
              disabled={reading}
              aria-describedby={`${inputId}-hint`}
            >
              {reading ? <Spinner className="h-4 w-4" label="Reading image" /> : null}
              {reading ? "Uploading..." : previewUrl ? "Change logo" : "Upload logo"}
            </Button>
            {change.kind === "replace" ? (
              <Button variant="secondary" onClick={() => onChange({ kind: "keep" })}>
                Cancel new logo
              </Button>
            ) : null}
            {change.kind === "keep" && savedUrl ? (
              <Button variant="danger-outline" onClick={() => onChange({ kind: "remove" })}>
                Remove logo
              </Button>
            ) : null}
          </div>
          <p id={`${inputId}-hint`} className="text-xs text-gray-600">
            {SETTINGS_LOGO_GUIDANCE}
          </p>
          {change.kind === "replace" ? (
            <p className="text-xs text-gray-600">{`${change.fileName} will be saved when you click Save Changes.`}</p>
          ) : null}
          {change.kind === "remove" ? (
            <p className="text-xs text-amber-700">
              The logo will be removed when you click Save Changes.{" "}
              <button type="button" className="font-medium underline" onClick={() => onChange({ kind: "keep" })}>
                Undo
              </button>
            </p>
          ) : null}
          {previewUrl ? (
            <p className="text-xs text-gray-600">Click the preview to see it on the demo quote page.</p>
          ) : null}
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg"
          className="sr-only"
          tabIndex={-1}
          aria-labelledby={`${inputId}-label`}
          onChange={(e) => void accept(e.target.files?.[0])}
        />
      </div>
      <FieldMessage messages={[error, serverError]} />
    </div>
  );
}
