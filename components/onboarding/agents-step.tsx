"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState, type FormEvent } from "react";
import { useForm, useWatch } from "react-hook-form";
import { PhoneInput } from "@/components/ui/phone-input";
import { EMAIL_STATUS_TONE, useEmailAvailability } from "@/components/accounts/use-email-availability";
import { ContinueButton, FormAlert, saveFailureMessage, StepHeader } from "@/components/onboarding/form-controls";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { formatPhone } from "@/lib/phone/phone";
import {
  AGENT_MESSAGES,
  agentInitials,
  agentInputSchema,
  agentLimitMessage,
  type AgentInput,
  type AgentValues,
} from "@/lib/agents/agent-schema";
import { apiCall } from "@/lib/api/browser-client";
import type { OnboardingAgentsResponse } from "@/lib/onboarding/onboarding-schema";
import type { OnboardingStep } from "@/lib/onboarding/onboarding-steps";

export type TeamMember = {
  id?: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  isAgent?: boolean;
  isCurrentUser?: boolean;
};

export type AgentsStepProps = {
  productName: string;
  agents: TeamMember[];
  /** Active agents the plan allows (-1: unlimited). */
  agentLimit: number;
  onSaved: (created: TeamMember[], result: { nextStep: OnboardingStep }) => void;
};

/** The add form's values: the agent-add rule's (agentInputSchema, the route's own) with the roles fixed. */
const EMPTY: AgentInput = { firstName: "", lastName: "", email: "", phone: "", isAgent: true, isAdmin: false };
const ALREADY_LISTED = "This agent is already on your list.";

