"use client";

import Link from "next/link";
import { useCallback, useMemo, useRef, useState } from "react";
import { deleteAgentRequest, failureMessage, setDefaultAgentRequest } from "@/components/agents/agent-api";
import { AddAgentForm } from "@/components/agents/add-agent-form";
import { AgentCard } from "@/components/agents/agent-card";
import { DeleteAgentDialog } from "@/components/agents/delete-agent-dialog";
import { Button, buttonClass } from "@/components/ui/button";
import {
  AGENT_MESSAGES,
  agentLimitMessage,
  agentOnboardingLink,
  isAgentComplete,
  type AgentView,
} from "@/lib/agents/agent-schema";

export type ManageAgentsProps = {
  initialAgents: AgentView[];
  defaultAgentId: string | null;
  currentUserId: string;
  appUrl: string;
  orgSlug: string;
  /** Seats the plan allows, or null when unlimited. */
  agentSeats: number | null;
  agentDefaults: { carriers: string[]; stateLicenses: string[] };
};

const collator = new Intl.Collator("en", { sensitivity: "base" });
const byName = (a: AgentView, b: AgentView) =>
  collator.compare(a.firstName, b.firstName) ||
  collator.compare(a.lastName, b.lastName) ||
  collator.compare(a.email, b.email);
const withDefault = (agents: AgentView[], defaultAgentId: string | null) =>
  agents.map((a) => ({ ...a, isDefault: a.id === defaultAgentId }));
const fullName = (agent: AgentView) => `${agent.firstName} ${agent.lastName}`.trim() || agent.email;

/**
 * Manage Agents (/add-agents, §2): agent cards with expand-to-edit, the add form, default agent,
 * onboarding links, delete with optional reassignment, and Continue to Dashboard once every agent has
 * names, email and phone.
 */
