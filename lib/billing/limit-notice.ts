import "server-only";
import { prisma } from "@/lib/db";
import { planLimitNotice, type PlanLimitNotice } from "@/lib/billing/subscription-rules";
import { bookContactWhere } from "@/lib/contacts/book";

/** The signed-in shell's plan-limit banner for an organization (null when there is nothing to say). */
export async function loadPlanLimitNotice(organization: {
  id: string;
  agentLimit: number;
  contactLimit: number;
  extraAgents: number;
  extraContacts: number;
}): Promise<PlanLimitNotice | null> {
  // Unlimited plans need no counting.
  if (organization.agentLimit < 0 && organization.contactLimit < 0) return null;
  const [agentCount, contactCount] = await Promise.all([
    prisma.user.count({ where: { organizationId: organization.id, isActive: true, isAgent: true } }),
    prisma.contact.count({ where: bookContactWhere(organization.id) }),
  ]);
  return planLimitNotice({ ...organization, agentCount, contactCount });
}
