import os from "node:os";
import { performance } from "node:perf_hooks";
import { percentile, writePerformanceSection, type BenchResult } from "./lib/bench-support";
import { withNextServer } from "./lib/next-server";
import { BENCH_QUOTE_BODY, createBenchAgency } from "./lib/bench-agency";

/**
 * POST /api/quotes under load, served by `next start` (production build) on a real PostgreSQL
 * server with the SAMPLE rate book: one ZIP (Austin, TX), all five plans, 50 requests in flight at
 * all times. Records the client-side latency and the server-side time the route reports in
 * Server-Timing (wrapper entry to answer: session lookup, validation, the rate query, JSON), and
 * writes both to docs/performance.md. Targets (issue #19 point 5, replacing #6's absolute p50 that no route
 * of this stack can meet with the load generator on the same 2 cores): at 50 in flight the route reaches
 * at least 80% of GET /api/health's throughput in the same run, and at an open-loop 150 requests/s (sent
 * on a fixed clock, latency counted from when each was due, so a stall is not hidden) p99 < 50 ms.
 */

const PORT = Number(process.env.BENCH_PORT ?? 3299);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const WARMUP = 300;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const SEQUENTIAL = 500;
const TARGET_HEALTH_RATIO = 0.8;
const OPEN_LOOP_RATE = Number(process.env.BENCH_OPEN_LOOP_RATE ?? 150);
const OPEN_LOOP_SECONDS = 20;
const TARGET_OPEN_LOOP_P99_MS = 50;
const SECTION = "## Quote API (bench/quotes.ts)";
const BODY = BENCH_QUOTE_BODY;

/** Earlier runs and the profile that showed where the time went, kept beside each new run (dated). */
const QUOTES_HISTORY = [
  "History. 2026-11-25T02:22Z (an AMD EPYC machine, load about 3): 207/s at 50 in flight, 52% of the health route's 401/s (server-side p50 / p99 185.9 / 519.7 ms; one request alone 4.5 ms server-side), open loop at 150 req/s p99 400.5 ms: both **FAIL**. On 2026-11-22 the same bench measured 298/s against the health route's 578/s (52% as well). Until 2026-11-24 the target was an absolute p50 < 10 ms at 50 in flight (issue #6), which no route of this stack can meet with the load generator on the same 2 cores (the health route's own p50 was 57–78 ms there); issue #19 replaced it with the ratio to the health route and the open-loop p99.",
  "",
  "**Where the time went** on 2026-11-25 (BENCH_CPU_PROF_DIR=/tmp/prof `npm run bench -- quotes`: `next start` under `node --cpu-prof`; `node scripts/cpu-profile-top.mjs <profile>` summarizes it; 87 s of samples over the whole run, the health route's included):",
  "",
  "- Writing to sockets, 16%: queries to PostgreSQL (each `pg` query is a write of its own) and the answers to the client (`writev`, `writeBuffer`, `writeUtf8String`).",
  "- Garbage collection 10%; idle 11% (waiting on PostgreSQL and the load generator, which share the cores).",
  "- Next.js's request handling, 13% (routing, the Request and AbortSignal objects per request, tracing hooks); Prisma's client 7% (the session lookup's query through the query interpreter).",
  "- Our own code, 11% of samples, of which 3% was one function: `defaultEffectiveDate` built an `Intl.DateTimeFormat` on every request.",
  "- What was left to the route beyond the health route's work was the session lookup (one query joining sessions and users), validation and the 5.5 KB answer. The quote itself comes from the in-memory cache.",
  "",
  'Changed since that profile: `defaultEffectiveDate` keeps one `Intl.DateTimeFormat` per time zone, and a session lookup is remembered in process for 5 s (`lib/auth/session-cache.ts`; docs/security.md "Session lookups cached for seconds"), so a repeated request no longer waits on a session query. The first full `npm run bench` on an Intel Xeon machine (2026-11-30) measured the route at 89% of the health route, open-loop p99 3.5 ms.',
];

type Sample = { clientMs: number; serverMs: number };

