import { getEnv } from "@/lib/env";
import type { SecurityFacts } from "@/lib/security/security-headers";

/** The deployment facts the security headers depend on, from the validated configuration. */
export function securityFacts(): SecurityFacts {
  const env = getEnv();
  return {
    appUrl: env.appUrl,
    devServer: env.devServer,
    stripe: env.parts.payments === "stripe",
    videoUrls: [env.videos.planGvsN, env.videos.qualify],
  };
}
