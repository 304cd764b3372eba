import os from "node:os";
import { performance } from "node:perf_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  getDashboardStats,
  getSendRanking,
  getTimeSeries,
  listRenewals,
  periodFiguresFromEvents,
  type DashboardQuery,
} from "@/lib/dashboard/metrics";
import { resolveDashboardPeriod } from "@/lib/dashboard/period";
import { setPrismaForTests, tenantDb } from "@/lib/db";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { contactRows } from "./contacts-query";
import { createScratchDatabase, percentile, writePerformanceSection } from "./lib/bench-support";

/**
 * Dashboard at agency scale: one organization with 100,000 contacts and 1,000,000 event rows (a year
 * of sends, clicks, health answers, follow-up requests, contact and email events) on a real
 * PostgreSQL server, read through lib/dashboard with tenantDb (row-level security in the path as in
 * production), then the same organization grown to about 10,000,000 events. Gated: the p95 of
 * getDashboardStats (the /api/dashboard/stats call: cards, funnel, monthly chart, upcoming emails) for
 * an admin over Last 30 Days, Last 90 Days and Year to Date at 1M events, and Last 30 Days at 10M.
 */

const CONTACTS = 100_000;
const AGENTS = 8;
const NOW = new Date("2026-11-22T15:00:00Z");
const WARMUP = 5;
const ITERATIONS = 60;
const TARGET_P95_MS = 200;
/** The anchor of a gated case (the same figures computed from the event rows) is slow at 10M events: fewer runs. */
const RAW_ITERATIONS = 5;
/** The second phase grows the book to this many times the first phase's events. */
const GROWTH = 10;
const SECTION = "## Dashboard stats (bench/dashboard.ts)";

/** How the million events are split; spread uniformly over the 365 days before NOW (pending emails: the next 60 days). */
const EVENT_MIX = {
  sentQuotes: 300_000,
  sentFollowUps: 80_000,
  pendingEmails: 40_000,
  otherEmails: 30_000, // cancelled, skipped, failed
  trackingClicks: 300_000,
  eligibilityAnswers: 100_000,
  contactEvents: 100_000,
  emailEvents: 30_000,
  followUpRequests: 20_000,
} as const;
const OTHER_ORG_CONTACTS = 5_000;

const ms = (v: number) => v.toFixed(1);

/**
 * The bench data, written as the owner in set-based SQL (its speed is not what is measured). Random
 * but reproducible (setseed). Each kind of row is written in time order, as the app writes them: clicks,
 * answers and requests are appended when they happen, and a sent email's row version is written when
 * it is sent (status and sent_at are indexed, so that update is never in place). Unique (contact, type,
 * date) collisions are skipped, so the counts actually inserted are read back and reported.
 */
