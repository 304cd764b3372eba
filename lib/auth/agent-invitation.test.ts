import { createAgent } from "@/lib/agents/create-agent";
import { agentInvitationKey, INVITATION_LINK_DAYS, sendAgentInvitation } from "@/lib/auth/agent-invitation";
import { verifyLoginLink } from "@/lib/auth/verify-login";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
const NOW = new Date("2026-11-20T15:00:00Z");

const linkIn = (html: string) => /\/auth\/verify\/([^/"]+)\/([0-9a-f]{64})/.exec(html);

describe("the agent invitation", () => {
  it("Manage Agents → the new agent gets one email with a sign-in link that signs them in to their agency", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    await db.prisma.organization.update({ where: { id: org.id }, data: { name: "Lone Star Medigap" } });
    const admin = await createUser(db.prisma, org.id, {
      now: NOW,
      isAdmin: true,
      isAgent: false,
    });
    await db.prisma.user.update({ where: { id: admin.id }, data: { firstName: "Ann", lastName: "Admin" } });
    const agent = await createAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      now: NOW,
      input: {
        firstName: "Bo",
        lastName: "Diaz",
        email: `bo.${Date.now()}@agents.test`,
        phone: "5125550188",
        carriers: ["Aetna"],
        stateLicenses: ["TX"],
      },
    });

    const emails = await db.prisma.outboxEmail.findMany({ where: { to: agent.email } });
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      idempotencyKey: agentInvitationKey(agent.id),
      subject: "Ann Admin added you to Lone Star Medigap on Gapwise",
    });
    expect(emails[0]!.html).toMatch(/Sign in to (<!-- -->)?Lone Star Medigap/);
    const link = linkIn(emails[0]!.html)!;
    expect(link[1]).toBe(org.slug);

    // The link lasts days, not minutes, and signs the agent in once.
    const token = await db.prisma.verificationToken.findFirstOrThrow({ where: { identifier: agent.email } });
    expect(token.expires.getTime() - NOW.getTime()).toBe(INVITATION_LINK_DAYS * 24 * 60 * 60 * 1000);
    const later = new Date(NOW.getTime() + 3 * 24 * 60 * 60 * 1000);
    await expect(verifyLoginLink({ orgSlug: org.slug, token: link[2]!, now: later })).resolves.toMatchObject({
      email: agent.email,
      orgSlug: org.slug,
    });
    await expect(verifyLoginLink({ orgSlug: org.slug, token: link[2]!, now: later })).rejects.toMatchObject({
      code: "unauthorized",
    });

    // Exactly once per added agent: asking again sends nothing and makes no new link.
    expect(
      await sendAgentInvitation({ organizationId: org.id, userId: agent.id, invitedByUserId: admin.id, now: NOW }),
    ).toBe("already_sent");
    expect(await db.prisma.outboxEmail.count({ where: { to: agent.email } })).toBe(1);
    expect(await db.prisma.verificationToken.count({ where: { identifier: agent.email } })).toBe(0);
  });

  it("invites nobody outside the organization", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    const other = await createOrganization(db.prisma, { now: NOW });
    const admin = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const stranger = await createUser(db.prisma, other.id, { now: NOW });
    expect(
      await sendAgentInvitation({ organizationId: org.id, userId: stranger.id, invitedByUserId: admin.id, now: NOW }),
    ).toBe("no_user");
    expect(await db.prisma.outboxEmail.count({ where: { to: stranger.email } })).toBe(0);
  });
});
