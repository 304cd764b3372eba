"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { dangerButton, inputClass, secondaryButton } from "@/components/agents/agent-fields";
import { Spinner } from "@/components/ui/spinner";
import type { AgentView } from "@/lib/agents/agent-schema";

export type DeleteAgentDialogProps = {
  agent: AgentView;
  /** Agents who can take over the contacts (active agents other than this one). */
  reassignOptions: AgentView[];
  busy: boolean;
  error: string | null;
  onConfirm: (reassignTo: string | null) => void;
  onClose: () => void;
};

const fullName = (agent: Pick<AgentView, "firstName" | "lastName" | "email">) => `${agent.firstName} ${agent.lastName}`.trim() || agent.email;

/**
 * Confirmation before deleting an agent: reassign their contacts to another agent, or delete without
 * reassigning (the contacts become unassigned and go to the default agent). Escape or Cancel closes;
 * Tab stays inside; the opener gets focus back (the parent's job, on close).
 */
export function DeleteAgentDialog({ agent, reassignOptions, busy, error, onConfirm, onClose }: DeleteAgentDialogProps) {
  const [reassignTo, setReassignTo] = useState("");
  const dialogRef = useRef<HTMLDivElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const selectId = useId();

  useEffect(() => {
    selectRef.current?.focus();
  }, []);

  // Escape closes from anywhere on the page while the dialog is open (not while the delete runs).
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape" && !busy) onClose();
    };
    document.addEventListener("keydown", onEscape);
    return () => document.removeEventListener("keydown", onEscape);
  }, [busy, onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Tab") return;
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>("button:not([disabled]), select:not([disabled])") ?? []);
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const name = fullName(agent);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center" onKeyDown={onKeyDown}>
      <div className="absolute inset-0 bg-gray-900/50" aria-hidden="true" onClick={() => (busy ? undefined : onClose())} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className="relative w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
      >
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          Delete {name}?
        </h2>
        <p id={descriptionId} className="mt-2 text-sm text-gray-600">
          {name} will no longer be able to sign in. This can&apos;t be undone. Choose who takes over their contacts, or delete without reassigning
          (their contacts become unassigned).
        </p>
        <div className="mt-4">
          <label htmlFor={selectId} className="block text-sm font-medium text-gray-700">
            Reassign contacts to
          </label>
          <select ref={selectRef} id={selectId} className={inputClass} value={reassignTo} disabled={busy} onChange={(e) => setReassignTo(e.target.value)}>
            <option value="">Don&apos;t reassign (leave contacts unassigned)</option>
            {reassignOptions.map((option) => (
              <option key={option.id} value={option.id}>
                {fullName(option)}
                {option.isDefault ? " (default)" : ""}
              </option>
            ))}
          </select>
        </div>
        {error ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButton} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className={dangerButton} onClick={() => onConfirm(reassignTo || null)} disabled={busy}>
            {busy ? (
              <>
                <span aria-hidden="true">
                  <Spinner className="h-4 w-4" label="" />
                </span>
                Deleting...
              </>
            ) : reassignTo ? (
              "Reassign and Delete"
            ) : (
              "Delete Without Reassigning"
            )}
          </button>
        </div>
      </div>
    </div>
  );
}
