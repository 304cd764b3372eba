// Runs once when the Next.js server starts: an invalid configuration stops it here, with the message
// from lib/env.ts, instead of failing on the first request that needs the missing part.
export async function register() {
  const { getEnv } = await import("@/lib/env");
  getEnv();
  // Embedded mode has no Inngest: the server runs the outreach sweep itself (Node runtime only).
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startOutreachTicker } = await import("@/lib/outreach/ticker");
    startOutreachTicker();
  }
}
