"use client";

import { useId, useState, type FormEvent } from "react";
import { EMAIL_STATUS_TONE, useEmailAvailability } from "@/components/accounts/use-email-availability";
import { ContinueButton, FormAlert, StepHeader } from "@/components/onboarding/form-controls";
import { Input } from "@/components/ui/input";
import { postOnboarding } from "@/components/onboarding/onboarding-api";
import { formatPhone, nextPhoneDigits } from "@/lib/accounts/signup-schema";
import { AGENT_MESSAGES, agentInitials, agentInputSchema, agentLimitMessage } from "@/lib/agents/agent-schema";
import { ONBOARDING_MESSAGES } from "@/lib/onboarding/onboarding-schema";
import type { OnboardingStep } from "@/lib/onboarding/onboarding-steps";

export type TeamMember = { id?: string; firstName: string; lastName: string; email: string; phone: string; isAgent?: boolean; isCurrentUser?: boolean };

export type AgentsStepProps = {
  productName: string;
  agents: TeamMember[];
  /** Active agents the plan allows (-1: unlimited). */
  agentLimit: number;
  onSaved: (created: TeamMember[], result: { nextStep: OnboardingStep }) => void;
};

const EMPTY = { firstName: "", lastName: "", email: "", phone: "" };
const ALREADY_LISTED = "This agent is already on your list.";

