import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createUser } from "@/lib/testing/factories";
import { requestLoginLink, LOGIN_LIMITS } from "@/lib/auth/login";
import { afterTheAnswer } from "@/lib/testing/after-answer";
import { verifyLoginLink } from "@/lib/auth/verify-login";
import { getSessionUser } from "@/lib/auth/session";
import {
  LINK_EXPIRED_MESSAGE,
  LINK_INVALID_MESSAGE,
  LINK_OTHER_AGENCY_MESSAGE,
  LOGIN_RATE_LIMITED_MESSAGE,
  LOGIN_SENT_MESSAGE,
} from "@/lib/auth/messages";

import { issueLoginLinkLikeAuthJs as issueLink } from "@/lib/testing/auth";

const db = setupTestDatabase();
// Auth.js (lib/testing/auth.ts in its place) reads the clock when it issues a link; the records are stamped with it too.
const now = new Date();
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

/** requestLoginLink, then what it left for after the answer. */
async function requestAndSend(options: Omit<Parameters<typeof requestLoginLink>[0], "afterAnswer">) {
  const later = afterTheAnswer();
  const answer = await requestLoginLink({ ...options, afterAnswer: later.afterAnswer });
  await later.run();
  return answer;
}

async function latestLinkFor(email: string) {
  const row = await db.prisma.outboxEmail.findFirst({ where: { to: email }, orderBy: { createdAt: "desc" } });
  if (!row) return null;
  const match = /\/auth\/verify\/([^/"]+)\/([0-9a-f]+)/.exec(row.html);
  return match ? { orgSlug: decodeURIComponent(match[1]!), token: match[2]!, row } : null;
}

async function signedUpAdmin(options: { plan?: string | null; onboardingCompleted?: boolean } = {}) {
  const org = await createOrganization(db.prisma, { now });
  if (options.plan !== undefined || options.onboardingCompleted !== undefined) {
    if (options.plan)
      await db.prisma.subscriptionTier.upsert({
        where: { id: options.plan },
        create: { id: options.plan, name: options.plan, priceCents: 10000, agentLimit: 1, contactLimit: 300 },
        update: {},
      });
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { subscriptionTierId: options.plan ?? null, onboardingCompleted: options.onboardingCompleted ?? false },
    });
  }
  const user = await createUser(db.prisma, org.id, { now, isAdmin: true });
  return { org, user };
}

