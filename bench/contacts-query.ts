import os from "node:os";
import { performance } from "node:perf_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { listContacts } from "@/lib/contacts/list-contacts";
import { setPrismaForTests, tenantDb } from "@/lib/db";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { createScratchDatabase, percentile, writePerformanceSection } from "./lib/bench-support";
import { seededRandom } from "@/lib/random/seeded-random";

/**
 * Contact list query at agency scale: 100,000 contacts in one organization on a real PostgreSQL
 * server, written and read through the data layer (tenantDb, so row-level security is in the path
 * exactly as in production). Times listContacts for one page of 100 with a search term and a state
 * filter, prints the plan of the SQL it sends, and records the figures in docs/performance.md.
 */

const CONTACTS = 100_000;
const OTHER_ORG_CONTACTS = 5_000;
const BATCH = 5_000;
const WARMUP = 20;
const ITERATIONS = 200;
const TARGET_P95_MS = 100;
const NOW = new Date("2026-11-22T12:00:00Z");
const SECTION = "## Contact list query (bench/contacts-query.ts)";

// ─────────────────────────── data ───────────────────────────

const FIRST_NAMES = [
  "James",
  "Mary",
  "John",
  "Patricia",
  "Robert",
  "Jennifer",
  "Michael",
  "Linda",
  "William",
  "Elizabeth",
  "David",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Charles",
  "Karen",
  "Christopher",
  "Nancy",
  "Daniel",
  "Lisa",
  "Matthew",
  "Betty",
  "Anthony",
  "Margaret",
  "Mark",
  "Sandra",
  "Donald",
  "Ashley",
  "Steven",
  "Kimberly",
  "Paul",
  "Emily",
  "Andrew",
  "Donna",
  "Joshua",
  "Michelle",
  "Kenneth",
  "Dorothy",
  "Kevin",
  "Carol",
  "Brian",
  "Amanda",
  "George",
  "Melissa",
  "Edward",
  "Deborah",
  "Ronald",
  "Stephanie",
  "Timothy",
  "Rebecca",
  "Jason",
  "Sharon",
  "Jeffrey",
  "Laura",
  "Ryan",
  "Cynthia",
  "Gary",
  "Kathleen",
  "Jacob",
  "Amy",
  "Nicholas",
  "Shirley",
  "Eric",
  "Angela",
  "Jonathan",
  "Helen",
  "Larry",
  "Anna",
  "Frank",
  "Brenda",
  "Scott",
  "Pamela",
  "Raymond",
  "Nicole",
  "Gregory",
  "Ruth",
  "Samuel",
  "Katherine",
  "Walter",
  "Virginia",
  "Maria",
  "Jose",
  "Juan",
  "Carmen",
  "Luis",
  "Rosa",
  "Ana",
  "Carlos",
  "Wei",
  "Mei",
  "Minh",
  "Linh",
  "Priya",
  "Raj",
];
const LAST_NAMES = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Sanchez",
  "Clark",
  "Ramirez",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Torres",
  "Nguyen",
  "Hill",
  "Flores",
  "Green",
  "Adams",
  "Nelson",
  "Baker",
  "Hall",
  "Rivera",
  "Campbell",
  "Mitchell",
  "Carter",
  "Roberts",
  "Gomez",
  "Phillips",
  "Evans",
  "Turner",
  "Diaz",
  "Parker",
  "Cruz",
  "Edwards",
  "Collins",
  "Reyes",
  "Stewart",
  "Morris",
  "Morales",
  "Murphy",
  "Cook",
  "Rogers",
  "Gutierrez",
  "Ortiz",
  "Morgan",
  "Cooper",
  "Peterson",
  "Bailey",
  "Reed",
  "Kelly",
  "Howard",
  "Ramos",
  "Kim",
  "Cox",
  "Ward",
  "Richardson",
  "Watson",
  "Brooks",
  "Chavez",
  "Wood",
  "James",
  "Bennett",
  "Gray",
  "Mendoza",
  "Ruiz",
  "Hughes",
  "Price",
  "Alvarez",
  "Castillo",
  "Sanders",
  "Patel",
  "Myers",
  "Long",
  "Ross",
  "Foster",
  "Jimenez",
  "Powell",
  "Jenkins",
  "Perry",
  "Russell",
  "Sullivan",
  "Bell",
  "Coleman",
  "Butler",
  "Henderson",
  "Barnes",
  "Gonzales",
  "Fisher",
  "Vasquez",
  "Simmons",
  "Romero",
  "Jordan",
  "Patterson",
  "Alexander",
  "Hamilton",
  "Graham",
  "Reynolds",
  "Griffin",
  "Wallace",
  "Moreno",
  "West",
  "Cole",
  "Hayes",
  "Bryant",
  "Herrera",
  "Gibson",
  "Ellis",
  "Tran",
  "Medina",
  "Aguilar",
  "Stevens",
  "Murray",
  "Ford",
  "Castro",
  "Marshall",
  "Owens",
  "Harrison",
  "Fernandez",
  "McDonald",
  "Woods",
  "Washington",
  "Kennedy",
  "Wells",
  "Vargas",
  "Henry",
  "Chen",
  "Freeman",
  "Webb",
  "Tucker",
  "Guzman",
  "Burns",
  "Crawford",
  "Olson",
  "Simpson",
  "Porter",
  "Hunter",
  "Gordon",
  "Mendez",
  "Silva",
  "Shaw",
  "Snyder",
  "Mason",
  "Dixon",
  "Smithson",
  "Goldsmith",
  "Arrowsmith",
];
const DOMAINS: [string, number][] = [
  ["gmail.com", 40],
  ["yahoo.com", 18],
  ["aol.com", 10],
  ["hotmail.com", 9],
  ["outlook.com", 6],
  ["comcast.net", 5],
  ["att.net", 4],
  ["icloud.com", 4],
  ["sbcglobal.net", 2],
  ["verizon.net", 2],
];
// Roughly the Medicare population by state; the remaining states share the last weight.
const STATES: [string, number][] = [
  ["CA", 10],
  ["FL", 8],
  ["TX", 8],
  ["NY", 6],
  ["PA", 5],
  ["OH", 4],
  ["IL", 4],
  ["MI", 3.5],
  ["NC", 3.5],
  ["GA", 3],
  ["NJ", 2.7],
  ["VA", 2.6],
  ["AZ", 2.5],
  ["WA", 2.3],
  ["TN", 2.2],
  ["MA", 2.2],
  ["IN", 2],
  ["MO", 2],
  ["WI", 1.9],
  ["MN", 1.7],
];
const OTHER_STATES = [
  "AL",
  "AK",
  "AR",
  "CO",
  "CT",
  "DE",
  "HI",
  "ID",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MS",
  "MT",
  "NE",
  "NV",
  "NH",
  "NM",
  "ND",
  "OK",
  "OR",
  "RI",
  "SC",
  "SD",
  "UT",
  "VT",
  "WV",
  "WY",
];
const AREA_CODES: Record<string, string[]> = {
  TX: ["512", "214", "713", "817", "210", "915", "281", "469"],
  CA: ["213", "310", "415", "619", "714", "916", "951"],
  FL: ["305", "407", "813", "904", "561", "727"],
  NY: ["212", "718", "516", "585", "914"],
};
const CARRIERS: [string | null, number][] = [
  ["UnitedHealthcare", 22],
  ["Humana", 12],
  ["Mutual of Omaha", 12],
  ["Aetna", 11],
  ["Cigna", 9],
  ["Blue Cross Blue Shield", 9],
  ["Anthem", 5],
  ["Accendo", 3],
  ["Bankers Fidelity", 3],
  ["Manhattan Life", 2],
  [null, 12],
];
const PLANS: [string, number][] = [
  ["G", 50],
  ["N", 20],
  ["F", 20],
  ["HDG", 5],
  ["Other", 5],
];