async function insertEvents(owner: import("pg").Client, organizationId: string, scale: number, seed = 0.42) {
  const n = (count: number) => Math.round(count * scale);
  const now = NOW.toISOString();
  await owner.query("SELECT setseed($1)", [seed]);
  await owner.query(
    `CREATE TEMP TABLE ids AS SELECT row_number() OVER (ORDER BY id) AS i, id FROM contacts WHERE organization_id = $1`,
    [organizationId],
  );
  await owner.query("CREATE INDEX ON ids (i)");
  const [{ count }] = (await owner.query<{ count: string }>("SELECT count(*) FROM ids")).rows as [{ count: string }];
  const contactCount = Number(count);
  // A random contact per generated row: draw an index in the row, then join (a subquery would redraw per ids row).
  const draw = `1 + floor(random() * ${contactCount})::int AS ci`;
  const pastInstant = `($2::timestamptz - random() * interval '365 days')`;

  const emails = async (total: number, types: string[], status: string, future: boolean) => {
    const typeExpr = `(ARRAY[${types.map((t) => `'${t}'`).join(",")}])[1 + floor(random() * ${types.length})::int]`;
    const instant = future ? `($2::timestamptz + random() * interval '60 days')` : pastInstant;
    await owner.query(
      `INSERT INTO scheduled_emails (id, organization_id, contact_id, email_type, scheduled_send_date, scheduled_send_at, status, sent_at, idempotency_key, send_mode, tracking_id, created_at, updated_at)
       SELECT gen_random_uuid(), $1, ids.id, t, (at AT TIME ZONE 'America/Chicago')::date, at, '${status}'::"ScheduledEmailStatus", ${status === "sent" ? "at" : "NULL"},
              'bench-' || gen_random_uuid(), 'production', 'email-' || ids.id || '-' || g, at, at
       FROM (SELECT g, ${draw}, ${typeExpr} AS t, ${instant} AS at FROM generate_series(1, ${total}) g) s JOIN ids ON ids.i = s.ci
       ORDER BY at
       ON CONFLICT DO NOTHING`,
      [organizationId, now],
    );
  };
  await emails(
    n(EVENT_MIX.sentQuotes),
    ["birthday", "effective_date", "aep", "post_window", "initial_blast", "rate_increase", "quote_email"],
    "sent",
    false,
  );
  await emails(
    n(EVENT_MIX.sentFollowUps),
    ["followup_1_cold", "followup_2_clicked_no_hq", "followup_3_hq_no_yes", "followup_4_hq_with_yes"],
    "sent",
    false,
  );
  await emails(
    n(EVENT_MIX.pendingEmails),
    ["birthday", "effective_date", "aep", "initial_blast", "followup_1_cold"],
    "pending",
    true,
  );
  await emails(Math.round(n(EVENT_MIX.otherEmails) / 3), ["birthday", "aep"], "cancelled", false);
  await emails(Math.round(n(EVENT_MIX.otherEmails) / 3), ["effective_date", "post_window"], "skipped", false);
  await emails(Math.round(n(EVENT_MIX.otherEmails) / 3), ["rate_increase", "birthday"], "failed", false);

  const simple = (sql: string, total: number) =>
    owner.query(sql.replaceAll("{N}", String(total)), [organizationId, now]);
  await simple(
    `INSERT INTO tracking_clicks (id, organization_id, contact_id, tracking_id, clicked_at, path)
     SELECT gen_random_uuid(), $1, ids.id, 'quote-' || gen_random_uuid(), at, '/compare'
     FROM (SELECT g, ${draw}, ${pastInstant} AS at FROM generate_series(1, {N}) g) s JOIN ids ON ids.i = s.ci ORDER BY at`,
    n(EVENT_MIX.trackingClicks),
  );
  await simple(
    `INSERT INTO eligibility_answers (id, organization_id, contact_id, answers, has_conditions, main_questions_yes_count, status, created_at, updated_at)
     SELECT gen_random_uuid(), $1, ids.id, '{}'::jsonb, r < 0.3, CASE WHEN r < 0.3 THEN 1 ELSE 0 END, CASE WHEN r < 0.3 THEN 'decline' ELSE 'accept' END, at, at
     FROM (SELECT ${draw}, random() AS r, ${pastInstant} AS at FROM generate_series(1, {N}) g) s JOIN ids ON ids.i = s.ci ORDER BY at`,
    n(EVENT_MIX.eligibilityAnswers),
  );
  await simple(
    `INSERT INTO contact_events (id, organization_id, contact_id, event_type, metadata, created_at)
     SELECT gen_random_uuid(), $1, ids.id, (ARRAY['quote_viewed','eligibility_answered','followup_request'])[1 + floor(random() * 3)::int], '{}'::jsonb, at
     FROM (SELECT ${draw}, ${pastInstant} AS at FROM generate_series(1, {N}) g) s JOIN ids ON ids.i = s.ci ORDER BY at`,
    n(EVENT_MIX.contactEvents),
  );
  await simple(
    `INSERT INTO email_events (id, organization_id, contact_id, type, occurred_at, metadata, created_at)
     SELECT gen_random_uuid(), $1, ids.id, (ARRAY['delivered','opened','clicked']::"EmailEventType"[])[1 + floor(random() * 3)::int], at, '{}'::jsonb, at
     FROM (SELECT ${draw}, ${pastInstant} AS at FROM generate_series(1, {N}) g) s JOIN ids ON ids.i = s.ci ORDER BY at`,
    n(EVENT_MIX.emailEvents),
  );
  await simple(
    `INSERT INTO follow_up_requests (id, organization_id, contact_id, type, created_at)
     SELECT gen_random_uuid(), $1, ids.id, (ARRAY['accept','decline','general']::"FollowUpRequestType"[])[1 + floor(random() * 3)::int], at
     FROM (SELECT ${draw}, ${pastInstant} AS at FROM generate_series(1, {N}) g) s JOIN ids ON ids.i = s.ci ORDER BY at`,
    n(EVENT_MIX.followUpRequests),
  );
  await owner.query("DROP TABLE ids");

  const counted = await owner.query<{ table: string; n: string }>(
    `SELECT 'scheduled_emails' AS table, count(*) AS n FROM scheduled_emails WHERE organization_id = $1
     UNION ALL SELECT 'tracking_clicks', count(*) FROM tracking_clicks WHERE organization_id = $1
     UNION ALL SELECT 'eligibility_answers', count(*) FROM eligibility_answers WHERE organization_id = $1
     UNION ALL SELECT 'contact_events', count(*) FROM contact_events WHERE organization_id = $1
     UNION ALL SELECT 'email_events', count(*) FROM email_events WHERE organization_id = $1
     UNION ALL SELECT 'follow_up_requests', count(*) FROM follow_up_requests WHERE organization_id = $1`,
    [organizationId],
  );
  return Object.fromEntries(counted.rows.map((row) => [row.table, Number(row.n)])) as Record<string, number>;
}

