import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite is a test/embedded-only dependency; keep it (and the Prisma adapters) out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg"],
  // Reference data (ZIP table, carrier groups, …) is read from data/reference at run time: ship it with every
  // server function so a serverless host has it (lib/reference/reference-data.ts).
  outputFileTracingIncludes: { "/**": ["./data/reference/**/*"] },
  poweredByHeader: false,
  typedRoutes: false,
  // Consumer pages carry a quote token in their URL: never send it to another site as a Referer.
  async headers() {
    return ["compare", "eligibility", "schedule", "landing", "quote", "thanks", "self-onboarding", "confirm-email"].flatMap((page) => [
      { source: `/${page}`, headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
      { source: `/${page}/:rest*`, headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
    ]);
  },
};

export default nextConfig;