// Surnames follow a long-tailed frequency (common names far more common), like a real book of business.
const LAST_NAME_WEIGHTS: [string, number][] = LAST_NAMES.map((name, rank) => [name, 1 / (rank + 25)]);

export function contactRows(
  organizationId: string,
  count: number,
  agentIds: string[],
  seed: number,
): Prisma.ContactCreateManyInput[] {
  const r = seededRandom(seed);
  const emails = new Set<string>();
  const rows: Prisma.ContactCreateManyInput[] = [];
  for (let i = 0; i < count; i++) {
    const firstName = r.pick(FIRST_NAMES);
    const lastName = r.weighted(LAST_NAME_WEIGHTS);
    const f = firstName.toLowerCase();
    const l = lastName.toLowerCase();
    const domain = r.weighted(DOMAINS);
    const local = r.pick([
      `${f}.${l}`,
      `${f[0]}${l}`,
      `${f}${l}${r.int(1, 99)}`,
      `${l}.${f}`,
      `${f}_${l}${r.int(40, 65)}`,
    ]);
    let email = `${local}@${domain}`;
    for (let n = 2; emails.has(email); n++) email = `${local}${n}@${domain}`;
    emails.add(email);
    const stateOrOther = r.weighted<string>([...STATES, ["*", 15]]);
    const state = stateOrOther === "*" ? r.pick(OTHER_STATES) : stateOrOther;
    const areaCode = AREA_CODES[state] ? r.pick(AREA_CODES[state]) : String(r.int(201, 989));
    const birthYear = r.int(1935, 1961);
    rows.push({
      organizationId,
      firstName,
      lastName,
      email,
      phoneNumber: r.next() < 0.9 ? `${areaCode}${r.int(200, 999)}${String(r.int(0, 9999)).padStart(4, "0")}` : null,
      state: r.next() < 0.97 ? state : null,
      zipCode: String(r.int(10000, 99999)),
      gender: r.next() < 0.55 ? "F" : "M",
      tobaccoUser: r.next() < 0.08,
      birthDate: new Date(Date.UTC(birthYear, r.int(0, 11), r.int(1, 28))),
      effectiveDate: new Date(Date.UTC(birthYear + 65, r.int(0, 11), 1)),
      currentCarrier: r.weighted(CARRIERS),
      planType: r.weighted(PLANS),
      agentId: r.next() < 0.05 ? null : r.pick(agentIds),
      source: "csv",
    });
  }
  return rows;
}

