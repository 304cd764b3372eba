import type { Metadata } from "next";
import { ManageAgents } from "@/components/agents/manage-agents";
import { getManageAgentsData } from "@/lib/agents/get-manage-agents-data";
import { requirePageAccount } from "@/lib/auth/page-guard";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Manage Agents" };
export const dynamic = "force-dynamic";

/** Manage Agents (admins only; agents are sent to /contacts by the stage table). */
export default async function ManageAgentsPage() {
  const { user, organization } = await requirePageAccount("/add-agents");
  const data = await getManageAgentsData({
    organizationId: organization.id,
    viewer: { id: user.id, isAdmin: user.isAdmin },
  });
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <ManageAgents
        initialAgents={data.agents}
        defaultAgentId={data.defaultAgentId}
        currentUserId={user.id}
        appUrl={getEnv().appUrl}
        orgSlug={data.orgSlug}
        agentSeats={data.agentSeats}
        agentDefaults={data.agentDefaults}
      />
    </main>
  );
}
