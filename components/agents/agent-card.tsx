"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useEmailAvailability } from "@/components/accounts/use-email-availability";
import { AGENT_FIELD_NAMES, failureMessage, updateAgentRequest } from "@/components/agents/agent-api";
import { AgentFields } from "@/components/agents/agent-fields";
import { EmailStatus, isEmailInvalid } from "@/components/agents/email-status";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatPhone } from "@/lib/phone/phone";
import { setServerFieldErrors } from "@/lib/api/server-field-errors";
import {
  AGENT_MESSAGES,
  agentEditSchema,
  agentInitials,
  isAgentComplete,
  type AgentEditInput,
  type AgentEditValues,
  type AgentView,
} from "@/lib/agents/agent-schema";

/** How long 'Copied!' stays (§4 Copy link, §9). */
export const COPIED_MS = 2000;

export type AgentCardProps = {
  agent: AgentView;
  isCurrentUser: boolean;
  onboardingLink: string;
  onSaved: (agent: AgentView) => void;
  onSetDefault: () => void;
  settingDefault: boolean;
  /** Absent when the agent cannot be deleted (the default agent, the current user). */
  onRequestDelete?: (trigger: HTMLButtonElement) => void;
};

/** The Edit form starts from the stored agent; carriers, licenses, booking link and signature go back as they are. */
const valuesOf = (agent: AgentView): AgentEditInput => ({
  firstName: agent.firstName,
  lastName: agent.lastName,
  email: agent.email,
  phone: agent.phone ?? "",
  isAdmin: agent.isAdmin,
  isAgent: agent.isAgent,
  carriers: agent.carriers,
  stateLicenses: agent.stateLicenses,
  bookingLink: agent.bookingLink,
  signature: agent.signature,
});

/** One agent: initials, name, email, phone, badges, actions, and an expand-to-edit form with 'Save'. */
export function AgentCard({
  agent,
  isCurrentUser,
  onboardingLink,
  onSaved,
  onSetDefault,
  settingDefault,
  onRequestDelete,
}: AgentCardProps) {
  const [expanded, setExpanded] = useState(false);
  const form = useForm<AgentEditInput, unknown, AgentEditValues>({
    resolver: zodResolver(agentEditSchema),
    defaultValues: valuesOf(agent),
  });
  const { control, handleSubmit, reset, setError: setFieldError, clearErrors, formState } = form;
  const saving = formState.isSubmitting;
  const [error, setError] = useState<string | null>(null);
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const editButton = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const prefix = `agent-${agent.id}`;

  const email = useWatch({ control, name: "email" }) ?? "";
  const emailChanged = email.trim().toLowerCase() !== agent.email;
  const availability = useEmailAvailability(emailChanged ? email : "", {
    server: false,
  });
  const emailReady = !emailChanged || availability.status === "available";

  useEffect(() => () => clearTimeout(copyTimer.current), []);

  const name = `${agent.firstName} ${agent.lastName}`.trim() || agent.email;

  const toggle = () => {
    if (!expanded) {
      reset(valuesOf(agent));
      setError(null);
    }
    setExpanded(!expanded);
  };

  const cancel = () => {
    setExpanded(false);
    setError(null);
    editButton.current?.focus();
  };

  const copyLink = async () => {
    clearTimeout(copyTimer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(onboardingLink);
      setCopy("copied");
      copyTimer.current = setTimeout(() => setCopy("idle"), COPIED_MS);
    } catch {
      setCopy("failed");
    }
  };

  const save = async (values: AgentEditValues) => {
    setError(null);
    const result = await updateAgentRequest(agent.id, values);
    if (!result.ok) {
      setServerFieldErrors(result.fields, AGENT_FIELD_NAMES, setFieldError);
      setError(failureMessage(result, AGENT_MESSAGES.saveDetailsFailed, AGENT_MESSAGES.invalid));
      return;
    }
    onSaved(result.body.agent);
    setExpanded(false);
    editButton.current?.focus();
  };

  const complete = isAgentComplete(agent);

  return (
    <li className="rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
      <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span
            aria-hidden="true"
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
          >
            {agentInitials(agent)}
          </span>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="truncate font-semibold text-gray-900">{name}</h3>
              {agent.isDefault ? <Badge tone="brand">Default</Badge> : null}
              {agent.isAdmin ? <Badge>Admin</Badge> : null}
              {agent.isAgent ? <Badge>Agent</Badge> : null}
              {!agent.is_active ? <Badge tone="warning">Inactive</Badge> : null}
            </div>
            {isCurrentUser ? <p className="text-xs font-medium text-brand-700">{AGENT_MESSAGES.currentUser}</p> : null}
            <p className="mt-1 truncate text-sm text-gray-600">{agent.email}</p>
            <p className={`text-sm ${agent.phone ? "text-gray-600" : "text-gray-600 italic"}`}>
              {agent.phone ? formatPhone(agent.phone) : AGENT_MESSAGES.noPhone}
            </p>
            {!complete ? (
              <p className="mt-1 text-xs text-amber-700">Add the missing details before continuing to the dashboard.</p>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          <Button
            ref={editButton}
            variant="secondary"
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={toggle}
          >
            {expanded ? "Close" : "Edit"}
            <span className="sr-only"> {name}</span>
          </Button>
          {!agent.isDefault && agent.isAgent && agent.is_active ? (
            <Button variant="secondary" onClick={onSetDefault} disabled={settingDefault}>
              {settingDefault ? "Setting..." : "Set as Default"}
              <span className="sr-only"> ({name})</span>
            </Button>
          ) : null}
          <Button
            variant="secondary"
            onClick={copyLink}
            aria-label={copy === "copied" ? "Copied!" : `Copy onboarding link for ${name}`}
          >
            {copy === "copied" ? "Copied!" : "Copy Onboarding Link"}
          </Button>
          {onRequestDelete ? (
            <Button variant="danger-outline" onClick={(event) => onRequestDelete(event.currentTarget)}>
              Delete
              <span className="sr-only"> {name}</span>
            </Button>
          ) : null}
        </div>
      </div>
      {copy === "failed" ? (
        <p role="alert" className="mx-4 mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {AGENT_MESSAGES.copyFailed}
        </p>
      ) : null}
      {expanded ? (
        <FormProvider {...form}>
          <form
            id={panelId}
            className="space-y-4 border-t border-gray-100 p-4"
            noValidate
            onSubmit={(event) => {
              setError(null);
              return handleSubmit(save, () => setError(AGENT_MESSAGES.invalid))(event);
            }}
            onChange={() => {
              setError(null);
              clearErrors();
            }}
            aria-busy={saving}
            aria-label={`Edit ${name}`}
          >
            <AgentFields
              idPrefix={prefix}
              disabled={saving}
              emailInvalid={emailChanged && isEmailInvalid(availability)}
              emailStatus={
                emailChanged ? <EmailStatus id={`${prefix}-email-status`} availability={availability} /> : undefined
              }
            />
            {error ? (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={cancel} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" disabled={!emailReady} loading={saving} loadingLabel="Saving...">
                Save
              </Button>
            </div>
          </form>
        </FormProvider>
      ) : null}
    </li>
  );
}
