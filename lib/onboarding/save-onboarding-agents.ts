import "server-only";
import { sendAgentInvitation } from "@/lib/auth/agent-invitation";
import type { z } from "zod";
import { AppError } from "@/lib/api/errors";
import { limitEmailRefusals } from "@/lib/agents/agent-store";
import { createAgentInTx } from "@/lib/agents/create-agent";
import { tenantTransaction } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import {
  ONBOARDING_MESSAGES,
  type OnboardingAgentsResponse,
  type onboardingAgentsSchema,
} from "@/lib/onboarding/onboarding-schema";
import { nextOnboardingStep, planHasAgentsStep, STEP_NUMBER } from "@/lib/onboarding/onboarding-steps";

/**
 * POST /api/onboarding/agents (step 3, 'More Team Members?'): creates the new agents in ONE
 * transaction (all or none), each through createAgentInTx (plan seats, unique email, audit), then
 * advances the saved step, then invites each new agent by email. Only plans with more than one agent have this step. A taken address
 * counts against the organization's refusal limit (limitEmailRefusals).
 */
export async function saveOnboardingAgents({
  organizationId,
  actorUserId,
  input,
  now = new Date(),
}: {
  organizationId: string;
  actorUserId: string;
  input: z.output<typeof onboardingAgentsSchema>;
  now?: Date;
}): Promise<OnboardingAgentsResponse> {
  const saved = await limitEmailRefusals(organizationId, now, () =>
    tenantTransaction(organizationId, async (tx) => {
      const organization = await tx.organization.findFirst({
        where: { id: organizationId },
        select: { onboardingStep: true, subscriptionTierId: true, carrierContracts: true, stateLicenses: true },
      });
      if (!organization) throw AppError.notFound("Organization not found.");
      if (!planHasAgentsStep(organization.subscriptionTierId))
        throw new AppError("forbidden", ONBOARDING_MESSAGES.agentsNotOnPlan);

      const created = [];
      for (const agent of input.agents) {
        // New agents sell the agency's carriers in its licensed states unless told otherwise.
        const carriers = agent.carriers.length ? agent.carriers : organization.carrierContracts;
        const stateLicenses = agent.stateLicenses.length ? agent.stateLicenses : organization.stateLicenses;
        created.push(
          await createAgentInTx(tx, { organizationId, actorUserId, input: { ...agent, carriers, stateLicenses } }),
        );
      }

      const onboardingStep = Math.max(organization.onboardingStep, STEP_NUMBER.agents);
      await tx.organization.update({ where: { id: organizationId }, data: { onboardingStep } });
      await recordAudit(tx, {
        organizationId,
        actorUserId,
        action: "onboarding.agents_saved",
        entityType: "organization",
        entityId: organizationId,
        metadata: { agentIds: created.map((a) => a.id), count: created.length },
      });
      return {
        success: true as const,
        onboardingStep,
        nextStep: nextOnboardingStep({ savedStep: onboardingStep, plan: organization.subscriptionTierId }),
        agents: created.map((a) => ({
          id: a.id,
          firstName: a.firstName,
          lastName: a.lastName,
          email: a.email,
          phone: a.phone ?? "",
          isAdmin: a.isAdmin,
          isAgent: a.isAgent,
        })),
      };
    }),
  );
  // Once committed: each new agent is emailed an invitation with a sign-in link (lib/auth/agent-invitation.ts).
  for (const agent of saved.agents)
    await sendAgentInvitation({ organizationId, userId: agent.id, invitedByUserId: actorUserId, now });
  return saved;
}
