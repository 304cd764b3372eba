"use client";

import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/input";
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

const fullName = (agent: Pick<AgentView, "firstName" | "lastName" | "email">) =>
  `${agent.firstName} ${agent.lastName}`.trim() || agent.email;

/**
 * Confirmation before deleting an agent: reassign their contacts to another agent, or delete without
 * reassigning (the contacts become unassigned and go to the default agent). The ui Dialog keeps focus inside,
 * closes on Escape or Cancel (not while the delete runs) and gives the opener its focus back.
 */
export function DeleteAgentDialog({ agent, reassignOptions, busy, error, onConfirm, onClose }: DeleteAgentDialogProps) {
  const [reassignTo, setReassignTo] = useState("");
  const selectRef = useRef<HTMLSelectElement>(null);

  const name = fullName(agent);
  return (
    <Dialog
      onClose={onClose}
      busy={busy}
      initialFocus={selectRef}
      className="max-w-md"
      title={`Delete ${name}?`}
      description={
        <p>
          {name} will no longer be able to sign in. This can&apos;t be undone. Choose who takes over their contacts, or
          delete without reassigning (their contacts become unassigned).
        </p>
      }
    >
      <DialogBody className="space-y-4">
        <Field label="Reassign contacts to">
          {(control) => (
            <Select
              ref={selectRef}
              {...control}
              value={reassignTo}
              disabled={busy}
              onChange={(e) => setReassignTo(e.target.value)}
            >
              <option value="">Don&apos;t reassign (leave contacts unassigned)</option>
              {reassignOptions.map((option) => (
                <option key={option.id} value={option.id}>
                  {fullName(option)}
                  {option.isDefault ? " (default)" : ""}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {error ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="danger"
          onClick={() => onConfirm(reassignTo || null)}
          loading={busy}
          loadingLabel="Deleting..."
        >
          {reassignTo ? "Reassign and Delete" : "Delete Without Reassigning"}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