// ─────────────────────────── measuring ───────────────────────────

type Scenario = { name: string; gated: boolean; states?: string[]; terms: (string | undefined)[] };
type Timing = { scenario: Scenario; p50: number; p95: number; max: number; mean: number; totals: [number, number] };

const ms = (v: number) => v.toFixed(1);

async function explainAsTenant(
  owner: pg.Client,
  organizationId: string,
  sql: string,
  params: unknown[],
): Promise<string> {
  // The same two settings the tenant client makes (lib/db setTenantSql), in a transaction rolled back after.
  await owner.query("BEGIN");
  try {
    await owner.query("SELECT set_config('app.org_id', $1, true), set_config('role', 'app', true)", [organizationId]);
    const res = await owner.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    return res.rows.map((r) => r["QUERY PLAN"]).join("\n");
  } finally {
    await owner.query("ROLLBACK");
  }
}

function indexesUsed(plan: string): string[] {
  const names = new Set<string>();
  for (const m of plan.matchAll(
    /(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) "?([\w.]+)"?/g,
  ))
    names.add(m[1]!);
  return [...names];
}

// ─────────────────────────── the benchmark ───────────────────────────

export async function contactsQuery(): Promise<{ passed: boolean }> {
  const db = await createScratchDatabase();
  const { owner, serverVersion, name: dbName } = db;
  const url = db.url;
  let prisma: PrismaClient | undefined;

  try {
    // Same adapter and pool as production (lib/db createClient), plus query events to capture the SQL for EXPLAIN.
    const client = new PrismaClient({
      adapter: new PrismaPg({ connectionString: url, max: 10 }),
      transactionOptions: { maxWait: 5_000, timeout: 15_000 },
      log: [{ emit: "event", level: "query" }],
    });
    let capture: { query: string; params: string }[] | undefined;
    client.$on("query", (e) => capture?.push({ query: e.query, params: e.params }));
    prisma = client as unknown as PrismaClient;
    setPrismaForTests(prisma); // installs it as the app's client, so tenantDb below is the real tenant wall on this database

    // Organizations and users are created as the owner, as signup does.
    const orgA = await prisma.organization.create({ data: { name: "Bench Agency", slug: `bench-${dbName}` } });
    const orgB = await prisma.organization.create({ data: { name: "Other Agency", slug: `other-${dbName}` } });
    const users = async (organizationId: string, prefix: string, n: number) =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
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
    const agentsA = await users(orgA.id, "a", 8);
    const agentsB = await users(orgB.id, "b", 2);
    const viewer = { id: agentsA[0]!.id, isAdmin: true }; // an admin sees the whole book: the widest list

    console.log(
      `\n[contacts-query] inserting ${CONTACTS.toLocaleString("en-US")} contacts through tenantDb(org).contact.createMany, ${BATCH.toLocaleString("en-US")} per batch…`,
    );
    const rowsA = contactRows(
      orgA.id,
      CONTACTS,
      agentsA.map((u) => u.id),
      20261122,
    );
    const rowsB = contactRows(
      orgB.id,
      OTHER_ORG_CONTACTS,
      agentsB.map((u) => u.id),
      7,
    );
    const tenantA = tenantDb(orgA.id);
    const insertStart = performance.now();
    const cpuStart = process.cpuUsage();
    for (let i = 0; i < rowsA.length; i += BATCH) await tenantA.contact.createMany({ data: rowsA.slice(i, i + BATCH) });
    const insertMs = performance.now() - insertStart;
    const cpu = process.cpuUsage(cpuStart);
    const insertNodeCpuS = (cpu.user + cpu.system) / 1e6;
    const tenantB = tenantDb(orgB.id);
    for (let i = 0; i < rowsB.length; i += BATCH) await tenantB.contact.createMany({ data: rowsB.slice(i, i + BATCH) });
    await owner.query("ANALYZE");
    console.log(`[contacts-query] inserted in ${(insertMs / 1000).toFixed(1)} s; ANALYZE done`);

    const list = (search: string | undefined, states: string[] | undefined) =>
      listContacts({ db: tenantA, organizationId: orgA.id, viewer, search, states, page: 1, limit: 100, now: NOW });

    // Terms rotate over a name fragment, an email fragment and a formatted phone fragment, as typed in the search box.
    const terms = ["smith", "gmail", "(512) 4", "garc", "son@", "713-5", "john", "@aol", "214 8"];
    const scenarios: Scenario[] = [
      { name: "search + state TX (target)", gated: true, states: ["TX"], terms },
      { name: "search, no state filter", gated: false, terms },
      { name: "no search, no filter (first page)", gated: false, terms: [undefined] },
    ];
    const timings: Timing[] = [];
    for (const scenario of scenarios) {
      const durations: number[] = [];
      const totals: number[] = [];
      for (let i = 0; i < WARMUP + ITERATIONS; i++) {
        const term = scenario.terms[i % scenario.terms.length];
        const t0 = performance.now();
        const result = await list(term, scenario.states);
        const elapsed = performance.now() - t0;
        if (i >= WARMUP) {
          durations.push(elapsed);
          totals.push(result.total);
        }
      }
      const sorted = [...durations].sort((x, y) => x - y);
      timings.push({
        scenario,
        p50: percentile(sorted, 0.5),
        p95: percentile(sorted, 0.95),
        max: sorted[sorted.length - 1]!,
        mean: durations.reduce((s, d) => s + d, 0) / durations.length,
        totals: [Math.min(...totals), Math.max(...totals)],
      });
    }

    // Sanity: the other organization's contacts never leak into the list (RLS has something to hide).
    const visible = await tenantA.contact.count();
    if (visible !== CONTACTS) throw new Error(`tenantDb(A) sees ${visible} contacts, expected ${CONTACTS}`);

    // The SQL listContacts sends, captured from Prisma's query events and explained as the tenant sees it.
    const sqlOf = async (search: string, states: string[] | undefined) => {
      capture = [];
      await list(search, states);
      const captured = capture;
      capture = undefined;
      const contactQueries = captured.filter(
        (q) => /FROM "public"\."contacts"/.test(q.query) && / LIKE /.test(q.query),
      );
      const page = contactQueries.find((q) => /LIMIT/.test(q.query));
      const count = contactQueries.find((q) => /COUNT\(/i.test(q.query));
      if (!page || !count)
        throw new Error(`could not find the page and count queries among ${captured.length} captured`);
      return {
        page: { sql: page.query, params: JSON.parse(page.params) as unknown[] },
        count: { sql: count.query, params: JSON.parse(count.params) as unknown[] },
      };
    };
    const targetSql = await sqlOf("smith", ["TX"]);
    const pagePlan = await explainAsTenant(owner, orgA.id, targetSql.page.sql, targetSql.page.params);
    const countPlan = await explainAsTenant(owner, orgA.id, targetSql.count.sql, targetSql.count.params);
    // Without the state filter only the search term narrows the set. The owner (no RLS) is shown for
    // contrast: LIKE is not a leakproof operator, so under a row-level-security policy PostgreSQL may
    // not use it as an index condition and the trigram index is out of reach for the app role.
    const wideSql = await sqlOf("smith", undefined);
    const widePlanApp = await explainAsTenant(owner, orgA.id, wideSql.count.sql, wideSql.count.params);
    const widePlanOwner = (
      await owner.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE) ${wideSql.count.sql}`, wideSql.count.params)
    ).rows
      .map((r) => r["QUERY PLAN"])
      .join("\n");
    const execTime = (plan: string) => /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? "?";
    const wideLine = `Search "smith" without a state filter (count query): as \`app\` ${
      indexesUsed(widePlanApp)
        .map((n) => `\`${n}\``)
        .join(", ") || "no index (sequential scan)"
    }, ${execTime(widePlanApp)} ms; as the owner, bypassing RLS, ${
      indexesUsed(widePlanOwner)
        .map((n) => `\`${n}\``)
        .join(", ") || "no index (sequential scan)"
    }, ${execTime(widePlanOwner)} ms.`;

    const target = timings.find((t) => t.scenario.gated)!;
    const passed = target.p95 < TARGET_P95_MS;

    const table = [
      "| query (page of 100, admin viewer, via tenantDb) | iterations | p50 ms | p95 ms | max ms | mean ms | matches (min–max) |",
      "|---|---|---|---|---|---|---|",
      ...timings.map(
        (t) =>
          `| ${t.scenario.name} | ${ITERATIONS} (+${WARMUP} warm-up) | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.max)} | ${ms(t.mean)} | ${t.totals[0].toLocaleString("en-US")}–${t.totals[1].toLocaleString("en-US")} |`,
      ),
    ].join("\n");
    const verdict = `${passed ? "PASS" : "FAIL"}: p95 ${ms(target.p95)} ms for "${target.scenario.name}" against the ${TARGET_P95_MS} ms target.`;
    const insertLine = `Insert: ${CONTACTS.toLocaleString("en-US")} contacts in ${(insertMs / 1000).toFixed(1)} s (${Math.round(CONTACTS / (insertMs / 1000)).toLocaleString("en-US")} rows/s), ${CONTACTS / BATCH} × \`tenantDb(org).contact.createMany\` of ${BATCH.toLocaleString("en-US")} (search_text trigger and all indexes on); the Node process itself used ${insertNodeCpuS.toFixed(1)} s of CPU of that (Prisma building and serializing the rows).`;

    console.log(
      `\n${table}\n\n${insertLine}\n\n--- EXPLAIN (ANALYZE, BUFFERS) page query, as role app with app.org_id set ---\n${targetSql.page.sql}\n\n${pagePlan}\n\n--- count query ---\n${countPlan}\n`,
    );
    console.log(
      `indexes used: page query ${indexesUsed(pagePlan).join(", ") || "none"}; count query ${indexesUsed(countPlan).join(", ") || "none"}`,
    );
    console.log(
      `${wideLine}\n\n--- count query without state filter, as app ---\n${widePlanApp}\n\n--- same, as owner (no RLS) ---\n${widePlanOwner}`,
    );
    console.log(`\n${verdict}\n`);

    const machine = `${os.cpus().length} CPUs (nproc ${os.availableParallelism()}), ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}, ${serverVersion.split(",")[0]}`;
    writePerformanceSection(
      SECTION,
      [
        SECTION,
        "",
        `Measured ${new Date().toISOString()} on ${machine}; database on 127.0.0.1, default server settings.`,
        "",
        `Data: ${CONTACTS.toLocaleString("en-US")} contacts in one organization (${agentsA.length} agents; long-tailed surnames, realistic email domains, 10-digit phones, states weighted like the Medicare population, about 8% TX) plus ${OTHER_ORG_CONTACTS.toLocaleString("en-US")} in a second organization that row-level security must hide. ANALYZE after the load.`,
        "",
        `Query: \`listContacts\` through \`tenantDb(orgId)\` (row-level security on), page 1 of 100, ordered by last name, first name, id, with the total count run alongside. The search term rotates over name, email and formatted phone fragments: ${terms.map((t) => `\`${t}\``).join(", ")}.`,
        "",
        table,
        "",
        insertLine,
        "",
        `**${verdict}**`,
        "",
        `Index use (EXPLAIN ANALYZE of the SQL Prisma sends, run as role \`app\` with \`app.org_id\` set, term "smith", state TX): page query ${
          indexesUsed(pagePlan)
            .map((n) => `\`${n}\``)
            .join(", ") || "none"
        }; count query ${
          indexesUsed(countPlan)
            .map((n) => `\`${n}\``)
            .join(", ") || "none"
        }.`,
        "",
        wideLine,
        "PostgreSQL does not use a non-leakproof operator such as LIKE as an index condition under a row-level-security policy, so for the tenant client the trigram index is out of reach: the state (or another leakproof equality) filter is what narrows the scan, and a search alone scans the organization's rows. " +
          "If books grow past ~150,000 contacts, the planned fix is a SECURITY DEFINER function that returns candidate ids through the trigram index, filtered by app_current_org(), with the outer query still under row-level security (so a bug in it could not leak another organization's rows).",
        "",
        "<details><summary>Plan of the page query</summary>",
        "",
        "```",
        pagePlan,
        "```",
        "",
        "</details>",
      ].join("\n"),
    );
    console.log(`[contacts-query] figures written to docs/performance.md`);
    return { passed };
  } finally {
    setPrismaForTests(undefined);
    await prisma?.$disconnect();
    await db.drop();
  }
}