describe("requestLoginLink", () => {
  it("answers a known address exactly as an unknown one, and does nothing that depends on the address before answering", async () => {
    const { org, user } = await signedUpAdmin();
    const issued = jest.fn(issueLink);
    const lookups = jest.spyOn(db.prisma.user, "findFirst");
    const known = afterTheAnswer();
    const unknown = afterTheAnswer();
    const knownAnswer = await requestLoginLink({
      email: user.email,
      ip: freshIp(),
      now: new Date(),
      issueLink: issued,
      afterAnswer: known.afterAnswer,
    });
    const unknownAnswer = await requestLoginLink({
      email: "nobody-here@example.test",
      ip: freshIp(),
      now: new Date(),
      issueLink: issued,
      afterAnswer: unknown.afterAnswer,
    });
    expect(knownAnswer).toEqual(unknownAnswer);
    expect(knownAnswer).toEqual({ success: true, message: LOGIN_SENT_MESSAGE });
    // Up to the answer both took the same path: the limits, then one task left for after the answer. No user
    // was looked up, no link made, no email sent.
    expect(known.tasks).toHaveLength(1);
    expect(unknown.tasks).toHaveLength(1);
    expect(lookups).not.toHaveBeenCalled();
    expect(issued).not.toHaveBeenCalled();
    expect(await latestLinkFor(user.email)).toBeNull();
    expect(await db.prisma.verificationToken.count({ where: { identifier: user.email } })).toBe(0);

    // After the answer: both look the address up; the link goes to the known address only.
    await known.run();
    await unknown.run();
    expect(lookups).toHaveBeenCalled();
    lookups.mockRestore();
    expect(issued).toHaveBeenCalledTimes(1);
    const link = await latestLinkFor(user.email);
    expect(link).not.toBeNull();
    expect(link!.orgSlug).toBe(org.slug);
    expect(link!.row.html).not.toContain(encodeURIComponent(user.email)); // the address is not in the link
    expect(await db.prisma.outboxEmail.count({ where: { to: "nobody-here@example.test" } })).toBe(0);
    // Auth.js stored only the token's hash, for 15 minutes
    const stored = await db.prisma.verificationToken.findMany({ where: { identifier: user.email } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token).not.toBe(link!.token);
    const minutes = (stored[0]!.expires.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it("sends nothing to a deactivated user", async () => {
    const org = await createOrganization(db.prisma, { now });
    const user = await createUser(db.prisma, org.id, { now, isActive: false });
    const later = afterTheAnswer();
    await requestLoginLink({
      email: user.email,
      ip: freshIp(),
      now: new Date(),
      issueLink,
      afterAnswer: later.afterAnswer,
    });
    await later.run();
    expect(await latestLinkFor(user.email)).toBeNull();
  });

  it("logs a link that could not be sent, without the address, instead of failing after the answer", async () => {
    const { user } = await signedUpAdmin();
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    const later = afterTheAnswer();
    const failing = async () => {
      throw new TypeError(`mail server refused ${user.email}`);
    };
    await expect(
      requestLoginLink({
        email: user.email,
        ip: freshIp(),
        now: new Date(),
        issueLink: failing,
        afterAnswer: later.afterAnswer,
      }),
    ).resolves.toMatchObject({ success: true });
    await expect(later.run()).resolves.toBeUndefined();
    const logged = errors.mock.calls.map((call) => String(call[0])).join("\n");
    expect(logged).toContain("login_link_failed");
    expect(logged).toContain("TypeError");
    expect(logged).not.toContain(user.email);
    errors.mockRestore();
  });

  it(`allows ${LOGIN_LIMITS.perEmail.limit} links per email per 15 minutes, then answers 429`, async () => {
    const { user } = await signedUpAdmin();
    const now = new Date();
    for (let i = 0; i < LOGIN_LIMITS.perEmail.limit; i++)
      await requestAndSend({ email: user.email, ip: freshIp(), now, issueLink });
    await expect(requestAndSend({ email: user.email, ip: freshIp(), now, issueLink })).rejects.toMatchObject({
      code: "rate_limited",
      message: LOGIN_RATE_LIMITED_MESSAGE,
    });
    // the same limit applies to unknown addresses (nothing to learn from it)
    for (let i = 0; i < LOGIN_LIMITS.perEmail.limit; i++)
      await requestAndSend({ email: "ghost@example.test", ip: freshIp(), now, issueLink });
    await expect(requestAndSend({ email: "ghost@example.test", ip: freshIp(), now, issueLink })).rejects.toMatchObject({
      code: "rate_limited",
    });
    // after the window the address may ask again
    const later = new Date(now.getTime() + LOGIN_LIMITS.perEmail.windowSeconds * 1000 + 1000);
    await expect(requestAndSend({ email: user.email, ip: freshIp(), now: later, issueLink })).resolves.toMatchObject({
      success: true,
    });
  });

  it(`allows ${LOGIN_LIMITS.perIp.limit} requests per IP per hour, stored in the database`, async () => {
    const ip = freshIp();
    const now = new Date();
    for (let i = 0; i < LOGIN_LIMITS.perIp.limit; i++)
      await requestAndSend({ email: `visitor${i}@example.test`, ip, now, issueLink });
    await expect(requestAndSend({ email: "one-more@example.test", ip, now, issueLink })).rejects.toMatchObject({
      code: "rate_limited",
      retryAfterSeconds: expect.any(Number),
    });
    // the counter lives in PostgreSQL, so a restarted server (a new process) sees it too
    const [bucket] = await db.query<{ count: number }>(`SELECT count FROM rate_limit_buckets WHERE key = $1`, [
      `login:ip:${ip}`,
    ]);
    expect(bucket!.count).toBe(LOGIN_LIMITS.perIp.limit + 1);
    const keys = await db.query<{ key: string }>(`SELECT key FROM rate_limit_buckets WHERE key LIKE 'login:email:%'`);
    expect(keys.every((k) => !k.key.includes("@"))).toBe(true);
  });
});

describe("verifyLoginLink", () => {
  it("starts a session once, and refuses the same link again", async () => {
    const { user } = await signedUpAdmin({ plan: "basic", onboardingCompleted: true });
    await requestAndSend({ email: user.email, ip: freshIp(), now: new Date(), issueLink });
    const link = await latestLinkFor(user.email);
    const first = await verifyLoginLink({ orgSlug: link!.orgSlug, token: link!.token, now: new Date() });
    expect(first).toMatchObject({ email: user.email, redirectUrl: "/contacts" });
    expect(await getSessionUser(first.sessionToken)).toMatchObject({ id: user.id });
    await expect(
      verifyLoginLink({ orgSlug: link!.orgSlug, token: link!.token, now: new Date() }),
    ).rejects.toMatchObject({ code: "unauthorized", message: LINK_INVALID_MESSAGE });
    const after = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.lastLoginAt).not.toBeNull();
    expect(after.emailVerified).not.toBeNull();
  });

  it("refuses a link after 15 minutes", async () => {
    const { user } = await signedUpAdmin();
    await requestAndSend({ email: user.email, ip: freshIp(), now: new Date(), issueLink });
    const link = await latestLinkFor(user.email);
    const sixteenMinutesLater = new Date(Date.now() + 16 * 60 * 1000);
    await expect(
      verifyLoginLink({ orgSlug: link!.orgSlug, token: link!.token, now: sixteenMinutesLater }),
    ).rejects.toMatchObject({ code: "unauthorized", message: LINK_EXPIRED_MESSAGE });
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses (and burns) org A's link opened at org B's address, without a session in either", async () => {
    const { org: orgA, user } = await signedUpAdmin({ plan: "basic", onboardingCompleted: true });
    const { org: orgB } = await signedUpAdmin({ plan: "basic", onboardingCompleted: true });
    await requestAndSend({ email: user.email, ip: freshIp(), now: new Date(), issueLink });
    const link = await latestLinkFor(user.email);
    expect(link!.orgSlug).toBe(orgA.slug);
    await expect(verifyLoginLink({ orgSlug: orgB.slug, token: link!.token, now: new Date() })).rejects.toMatchObject({
      code: "unauthorized",
      message: LINK_OTHER_AGENCY_MESSAGE,
    });
    expect(await db.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    // The link is spent: a tampered link is not tried again at the right address.
    await expect(verifyLoginLink({ orgSlug: orgA.slug, token: link!.token, now: new Date() })).rejects.toMatchObject({
      message: LINK_INVALID_MESSAGE,
    });
  });

  it("refuses a token that was never issued", async () => {
    await expect(
      verifyLoginLink({ orgSlug: "any-agency", token: "ab".repeat(32), now: new Date() }),
    ).rejects.toMatchObject({ message: LINK_INVALID_MESSAGE });
  });

  it.each([
    [{ plan: null, onboardingCompleted: false }, "/choose-plan"],
    [{ plan: "pro", onboardingCompleted: false }, "/setup/settings?plan=pro"],
    [{ plan: "pro", onboardingCompleted: true }, "/contacts"],
  ])("sends %o to %s", async (stage, destination) => {
    const { user } = await signedUpAdmin(stage);
    await requestAndSend({ email: user.email, ip: freshIp(), now: new Date(), issueLink });
    const link = await latestLinkFor(user.email);
    expect((await verifyLoginLink({ orgSlug: link!.orgSlug, token: link!.token, now: new Date() })).redirectUrl).toBe(
      destination,
    );
  });
});
