// The production build started the way a careless host would start it: `next start` straight from the build,
// not through `npm start`. Without secrets it must refuse to start (no secret has a default); with secrets but
// without APP_ENV it runs as "development", and still has no outbox and no /api/dev/* calls: development tools
// exist only for requests from this machine to a server `npm start` serves (or for a key holder).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const port = String(Number(process.env.E2E_PORT ?? 3100) + 50);
const origin = `http://127.0.0.1:${port}`;

/** `next start` of the suite's build, with exactly `env` (plus PATH/HOME): nothing inherited from npm start. */
function nextStart(env) {
  const child = spawn(join(root, "node_modules", ".bin", "next"), ["start", "-p", port, "-H", "127.0.0.1"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const exited = new Promise((r) => child.on("exit", (code) => r(code)));
  return { child, exited, log: () => log };
}

async function stop(server) {
  if (server.child.exitCode === null) server.child.kill("SIGTERM");
  await Promise.race([server.exited, new Promise((r) => setTimeout(r, 5000))]);
}

export const journeys = [
  {
    name: "next start without secrets refuses to start, saying what to set",
    async run({ expect }) {
      const server = nextStart({});
      try {
        const code = await Promise.race([
          server.exited,
          new Promise((r) => setTimeout(() => r("still running"), 60_000)),
        ]);
        expect(code !== "still running" && code !== 0, `the server exits with an error (got ${code})\n${server.log()}`);
        expect(
          server.log().includes("AUTH_SECRET is not set") &&
            server.log().includes("ELIGIBILITY_ENCRYPTION_KEY is not set"),
          `it names the missing secrets:\n${server.log()}`,
        );
      } finally {
        await stop(server);
      }
    },
  },
  {
    name: "next start without APP_ENV (development, not npm start) has no outbox and no dev calls",
    async run({ page, expect }) {
      const secret = () => randomBytes(32).toString("base64");
      // A database that is never reached: the refusals below happen before any query.
      const server = nextStart({
        AUTH_SECRET: secret(),
        ELIGIBILITY_ENCRYPTION_KEY: secret(),
        CRON_SECRET: secret(),
        DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none",
        APP_URL: origin,
      });
      try {
        const deadline = Date.now() + 60_000;
        let up = false;
        while (!up && Date.now() < deadline && server.child.exitCode === null) {
          up = await fetch(`${origin}/login`).then(
            (r) => r.status < 500,
            () => false,
          );
          if (!up) await new Promise((r) => setTimeout(r, 300));
        }
        expect(up, `the server came up:\n${server.log()}`);
        for (const path of ["/dev/outbox", "/dev/access"]) {
          const response = await page.goto(origin + path);
          expect(response.status() === 404, `${path} answers 404 (got ${response.status()})`);
          await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
        }
        const devCall = await fetch(`${origin}/api/dev/outreach/run`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        });
        expect(devCall.status === 404, `/api/dev/outreach/run answers 404 (got ${devCall.status})`);
      } finally {
        await stop(server);
      }
    },
  },
];
