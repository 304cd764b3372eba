// Runs once when the Next.js server starts: an invalid configuration stops the server here, with the message
// from lib/env.ts (which says what to set), instead of a server that answers 500 to every request. No secret
// has a default, so this is also where a start without secrets is refused.
export async function register() {
  const { EnvError, getEnv } = await import("@/lib/env");
  try {
    getEnv();
  } catch (error) {
    if (error instanceof EnvError && process.env.NEXT_RUNTIME === "nodejs") {
      console.error(`[gapwise] refusing to start. ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // Embedded mode has no Inngest: the server runs the outreach sweep itself (Node runtime only).
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startOutreachTicker } = await import("@/lib/outreach/ticker");
    startOutreachTicker();
  }
}
