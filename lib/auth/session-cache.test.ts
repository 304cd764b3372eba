import { SessionCache, sessionTokenDigest } from "@/lib/auth/session-cache";

type User = { id: string; isAdmin: boolean };

const t0 = new Date("2026-03-02T15:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const inADay = at(86_400_000);

function cache(ttlMs = 5_000, maxEntries = 100) {
  return new SessionCache<User>({ ttlMs, maxEntries });
}

function store(c: SessionCache<User>, token: string, user: User, now = t0, expires = inADay) {
  c.set(token, user, expires, now, c.lookupTicket());
}

describe("SessionCache", () => {
  const alice: User = { id: "u-alice", isAdmin: true };
  const bob: User = { id: "u-bob", isAdmin: false };

  it("answers a stored session until ttlMs have passed, then forgets it", () => {
    const c = cache();
    store(c, "token-a", alice);
    expect(c.get("token-a", at(4_999))).toEqual(alice);
    expect(c.get("token-a", at(5_000))).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it("never answers past the session's own expiry, however young the entry", () => {
    const c = cache();
    store(c, "token-a", alice, t0, at(1_000));
    expect(c.get("token-a", at(999))).toEqual(alice);
    expect(c.get("token-a", at(1_000))).toBeUndefined();
  });

  it("does not trust an entry stored after `now` (a clock that went back)", () => {
    const c = cache();
    store(c, "token-a", alice, at(1_000));
    expect(c.get("token-a", t0)).toBeUndefined();
  });

  it("forgets a signed-out token at once, and only that token", () => {
    const c = cache();
    store(c, "token-a", alice);
    store(c, "token-b", bob);
    c.forgetToken("token-a");
    expect(c.get("token-a", t0)).toBeUndefined();
    expect(c.get("token-b", t0)).toEqual(bob);
  });

  it("forgets every session of a removed or changed user", () => {
    const c = cache();
    store(c, "alice-laptop", alice);
    store(c, "alice-phone", alice);
    store(c, "token-b", bob);
    c.forgetUser(alice.id);
    expect(c.get("alice-laptop", t0)).toBeUndefined();
    expect(c.get("alice-phone", t0)).toBeUndefined();
    expect(c.get("token-b", t0)).toEqual(bob);
  });

  it("does not store a lookup that overlapped a sign-out (it may have read the row before the delete)", () => {
    const c = cache();
    const ticket = c.lookupTicket();
    c.forgetToken("token-a"); // the sign-out lands while the lookup is at the database
    c.set("token-a", alice, inADay, t0, ticket);
    expect(c.get("token-a", t0)).toBeUndefined();
    // The next lookup is stored as usual.
    c.set("token-a", alice, inADay, t0, c.lookupTicket());
    expect(c.get("token-a", t0)).toEqual(alice);
  });

  it("holds at most maxEntries, dropping the oldest first", () => {
    const c = cache(5_000, 2);
    store(c, "token-1", alice);
    store(c, "token-2", bob);
    store(c, "token-3", alice);
    expect(c.size).toBe(2);
    expect(c.get("token-1", t0)).toBeUndefined();
    expect(c.get("token-2", t0)).toEqual(bob);
    expect(c.get("token-3", t0)).toEqual(alice);
  });

  it("stores nothing when switched off (ttl 0)", () => {
    const c = cache(0);
    store(c, "token-a", alice);
    expect(c.get("token-a", t0)).toBeUndefined();
  });

  it("keys entries by a SHA-256 digest, never by the token itself", () => {
    const digest = sessionTokenDigest("secret-token");
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(digest).not.toContain("secret-token");
  });
});
