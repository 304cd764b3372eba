import { consumeRateLimit } from "@/lib/rate-limit";
import { resetRateLimits } from "@/lib/dev-tools/reset-rate-limits";
import { setupTestDatabase } from "@/lib/testing/db";

const db = setupTestDatabase();
const now = new Date("2026-06-01T12:00:00Z");

describe("resetRateLimits", () => {
  it("empties every bucket, so a spent limit answers again", async () => {
    const rule = { key: "signup:ip:test", limit: 1, windowSeconds: 3600, now };
    await consumeRateLimit(rule);
    await expect(consumeRateLimit(rule)).rejects.toMatchObject({ code: "rate_limited" });
    expect(await resetRateLimits()).toEqual({ success: true, cleared: 1 });
    expect(await db.prisma.rateLimitBucket.count()).toBe(0);
    await expect(consumeRateLimit(rule)).resolves.toMatchObject({ remaining: 0 });
  });
});
