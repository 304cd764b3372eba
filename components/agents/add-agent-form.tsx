"use client";

import { useState, type FormEvent } from "react";
import { useEmailAvailability } from "@/components/accounts/use-email-availability";
import { createAgentRequest, failureMessage } from "@/components/agents/agent-api";
import { AgentFields, EMPTY_AGENT_FORM, type AgentFormValues } from "@/components/agents/agent-fields";
import { EmailStatus, isEmailInvalid } from "@/components/agents/email-status";
import { Button } from "@/components/ui/button";
import { AGENT_MESSAGES, agentInputSchema, type AgentView } from "@/lib/agents/agent-schema";

export type AddAgentFormProps = {
  /** What a new agent starts with (the agency's carriers and licensed states). */
  defaults: { carriers: string[]; stateLicenses: string[] };
  onAdded: (agent: AgentView) => void;
  /** Shown above the form when the plan's agent seats are all taken. */
  seatNotice?: string | null;
};

/**
 * 'Add Another Agent': First Name, Last Name, Email (checked to be an address after a 500 ms pause;
 * whether it is free is the save's answer, which never says where it is taken: docs/security.md),
 * Phone, roles. 'Add Agent' is enabled only when both names and a valid email are filled in (§2);
 * anything else invalid gets the §5 message on submit.
 */
export function AddAgentForm({ defaults, onAdded, seatNotice }: AddAgentFormProps) {
  const [values, setValues] = useState<AgentFormValues>(EMPTY_AGENT_FORM);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const availability = useEmailAvailability(values.email, { server: false });

  const canAdd = Boolean(values.firstName.trim() && values.lastName.trim() && values.email.trim()) && availability.status === "available" && !saving;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canAdd) return;
    setError(null);
    const parsed = agentInputSchema.safeParse({ ...values, carriers: defaults.carriers, stateLicenses: defaults.stateLicenses });
    if (!parsed.success) {
      setError(AGENT_MESSAGES.invalid);
      return;
    }
    setSaving(true);
    const result = await createAgentRequest(parsed.data);
    setSaving(false);
    if (result.ok) {
      setValues(EMPTY_AGENT_FORM);
      onAdded(result.body.agent);
      return;
    }
    setError(failureMessage(result, AGENT_MESSAGES.saveFailed, AGENT_MESSAGES.invalid));
  };

  return (
    <section aria-labelledby="add-agent-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
      <h2 id="add-agent-heading" className="text-lg font-semibold text-gray-900">
        Add Another Agent
      </h2>
      <p className="mt-1 text-sm text-gray-600">They&apos;ll be able to sign in with this email address.</p>
      {seatNotice ? <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">{seatNotice}</p> : null}
      <form className="mt-4 space-y-4" noValidate onSubmit={onSubmit} aria-busy={saving}>
        <AgentFields
          idPrefix="new-agent"
          values={values}
          disabled={saving}
          onChange={(next) => {
            setValues(next);
            setError(null);
          }}
          emailInvalid={isEmailInvalid(availability)}
          emailStatus={<EmailStatus id="new-agent-email-status" availability={availability} />}
        />
        {error ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" className="w-full sm:w-auto" disabled={!canAdd} loading={saving} loadingLabel="Adding...">
            Add Agent
          </Button>
        </div>
      </form>
    </section>
  );
}