export function ManageAgents({
  initialAgents,
  defaultAgentId: initialDefault,
  currentUserId,
  appUrl,
  orgSlug,
  agentSeats,
  agentDefaults,
}: ManageAgentsProps) {
  const [agents, setAgents] = useState<AgentView[]>(() => [...initialAgents].sort(byName));
  const [defaultAgentId, setDefaultAgentId] = useState(initialDefault);
  const [notice, setNotice] = useState<string | null>(null);
  const [pageError, setPageError] = useState<string | null>(null);
  const [settingDefaultId, setSettingDefaultId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ agent: AgentView; busy: boolean; error: string | null } | null>(null);
  const deleteTrigger = useRef<HTMLButtonElement | null>(null);

  const shown = useMemo(() => withDefault(agents, defaultAgentId), [agents, defaultAgentId]);
  const incomplete = shown.filter((agent) => !isAgentComplete(agent));
  const canContinue = shown.length > 0 && incomplete.length === 0;
  const seatsUsed = shown.filter((a) => a.isAgent && a.is_active).length;
  const seatsFull = agentSeats !== null && seatsUsed >= agentSeats;

  const announce = (text: string) => {
    setPageError(null);
    setNotice(text);
  };

  const onAdded = (agent: AgentView) => {
    setAgents((list) => [...list.filter((a) => a.id !== agent.id), agent].sort(byName));
    if (agent.isDefault) setDefaultAgentId(agent.id);
    announce(`${fullName(agent)} was added. We emailed them an invitation with a sign-in link.`);
  };

  const onSaved = (agent: AgentView) => {
    setAgents((list) => list.map((a) => (a.id === agent.id ? agent : a)).sort(byName));
    announce(`Changes to ${fullName(agent)} were saved.`);
  };

  const setDefault = async (agent: AgentView) => {
    setSettingDefaultId(agent.id);
    setNotice(null);
    const result = await setDefaultAgentRequest(agent.id);
    setSettingDefaultId(null);
    if (!result.ok) {
      setPageError(AGENT_MESSAGES.setDefaultFailed);
      return;
    }
    setDefaultAgentId(result.body.defaultAgentId);
    announce(`${fullName(agent)} is now the default agent.`);
  };

  const closeDelete = useCallback(() => {
    setDeleting(null);
    // Focus goes back to the Delete button that opened the dialog (or the list, if that card is gone).
    const trigger = deleteTrigger.current;
    requestAnimationFrame(() =>
      trigger?.isConnected ? trigger.focus() : document.getElementById("agents-heading")?.focus(),
    );
  }, []);

  const confirmDelete = async (reassignTo: string | null) => {
    if (!deleting) return;
    const agent = deleting.agent;
    setDeleting({ agent, busy: true, error: null });
    const result = await deleteAgentRequest(agent.id, reassignTo);
    if (!result.ok) {
      setDeleting({ agent, busy: false, error: failureMessage(result, AGENT_MESSAGES.deleteFailed) });
      return;
    }
    setAgents((list) => list.filter((a) => a.id !== agent.id));
    const target = reassignTo ? agents.find((a) => a.id === reassignTo) : undefined;
    announce(
      target
        ? `${fullName(agent)} was deleted. ${result.body.contactsReassigned} contact${result.body.contactsReassigned === 1 ? "" : "s"} reassigned to ${fullName(target)}.`
        : `${fullName(agent)} was deleted.`,
    );
    setDeleting(null);
    requestAnimationFrame(() => document.getElementById("agents-heading")?.focus());
  };

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">Manage Agents</h1>
        <p className="mt-1 text-sm text-gray-600">
          Add the agents on your team, choose the default agent (who receives contacts without an agent), and share each
          agent&apos;s onboarding link.
        </p>
      </header>

      <div aria-live="polite" className="empty:hidden">
        {notice ? <p className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">{notice}</p> : null}
      </div>
      {pageError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {pageError}
        </p>
      ) : null}

      <section aria-labelledby="agents-heading" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="agents-heading" tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
            Agents
          </h2>
          {agentSeats !== null ? (
            <p className="text-sm text-gray-500">
              {seatsUsed} of {agentSeats} agent seat{agentSeats === 1 ? "" : "s"} used
            </p>
          ) : null}
        </div>
        {shown.length === 0 ? (
          <p className="rounded-lg bg-white p-8 text-center text-sm text-gray-500 ring-1 ring-gray-200">
            No agents yet. Add your first agent below.
          </p>
        ) : (
          <ul className="space-y-3">
            {shown.map((agent) => {
              const isCurrentUser = agent.id === currentUserId;
              const deletable = !isCurrentUser && !agent.isDefault;
              return (
                <AgentCard
                  key={agent.id}
                  agent={agent}
                  isCurrentUser={isCurrentUser}
                  onboardingLink={agentOnboardingLink(appUrl, orgSlug, agent.id)}
                  onSaved={onSaved}
                  onSetDefault={() => void setDefault(agent)}
                  settingDefault={settingDefaultId === agent.id}
                  onRequestDelete={
                    deletable
                      ? (trigger) => {
                          deleteTrigger.current = trigger;
                          setNotice(null);
                          setDeleting({ agent, busy: false, error: null });
                        }
                      : undefined
                  }
                />
              );
            })}
          </ul>
        )}
      </section>

      <AddAgentForm
        defaults={agentDefaults}
        onAdded={onAdded}
        seatNotice={seatsFull && agentSeats !== null ? agentLimitMessage(agentSeats) : null}
      />

      <div className="flex flex-col items-stretch gap-2 border-t border-gray-200 pt-6 sm:flex-row sm:items-center sm:justify-between">
        <p id="continue-help" className="text-sm text-gray-600">
          {canContinue
            ? "Every agent has their details filled in."
            : `Every agent needs a first name, last name, email and phone before you continue${incomplete.length ? ` (missing: ${incomplete.map(fullName).join(", ")})` : ""}.`}
        </p>
        {canContinue ? (
          <Link href="/dashboard" className={buttonClass()}>
            Continue to Dashboard
          </Link>
        ) : (
          <Button disabled aria-describedby="continue-help">
            Continue to Dashboard
          </Button>
        )}
      </div>

      {deleting ? (
        <DeleteAgentDialog
          agent={deleting.agent}
          reassignOptions={shown.filter((a) => a.id !== deleting.agent.id && a.isAgent && a.is_active)}
          busy={deleting.busy}
          error={deleting.error}
          onConfirm={(reassignTo) => void confirmDelete(reassignTo)}
          onClose={closeDelete}
        />
      ) : null}
    </div>
  );
}
