"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef } from "react";
import { useForm } from "react-hook-form";
import { ModalFrame } from "@/components/ui/modal-frame";
import { Spinner } from "@/components/ui/spinner";
import { contactCountLabel } from "@/lib/contacts/list-contacts-view";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/input";
import {
  reassignContactsFormSchema,
  UNASSIGNED_OPTION,
  type ReassignContactsFormInput,
  type ReassignContactsFormValues,
} from "@/lib/contacts/bulk-contacts-schema";

export type AgentOption = { id: string; name: string };

export { UNASSIGNED_OPTION };

export type ReassignContactsModalProps = {
  open: boolean;
  count: number;
  /** Active agents who can receive contacts. */
  agents: AgentOption[];
  busy: boolean;
  error: string | null;
  /** null = leave the contacts unassigned. */
  onConfirm: (agentId: string | null) => void;
  onClose: () => void;
};

/** Reassign Contacts: Select Agent (or Unassigned) and Reassign. Escape or Cancel closes (not mid-save). */
export function ReassignContactsModal(props: ReassignContactsModalProps) {
  // Remount per opening so the choice starts blank each time.
  return props.open ? <ReassignContactsDialog {...props} /> : null;
}

function ReassignContactsDialog({ count, agents, busy, error, onConfirm, onClose }: ReassignContactsModalProps) {
  // The route's own agent_id rule (PUT /api/contacts/reassign), with "unassigned" read as null.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ReassignContactsFormInput, unknown, ReassignContactsFormValues>({
    resolver: zodResolver(reassignContactsFormSchema),
    defaultValues: { agent_id: "" },
  });
  const titleId = useId();
  const descriptionId = useId();
  const selectId = useId();
  const errorId = useId();
  const selectRef = useRef<HTMLSelectElement | null>(null);
  const missing = errors.agent_id?.message;
  const shownError = missing ?? error;
  const { ref: registerRef, ...agentField } = register("agent_id");

  return (
    <ModalFrame
      open
      onClose={onClose}
      busy={busy}
      labelledBy={titleId}
      describedBy={descriptionId}
      initialFocus={selectRef}
      className="max-w-md"
    >
      <form className="p-6" noValidate onSubmit={handleSubmit((values) => onConfirm(values.agent_id))}>
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          Reassign Contacts
        </h2>
        <p id={descriptionId} className="mt-2 text-sm text-gray-600">
          Choose the agent who will take over the {contactCountLabel(count)} you selected.
        </p>
        <div className="mt-4">
          <label htmlFor={selectId} className="block text-sm font-medium text-gray-700">
            Select Agent
          </label>
          <Select
            {...agentField}
            ref={(element) => {
              registerRef(element);
              selectRef.current = element;
            }}
            id={selectId}
            className="mt-1"
            disabled={busy}
            aria-invalid={missing ? true : undefined}
            aria-describedby={shownError ? errorId : undefined}
          >
            <option value="">Select Agent</option>
            {agents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name}
              </option>
            ))}
            <option value={UNASSIGNED_OPTION}>Unassigned</option>
          </Select>
        </div>
        {shownError ? (
          <p id={errorId} role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {shownError}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? (
              <>
                <Spinner className="h-4 w-4" label="Reassigning contacts" />
                Reassigning...
              </>
            ) : (
              "Reassign"
            )}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
