import { randomBytes } from "node:crypto";
import { getSessionStageFacts } from "@/lib/auth/session-stage";
import { seedPlans } from "@/lib/demo/seed-demo-agency";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
const NOW = new Date("2026-11-24T15:00:00Z");
beforeAll(() => seedPlans());

async function sessionFor(userId: string, expires: Date) {
  const sessionToken = randomBytes(32).toString("hex");
  await db.prisma.session.create({ data: { sessionToken, userId, expires } });
  return sessionToken;
}

describe("getSessionStageFacts", () => {
  it("reads the organization's plan and setup and the user's role and billing flag in one lookup", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { subscriptionTierId: "pro", onboardingCompleted: true },
    });
    const agent = await createUser(db.prisma, org.id, { now: NOW, isAdmin: false });
    const token = await sessionFor(agent.id, new Date("2026-12-24T15:00:00Z"));
    expect(await getSessionStageFacts(token, NOW)).toEqual({
      subscriptionTierId: "pro",
      onboardingCompleted: true,
      isAdmin: false,
      canManageBilling: false,
    });
  });

  it("knows nothing of an unknown token, an expired session (expiry is exclusive) or a deactivated user", async () => {
    const org = await createOrganization(db.prisma, { now: NOW });
    const admin = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
    const gone = await createUser(db.prisma, org.id, { now: NOW, isActive: false });
    expect(await getSessionStageFacts("no-such-token", NOW)).toBeNull();
    expect(await getSessionStageFacts(await sessionFor(admin.id, NOW), NOW)).toBeNull();
    expect(await getSessionStageFacts(await sessionFor(gone.id, new Date("2026-12-24T15:00:00Z")), NOW)).toBeNull();
    expect(await getSessionStageFacts(await sessionFor(admin.id, new Date(NOW.getTime() + 1)), NOW)).toEqual({
      subscriptionTierId: null,
      onboardingCompleted: false,
      isAdmin: true,
      canManageBilling: true,
    });
  });
});
