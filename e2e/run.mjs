#!/usr/bin/env node
// `npm run test:e2e`: starts the app the way `npm start` does (embedded database in a fresh data
// directory, migrations, seed, build when stale, `next start`), then clicks through every journey in
// e2e/*.e2e.mjs in real Chromium (playwright-core + the system's Chromium). Screenshots go to
// e2e/output/. Prints "N passed, N failed"; the exit code is the truth.
//
// A journey during which the browser reports a Content-Security-Policy violation (a refused script,
// style, frame, image or connection: "… violates the following Content Security Policy directive" in
// the console) fails, so a policy that breaks a page is caught here (docs/security.md). A journey that
// provokes violations on purpose (another site framing a page) says `cspViolationsExpected: true` and
// checks the list it is given (`cspViolations`) itself.
//
// With E2E_PREVIEW_DATABASE_URL (an empty PostgreSQL database) it runs the preview journeys instead
// (journeys marked `mode: "preview"`), against the app deployed as a host deploys a preview: APP_ENV=preview,
// `npm run build:deploy` (configuration check, migrations, seed, next build) and `next start`, with random
// secrets and an outbox access key that the journeys get as `outboxKey`.
import { randomBytes } from "node:crypto";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";

const root = resolve(import.meta.dirname, "..");
const outputDir = join(root, "e2e", "output");
const port = process.env.E2E_PORT ?? "3100";
const baseUrl = `http://localhost:${port}`;
// `npm run test:e2e -- outreach,agency-setup`: the journeys whose name or file contains any of the terms.
const only = process.argv[2]?.split(",").filter(Boolean);
const previewDatabaseUrl = process.env.E2E_PREVIEW_DATABASE_URL;
const mode = previewDatabaseUrl ? "preview" : "embedded";
const outboxKey = randomBytes(24).toString("base64url");

const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (p) => p && existsSync(p),
);
if (!chromiumPath) {
  console.error(
    "No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROMIUM_PATH to its executable.",
  );
  process.exit(1);
}

rmSync(outputDir, { recursive: true, force: true });
mkdirSync(outputDir, { recursive: true });
const dataDir = join(tmpdir(), `gapwise-e2e-${Date.now()}`);

/** The embedded app as `npm start` runs it, or a preview deployment as a host builds and serves it. */
function appCommand() {
  if (mode === "embedded") {
    return {
      command: "node",
      args: ["scripts/start.mjs"],
      env: {
        EMBEDDED_DB_DIR: join(dataDir, "pglite"),
        EMBEDDED_DB_PORT: process.env.E2E_DB_PORT ?? "55433",
        DATABASE_URL: "",
      },
    };
  }
  const secret = () => randomBytes(32).toString("base64");
  return {
    command: "bash",
    args: [
      "-c",
      `node scripts/deploy-build.mjs && exec node_modules/.bin/next start -p ${port} -H 127.0.0.1 --keepAliveTimeout 65000`,
    ],
    env: {
      APP_ENV: "preview",
      DATABASE_URL: previewDatabaseUrl,
      DATABASE_EMBEDDED: "",
      AUTH_SECRET: secret(),
      ELIGIBILITY_ENCRYPTION_KEY: secret(),
      CRON_SECRET: secret(),
      OUTBOX_ACCESS_KEY: outboxKey,
      SERVED_BY: "",
      RESEND_API_KEY: "",
    },
  };
}

function startApp() {
  const { command, args, env } = appCommand();
  const child = spawn(command, args, {
    cwd: root,
    detached: true, // its own process group, so the whole tree stops with it
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PORT: port, APP_URL: baseUrl, OUTREACH_TICKER: "off", ...env },
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const exited = new Promise((r) => child.on("exit", (code) => r(code)));
  return { child, log: () => log, exited };
}

// A preview builds from scratch (next build) before it serves: give it longer on a 2-core machine.
async function waitForHealth(app, timeoutMs = mode === "preview" ? 900_000 : 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (app.child.exitCode !== null) throw new Error(`the app exited before it was ready:\n${app.log()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app was not ready within ${timeoutMs / 1000} s:\n${app.log()}`);
}

const journeys = [];
for (const file of readdirSync(join(root, "e2e"))
  .filter((f) => f.endsWith(".e2e.mjs"))
  .sort()) {
  const mod = await import(join(root, "e2e", file));
  for (const journey of mod.journeys) {
    if ((journey.mode ?? "embedded") !== mode) continue;
    if (!only?.length || only.some((term) => journey.name.includes(term) || file.includes(term)))
      journeys.push({ file, ...journey });
  }
}

const app = startApp();
let passed = 0;
let failed = 0;
const started = Date.now();
let context;
try {
  await waitForHealth(app);
  console.log(`${mode} app ready at ${baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  context = await chromium.launchPersistentContext(join(dataDir, "chromium-profile"), {
    executablePath: chromiumPath,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const cspViolations = [];
  context.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text()))
      cspViolations.push(`${message.location()?.url ?? ""}: ${message.text()}`);
  });
  for (const journey of journeys) {
    await context.clearCookies(); // each journey starts signed out
    // ... and as a visitor of its own: every journey comes from this one address within minutes, so the
    // rate-limit buckets are emptied between journeys (dev tools only; a journey about limits counts within itself).
    if (mode === "embedded") {
      const reset = await fetch(`${baseUrl}/api/dev/rate-limits/reset`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl },
        body: "{}",
      });
      if (!reset.ok) throw new Error(`resetting the rate limits answered ${reset.status}`);
    }
    const page = await context.newPage();
    const t0 = Date.now();
    cspViolations.length = 0;
    try {
      await journey.run({
        page,
        baseUrl,
        outboxKey,
        screenshot: (name, target = page) =>
          target.screenshot({ path: join(outputDir, `${name}.png`), fullPage: true }),
        expect: assert,
        cspViolations,
      });
      // Reports arrive asynchronously; give the last ones a moment.
      await page.waitForTimeout(100);
      assert(
        journey.cspViolationsExpected || cspViolations.length === 0,
        `no Content Security Policy violations, got:\n      ${cspViolations.join("\n      ")}`,
      );
      passed++;
      console.log(`  ✓ ${journey.name} (${Date.now() - t0} ms)`);
    } catch (error) {
      failed++;
      console.log(
        `  ✗ ${journey.name}\n    ${String(error?.stack ?? error)
          .split("\n")
          .slice(0, 6)
          .join("\n    ")}`,
      );
      await page
        .screenshot({
          path: join(outputDir, `FAILED-${journey.name.replace(/[^a-z0-9]+/gi, "-")}.png`),
          fullPage: true,
        })
        .catch(() => {});
    } finally {
      await page.close();
    }
  }
} catch (error) {
  failed++;
  console.error(String(error?.message ?? error));
} finally {
  await context?.close().catch(() => {});
  try {
    process.kill(-app.child.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
  await Promise.race([app.exited, new Promise((r) => setTimeout(r, 5000))]);
  try {
    process.kill(-app.child.pid, "SIGKILL");
  } catch {
    /* already gone */
  }
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\ne2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

function assert(condition, message) {
  if (!condition) throw new Error(`expectation failed: ${message}`);
}
