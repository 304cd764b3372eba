import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { setPrismaForTests } from "@/lib/db";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { benchServerEnv, createScratchDatabase } from "./bench-support";

/** For benchmarks that measure the app over HTTP: `next start` (production build) on a scratch database. */

type ScratchDatabase = Awaited<ReturnType<typeof createScratchDatabase>>;

/**
 * Runs `bench` with a scratch database whose client is installed as the app's (for seeding through lib/)
 * and a `startServer()` that serves the production build on `port` against it; stops the server and
 * drops the database afterwards, whatever happens.
 */
export async function withNextServer<T>(
  label: string,
  port: number,
  bench: (scratch: { db: ScratchDatabase; prisma: PrismaClient; startServer: () => Promise<void> }) => Promise<T>,
): Promise<T> {
  const db = await createScratchDatabase();
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url, max: 4 }) });
  let server: ChildProcess | undefined;
  try {
    ensureBuild(label, benchServerEnv({ databaseUrl: db.url, port }));
    setPrismaForTests(prisma);
    return await bench({ db, prisma, startServer: async () => void (server = await startNextServer(port, db.url)) });
  } finally {
    stopNextServer(server);
    await prisma.$disconnect().catch(() => undefined);
    await db.drop();
  }
}

const nextBin = join(process.cwd(), "node_modules", ".bin", "next");

/** Builds the app when there is no production build. An existing build is used as it is: rebuild after changing the app. */
function ensureBuild(label: string, env: NodeJS.ProcessEnv) {
  if (existsSync(join(process.cwd(), ".next", "BUILD_ID"))) return;
  console.log(`[${label}] no production build: running next build`);
  const built = spawnSync(nextBin, ["build"], { stdio: "inherit", env });
  if (built.status !== 0) throw new Error("next build failed");
}

/** `next start` on `port` against `databaseUrl`, in its own process group; resolves once /api/health answers. */
async function startNextServer(port: number, databaseUrl: string): Promise<ChildProcess> {
  // BENCH_CPU_PROF_DIR=<dir>: the server runs under node --cpu-prof, and leaves a .cpuprofile there when
  // it stops (where the time goes; open it in Chrome DevTools or summarize it with scripts/cpu-profile-top.mjs).
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const [command, args] = profileDir
    ? [process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, nextBin, "start", "-p", String(port)]]
    : [nextBin, ["start", "-p", String(port)]];
  const child = spawn(command, args, {
    env: benchServerEnv({ databaseUrl, port }),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`next start did not come up:\n${log}`);
}

/** Stops the server and everything it started (its process group). */
function stopNextServer(server: ChildProcess | undefined) {
  if (!server?.pid) return;
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
}
