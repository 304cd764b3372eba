import "server-only";
import { prisma } from "@/lib/db";

export type ResetRateLimitsResponse = { success: true; cleared: number };

/**
 * Empties every rate-limit bucket (dev tools only: POST /api/dev/rate-limits/reset). The browser suite
 * runs dozens of journeys from one address within minutes; each journey is a visitor of its own, so the
 * runner clears the buckets before each one. A journey about limits counts within itself.
 */
export async function resetRateLimits(): Promise<ResetRateLimitsResponse> {
  const { count } = await prisma.rateLimitBucket.deleteMany({});
  return { success: true, cleared: count };
}
