import { deleteAgent } from "@/lib/agents/delete-agent";
import { updateAgent } from "@/lib/agents/update-agent";
import { getSessionUser, SESSION_CACHE_TTL_MS, sessionCache } from "@/lib/auth/session";
import { endSession } from "@/lib/auth/verify-login";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";
import { setupTestDatabase } from "@/lib/testing/db";

// The session lookup's in-process memory (lib/auth/session-cache.ts, docs/security.md "Session lookups
// cached for seconds"): what this process changes it sees at once; what another process changes in the
// database it sees within SESSION_CACHE_TTL_MS.
describe("session lookups cached for seconds", () => {
  const db = setupTestDatabase();
  const now = new Date();
  const later = (ms: number) => new Date(now.getTime() + ms);

  beforeEach(() => sessionCache().clear());

  async function signedIn(options: { isAdmin?: boolean; isAgent?: boolean } = {}) {
    const org = await createOrganization(db.prisma, { now });
    const admin = await createUser(db.prisma, org.id, { now, isAdmin: true, isAgent: true });
    const user = await createUser(db.prisma, org.id, { now, isAdmin: false, isAgent: true, ...options });
    const { sessionToken } = await createSession(db.prisma, user.id, { now });
    expect(await getSessionUser(sessionToken, now)).toMatchObject({ id: user.id });
    return { org, admin, user, sessionToken };
  }

  it("answers a repeated lookup from memory until the TTL, then from the database", async () => {
    const { sessionToken } = await signedIn();
    // Another process signs out: only the database knows.
    await db.prisma.session.deleteMany({ where: { sessionToken } });
    expect(await getSessionUser(sessionToken, later(SESSION_CACHE_TTL_MS - 1))).not.toBeNull();
    expect(await getSessionUser(sessionToken, later(SESSION_CACHE_TTL_MS))).toBeNull();
  });

  it("refuses a user deactivated in the database once the TTL has passed", async () => {
    const { user, sessionToken } = await signedIn();
    await db.prisma.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect(await getSessionUser(sessionToken, later(SESSION_CACHE_TTL_MS))).toBeNull();
    // A refusal is not remembered, and neither is it turned back into a session.
    expect(await getSessionUser(sessionToken, later(SESSION_CACHE_TTL_MS + 1))).toBeNull();
  });

  it("refuses a session signed out in this process at once", async () => {
    const { sessionToken } = await signedIn();
    await endSession(sessionToken);
    expect(await getSessionUser(sessionToken, now)).toBeNull();
  });

  it("refuses a deleted agent's session at once", async () => {
    const { org, admin, user, sessionToken } = await signedIn();
    await deleteAgent({ organizationId: org.id, actorUserId: admin.id, id: user.id });
    expect(await getSessionUser(sessionToken, now)).toBeNull();
  });

  it("answers with a role changed in this process at once", async () => {
    const { org, admin, user, sessionToken } = await signedIn({ isAdmin: true });
    expect(await getSessionUser(sessionToken, now)).toMatchObject({ isAdmin: true });
    await updateAgent({
      organizationId: org.id,
      actorUserId: admin.id,
      id: user.id,
      input: {
        firstName: "Anne",
        lastName: "Lee",
        email: `anne-${user.id}@example.test`,
        phone: "5125550199",
        isAdmin: false,
      },
    });
    expect(await getSessionUser(sessionToken, now)).toMatchObject({ id: user.id, isAdmin: false });
  });

  it("never answers past the session's expiry", async () => {
    const org = await createOrganization(db.prisma, { now });
    const user = await createUser(db.prisma, org.id, { now });
    const { sessionToken } = await createSession(db.prisma, user.id, { now, expires: later(1_000) });
    expect(await getSessionUser(sessionToken, now)).not.toBeNull();
    expect(await getSessionUser(sessionToken, later(1_000))).toBeNull();
  });
});
