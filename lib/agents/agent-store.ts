import "server-only";
import type { z } from "zod";
import { AppError, fieldErrorsFromZod } from "@/lib/api/errors";
import { AGENT_MESSAGES, checkAgentSeat, type AgentView } from "@/lib/agents/agent-schema";
import type { TxClient } from "@/lib/db";

/** Shared pieces of the agent services: the columns of an Agent, locking, the seat check, errors. */

export const AGENT_SELECT = {
  id: true,
  organizationId: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  carriers: true,
  stateLicenses: true,
  isAdmin: true,
  isAgent: true,
  isActive: true,
  signature: true,
  bookingLink: true,
  useOrgSenderDetails: true,
} as const;

export type AgentRow = {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  carriers: string[];
  stateLicenses: string[];
  isAdmin: boolean;
  isAgent: boolean;
  isActive: boolean;
  signature: string;
  bookingLink: string | null;
  useOrgSenderDetails: boolean;
};

export function toAgentView(row: AgentRow, organization: { slug: string; defaultAgentId: string | null }): AgentView {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    org_slug: organization.slug,
    organizationId: row.organizationId,
    carriers: row.carriers,
    stateLicenses: row.stateLicenses,
    isAdmin: row.isAdmin,
    isAgent: row.isAgent,
    isDefault: organization.defaultAgentId === row.id,
    is_active: row.isActive,
    signature: row.signature,
    bookingLink: row.bookingLink,
    useOrgSenderDetails: row.useOrgSenderDetails,
  };
}

/** Parses agent input; anything invalid is a 422 carrying the spec's one message (§5) and the fields. */
export function parseAgentOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError("validation_failed", AGENT_MESSAGES.invalid, { fields: fieldErrorsFromZod(result.error) });
  return result.data;
}

export const agentNotFound = () => AppError.notFound(AGENT_MESSAGES.notFound);

export const emailTakenError = () => new AppError("conflict", AGENT_MESSAGES.emailTaken, { fields: { email: [AGENT_MESSAGES.emailTaken] } });

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

export type LockedOrganization = { slug: string; defaultAgentId: string | null; agentLimit: number; extraAgents: number };

/**
 * The organization row, locked for the rest of the transaction (FOR UPDATE): agent writes of one
 * organization run one after another, so two concurrent adds cannot both take the last seat.
 * Row-level security hides other organizations' rows, so a foreign id is "not found".
 */
export async function lockOrganization(tx: TxClient, organizationId: string): Promise<LockedOrganization> {
  const rows = await tx.$queryRaw<{ slug: string; default_agent_id: string | null; agent_limit: number; extra_agents: number }[]>`
    SELECT slug, default_agent_id::text AS default_agent_id, agent_limit, extra_agents
    FROM organizations WHERE id = ${organizationId}::uuid FOR UPDATE`;
  const row = rows[0];
  if (!row) throw AppError.notFound("Organization not found");
  return { slug: row.slug, defaultAgentId: row.default_agent_id, agentLimit: Number(row.agent_limit), extraAgents: Number(row.extra_agents) };
}

/** 409 when one more active agent would exceed the plan (agentLimit + extraAgents; -1 = unlimited). */
export async function assertAgentSeatAvailable(tx: TxClient, organizationId: string, organization: LockedOrganization, excludeUserId?: string) {
  if (organization.agentLimit < 0) return;
  const activeAgentCount = await tx.user.count({
    where: { organizationId, isActive: true, isAgent: true, ...(excludeUserId ? { id: { not: excludeUserId } } : {}) },
  });
  const seat = checkAgentSeat({ agentLimit: organization.agentLimit, extraAgents: organization.extraAgents, activeAgentCount });
  if (!seat.ok) throw new AppError("conflict", seat.message);
}
