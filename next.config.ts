import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite is a test/embedded-only dependency; keep it (and the Prisma adapters) out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
