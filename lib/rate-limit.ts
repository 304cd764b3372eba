import "server-only";
import { AppError } from "@/lib/api/errors";
import { prisma } from "@/lib/db";

/**
 * Fixed-window rate limits stored in Postgres, so they hold across restarts and across server
 * instances. One statement counts the hit and rolls the window over when it has ended, so concurrent
 * requests cannot both slip through.
 */
export async function consumeRateLimit({ key, limit, windowSeconds, now }: { key: string; limit: number; windowSeconds: number; now: Date }) {
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  const rows = await prisma.$queryRaw<{ count: number; reset_at: Date }[]>`
    INSERT INTO rate_limit_buckets (key, count, window_start, reset_at)
    VALUES (${key}, 1, ${now}, ${resetAt})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_buckets.reset_at <= ${now} THEN 1 ELSE rate_limit_buckets.count + 1 END,
      window_start = CASE WHEN rate_limit_buckets.reset_at <= ${now} THEN ${now} ELSE rate_limit_buckets.window_start END,
      reset_at = CASE WHEN rate_limit_buckets.reset_at <= ${now} THEN ${resetAt} ELSE rate_limit_buckets.reset_at END
    RETURNING count, reset_at`;
  const row = rows[0]!;
  if (row.count > limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - now.getTime()) / 1000));
    throw new AppError("rate_limited", undefined, { retryAfterSeconds });
  }
  return { remaining: limit - row.count, resetAt: new Date(row.reset_at) };
}

/**
 * The part of a client's address a per-client limit counts: an IPv4 address as it is, an IPv6 address by
 * its /64 (one subscriber's network: a single machine can use any of its 2^64 addresses, so counting
 * whole IPv6 addresses would give one client endless buckets). An IPv4-mapped IPv6 address is its IPv4.
 */
export function rateLimitClient(ip: string): string {
  if (!ip.includes(":")) return ip;
  const lower = ip.toLowerCase();
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower) ?? /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (mapped) return mapped[1]!;
  const [head = "", tail = ""] = lower.split("::", 2);
  const left = head ? head.split(":") : [];
  const right = lower.includes("::") && tail ? tail.split(":") : [];
  const groups = lower.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return ip;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/**
 * Daily: buckets whose window has ended count for nothing (the next hit starts a new window), so they
 * are deleted; without this, every client address, email address and spent challenge id (lib/challenge)
 * would stay in the table for good.
 */
export async function deleteExpiredRateLimitBuckets({ now }: { now: Date }): Promise<{ buckets: number }> {
  const deleted = await prisma.rateLimitBucket.deleteMany({ where: { resetAt: { lte: now } } });
  return { buckets: deleted.count };
}