/** `raw`: the same figures computed from the event rows (periodFiguresFromEvents), the anchor a gated case is compared with. */
type Case = {
  name: string;
  target?: string;
  iterations?: number;
  run: () => Promise<unknown>;
  raw?: () => Promise<unknown>;
};
type Result = {
  name: string;
  target?: string;
  iterations: number;
  p50: number;
  p95: number;
  max: number;
  rawP95?: number;
};

type Measure = { measure: string; target: string; result: string; anchor?: string; passed: boolean };

/** Sorted durations of `iterations` runs of `run` after `warmup` unmeasured ones. */
async function durationsOf(run: () => Promise<unknown>, warmup: number, iterations: number): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < warmup + iterations; i++) {
    const t0 = performance.now();
    await run();
    if (i >= warmup) durations.push(performance.now() - t0);
  }
  return durations.sort((a, b) => a - b);
}

async function timeCases(cases: Case[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const benchCase of cases) {
    const iterations = benchCase.iterations ?? ITERATIONS;
    const sorted = await durationsOf(benchCase.run, WARMUP, iterations);
    const raw = benchCase.raw ? await durationsOf(benchCase.raw, 1, RAW_ITERATIONS) : undefined;
    const result: Result = {
      name: benchCase.name,
      target: benchCase.target,
      iterations,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      max: sorted[sorted.length - 1]!,
      rawP95: raw ? percentile(raw, 0.95) : undefined,
    };
    results.push(result);
    console.log(
      `[dashboard] ${result.name}: p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms${raw ? `; from the events p95 ${ms(result.rawP95!)} ms` : ""}`,
    );
  }
  return results;
}

