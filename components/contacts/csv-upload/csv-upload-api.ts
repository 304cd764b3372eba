import { apiCall } from "@/lib/api/browser-client";
import type { AgentsResponse } from "@/lib/agents/agent-schema";
import type { SettingsCarriersResponse } from "@/lib/settings/update-org-settings-body";

/**
 * The two lists the CSV upload modal loads when it opens: the organization's carriers (the standard
 * names the Carrier Mapping offers) and the agents for "Assign to Agent". Never throws: null on failure.
 */

export type AgentOption = { id: string; name: string };
export type AgentsLoad = { agents: AgentOption[]; defaultAgentId: string | null };

/** The body, or null on any failure (lib/api/browser-client.ts never throws). */
async function getJson<T>(url: string, signal?: AbortSignal): Promise<T | null> {
  const result = await apiCall<T>(url, { signal });
  return result.ok ? result.body : null;
}

/** GET /api/settings/carriers → the carrier names, or null when the list could not be loaded. */
export async function loadCarrierNames(signal?: AbortSignal): Promise<string[] | null> {
  const body = await getJson<SettingsCarriersResponse>("/api/settings/carriers", signal);
  if (!body || !Array.isArray(body.carriers)) return null;
  return body.carriers.map((c) => c?.name).filter((name): name is string => typeof name === "string" && name !== "");
}

/** GET /api/agents → the agents (admins get everyone, agents only themselves), or null on failure. */
export async function loadAgents(signal?: AbortSignal): Promise<AgentsLoad | null> {
  const body = await getJson<AgentsResponse>("/api/agents", signal);
  if (!body || !Array.isArray(body.agents)) return null;
  const agents = body.agents
    .filter((a) => a && typeof a.id === "string")
    .map((a) => {
      const name = [a.firstName, a.lastName].filter((part) => typeof part === "string" && part.trim() !== "").join(" ");
      return { id: a.id, name: name || (typeof a.email === "string" ? a.email : "Unnamed agent") };
    });
  return { agents, defaultAgentId: typeof body.defaultAgentId === "string" ? body.defaultAgentId : null };
}

/** The agent preselected in "Assign to Agent": the default agent, else the current user, else the first. */
export function initialAgentId(load: AgentsLoad, currentUserId: string): string {
  const ids = new Set(load.agents.map((a) => a.id));
  if (load.defaultAgentId && ids.has(load.defaultAgentId)) return load.defaultAgentId;
  if (ids.has(currentUserId)) return currentUserId;
  return load.agents[0]?.id ?? "";
}
