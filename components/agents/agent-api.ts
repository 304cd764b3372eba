import type { AgentView } from "@/lib/agents/agent-schema";

/** The Manage Agents calls (agency-side.md §7 Agents), answered as { ok, status, body } and never thrown. */

type ErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string[] | undefined> } };
export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; message: string | null };

async function call<T>(url: string, init: RequestInit = {}): Promise<ApiResult<T>> {
  try {
    const response = await fetch(url, {
      ...init,
      headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}), ...init.headers },
    });
    const body = (await response.json().catch(() => null)) as (T & ErrorBody) | null;
    if (response.ok && body) return { ok: true, status: response.status, body };
    return { ok: false, status: response.status, message: body?.error?.message ?? null };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

export type AgentPayload = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  isAdmin: boolean;
  isAgent: boolean;
  carriers: string[];
  stateLicenses: string[];
  bookingLink?: string | null;
  signature?: string;
};

export const createAgentRequest = (payload: AgentPayload) =>
  call<{ success: true; agent: AgentView }>("/api/agents/create", { method: "POST", body: JSON.stringify(payload) });

export const updateAgentRequest = (id: string, payload: AgentPayload) =>
  call<{ success: true; agent: AgentView }>(`/api/agents/${encodeURIComponent(id)}`, { method: "PUT", body: JSON.stringify(payload) });

export const deleteAgentRequest = (id: string, reassignTo: string | null) =>
  call<{ success: true; reassignedTo: string | null; contactsReassigned: number }>(
    `/api/agents/${encodeURIComponent(id)}${reassignTo ? `?reassignTo=${encodeURIComponent(reassignTo)}` : ""}`,
    { method: "DELETE" },
  );

export const setDefaultAgentRequest = (agentId: string) =>
  call<{ success: true; defaultAgentId: string }>("/api/agents/set_default_agent", { method: "POST", body: JSON.stringify({ agentId }) });

/**
 * The text to show for a failed call: the server's own words for refusals the user can act on (409:
 * email taken, plan limit, the default/current-user rule; 404), the spec's fallback otherwise.
 */
export function failureMessage(result: { status: number; message: string | null }, fallback: string, invalidMessage?: string): string {
  if (result.status === 422 && invalidMessage) return invalidMessage;
  if ((result.status === 409 || result.status === 404 || result.status === 422) && result.message) return result.message;
  return fallback;
}
