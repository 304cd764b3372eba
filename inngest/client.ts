import { Inngest } from "inngest";
import { getEnv } from "@/lib/env";

/**
 * The Inngest client (production jobs; architecture.md "Two ways to run"). Keys come from lib/env so
 * nothing else reads process.env. Without keys the embedded ticker runs the same lib functions.
 */
const env = getEnv();
export const inngest = new Inngest({ id: "gapwise", eventKey: env.inngest.eventKey, isDev: env.inngest.dev });