async function run(total: number, cookie: string, concurrency = CONCURRENCY, path = "/api/quotes"): Promise<Sample[]> {
  const samples: Sample[] = [];
  let issued = 0;
  const init: RequestInit =
    path === "/api/quotes"
      ? { method: "POST", headers: { "content-type": "application/json", cookie }, body: BODY }
      : {};
  const worker = async () => {
    while (issued < total) {
      issued++;
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${PORT}${path}`, init);
      const body = await res.text();
      const clientMs = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 300)}`);
      const serverMs = Number(/app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? NaN);
      samples.push({ clientMs, serverMs });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return samples;
}

type Summary = { serverP50: number; serverP99: number; clientP50: number; clientP99: number; throughput: number };

/**
 * Open loop: one request every 1000/rate ms whatever the answers do; each latency runs from the moment the
 * request was due, so a slow server shows in the figure instead of slowing the load down.
 */
async function openLoop(cookie: string, rate: number, seconds: number) {
  const total = Math.round(rate * seconds);
  const start = performance.now() + 50;
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const res = await fetch(`http://127.0.0.1:${PORT}/api/quotes`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: BODY,
      });
      await res.text();
      if (res.status !== 200) errors++;
      latencies.push(performance.now() - due);
    }),
  );
  latencies.sort((a, b) => a - b);
  return { total, errors, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

async function measure(total: number, cookie: string, concurrency: number, path?: string): Promise<Summary> {
  const t0 = performance.now();
  const samples = await run(total, cookie, concurrency, path);
  const seconds = (performance.now() - t0) / 1000;
  const client = samples.map((s) => s.clientMs).sort((a, b) => a - b);
  const serverSide = samples
    .map((s) => s.serverMs)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return {
    serverP50: percentile(serverSide, 0.5),
    serverP99: percentile(serverSide, 0.99),
    clientP50: percentile(client, 0.5),
    clientP99: percentile(client, 0.99),
    throughput: total / seconds,
  };
}

const fmt = (v: number) => v.toFixed(1);

export async function quotes(): Promise<BenchResult> {
  return withNextServer("quotes", PORT, async ({ db, prisma, startServer }) => {
    const { cookie } = await createBenchAgency(prisma, db.name);

    await startServer();
    const first = await fetch(`http://127.0.0.1:${PORT}/api/quotes`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: BODY,
    });
    const answer = (await first.json()) as { quotes: unknown[] }[];
    const quoteCount = answer.reduce((n, c) => n + c.quotes.length, 0);
    console.log(
      `[quotes] one answer: ${answer.length} companies, ${quoteCount} quotes, ${(Buffer.byteLength(JSON.stringify(answer)) / 1024).toFixed(1)} KB`,
    );

    await run(WARMUP, cookie);
    // One at a time: the route's own service time, nothing to wait behind.
    const alone = await measure(SEQUENTIAL, cookie, 1);
    // The load: 50 requests in flight at all times.
    const result = await measure(REQUESTS, cookie, CONCURRENCY);
    // The floor of this stack on this machine: a route that runs one SELECT 1 (GET /api/health).
    const floor = await measure(REQUESTS, cookie, CONCURRENCY, "/api/health");
    const open = await openLoop(cookie, OPEN_LOOP_RATE, OPEN_LOOP_SECONDS);
    const ratio = result.throughput / floor.throughput;
    const ratioPassed = ratio >= TARGET_HEALTH_RATIO;
    const openPassed = open.errors === 0 && open.p99 < TARGET_OPEN_LOOP_P99_MS;
    const passed = ratioPassed && openPassed;
    const line = (label: string, r: Summary) =>
      `[quotes] ${label}: server p50 ${fmt(r.serverP50)} ms, p99 ${fmt(r.serverP99)} ms; client p50 ${fmt(r.clientP50)} ms, p99 ${fmt(r.clientP99)} ms; ${r.throughput.toFixed(0)} req/s`;
    console.log(line("1 in flight", alone));
    console.log(line(`${CONCURRENCY} in flight`, result));
    console.log(line(`GET /api/health, ${CONCURRENCY} in flight`, floor));
    console.log(
      `[quotes] ${CONCURRENCY} in flight: ${(ratio * 100).toFixed(0)}% of GET /api/health's throughput (target ≥ ${TARGET_HEALTH_RATIO * 100}%) → ${ratioPassed ? "PASS" : "FAIL"}`,
    );
    console.log(
      `[quotes] open loop ${OPEN_LOOP_RATE} req/s for ${OPEN_LOOP_SECONDS} s: p50 ${fmt(open.p50)} ms, p99 ${fmt(open.p99)} ms, ${open.errors} errors (target p99 < ${TARGET_OPEN_LOOP_P99_MS} ms) → ${openPassed ? "PASS" : "FAIL"}`,
    );

    const cpu = os.cpus()[0]?.model ?? "unknown CPU";
    writePerformanceSection(
      SECTION,
      [
        SECTION,
        "",
        `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, ${db.serverVersion.split(" on ")[0]}; \`next start\` (production build) with the SAMPLE rate book.`,
        "",
        `POST /api/quotes for one ZIP (78701, Austin TX), all five plans (F, G, N, HDF, HDG), every supported carrier — ${answer.length} companies, ${quoteCount} quotes per answer — signed in as an agent; ${REQUESTS.toLocaleString("en-US")} requests after ${WARMUP} warm-up, ${CONCURRENCY} in flight at all times, client and server on the same machine.`,
        "",
        "| load | server-side p50 / p99 (Server-Timing: wrapper entry to answer) | client-side p50 / p99 | throughput | target |",
        "|---|---|---|---|---|",
        `| POST /api/quotes, ${CONCURRENCY} in flight | ${fmt(result.serverP50)} / ${fmt(result.serverP99)} ms | ${fmt(result.clientP50)} / ${fmt(result.clientP99)} ms | ${result.throughput.toFixed(0)}/s (${(ratio * 100).toFixed(0)}% of health) | ≥ ${TARGET_HEALTH_RATIO * 100}% of GET /api/health: **${ratioPassed ? "PASS" : "FAIL"}** |`,
        `| POST /api/quotes, open loop ${OPEN_LOOP_RATE} req/s for ${OPEN_LOOP_SECONDS} s (latency from when each was due) | — | ${fmt(open.p50)} / ${fmt(open.p99)} ms | ${OPEN_LOOP_RATE}/s offered, ${open.errors} errors | p99 < ${TARGET_OPEN_LOOP_P99_MS} ms: **${openPassed ? "PASS" : "FAIL"}** |`,
        `| POST /api/quotes, 1 in flight (${SEQUENTIAL} requests) | ${fmt(alone.serverP50)} / ${fmt(alone.serverP99)} ms | ${fmt(alone.clientP50)} / ${fmt(alone.clientP99)} ms | ${alone.throughput.toFixed(0)}/s | — |`,
        `| GET /api/health (one SELECT 1), ${CONCURRENCY} in flight | ${fmt(floor.serverP50)} / ${fmt(floor.serverP99)} ms | ${fmt(floor.clientP50)} / ${fmt(floor.clientP99)} ms | ${floor.throughput.toFixed(0)}/s | — |`,
        "",
        `One request alone takes the route ${fmt(alone.serverP50)} ms (p50). With ${CONCURRENCY} in flight, one Node process interleaves them: each request's wall time includes the others' work, so server-side p50 is close to ${CONCURRENCY} ÷ throughput. ` +
          `The same load on a route that only runs \`SELECT 1\` (the anchor) reaches ${floor.throughput.toFixed(0)} requests/s on this machine (the load generator, \`next start\` and PostgreSQL sharing ${os.cpus().length} cores), so the route's own cost is what the ratio to it shows; the open-loop run shows the latency at a steady rate below saturation.`,
        "",
        ...QUOTES_HISTORY,
      ].join("\n"),
    );
    return {
      passed,
      measures: [
        {
          measure: `POST /api/quotes throughput, ${CONCURRENCY} in flight`,
          target: `≥ ${TARGET_HEALTH_RATIO * 100}% of GET /api/health`,
          result: `${result.throughput.toFixed(0)} req/s`,
          anchor: `${(ratio * 100).toFixed(0)}% of GET /api/health (${floor.throughput.toFixed(0)} req/s)`,
          passed: ratioPassed,
        },
        {
          measure: `POST /api/quotes p99, open loop ${OPEN_LOOP_RATE} req/s`,
          target: `< ${TARGET_OPEN_LOOP_P99_MS} ms, 0 errors`,
          result: `${fmt(open.p99)} ms, ${open.errors} errors`,
          passed: openPassed,
        },
      ],
    };
  });
}
