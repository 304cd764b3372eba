/**
 * The two lists the CSV upload modal loads when it opens: the organization's carriers (the standard
 * names the Carrier Mapping offers) and the agents for "Assign to Agent". Never throws: null on failure.
 */

export type AgentOption = { id: string; name: string };
export type AgentsLoad = { agents: AgentOption[]; defaultAgentId: string | null };

async function getJson(url: string, signal?: AbortSignal): Promise<unknown> {
  try {
    const response = await fetch(url, { headers: { Accept: "application/json" }, signal });
    if (!response.ok) return null;
    return await response.json();
  } catch {
    return null;
  }
}

/** GET /api/settings/carriers → the carrier names, or null when the list could not be loaded. */
export async function loadCarrierNames(signal?: AbortSignal): Promise<string[] | null> {
  const body = (await getJson("/api/settings/carriers", signal)) as { carriers?: unknown } | null;
  if (!body || !Array.isArray(body.carriers)) return null;
  return body.carriers
    .map((c: unknown) => (c && typeof c === "object" && typeof (c as { name?: unknown }).name === "string" ? (c as { name: string }).name : null))
    .filter((name): name is string => Boolean(name));
}

type AgentRecord = { id?: unknown; firstName?: unknown; lastName?: unknown; email?: unknown };

/** GET /api/agents → the agents (admins get everyone, agents only themselves), or null on failure. */
export async function loadAgents(signal?: AbortSignal): Promise<AgentsLoad | null> {
  const body = (await getJson("/api/agents", signal)) as { agents?: unknown; defaultAgentId?: unknown } | null;
  if (!body || !Array.isArray(body.agents)) return null;
  const agents = (body.agents as AgentRecord[])
    .filter((a) => a && typeof a.id === "string")
    .map((a) => {
      const name = [a.firstName, a.lastName].filter((part): part is string => typeof part === "string" && part.trim() !== "").join(" ");
      return { id: a.id as string, name: name || (typeof a.email === "string" ? a.email : "Unnamed agent") };
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
