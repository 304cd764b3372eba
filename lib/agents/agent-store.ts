import "server-only";
import type { z } from "zod";
import { AppError, fieldErrorsFromZod } from "@/lib/api/errors";
import { AGENT_MESSAGES, checkAgentSeat, type AgentView } from "@/lib/agents/agent-schema";
import type { TxClient } from "@/lib/db";
import { consumeRateLimit } from "@/lib/rate-limit";

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
  if (!result.success)
    throw new AppError("validation_failed", AGENT_MESSAGES.invalid, { fields: fieldErrorsFromZod(result.error) });
  return result.data;
}

export const agentNotFound = () => AppError.notFound(AGENT_MESSAGES.notFound);

/** Refused addresses per organization: enough for typos and people already on the team, too few to probe who has an account elsewhere. */
export const EMAIL_REFUSALS_LIMIT = { limit: 10, windowSeconds: 60 * 60 } as const;

/**
 * The answer when an agent's address already belongs to a user (the database's unique index: other
 * organizations' users are invisible here). The message never says whether that user is in this
 * organization or another (docs/security.md).
 */
export const emailTakenError = () =>
  new AppError("conflict", AGENT_MESSAGES.emailTaken, { fields: { email: [AGENT_MESSAGES.emailTaken] } });

/**
 * Runs an agent write (its own transaction, finished when this sees the error) and counts each
 * taken-address refusal against the organization's EMAIL_REFUSALS_LIMIT: beyond it the refusal is a
 * 429, so an admin cannot test addresses in bulk. Counted outside the transaction, which the refusal
 * has already ended (and which holds the embedded database's one connection while it runs).
 */
export async function limitEmailRefusals<T>(organizationId: string, now: Date, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof AppError && error.code === "conflict" && error.message === AGENT_MESSAGES.emailTaken))
      throw error;
    try {
      await consumeRateLimit({ key: `agent-email-refused:org:${organizationId}`, ...EMAIL_REFUSALS_LIMIT, now });
    } catch (limited) {
      if (limited instanceof AppError && limited.code === "rate_limited")
        throw new AppError("rate_limited", AGENT_MESSAGES.emailRefusedTooOften, {
          retryAfterSeconds: limited.retryAfterSeconds,
        });
      throw limited;
    }
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

export type LockedOrganization = {
  slug: string;
  defaultAgentId: string | null;
  agentLimit: number;
  extraAgents: number;
};

/**
 * The organization row, locked for the rest of the transaction (FOR UPDATE): agent writes of one
 * organization run one after another, so two concurrent adds cannot both take the last seat.
 * Row-level security hides other organizations' rows, so a foreign id is "not found".
 */
export async function lockOrganization(tx: TxClient, organizationId: string): Promise<LockedOrganization> {
  const rows = await tx.$queryRaw<
    { slug: string; default_agent_id: string | null; agent_limit: number; extra_agents: number }[]
  >`
    SELECT slug, default_agent_id::text AS default_agent_id, agent_limit, extra_agents
    FROM organizations WHERE id = ${organizationId}::uuid FOR UPDATE`;
  const row = rows[0];
  if (!row) throw AppError.notFound("Organization not found");
  return {
    slug: row.slug,
    defaultAgentId: row.default_agent_id,
    agentLimit: Number(row.agent_limit),
    extraAgents: Number(row.extra_agents),
  };
}

/** 409 when one more active agent would exceed the plan (agentLimit + extraAgents; -1 = unlimited). */
export async function assertAgentSeatAvailable(
  tx: TxClient,
  organizationId: string,
  organization: LockedOrganization,
  excludeUserId?: string,
) {
  if (organization.agentLimit < 0) return;
  const activeAgentCount = await tx.user.count({
    where: { organizationId, isActive: true, isAgent: true, ...(excludeUserId ? { id: { not: excludeUserId } } : {}) },
  });
  const seat = checkAgentSeat({
    agentLimit: organization.agentLimit,
    extraAgents: organization.extraAgents,
    activeAgentCount,
  });
  if (!seat.ok) throw new AppError("conflict", seat.message);
}
