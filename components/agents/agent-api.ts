import { apiCall as call } from "@/lib/api/browser-client";
import type {
  AgentInput,
  AgentUpdateInput,
  DeleteAgentResponse,
  SaveAgentResponse,
  SetDefaultAgentResponse,
} from "@/lib/agents/agent-schema";

/** The Manage Agents calls (agency-side.md §7 Agents), answered as results and never thrown (lib/api/browser-client.ts). */

export type { ApiResult } from "@/lib/api/browser-client";

/** The fields both agent forms show: the server's per-field words land on these. */
export const AGENT_FIELD_NAMES = ["firstName", "lastName", "email", "phone", "isAdmin", "isAgent"] as const;

export const createAgentRequest = (payload: AgentInput) =>
  call<SaveAgentResponse>("/api/agents/create", { method: "POST", body: payload });

export const updateAgentRequest = (id: string, payload: AgentUpdateInput) =>
  call<SaveAgentResponse>(`/api/agents/${encodeURIComponent(id)}`, { method: "PUT", body: payload });

export const deleteAgentRequest = (id: string, reassignTo: string | null) =>
  call<DeleteAgentResponse>(
    `/api/agents/${encodeURIComponent(id)}${reassignTo ? `?reassignTo=${encodeURIComponent(reassignTo)}` : ""}`,
    { method: "DELETE" },
  );

export const setDefaultAgentRequest = (agentId: string) =>
  call<SetDefaultAgentResponse>("/api/agents/set_default_agent", { method: "POST", body: { agentId } });

/**
 * The text to show for a failed call: the server's own words for refusals the user can act on (409:
 * email taken, plan limit, the default/current-user rule; 404), the spec's fallback otherwise.
 */
export function failureMessage(
  result: { status: number; message: string | null },
  fallback: string,
  invalidMessage?: string,
): string {
  if (result.status === 422 && invalidMessage) return invalidMessage;
  if ((result.status === 409 || result.status === 404 || result.status === 422) && result.message)
    return result.message;
  return fallback;
}