const resultTable = (results: Result[]) =>
  [
    `| call (via tenantDb, row-level security on) | iterations | p50 ms | p95 ms | max ms | target | from the events, p95 ms (${RAW_ITERATIONS} runs) |`,
    "|---|---|---|---|---|---|---|",
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.iterations} (+${WARMUP} warm-up) | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${r.target ? `p95 < ${TARGET_P95_MS} ms: ${r.p95 < TARGET_P95_MS ? "PASS" : "FAIL"}` : "—"} | ${r.rawP95 === undefined ? "—" : ms(r.rawP95)} |`,
    ),
  ].join("\n");

/** The tables whose rows feed the dashboard rollups (their triggers: migration dashboard_rollups). */
const ROLLUP_SOURCES = ["scheduled_emails", "tracking_clicks", "eligibility_answers", "follow_up_requests"];
const EVENT_TABLES = [...ROLLUP_SOURCES, "contact_events", "email_events"];

export async function dashboard(): Promise<{ passed: boolean; measures: Measure[] }> {
  const db = await createScratchDatabase();
  const { owner, serverVersion, name: dbName } = db;
  let prisma: PrismaClient | undefined;
  try {
    prisma = new PrismaClient({
      adapter: new PrismaPg({ connectionString: db.url, max: 10 }),
      transactionOptions: { maxWait: 10_000, timeout: 60_000 },
    });
    setPrismaForTests(prisma);
    const orgA = await prisma.organization.create({ data: { name: "Bench Agency", slug: `bench-${dbName}` } });
    const orgB = await prisma.organization.create({ data: { name: "Other Agency", slug: `other-${dbName}` } });
    const makeUsers = (organizationId: string, prefix: string, count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          prisma!.user.create({
            data: {
              organizationId,
              email: `${prefix}${i}-${dbName}@bench.test`,
              firstName: "Agent",
              lastName: `${prefix}${i}`,
              isAdmin: i === 0,
            },
          }),
        ),
      );
    const agentsA = await makeUsers(orgA.id, "a", AGENTS);
    const agentsB = await makeUsers(orgB.id, "b", 2);

    console.log(`\n[dashboard] inserting ${CONTACTS.toLocaleString("en-US")} contacts and about 1,000,000 events…`);
    const loadStart = performance.now();
    const tenantA = tenantDb(orgA.id);
    const rowsA = contactRows(
      orgA.id,
      CONTACTS,
      agentsA.map((u) => u.id),
      20261122,
    );
    for (let i = 0; i < rowsA.length; i += 5_000) await tenantA.contact.createMany({ data: rowsA.slice(i, i + 5_000) });
    const rowsB = contactRows(
      orgB.id,
      OTHER_ORG_CONTACTS,
      agentsB.map((u) => u.id),
      7,
    );
    await tenantDb(orgB.id).contact.createMany({ data: rowsB });
    const counts = await insertEvents(owner, orgA.id, 1);
    const countsB = await insertEvents(owner, orgB.id, 0.05);
    await owner.query("VACUUM ANALYZE");
    const loadS = (performance.now() - loadStart) / 1000;
    const totalEvents = Object.values(counts).reduce((sum, value) => sum + value, 0);
    console.log(
      `[dashboard] loaded in ${loadS.toFixed(0)} s: ${JSON.stringify(counts)} (${totalEvents.toLocaleString("en-US")} events); other org ${Object.values(
        countsB,
      )
        .reduce((s, v) => s + v, 0)
        .toLocaleString("en-US")}`,
    );

    const admin = { id: agentsA[0]!.id, isAdmin: true };
    const agent = { id: agentsA[1]!.id, isAdmin: false };
    const scope = (viewer: { id: string; isAdmin: boolean }) => ({
      organizationId: orgA.id,
      viewer,
      now: NOW,
      db: tenantA,
    });
    const stats =
      (query: DashboardQuery, viewer = admin) =>
      () =>
        getDashboardStats({ ...scope(viewer), query });
    // The anchor: the admin's period figures computed from the event rows, as before the rollups (and as an
    // agent's still are); the rollups are proven equal to it (lib/dashboard/rollups.test.ts).
    const { timezone } = await prisma.organization.findUniqueOrThrow({
      where: { id: orgA.id },
      select: { timezone: true },
    });
    const fromEvents = (query: DashboardQuery) => () =>
      periodFiguresFromEvents(
        tenantA,
        orgA.id,
        admin,
        resolveDashboardPeriod({ ...query, now: NOW, timeZone: timezone }),
      );
    const results = await timeCases([
      {
        name: "stats, admin, Last 30 Days",
        target: "1M",
        run: stats({ period: "30days" }),
        raw: fromEvents({ period: "30days" }),
      },
      {
        name: "stats, admin, Last 90 Days",
        target: "1M",
        run: stats({ period: "90days" }),
        raw: fromEvents({ period: "90days" }),
      },
      {
        name: "stats, admin, Year to Date",
        target: "1M",
        run: stats({ period: "ytd" }),
        raw: fromEvents({ period: "ytd" }),
      },
      { name: "stats, admin, Today", run: stats({ period: "today" }) },
      { name: "stats, agent (1/8 of the book), Last 30 Days", run: stats({ period: "30days" }, agent) },
      { name: "stats, agent (1/8 of the book), Year to Date", iterations: 20, run: stats({ period: "ytd" }, agent) },
      {
        name: "send-ranking, admin, Last 30 Days",
        run: () => getSendRanking({ ...scope(admin), query: { period: "30days" } }),
      },
      {
        name: "time-series, admin, Last 30 Days",
        run: () => getTimeSeries({ ...scope(admin), query: { period: "30days" } }),
      },
      { name: "renewals, admin", run: () => listRenewals(scope(admin)) },
    ]);
    const sample = await getDashboardStats({ ...scope(admin), query: { period: "30days" } });
    const loadAverageSmall = os.loadavg()[0]!;

    // Phase 2: the same organization grown to GROWTH times the events. Loaded with the rollup triggers
    // off and then rebuilt by dashboard_rebuild (the migration's backfill), and with the secondary indexes
    // built after the load, because nine million rows through the triggers and index by index would take
    // most of the time budget; the first phase's load ran through the triggers.
    console.log(`\n[dashboard] growing the book to about ${GROWTH}× the events…`);
    const growStart = performance.now();
    // The usual bulk load: secondary indexes dropped and built again afterwards (the same indexes as before).
    const secondary = await owner.query<{ indexname: string; indexdef: string }>(
      `SELECT i.indexname, i.indexdef FROM pg_indexes i JOIN pg_index x ON x.indexrelid = (quote_ident(i.indexname))::regclass
       WHERE i.schemaname = 'public' AND i.tablename = ANY($1) AND NOT x.indisunique AND NOT x.indisprimary`,
      [EVENT_TABLES],
    );
    for (const index of secondary.rows) await owner.query(`DROP INDEX ${index.indexname}`);
    for (const table of ROLLUP_SOURCES) await owner.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    const grown = await insertEvents(owner, orgA.id, GROWTH - 1, 0.73);
    for (const table of ROLLUP_SOURCES) await owner.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    await owner.query("SET maintenance_work_mem = '512MB'");
    for (const index of secondary.rows) await owner.query(index.indexdef);
    const rebuildStart = performance.now();
    await owner.query("SET work_mem = '256MB'");
    await owner.query("SELECT dashboard_rebuild($1::uuid)", [orgA.id]);
    await owner.query("RESET work_mem");
    const rebuildS = (performance.now() - rebuildStart) / 1000;
    await owner.query("VACUUM ANALYZE");
    const growS = (performance.now() - growStart) / 1000;
    const totalGrown = Object.values(grown).reduce((sum, value) => sum + value, 0);
    console.log(
      `[dashboard] grown in ${growS.toFixed(0)} s (rebuild ${rebuildS.toFixed(0)} s): ${totalGrown.toLocaleString("en-US")} events`,
    );
    const grownResults = await timeCases([
      {
        name: "stats, admin, Last 30 Days",
        target: "10M",
        run: stats({ period: "30days" }),
        raw: fromEvents({ period: "30days" }),
      },
      { name: "stats, admin, Last 90 Days", run: stats({ period: "90days" }) },
      { name: "stats, admin, Year to Date", run: stats({ period: "ytd" }) },
      { name: "stats, agent (1/8 of the book), Last 30 Days", iterations: 20, run: stats({ period: "30days" }, agent) },
    ]);
    const grownSample = await getDashboardStats({ ...scope(admin), query: { period: "30days" } });
    const loadAverageGrown = os.loadavg()[0]!;

    const measures: Measure[] = [...results, ...grownResults]
      .filter((r) => r.target)
      .map((r) => ({
        measure: `p95 of ${r.name} at ${r.target} events`,
        target: `< ${TARGET_P95_MS} ms`,
        result: `${ms(r.p95)} ms`,
        anchor:
          r.rawP95 === undefined
            ? undefined
            : `${(r.p95 / r.rawP95).toFixed(2)}× the figures from the events (p95 ${ms(r.rawP95)} ms)`,
        passed: r.p95 < TARGET_P95_MS,
      }));
    const passed = measures.every((m) => m.passed);
    const verdicts = measures.map(
      (m) => `${m.passed ? "PASS" : "FAIL"}: ${m.measure} ${m.result} (target ${m.target}).`,
    );
    const machine = `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "unknown"}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}, ${serverVersion.split(",")[0]}`;
    console.log(`\n${resultTable(results)}\n\n${resultTable(grownResults)}\n\n${verdicts.join("\n")}\n`);
    writePerformanceSection(
      SECTION,
      [
        SECTION,
        "",
        `Measured ${new Date().toISOString()} on ${machine}; database on 127.0.0.1, default server settings. The machine is shared with other builds and tests: 1-minute load average ${loadAverageSmall.toFixed(2)} after the 1M runs, ${loadAverageGrown.toFixed(2)} after the 10M runs.`,
        "",
        `Data: ${CONTACTS.toLocaleString("en-US")} contacts (${AGENTS} agents) and ${totalEvents.toLocaleString("en-US")} event rows in one organization, spread over the year before ${NOW.toISOString()} (pending emails over the 60 days after): ${Object.entries(
          counts,
        )
          .map(([table, value]) => `${table} ${value.toLocaleString("en-US")}`)
          .join(
            ", ",
          )}. A second organization (${OTHER_ORG_CONTACTS.toLocaleString("en-US")} contacts, 5% of the events) that row-level security must hide. Loaded as the owner in set-based INSERT … SELECT statements with the dashboard rollup triggers on (each statement's rows go through them), then VACUUM ANALYZE (${loadS.toFixed(0)} s in all).`,
        "",
        `Calls: the lib/dashboard functions behind GET /api/dashboard/* (docs/dashboard-metrics.md), each through \`tenantDb(orgId)\`, sequentially. An admin's stats read the rollups (docs/dashboard-metrics.md "Rollups": day rows and attributed-viewer counts, a few hundred rows whatever the period) concurrently with the upcoming-emails total and page; an agent's stats are computed from the events of their contacts. The 30-day answer: ${sample.quotesSent.toLocaleString("en-US")} quotes sent, ${sample.quotesViewed.toLocaleString("en-US")} viewed, ${sample.healthQuestionsCompleted.toLocaleString("en-US")} health completed, ${sample.upcomingEmailsTotal.toLocaleString("en-US")} upcoming.`,
        "",
        resultTable(results),
        "",
        `Grown to ${(totalEvents + totalGrown).toLocaleString("en-US")} event rows: ${totalGrown.toLocaleString("en-US")} more with the same mix and the same ${CONTACTS.toLocaleString("en-US")} contacts (so ${GROWTH}× the events per contact, and ${GROWTH}× the pending emails), loaded with the rollup triggers disabled and the secondary indexes dropped, then the indexes built again, \`dashboard_rebuild\` (the migration's backfill, ${rebuildS.toFixed(0)} s) and VACUUM ANALYZE (${growS.toFixed(0)} s in all). The 30-day answer: ${grownSample.quotesSent.toLocaleString("en-US")} quotes sent, ${grownSample.quotesViewed.toLocaleString("en-US")} viewed, ${grownSample.upcomingEmailsTotal.toLocaleString("en-US")} upcoming.`,
        "",
        resultTable(grownResults),
        "",
        ...verdicts.map((v) => `**${v}**`),
        "",
        "Notes from tuning (same data, EXPLAIN ANALYZE as role `app`): under row-level security only leakproof operators may serve as index conditions, and the status enum's `=` is not leakproof, so `status = 'sent'` cannot narrow an index scan; the raw path (agents, periods with a quote send after their end, send ranking, time series) finds the sends through scheduled_emails (organization_id, email_type, sent_at) with the organization's email types (a skip scan of that index) and the sent_at range. Before the rollups the admin's stats were computed from the events too: p95 72 ms for 30 days, 271 ms for 90 days and 1,314 ms for Year to Date at 1M events (2026-11-22, this machine). An agent's stats from the rollups (their contacts' dashboard_attributions rows joined to the contacts, their sends through the contacts) measured no faster than from the events (30 days p50 320 ms, Year to Date p50 619 ms at 1M events on 2026-11-25, load average about 8: a hash join over the organization's attribution rows and a bitmap scan of the agent's 12,000 contacts), so agents stay on the raw path; rollups keyed by agent, moved on reassignment, are what would make an agent's Year to Date fast.",
      ].join("\n"),
    );
    return { passed, measures };
  } finally {
    setPrismaForTests(undefined);
    await prisma?.$disconnect();
    await db.drop();
  }
}
