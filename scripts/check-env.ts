// Validates the configuration before anything starts and says which parts (embedded or production) this run
// uses: the first step of `npm start` and of `npm run build:deploy` (which passes --deployment: a deployment
// must be a preview or production, on PostgreSQL).
import { EnvError, getEnv } from "@/lib/env";

try {
  const { parts, appEnv, appUrl } = getEnv();
  if (process.argv.includes("--deployment") && appEnv !== "preview" && appEnv !== "production") {
    throw new EnvError([
      `build:deploy builds a deployment: set APP_ENV=production or APP_ENV=preview (a Vercel-style host sets VERCEL_ENV), not ${appEnv}.`,
    ]);
  }
  console.log(
    `[gapwise] ${appEnv} at ${appUrl}; parts: ${Object.entries(parts)
      .map(([part, choice]) => `${part} ${choice}`)
      .join(", ")}`,
  );
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