function AgentCard({ agent, onRemove }: { agent: TeamMember; onRemove?: () => void }) {
  return (
    <li className="flex items-center gap-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <span
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
        aria-hidden="true"
      >
        {agentInitials(agent)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-900">
          {agent.firstName} {agent.lastName}
          {agent.isCurrentUser ? (
            <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-600">
              {AGENT_MESSAGES.currentUser}
            </span>
          ) : null}
          {onRemove ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">New</span>
          ) : null}
        </p>
        <p className="truncate text-sm text-gray-600">{agent.email}</p>
        <p className="text-sm text-gray-600">{agent.phone ? formatPhone(agent.phone) : AGENT_MESSAGES.noPhone}</p>
      </div>
      {onRemove ? (
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${agent.firstName} ${agent.lastName}`}>
          Remove
        </Button>
      ) : null}
    </li>
  );
}

/** Step 3: 'More Team Members?'. New agents are listed here and created together on Continue. */
export function AgentsStep({ productName, agents, agentLimit, onSaved }: AgentsStepProps) {
  const id = useId();
  const [pending, setPending] = useState<TeamMember[]>([]);
  const [addError, setAddError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { register, control, handleSubmit, reset } = useForm<AgentInput, unknown, AgentValues>({
    resolver: zodResolver(agentInputSchema),
    defaultValues: EMPTY,
  });
  const [firstName = "", lastName = "", email = ""] = useWatch({ control, name: ["firstName", "lastName", "email"] });
  const availability = useEmailAvailability(email, { server: false });

  const normalizedEmail = email.trim().toLowerCase();
  const listed =
    normalizedEmail !== "" && [...agents, ...pending].some((a) => a.email.toLowerCase() === normalizedEmail);
  const seatsUsed = agents.filter((a) => a.isAgent !== false).length + pending.length;
  const seatsFull = agentLimit >= 0 && seatsUsed >= agentLimit;
  // agency-side.md §2: 'Add Agent' is enabled once first name, last name and email are filled in and the email
  // checks out; the agent-add rule itself (the schema, with the phone) is applied when it is pressed.
  const canAdd =
    firstName.trim() !== "" && lastName.trim() !== "" && availability.status === "available" && !listed && !seatsFull;

  const emailMessage = listed
    ? ALREADY_LISTED
    : availability.status === "invalid"
      ? AGENT_MESSAGES.invalidEmail
      : availability.message;
  const emailTone = listed ? "text-red-700" : EMAIL_STATUS_TONE[availability.status];

  const addAgent = handleSubmit(
    (agent) => {
      const { firstName, lastName, email, phone } = agent;
      setPending((list) => [...list, { firstName, lastName, email, phone, isAgent: true }]);
      reset(EMPTY);
      setAddError(null);
    },
    () => setAddError(AGENT_MESSAGES.invalid),
  );
  const tryAdd = () => {
    if (canAdd) void addAgent();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFormError(null);
    const result = await apiCall<OnboardingAgentsResponse>("/api/onboarding/agents", {
      method: "POST",
      body: {
        agents: pending.map(({ firstName, lastName, email, phone }) => ({
          firstName,
          lastName,
          email,
          phone,
          isAgent: true,
          isAdmin: false,
        })),
      },
    });
    setSaving(false);
    if (!result.ok) {
      setFormError(saveFailureMessage(result, AGENT_MESSAGES.saveFailed));
      return;
    }
    setPending([]);
    onSaved(result.body.agents, { nextStep: result.body.nextStep });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <StepHeader
        title="More Team Members?"
        subtitle={`Add additional agents who will be using ${productName}. You can add more later from Manage Agents.`}
      />

      <ul className="space-y-3" aria-label="Team members">
        {agents.map((agent) => (
          <AgentCard key={agent.id ?? agent.email} agent={agent} />
        ))}
        {pending.map((agent) => (
          <AgentCard
            key={agent.email}
            agent={agent}
            onRemove={() => setPending((list) => list.filter((a) => a.email !== agent.email))}
          />
        ))}
      </ul>

      <section
        aria-labelledby={`${id}-add`}
        className="rounded-lg border border-dashed border-gray-300 bg-gray-50/60 p-5"
        onKeyDown={(event) => {
          // Enter in the add form adds the agent; it must not submit the step.
          if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
            event.preventDefault();
            tryAdd();
          }
        }}
      >
        <h3 id={`${id}-add`} className="text-base font-semibold text-gray-900">
          Add Another Agent
        </h3>
        {seatsFull ? <p className="mt-1 text-sm text-amber-800">{agentLimitMessage(agentLimit)}</p> : null}
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-first`} label="First Name">
            {(props) => (
              <Input
                {...props}
                type="text"
                autoComplete="off"
                {...register("firstName", { onChange: () => setAddError(null) })}
              />
            )}
          </Field>
          <Field id={`${id}-last`} label="Last Name">
            {(props) => (
              <Input
                {...props}
                type="text"
                autoComplete="off"
                {...register("lastName", { onChange: () => setAddError(null) })}
              />
            )}
          </Field>
          <div>
            <Field id={`${id}-email`} label="Email" describedBy={`${id}-email-status`}>
              {(props) => (
                <Input
                  {...props}
                  type="email"
                  autoComplete="off"
                  aria-invalid={listed || availability.status === "invalid" ? true : undefined}
                  {...register("email", { onChange: () => setAddError(null) })}
                />
              )}
            </Field>
            <p id={`${id}-email-status`} role="status" className={`mt-1 min-h-5 text-sm ${emailTone}`}>
              {emailMessage}
            </p>
          </div>
          <Field id={`${id}-phone`} label="Phone">
            {(props) => <PhoneInput {...props} control={control} name="phone" autoComplete="off" />}
          </Field>
        </div>
        {addError ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {addError}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={tryAdd} disabled={!canAdd}>
            <span aria-hidden="true">+</span> Add Agent
          </Button>
        </div>
      </section>

      <FormAlert message={formError} />

      <div className="flex items-center justify-between border-t border-gray-100 pt-5">
        <p className="text-sm text-gray-600">
          {pending.length
            ? `${pending.length} new agent${pending.length === 1 ? "" : "s"} will be added.`
            : "No new agents? Just continue."}
        </p>
        <ContinueButton disabled={false} saving={saving} />
      </div>
    </form>
  );
}