function AgentCard({ agent, onRemove }: { agent: TeamMember; onRemove?: () => void }) {
  return (
    <li className="flex items-center gap-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700" aria-hidden="true">
        {agentInitials(agent)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-900">
          {agent.firstName} {agent.lastName}
          {agent.isCurrentUser ? <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-600">{AGENT_MESSAGES.currentUser}</span> : null}
          {onRemove ? <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">New</span> : null}
        </p>
        <p className="truncate text-sm text-gray-600">{agent.email}</p>
        <p className="text-sm text-gray-500">{agent.phone ? formatPhone(agent.phone) : AGENT_MESSAGES.noPhone}</p>
      </div>
      {onRemove ? (
        <button type="button" onClick={onRemove} aria-label={`Remove ${agent.firstName} ${agent.lastName}`} className="rounded-md px-2 py-1 text-sm text-gray-500 hover:bg-gray-100 hover:text-red-600">
          Remove
        </button>
      ) : null}
    </li>
  );
}

/** Step 3: 'More Team Members?'. New agents are listed here and created together on Continue. */
export function AgentsStep({ productName, agents, agentLimit, onSaved }: AgentsStepProps) {
  const id = useId();
  const [pending, setPending] = useState<TeamMember[]>([]);
  const [form, setForm] = useState(EMPTY);
  const [addError, setAddError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const availability = useEmailAvailability(form.email, { server: false });

  const normalizedEmail = form.email.trim().toLowerCase();
  const listed = normalizedEmail !== "" && [...agents, ...pending].some((a) => a.email.toLowerCase() === normalizedEmail);
  const seatsUsed = agents.filter((a) => a.isAgent !== false).length + pending.length;
  const seatsFull = agentLimit >= 0 && seatsUsed >= agentLimit;
  const canAdd = form.firstName.trim() !== "" && form.lastName.trim() !== "" && normalizedEmail !== "" && availability.status === "available" && !listed && !seatsFull;

  const emailMessage = listed
    ? ALREADY_LISTED
    : availability.status === "invalid"
      ? AGENT_MESSAGES.invalidEmail
      : availability.message;
  const emailTone = listed ? "text-red-600" : EMAIL_STATUS_TONE[availability.status];

  function addAgent() {
    if (!canAdd) return;
    const parsed = agentInputSchema.safeParse({ ...form, isAgent: true, isAdmin: false });
    if (!parsed.success) {
      setAddError(AGENT_MESSAGES.invalid);
      return;
    }
    const { firstName, lastName, email, phone } = parsed.data;
    setPending((list) => [...list, { firstName, lastName, email, phone, isAgent: true }]);
    setForm(EMPTY);
    setAddError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFormError(null);
    try {
      const result = await postOnboarding<{ nextStep: OnboardingStep; agents: TeamMember[] }>(
        "/api/onboarding/agents",
        { agents: pending.map(({ firstName, lastName, email, phone }) => ({ firstName, lastName, email, phone, isAgent: true, isAdmin: false })) },
        AGENT_MESSAGES.saveFailed,
      );
      setPending([]);
      onSaved(result.agents ?? [], { nextStep: result.nextStep });
    } catch (error) {
      setFormError(error instanceof Error ? error.message : ONBOARDING_MESSAGES.agentSaveFailed);
    } finally {
      setSaving(false);
    }
  }

  const setField = (field: keyof typeof EMPTY, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setAddError(null);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <StepHeader title="More Team Members?" subtitle={`Add additional agents who will be using ${productName}. You can add more later from Manage Agents.`} />

      <ul className="space-y-3" aria-label="Team members">
        {agents.map((agent) => (
          <AgentCard key={agent.id ?? agent.email} agent={agent} />
        ))}
        {pending.map((agent) => (
          <AgentCard key={agent.email} agent={agent} onRemove={() => setPending((list) => list.filter((a) => a.email !== agent.email))} />
        ))}
      </ul>

      <section
        aria-labelledby={`${id}-add`}
        className="rounded-lg border border-dashed border-gray-300 bg-gray-50/60 p-5"
        onKeyDown={(event) => {
          // Enter in the add form adds the agent; it must not submit the step.
          if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
            event.preventDefault();
            addAgent();
          }
        }}
      >
        <h3 id={`${id}-add`} className="text-base font-semibold text-gray-900">
          Add Another Agent
        </h3>
        {seatsFull ? <p className="mt-1 text-sm text-amber-700">{agentLimitMessage(agentLimit)}</p> : null}
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-first`} className="block text-sm font-medium text-gray-700">
              First Name
            </label>
            <Input id={`${id}-first`} type="text" autoComplete="off" value={form.firstName} onChange={(e) => setField("firstName", e.target.value)} className="mt-1" />
          </div>
          <div>
            <label htmlFor={`${id}-last`} className="block text-sm font-medium text-gray-700">
              Last Name
            </label>
            <Input id={`${id}-last`} type="text" autoComplete="off" value={form.lastName} onChange={(e) => setField("lastName", e.target.value)} className="mt-1" />
          </div>
          <div>
            <label htmlFor={`${id}-email`} className="block text-sm font-medium text-gray-700">
              Email
            </label>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="off"
              value={form.email}
              onChange={(e) => setField("email", e.target.value)}
              aria-describedby={`${id}-email-status`}
              aria-invalid={listed || availability.status === "invalid" ? true : undefined}
              className="mt-1"
            />
            <p id={`${id}-email-status`} role="status" className={`mt-1 min-h-4 text-xs ${emailTone}`}>
              {emailMessage}
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-phone`} className="block text-sm font-medium text-gray-700">
              Phone
            </label>
            <Input
              id={`${id}-phone`}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="(555) 555-5555"
              value={formatPhone(form.phone)}
              onChange={(e) => setField("phone", nextPhoneDigits(form.phone, e.target.value, e.target.selectionStart))}
              className="mt-1"
            />
          </div>
        </div>
        {addError ? (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {addError}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end">
          <button
            type="button"
            onClick={addAgent}
            disabled={!canAdd}
            className="inline-flex items-center gap-1.5 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-brand-500 transition hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-white"
          >
            <span aria-hidden="true">+</span> Add Agent
          </button>
        </div>
      </section>

      <FormAlert message={formError} />

      <div className="flex items-center justify-between border-t border-gray-100 pt-5">
        <p className="text-sm text-gray-500">{pending.length ? `${pending.length} new agent${pending.length === 1 ? "" : "s"} will be added.` : "No new agents? Just continue."}</p>
        <ContinueButton disabled={false} saving={saving} />
      </div>
    </form>
  );
}
