import "server-only";
import { createHash } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { prisma } from "@/lib/db";

/**
 * Fixed-window rate limits stored in Postgres, so they hold across restarts and across server
 * instances. One statement counts the hit and rolls the window over when it has ended, so concurrent
 * requests cannot both slip through.
 */
export async function consumeRateLimit({
  key,
  limit,
  windowSeconds,
  now,
}: {
  key: string;
  limit: number;
  windowSeconds: number;
  now: Date;
}) {
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

/** The key of a per-address limit: `${scope}:email:<sha256 of the address>`, so no bucket holds the address itself. */
export function emailRateLimitKey(scope: string, email: string): string {
  return `${scope}:email:${createHash("sha256").update(email).digest("hex")}`;
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
