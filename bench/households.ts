import os from "node:os";
import { performance } from "node:perf_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import { setPrismaForTests } from "@/lib/db";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { suggestHouseholdsForOrganization, type SuggestOutcome } from "@/lib/households/suggest";
import {
  createScratchDatabase,
  machineLine,
  writePerformanceSection,
  type BenchMeasure,
  type BenchResult,
} from "./lib/bench-support";

/**
 * Household pairing at book scale (issue #20 point 1: "the bench shows pairing 100,000 contacts in under 10 s"):
 * one organization whose book holds BENCH_HOUSEHOLD_CONTACTS contacts (default 100,000) on a real PostgreSQL,
 * then suggestHouseholdsForOrganization as an import's completion runs it (the tenant wall on, one transaction):
 * - the first pass over the whole book: every key computed, every pair written (target < 10 s);
 * - a second pass with nothing new (what each later import costs when the book did not move);
 * - a scoped pass over one ZIP (what an address edit adds to its save).
 * The book: 60% couples (two contacts at one address, spelled differently: "Street" / "ST.", "Apt 7" / "#7"),
 * 10% residences of five (a care home: no pair), 10% flats of one building with a unit each, 15% single
 * homes, 5% without a street. The expected pairs are the couples; the bench fails on any other count.
 */

const CONTACTS = Number(process.env.BENCH_HOUSEHOLD_CONTACTS ?? 100_000);
const TARGET_MS = 10_000;
const SECTION = "## Household pairing (bench/households.ts)";
const NOW = new Date("2026-11-29T12:00:00Z");
/** Earlier runs and what changed between them, kept beside each new run (dated). */
const HISTORY =
  "History (2026-11-29, same machine, load 8–11): the first 100,000 run did not finish: the withdrawal's `NOT EXISTS` over an `unnest` of the pairs was planned as a nested loop (100 rows estimated, 30,000 real, re-scanned for every household) and the transaction expired after 207 s. With the pairs in a temporary table keyed by (a, b): 9.45 s (load 9), of which 2.3 s was the first read of the freshly loaded contacts (hint bits) and 2.7 s the keys computed in a JIT-cold process; the bench now vacuums the book it builds (as autovacuum would have) and the normalizer skips Unicode decomposition for ASCII text: 8.12 s at load 7.9. The first pass writes 30,000 rows into a table with eight indexes and three foreign keys (2.7 s of it); later passes write only what changed. The figure is under the 10 s target by less than the machine's load varies it: re-measure on an idle machine before calling the target comfortably met. Then (2026-11-29T09:14Z, load 3.2) the temporary table went: the open suggestions are read with the confirmed households, the pairs go to households in one upsert from an `unnest` (it has no join to mis-plan), and the withdrawal is a set difference in Node and a `DELETE` by id: first pass 2.96 s, second pass 1.54 s, a scoped pass 42.9 ms (the 8.12 s / 3.63 s / 136.9 ms above were at load 7.9, so the load explains part of the gain; the scoped pass no longer creates, analyzes and drops a table in the save of an address edit). An import that moves no address key no longer runs the pass at all (docs/households.md).";

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The book, written with plain SQL by the owner: CONTACTS contacts in the shares above. */
async function build(owner: import("pg").Client): Promise<{ orgId: string; expectedPairs: number }> {
  const {
    rows: [org],
  } = await owner.query<{ id: string }>(
    `INSERT INTO organizations (id, name, slug, contact_limit, updated_at)
     VALUES (gen_random_uuid(), 'Bench Households', 'bench-households', -1, now()) RETURNING id`,
  );
  const couples = Math.floor((CONTACTS * 0.6) / 2);
  const careHomeEnd = couples * 2 + Math.floor(CONTACTS * 0.02) * 5;
  const flatsEnd = careHomeEnd + Math.floor(CONTACTS * 0.1);
  const singlesEnd = flatsEnd + Math.floor(CONTACTS * 0.15);
  // g in [1, couples*2]: couple (g+1)/2; then residences of five ((g-1)/5); then flats; then single homes; then no
  // street. The ZIP follows the home, so the two of a couple and the five of a residence share one.
  await owner.query(
    `INSERT INTO contacts (id, organization_id, first_name, last_name, email, zip_code, street_address, address_unit,
                           created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid, 'Pat' || g, 'Bench', 'pat' || g || '@households.test',
            '7' || lpad((home % 997)::text, 4, '0'),
            CASE
              WHEN g <= $2 * 2 AND g % 2 = 1 THEN home || ' North Maple Street'
              WHEN g <= $2 * 2 THEN home || ' N. MAPLE ST.'
              WHEN g <= $3 THEN home || ' Care Home Road'
              WHEN g <= $4 THEN '1 Tower Plaza'
              WHEN g <= $5 THEN home || ' Oak Avenue'
              ELSE NULL
            END,
            CASE
              WHEN g <= $2 * 2 AND home % 3 = 0 THEN (CASE WHEN g % 2 = 1 THEN 'Apt 7' ELSE '#7' END)
              WHEN g > $3 AND g <= $4 THEN 'Unit ' || g
              ELSE NULL
            END,
            $6::timestamptz, $6::timestamptz
     FROM generate_series(1, $7::int) AS g
     CROSS JOIN LATERAL (SELECT CASE WHEN g <= $2 * 2 THEN (g + 1) / 2 WHEN g <= $3 THEN (g - 1) / 5 ELSE g END AS home) AS h`,
    [org!.id, couples, careHomeEnd, flatsEnd, singlesEnd, NOW.toISOString(), CONTACTS],
  );
  // A book that has been there a while has been vacuumed (autovacuum): its first read sets no hint bits.
  await owner.query("VACUUM ANALYZE contacts");
  return { orgId: org!.id, expectedPairs: couples };
}

