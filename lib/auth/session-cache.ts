import { createHash } from "node:crypto";

/**
 * A short-lived, bounded, in-process memory of session lookups (issue #19 points 5 and 6): a signed-in
 * API call made again within a few seconds is answered without the database round trip and the Prisma
 * query behind it.
 *
 * The trade-off (docs/security.md, "Session lookups cached for seconds"): a sign-out, a deleted agent or a
 * role change made in this process is seen at once (forgetToken / forgetUser), but one made in another
 * process (another server instance, a database operator deactivating a user) is seen up to `ttlMs` late.
 *
 * Keys are SHA-256 digests of the session token, never the token itself: the map (a heap dump, a
 * debugger, a log line printing a key) never holds a credential that would sign anyone in.
 * Only valid sessions are kept: an unknown or expired token is looked up again every time, so a new
 * sign-in is never refused from memory.
 */

export type SessionCacheOptions = { ttlMs: number; maxEntries: number };

type Entry<U> = { user: U; userId: string; sessionExpires: number; storedAt: number };

export function sessionTokenDigest(sessionToken: string): string {
  return createHash("sha256").update(sessionToken).digest("hex");
}

export class SessionCache<U extends { id: string }> {
  readonly #entries = new Map<string, Entry<U>>();
  /** Counts forgets: a lookup that overlapped one is not stored (see lookupTicket). */
  #forgets = 0;

  constructor(private readonly options: SessionCacheOptions) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The remembered user, while the entry is younger than ttlMs and the session itself has not expired. */
  get(sessionToken: string, now: Date): U | undefined {
    const key = sessionTokenDigest(sessionToken);
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const at = now.getTime();
    // A clock that went backwards (a test's `now`) counts as stale too: never trust an entry from the future.
    const age = at - entry.storedAt;
    if (age < 0 || age >= this.options.ttlMs || entry.sessionExpires <= at) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.user;
  }

  /**
   * Taken before reading the database and handed to set(): if a sign-out or a user change was forgotten
   * meanwhile, the (possibly older) answer is not stored, so a lookup racing a sign-out cannot bring the
   * session back. Any forget voids every ticket in flight: at worst those lookups are repeated next time.
   */
  lookupTicket(): number {
    return this.#forgets;
  }

  set(sessionToken: string, user: U, sessionExpires: Date, now: Date, ticket: number): void {
    if (this.options.ttlMs <= 0 || this.options.maxEntries <= 0 || ticket !== this.#forgets) return;
    const key = sessionTokenDigest(sessionToken);
    // Re-inserting moves the key to the end: eviction below drops the least recently stored first.
    this.#entries.delete(key);
    this.#entries.set(key, {
      user,
      userId: user.id,
      sessionExpires: sessionExpires.getTime(),
      storedAt: now.getTime(),
    });
    while (this.#entries.size > this.options.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  /** Sign-out in this process: the token is refused from the next request on. */
  forgetToken(sessionToken: string): void {
    this.#forgets++;
    this.#entries.delete(sessionTokenDigest(sessionToken));
  }

  /** A user deleted or changed (roles, email) in this process: every session of theirs is looked up again. */
  forgetUser(userId: string): void {
    this.#forgets++;
    for (const [key, entry] of this.#entries) if (entry.userId === userId) this.#entries.delete(key);
  }

  clear(): void {
    this.#forgets++;
    this.#entries.clear();
  }
}
