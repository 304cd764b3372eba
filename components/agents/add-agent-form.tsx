"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useEmailAvailability } from "@/components/accounts/use-email-availability";
import { AGENT_FIELD_NAMES, createAgentRequest, failureMessage } from "@/components/agents/agent-api";
import { AgentFields, EMPTY_AGENT_FIELDS } from "@/components/agents/agent-fields";
import { EmailStatus, isEmailInvalid } from "@/components/agents/email-status";
import { Button } from "@/components/ui/button";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";
import {
  AGENT_MESSAGES,
  agentInputSchema,
  type AgentInput,
  type AgentValues,
  type AgentView,
} from "@/lib/agents/agent-schema";

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
 * anything else the route's schema (agentInputSchema) refuses gets the §5 message on submit.
 */
export function AddAgentForm({ defaults, onAdded, seatNotice }: AddAgentFormProps) {
  const emptyForm = (): AgentInput => ({
    ...EMPTY_AGENT_FIELDS,
    carriers: defaults.carriers,
    stateLicenses: defaults.stateLicenses,
  });
  const form = useForm<AgentInput, unknown, AgentValues>({
    resolver: zodResolver(agentInputSchema),
    defaultValues: emptyForm(),
  });
  const { control, handleSubmit, reset, setError, clearErrors, formState } = form;
  const [firstName = "", lastName = "", email = ""] = useWatch({ control, name: ["firstName", "lastName", "email"] });
  const [formError, setFormError] = useState<string | null>(null);
  const availability = useEmailAvailability(email, { server: false });
  const saving = formState.isSubmitting;

  const canAdd =
    Boolean(firstName.trim() && lastName.trim() && email.trim()) && availability.status === "available" && !saving;

  const onValid = async (values: AgentValues) => {
    setFormError(null);
    const result = await createAgentRequest(values);
    if (result.ok) {
      reset(emptyForm());
      onAdded(result.body.agent);
      return;
    }
    setServerFieldErrors(result.fields, AGENT_FIELD_NAMES, setError);
    setFormError(failureMessage(result, AGENT_MESSAGES.saveFailed, AGENT_MESSAGES.invalid));
  };

  return (
    <section
      aria-labelledby="add-agent-heading"
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id="add-agent-heading" className="text-lg font-semibold text-gray-900">
        Add Another Agent
      </h2>
      <p className="mt-1 text-sm text-gray-600">They&apos;ll be able to sign in with this email address.</p>
      {seatNotice ? <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">{seatNotice}</p> : null}
      <FormProvider {...form}>
        <form
          className="mt-4 space-y-4"
          noValidate
          aria-busy={saving}
          onChange={() => {
            setFormError(null);
            clearErrors();
          }}
          onSubmit={(event) => {
            if (!canAdd) {
              event.preventDefault();
              return;
            }
            setFormError(null);
            return handleSubmit(onValid, () => setFormError(AGENT_MESSAGES.invalid))(event);
          }}
        >
          <AgentFields
            idPrefix="new-agent"
            disabled={saving}
            emailInvalid={isEmailInvalid(availability)}
            emailStatus={<EmailStatus id="new-agent-email-status" availability={availability} />}
          />
          {formError ? (
            <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
              {formError}
            </p>
          ) : null}
          <div className="flex justify-end">
            <Button
              type="submit"
              className="w-full sm:w-auto"
              disabled={!canAdd}
              loading={saving}
              loadingLabel="Adding..."
            >
              Add Agent
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