async function timed(run: () => Promise<SuggestOutcome>): Promise<{ ms: number; outcome: SuggestOutcome }> {
  const t = performance.now();
  const outcome = await run();
  return { ms: performance.now() - t, outcome };
}

export async function households(): Promise<BenchResult> {
  const started = new Date();
  const db = await createScratchDatabase("gapwise_bench_households");
  const prisma = new PrismaClient({
    adapter: new PrismaPg({ connectionString: db.url, max: 10 }),
    transactionOptions: { maxWait: 10_000, timeout: 120_000 },
  });
  try {
    setPrismaForTests(prisma);
    const t0 = performance.now();
    const { orgId, expectedPairs } = await build(db.owner);
    console.log(`[households] ${fmt(CONTACTS)} contacts built in ${seconds(performance.now() - t0)}`);

    // The client warmed up (its first query loads the query compiler and connects), as a running app's is.
    await prisma.$queryRaw`SELECT 1`;
    const loadAtStart = os.loadavg()[0]!;
    const first = await timed(() => suggestHouseholdsForOrganization(orgId, NOW));
    console.log(`[households] first pass ${seconds(first.ms)}: ${JSON.stringify(first.outcome)}`);
    const second = await timed(() => suggestHouseholdsForOrganization(orgId, NOW));
    console.log(`[households] second pass ${seconds(second.ms)}: ${JSON.stringify(second.outcome)}`);
    const [{ zip_code: zip, id } = { zip_code: "", id: "" }] = (
      await db.owner.query<{ zip_code: string; id: string }>(
        "SELECT zip_code, id FROM contacts WHERE organization_id = $1::uuid AND street_address IS NOT NULL LIMIT 1",
        [orgId],
      )
    ).rows;
    const scoped = await timed(() =>
      suggestHouseholdsForOrganization(orgId, NOW, { zipCodes: [zip], contactIds: [id] }),
    );
    console.log(`[households] scoped pass (ZIP ${zip}) ${scoped.ms.toFixed(1)} ms: ${JSON.stringify(scoped.outcome)}`);
    const loadAtEnd = os.loadavg()[0]!;

    const stored = Number(
      (
        await db.owner.query<{ n: string }>(
          "SELECT count(*) AS n FROM households WHERE organization_id = $1::uuid AND status = 'suggested'",
          [orgId],
        )
      ).rows[0]!.n,
    );
    const measures: BenchMeasure[] = [
      {
        measure: `first pass over ${fmt(CONTACTS)} contacts (keys, rule, writes)`,
        target: `< ${seconds(TARGET_MS)}`,
        result: seconds(first.ms),
        passed: first.ms < TARGET_MS,
      },
      {
        measure: "suggestions written / expected",
        target: `${fmt(expectedPairs)}`,
        result: `${fmt(first.outcome.suggested)} (${fmt(stored)} stored)`,
        passed: first.outcome.suggested === expectedPairs && stored === expectedPairs,
      },
      {
        measure: "second pass, nothing new",
        target: "—",
        result: `${seconds(second.ms)}, ${second.outcome.suggested} new, ${second.outcome.withdrawn} withdrawn`,
        passed: second.outcome.suggested === 0 && second.outcome.withdrawn === 0,
      },
      {
        measure: "scoped pass: one ZIP (an address edit)",
        target: "—",
        result: `${scoped.ms.toFixed(1)} ms (${fmt(scoped.outcome.contactsRead)} contacts)`,
        passed: true,
      },
    ];
    const passed = measures.every((m) => m.passed);
    writePerformanceSection(
      SECTION,
      [
        SECTION,
        "",
        `Last run: ${machineLine(started)}; PostgreSQL on 127.0.0.1 (${db.serverVersion.split(",")[0]}). The machine is shared: load average ${loadAtStart.toFixed(1)} when the first pass started, ${loadAtEnd.toFixed(1)} at the end.`,
        "",
        `Data: one organization, ${fmt(CONTACTS)} contacts: ${fmt(expectedPairs)} couples (one spelled "North Maple Street" / "Apt 7", the other "N. MAPLE ST." / "#7"), residences of five, flats of one building with a unit each, single homes, and 5% without a street.`,
        "",
        "| measure | target | result | |",
        "|---|---|---|---|",
        ...measures.map((m) => `| ${m.measure} | ${m.target} | ${m.result} | ${m.passed ? "PASS" : "**FAIL**"} |`),
        "",
        "How: `suggestHouseholdsForOrganization` (lib/households/suggest.ts) in one tenant transaction: one read of the book's id, street, unit and ZIP (contacts with a street and a ZIP), the keys computed by the one normalizer in Node, one read of the confirmed households and the open suggestions, the pure rule, one `INSERT … SELECT FROM unnest … ON CONFLICT` of the pairs into households, and one `DELETE` by id of the suggestions the rule no longer makes (the set difference taken in Node; no temporary table). An address edit runs the same statements over the contact's old and new ZIP inside its own save.",
        "",
        HISTORY,
      ].join("\n"),
    );
    return { passed, measures };
  } finally {
    setPrismaForTests(undefined);
    await prisma.$disconnect();
    await db.drop();
  }
}
