import { defineConfig } from "prisma/config";

// Prisma's CLI is used only for `generate` here (migrations run through scripts/prisma-wasm.mjs),
// so the datasource URL is a placeholder unless one is given. This file is read by the Prisma CLI,
// not by the app, which is why it may look at process.env directly.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/placeholder" },
});
