import { NextRequest } from "next/server";
import { POST as dismissRoute } from "@/app/api/profile/dismiss-contacts-tutorial/route";
import { hasSeenContactsTutorial, showContactsTutorial } from "@/lib/profile/contacts-tutorial";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The session check reads the clock; the session is stamped with it too.
const now = new Date();

const post = (cookie: string) =>
  dismissRoute(
    new NextRequest("http://localhost/api/profile/dismiss-contacts-tutorial", { method: "POST", headers: { cookie } }),
    { params: Promise.resolve({}) },
  );

describe("showContactsTutorial", () => {
  it.each([
    [{ seen: false, total: 0, filtered: false }, true],
    [{ seen: true, total: 0, filtered: false }, false], // closed before
    [{ seen: false, total: 3, filtered: false }, false], // the book has contacts
    [{ seen: false, total: 0, filtered: true }, false], // a filter found nothing: not an empty book
  ])("%j → %s", (input, expected) => {
    expect(showContactsTutorial(input)).toBe(expected);
  });
});

describe("POST /api/profile/dismiss-contacts-tutorial", () => {
  it("stores the caller's own flag (idempotent), not a colleague's, and not the walkthrough's", async () => {
    const org = await createOrganization(db.prisma, { now });
    const user = await createUser(db.prisma, org.id, { now });
    const colleague = await createUser(db.prisma, org.id, { now });
    const { cookie } = await createSession(db.prisma, user.id, { now });
    expect(await hasSeenContactsTutorial({ organizationId: org.id, userId: user.id })).toBe(false);

    const first = await post(cookie);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true });
    expect((await post(cookie)).status).toBe(200);
    expect(await hasSeenContactsTutorial({ organizationId: org.id, userId: user.id })).toBe(true);
    expect(await hasSeenContactsTutorial({ organizationId: org.id, userId: colleague.id })).toBe(false);
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).hasCompletedWalkthrough).toBe(false);
  });

  it("answers 401 in the error shape without a session", async () => {
    const res = await post("");
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("unauthorized");
  });
});
