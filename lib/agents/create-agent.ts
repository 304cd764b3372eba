import "server-only";
import { sendAgentInvitation } from "@/lib/auth/agent-invitation";
import { agentInputSchema, type AgentInput, type AgentView } from "@/lib/agents/agent-schema";
import {
  AGENT_SELECT,
  assertAgentSeatAvailable,
  emailTakenError,
  isUniqueViolation,
  limitEmailRefusals,
  lockOrganization,
  parseAgentOrThrow,
  toAgentView,
} from "@/lib/agents/agent-store";
import { recordAudit } from "@/lib/audit/record-audit";
import { tenantTransaction, type TxClient } from "@/lib/db";

export type CreateAgentOptions = {
  organizationId: string;
  /** Who adds the agent (audit actor); null for system work. */
  actorUserId: string | null;
  /** Raw or typed input: validated here with agentInputSchema (422 with the spec's message). */
  input: AgentInput | unknown;
};

/**
 * Adds an agent (a user of the organization) inside the caller's tenant transaction, so other flows
 * (the onboarding wizard) can add agents as part of their own unit of work:
 *
 *   await tenantTransaction(organizationId, (tx) => createAgentInTx(tx, { organizationId, actorUserId, input }));
 *
 * - validates the input (422, AGENT_MESSAGES.invalid);
 * - locks the organization row, then enforces the plan's agent seats when the new user is an agent
 *   (409, "Your plan allows N agents. …");
 * - email is unique across all organizations: 409 AGENT_MESSAGES.emailTaken, which does not say where
 *   (the insert's unique violation: other organizations' users are invisible under row-level security,
 *   so the database's unique index is the check; the transaction is then unusable and must end);
 *   refusals are limited per organization by the callers (limitEmailRefusals);
 * - an agent becomes the default agent when the organization has none;
 * - writes the "agent.created" audit row.
 */
export async function createAgentInTx(
  tx: TxClient,
  { organizationId, actorUserId, input }: CreateAgentOptions,
): Promise<AgentView> {
  const values = parseAgentOrThrow(agentInputSchema, input);
  const organization = await lockOrganization(tx, organizationId);
  if (values.isAgent) await assertAgentSeatAvailable(tx, organizationId, organization);

  let created;
  try {
    created = await tx.user.create({
      data: {
        organizationId,
        email: values.email,
        name: `${values.firstName} ${values.lastName}`,
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone,
        isAdmin: values.isAdmin,
        isAgent: values.isAgent,
        carriers: values.carriers,
        stateLicenses: values.stateLicenses,
        bookingLink: values.bookingLink ?? null,
        // A link the admin gives is one the agent offers (the profile's Calendar Booking Link option).
        calendarEnabled: Boolean(values.bookingLink),
        signature: values.signature ?? "",
      },
      select: AGENT_SELECT,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }

  let defaultAgentId = organization.defaultAgentId;
  if (!defaultAgentId && created.isAgent) {
    await tx.organization.update({ where: { id: organizationId }, data: { defaultAgentId: created.id } });
    defaultAgentId = created.id;
  }

  await recordAudit(tx, {
    organizationId,
    actorUserId,
    action: "agent.created",
    entityType: "agent",
    entityId: created.id,
    metadata: {
      email: created.email,
      isAdmin: created.isAdmin,
      isAgent: created.isAgent,
      madeDefault: defaultAgentId === created.id,
    },
  });
  return toAgentView(created, { slug: organization.slug, defaultAgentId });
}

/**
 * POST /api/agents/create: createAgentInTx in its own tenant transaction; taken-address refusals limited per
 * organization. Once committed, the new agent is emailed an invitation with a sign-in link (lib/auth/agent-invitation.ts).
 */
export async function createAgent({
  now = new Date(),
  ...options
}: CreateAgentOptions & { now?: Date }): Promise<AgentView> {
  const agent = await limitEmailRefusals(options.organizationId, now, () =>
    tenantTransaction(options.organizationId, (tx) => createAgentInTx(tx, options)),
  );
  await sendAgentInvitation({
    organizationId: options.organizationId,
    userId: agent.id,
    invitedByUserId: options.actorUserId,
    now,
  });
  return agent;
}
