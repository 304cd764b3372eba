// First step of `npm start`: validate the configuration before anything starts, and say which parts
// (embedded or production) this run uses.
import { EnvError, getEnv } from "@/lib/env";

try {
  const { parts } = getEnv();
  console.log(`[gapwise] parts: ${Object.entries(parts).map(([part, choice]) => `${part} ${choice}`).join(", ")}`);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
