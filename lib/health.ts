import "server-only";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";

/** Liveness and the parts in use, for deploy checks and the e2e runner. */
export async function getHealth() {
  await prisma.$queryRaw`SELECT 1`;
  return { ok: true, parts: getEnv().parts };
}
