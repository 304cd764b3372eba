import "server-only";
import { AppError } from "@/lib/api/errors";
import { AGENT_MESSAGES, agentUpdateSchema, type AgentUpdateInput, type AgentView } from "@/lib/agents/agent-schema";
import {
  AGENT_SELECT,
  agentNotFound,
  assertAgentSeatAvailable,
  emailTakenError,
  isUniqueViolation,
  limitEmailRefusals,
  lockOrganization,
  parseAgentOrThrow,
  toAgentView,
} from "@/lib/agents/agent-store";
import { recordAudit } from "@/lib/audit/record-audit";
import { forgetCachedSessionsOfUser } from "@/lib/auth/session";
import { tenantTransaction } from "@/lib/db";

export type UpdateAgentOptions = {
  organizationId: string;
  actorUserId: string;
  id: string;
  input: AgentUpdateInput | unknown;
  /** The clock for the refused-address limit. */
  now?: Date;
};

const AUDITED_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "isAdmin",
  "isAgent",
  "carriers",
  "stateLicenses",
  "bookingLink",
  "signature",
] as const;

/**
 * PUT /api/agents/{id}: names, email, phone and (optionally) roles, carriers, licenses, booking link and
 * signature. Refuses: no role left (422), the caller removing their own admin role, the default agent
 * losing the agent role, a new agent role beyond the plan's seats, an email already in use (409).
 */
export async function updateAgent({
  organizationId,
  actorUserId,
  id,
  input,
  now = new Date(),
}: UpdateAgentOptions): Promise<AgentView> {
  const values = parseAgentOrThrow(agentUpdateSchema, input);
  const view = await limitEmailRefusals(organizationId, now, () =>
    tenantTransaction(organizationId, async (tx) => {
      const organization = await lockOrganization(tx, organizationId);
      const existing = await tx.user.findFirst({ where: { id, organizationId }, select: AGENT_SELECT });
      if (!existing) throw agentNotFound();

      const isAdmin = values.isAdmin ?? existing.isAdmin;
      const isAgent = values.isAgent ?? existing.isAgent;
      if (!isAdmin && !isAgent)
        throw new AppError("validation_failed", AGENT_MESSAGES.invalid, {
          fields: { roles: [AGENT_MESSAGES.invalid] },
        });
      if (existing.id === actorUserId && existing.isAdmin && !isAdmin)
        throw new AppError("conflict", AGENT_MESSAGES.ownAdminRole, {
          fields: { isAdmin: [AGENT_MESSAGES.ownAdminRole] },
        });
      if (organization.defaultAgentId === existing.id && !isAgent)
        throw new AppError("conflict", AGENT_MESSAGES.defaultKeepsAgentRole, {
          fields: { isAgent: [AGENT_MESSAGES.defaultKeepsAgentRole] },
        });
      if (isAgent && !existing.isAgent && existing.isActive)
        await assertAgentSeatAvailable(tx, organizationId, organization, existing.id);

      const next = {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        isAdmin,
        isAgent,
        carriers: values.carriers ?? existing.carriers,
        stateLicenses: values.stateLicenses ?? existing.stateLicenses,
        bookingLink: values.bookingLink === undefined ? existing.bookingLink : values.bookingLink,
        signature: values.signature ?? existing.signature,
      };
      const changed = AUDITED_FIELDS.filter((field) => JSON.stringify(existing[field]) !== JSON.stringify(next[field]));

      let updated;
      try {
        updated = await tx.user.update({
          where: { id: existing.id, organizationId },
          // A booking link the admin sets or clears switches the agent's Calendar Booking Link option with it.
          data: {
            ...next,
            name: `${next.firstName} ${next.lastName}`,
            ...(values.bookingLink === undefined ? {} : { calendarEnabled: Boolean(values.bookingLink) }),
          },
          select: AGENT_SELECT,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTakenError();
        throw error;
      }

      await recordAudit(tx, {
        organizationId,
        actorUserId,
        action: "agent.updated",
        entityType: "agent",
        entityId: updated.id,
        metadata: {
          changed,
          ...(changed.includes("email") ? { previousEmail: existing.email, email: updated.email } : {}),
        },
      });
      return toAgentView(updated, organization);
    }),
  );
  // Roles and email are part of the cached session user: this process answers with the new ones at once.
  forgetCachedSessionsOfUser(view.id);
  return view;
}
