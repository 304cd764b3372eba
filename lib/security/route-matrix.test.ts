import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { NextRequest } from "next/server";
import { seedPlans } from "@/lib/demo/seed-demo-agency";
import { ROUTES, type Method, type ParamKind, type RouteRow, type Targets } from "@/lib/security/route-table";
import { solvedChallengeHeader } from "@/lib/testing/challenge";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

/**
 * The security suite (issue 15 point 8): every route handler found on disk, called as six callers —
 * anonymous, organization A's agent and admin, organization B's agent and admin aimed at A's records — and
 * with a corpus of bad input. It fails when a route has no row in lib/security/route-table.ts, when a caller
 * gets further than its row allows, when B's calls change or reveal anything of A's, or on any 5xx.
 */

const db = setupTestDatabase();
// jest cannot load next-auth (ES modules only): the routes that ask Auth.js for a sign-in link get what
// Auth.js's email provider does, as the other service tests do (lib/testing/auth.ts).
jest.mock("@/lib/auth/auth", () => ({
  issueLoginLink: (email: string) =>
    jest.requireActual<typeof import("@/lib/testing/auth")>("@/lib/testing/auth").issueLoginLinkLikeAuthJs(email),
}));
// Work a route leaves for after the answer (next/server's after(), which needs Next's request scope): held
// here and run once the answer is in, as Next would; a task that throws counts as a 500 of its call.
const afterTasks: (() => unknown)[] = [];
jest.mock("next/server", () => ({
  ...jest.requireActual<typeof import("next/server")>("next/server"),
  after: (task: () => unknown) => void afterTasks.push(task),
}));
const API_DIR = join(process.cwd(), "app", "api");
const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const BODY_METHODS = new Set<Method>(["POST", "PUT", "PATCH", "DELETE"]);

type Route = { key: string; method: Method; path: string; file: string };

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return routeFiles(path);
    return name === "route.ts" ? [path] : [];
  });
}

/** Every exported HTTP method of every app/api/**\/route.ts, as "METHOD /api/…". */
function routesOnDisk(): Route[] {
  return routeFiles(API_DIR).flatMap((file) => {
    const path = `/api/${relative(API_DIR, file).split(sep).slice(0, -1).join("/")}`.replace(/\/$/, "");
    const source = readFileSync(file, "utf8");
    const exported = new Set(
      [...source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g)].map(
        (m) => m[1] as Method,
      ),
    );
    for (const m of source.matchAll(/export const \{([^}]+)\}/g))
      for (const name of m[1]!.split(",").map((s) => s.trim()))
        if (METHODS.includes(name as Method)) exported.add(name as Method);
    return [...exported].map((method) => ({ key: `${method} ${path}`, method, path, file }));
  });
}

const ROUTES_ON_DISK = routesOnDisk();

type Caller = { name: string; cookie?: string };
type Fixture = {
  a: Targets & { agentEmail: string; adminEmail: string };
  b: Targets;
  callers: { anonymous: Caller; agentA: Caller; adminA: Caller; agentB: Caller; adminB: Caller };
};
let fx: Fixture;

async function organization(name: string, now: Date) {
  const org = await createOrganization(db.prisma, { now, name });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: { subscriptionTierId: "pro", onboardingCompleted: true, contactLimit: -1, agentLimit: -1 },
  });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true, isAgent: true });
  const agent = await createUser(db.prisma, org.id, { now, isAdmin: false, isAgent: true });
  const contact = await createContact(db.prisma, org.id, {
    now,
    agentId: agent.id,
    firstName: "Secret",
    email: `secret.${name.toLowerCase().replace(/\W+/g, "")}.${org.id.slice(0, 8)}@example.com`,
  });
  // A second contact and their suggested household (the household routes' target).
  const partner = await createContact(db.prisma, org.id, { now, agentId: agent.id, firstName: "Partner" });
  const [pairA, pairB] = [contact.id, partner.id].sort() as [string, string];
  const household = await db.prisma.household.create({
    data: {
      organizationId: org.id,
      contactAId: pairA,
      contactBId: pairB,
      kind: "address",
      createdAt: now,
      updatedAt: now,
    },
  });
  const job = await db.prisma.importJob.create({
    data: { organizationId: org.id, status: "pending", totalRows: 5, createdById: admin.id, createdAt: now },
  });
  const session = async (userId: string) => (await createSession(db.prisma, userId, { now })).cookie;
  return {
    targets: {
      contactId: contact.id,
      contactEmail: contact.email,
      agentId: agent.id,
      orgId: org.id,
      orgSlug: org.slug,
      importJobId: job.id,
      householdId: household.id,
      agentEmail: agent.email,
      adminEmail: admin.email,
    },
    adminCookie: await session(admin.id),
    agentCookie: await session(agent.id),
  };
}

beforeAll(async () => {
  await seedPlans();
  // Routes check sessions against the wall clock, so the records are made at its time.
  const now = new Date();
  const a = await organization("Agency A", now);
  const b = await organization("Agency B", now);
  fx = {
    a: a.targets,
    b: b.targets,
    callers: {
      anonymous: { name: "anonymous" },
      agentA: { name: "agent of A", cookie: a.agentCookie },
      adminA: { name: "admin of A", cookie: a.adminCookie },
      agentB: { name: "agent of B", cookie: b.agentCookie },
      adminB: { name: "admin of B", cookie: b.adminCookie },
    },
  };
});

function paramValue(kind: ParamKind, t: Targets): string {
  switch (kind) {
    case "contact":
      return t.contactId;
    case "agent":
      return t.agentId;
    case "org-id":
      return t.orgId;
    case "org-slug":
      return t.orgSlug;
    case "import-job":
      return t.importJobId;
    case "household":
      return t.householdId;
    case "email":
      return t.contactEmail;
    case "invoice":
      return "in_1SecuritySuite";
    case "token":
      return "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    case "zip":
      return "78701";
    case "state":
      return "MN";
    case "number":
      return "500";
  }
}

let clientCount = 0;
const freshClientAddress = () => `198.18.${Math.floor(++clientCount / 250) % 256}.${(clientCount % 250) + 1}`;

type CallOptions = {
  caller: Caller;
  params?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  query?: string;
  contentType?: string;
  headers?: Record<string, string>;
};

async function call(
  route: Route,
  {
    caller,
    params = {},
    body,
    rawBody,
    query = "",
    contentType = "application/json",
    headers: extraHeaders = {},
  }: CallOptions,
) {
  const mod = (await import(route.file)) as Record<
    string,
    (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>
  >;
  const handler = mod[route.method]!;
  // The handler gets the params as Next hands them over (decoded); the URL only needs to be one.
  const segment = (value: string) => (value.isWellFormed() ? encodeURIComponent(value) : "x");
  const url = `http://localhost:3000${route.path.replace(/\[([^\]]+)\]/g, (_, name: string) => segment(params[name] ?? "x"))}${query}`;
  // A client address of its own for every call (the socket's, as scripts/serve.mjs appends it), so per-client
  // limits do not turn the corpus into a run of 429s; a public form gets its solved proof-of-work.
  const headers: Record<string, string> = {
    host: "localhost:3000",
    origin: "http://localhost:3000",
    "sec-fetch-site": "same-origin",
    "x-forwarded-for": freshClientAddress(),
  };
  const challenge = ROUTES[route.key]?.challenge;
  if (challenge) Object.assign(headers, solvedChallengeHeader(challenge));
  if (caller.cookie) headers.cookie = caller.cookie;
  const hasBody = BODY_METHODS.has(route.method) && (rawBody !== undefined || body !== undefined);
  if (hasBody) headers["content-type"] = contentType;
  Object.assign(headers, extraHeaders);
  const req = new NextRequest(url, {
    method: route.method,
    headers,
    body: hasBody ? (rawBody ?? JSON.stringify(body)) : undefined,
  });
  const response = await handler(req, { params: Promise.resolve(params) });
  const text = await response.text();
  for (const task of afterTasks.splice(0)) {
    try {
      await task();
    } catch (error) {
      return { status: 500, text: `after the answer: ${String(error)}`, contentType: "text/plain", cacheControl: "" };
    }
  }
  return {
    status: response.status,
    text,
    contentType: response.headers.get("content-type") ?? "",
    cacheControl: response.headers.get("cache-control") ?? "",
  };
}

const rowOf = (route: Route): RouteRow => ROUTES[route.key]!;
const paramsFor = (row: RouteRow, t: Targets) =>
  Object.fromEntries(Object.entries(row.params ?? {}).map(([name, kind]) => [name, paramValue(kind, t)]));
const defaultBody = (route: Route, row: RouteRow, t: Targets) =>
  row.body ? row.body(t) : BODY_METHODS.has(route.method) ? {} : undefined;

/** What of organization A no other caller may ever see. */
const secretsOfA = () => [
  fx.a.contactEmail,
  fx.a.contactId,
  fx.a.agentEmail,
  fx.a.adminEmail,
  fx.a.importJobId,
  fx.a.householdId,
];
const leaks = (text: string) => secretsOfA().filter((secret) => text.includes(secret));

/** A digest of every row of organization A, to prove B's calls changed nothing. */
async function digestOfA(): Promise<string> {
  const tables = [
    "contacts",
    "users",
    "organizations",
    "import_jobs",
    "scheduled_emails",
    "quote_links",
    "audit_logs",
    "contact_events",
    "households",
    "consent_events",
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const where = table === "organizations" ? "id" : "organization_id";
    const [row] = await db.query<{ digest: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM ${table} t WHERE ${where} = $1`,
      [fx.a.orgId],
    );
    parts.push(`${table}:${row?.digest ?? "none"}`);
  }
  return parts.join(" ");
}

describe("the route inventory", () => {
  it("has a row for every route handler on disk, and no row for a route that is gone", () => {
    const onDisk = ROUTES_ON_DISK.map((r) => r.key).sort();
    expect(onDisk.length).toBeGreaterThan(90);
    expect(onDisk.filter((key) => !(key in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((key) => !onDisk.includes(key))).toEqual([]);
  });
});

describe("route × role × organization", () => {
  const mustNot5xx = (route: Route, who: string, status: number, text: string) => {
    if (status >= 500) throw new Error(`${route.key} as ${who}: ${status} ${text.slice(0, 300)}`);
  };

  it("anonymous callers get only what a route's row allows, and never A's data", async () => {
    const problems: string[] = [];
    for (const route of ROUTES_ON_DISK) {
      const row = rowOf(route);
      const { status, text } = await call(route, {
        caller: fx.callers.anonymous,
        params: paramsFor(row, fx.a),
        body: defaultBody(route, row, fx.a),
      });
      mustNot5xx(route, "anonymous", status, text);
      const expected = {
        member: [401],
        admin: [401],
        billing: [401],
        cron: [404],
        inngest: [404],
        dev: [404],
        webhook: [400, 401, 403, 404],
        public: null,
      }[row.access];
      if (expected && !expected.includes(status)) problems.push(`${route.key} (${row.access}) anonymous → ${status}`);
      if (row.access !== "public" && leaks(text).length)
        problems.push(`${route.key} anonymous sees ${leaks(text).join(", ")}`);
    }
    expect(problems).toEqual([]);
  });

  /** Problems when A's agent (no admin role, no billing flag) is not refused a route of this access. */
  async function refusalsOfAgentA(access: RouteRow["access"]) {
    const problems: string[] = [];
    for (const route of ROUTES_ON_DISK.filter((r) => rowOf(r).access === access)) {
      const row = rowOf(route);
      const { status, text } = await call(route, {
        caller: fx.callers.agentA,
        params: paramsFor(row, fx.a),
        body: defaultBody(route, row, fx.a),
        query: row.query,
      });
      mustNot5xx(route, "agent of A", status, text);
      if (status !== 403) problems.push(`${route.key} agent → ${status}`);
    }
    return problems;
  }

  it("an agent is refused every admin call", async () => {
    expect(await refusalsOfAgentA("admin")).toEqual([]);
  });

  it("a user without the billing flag is refused every billing call, whatever the role", async () => {
    expect(await refusalsOfAgentA("billing")).toEqual([]);
  });

  it("organization B's agent and admin, aimed at A's records, change nothing of A's and see none of it", async () => {
    const before = await digestOfA();
    const problems: string[] = [];
    for (const caller of [fx.callers.agentB, fx.callers.adminB]) {
      for (const route of ROUTES_ON_DISK.filter((r) => ["member", "admin", "billing"].includes(rowOf(r).access))) {
        const row = rowOf(route);
        // A's ids in the path and in the body: the tenant check must stop them.
        const { status, text } = await call(route, {
          caller,
          params: paramsFor(row, fx.a),
          body: defaultBody(route, row, fx.a),
          query: row.query,
        });
        mustNot5xx(route, caller.name, status, text);
        const aimedAtA = Object.values(row.params ?? {}).some((k) =>
          ["contact", "agent", "org-id", "org-slug", "import-job", "household"].includes(k),
        );
        if (aimedAtA && status < 400) problems.push(`${route.key} ${caller.name} on A's record → ${status}`);
        if (leaks(text).length) problems.push(`${route.key} ${caller.name} sees ${leaks(text).join(", ")}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await digestOfA()).toBe(before);
  });

  it("A's own members reach their routes without a 5xx, and no answer of theirs may be stored by a cache", async () => {
    const problems: string[] = [];
    for (const caller of [fx.callers.agentA, fx.callers.adminA]) {
      for (const route of ROUTES_ON_DISK.filter(
        (r) => ["member", "admin", "billing", "public"].includes(rowOf(r).access) && r.method === "GET",
      )) {
        const row = rowOf(route);
        const { status, text, cacheControl } = await call(route, {
          caller,
          params: paramsFor(row, fx.a),
          query: row.query,
        });
        mustNot5xx(route, caller.name, status, text);
        // Signed-in answers carry personal data: no shared or browser cache may keep them.
        if (rowOf(route).access !== "public" && !/\bno-store\b/.test(cacheControl))
          problems.push(`${route.key} as ${caller.name} → Cache-Control "${cacheControl}"`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("cross-site calls (CSRF)", () => {
  // Who a browser could be tricked into calling for: every state-changing route a cookie or nothing authorizes.
  const browserWrites = () =>
    ROUTES_ON_DISK.filter(
      (r) => BODY_METHODS.has(r.method) && ["public", "member", "admin", "billing"].includes(rowOf(r).access),
    );

  it("a state-changing call from another site is refused with 403 on every route, and changes nothing", async () => {
    const before = await digestOfA();
    const problems: string[] = [];
    const fromElsewhere = [
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      { origin: "https://app.evil.example", "sec-fetch-site": "same-site" },
      { origin: "null", "sec-fetch-site": "cross-site" },
    ];
    for (const route of browserWrites()) {
      const row = rowOf(route);
      const caller = row.access === "public" ? fx.callers.anonymous : fx.callers.adminA;
      for (const headers of fromElsewhere) {
        const { status, text } = await call(route, {
          caller,
          params: paramsFor(row, fx.a),
          body: defaultBody(route, row, fx.a),
          query: row.query,
          headers,
        });
        if (status !== 403 || !text.includes("Cross-site requests are not allowed."))
          problems.push(`${route.key} from ${headers.origin} → ${status} ${text.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await digestOfA()).toBe(before);
  });

  it("a body that does not say it is JSON is refused with 415 (a form cannot send JSON's content type)", async () => {
    const before = await digestOfA();
    const problems: string[] = [];
    for (const route of browserWrites()) {
      const row = rowOf(route);
      const caller = row.access === "public" ? fx.callers.anonymous : fx.callers.adminA;
      const body = defaultBody(route, row, fx.a);
      const { status } = await call(route, {
        caller,
        params: paramsFor(row, fx.a),
        rawBody: JSON.stringify(body ?? {}),
        contentType: "text/plain",
        query: row.query,
      });
      if (status !== 415) problems.push(`${route.key} text/plain → ${status}`);
    }
    expect(problems).toEqual([]);
    expect(await digestOfA()).toBe(before);
  });
});

/** Bad input of every kind a client can send; each must answer below 500, JSON errors in the one shape. */
const SURROGATES =
  '{"firstName":"\\ud800","lastName":"x\\udc00","name":"\\udfff","email":"\\ud800@example.com","companyName":"\\ud83d","message":"\\udc00"}';
const INJECTION = {
  firstName: "'; DROP TABLE contacts; --",
  lastName: "<script>alert(1)</script>",
  email: '"><img src=x onerror=alert(1)>@example.com',
  name: "${7*7}{{7*7}}",
  search: "%' OR 1=1 --",
  zipCode: "../../etc/passwd",
  phone: "\u0000\u001f",
};
const WRONG_TYPES = {
  firstName: 12,
  lastName: ["x"],
  email: { $ne: null },
  contacts: "all",
  id: true,
  agentId: 3.5,
  totalRows: "many",
  index: -1,
  page: "first",
};
const BODY_CORPUS: { name: string; rawBody?: string; body?: unknown; contentType?: string }[] = [
  { name: "malformed JSON", rawBody: '{"firstName": "Ada", ' },
  { name: "JSON that is not an object", rawBody: "[1, 2, 3]" },
  { name: "JSON null", rawBody: "null" },
  { name: "wrong types", body: WRONG_TYPES },
  { name: "a 1 MB string", body: { firstName: "x".repeat(1_048_577), message: "y" } },
  { name: "lone surrogates", rawBody: SURROGATES },
  { name: "injection strings", body: INJECTION },
  { name: "bad escapes", rawBody: '{"firstName": "\\x41\\u12"}' },
  {
    name: "a form post",
    rawBody: "firstName=Ada&email=ada%40example.com",
    contentType: "application/x-www-form-urlencoded",
  },
];
const PARAM_CORPUS = ["%ff%fe", "..%2f..%2fetc%2fpasswd", "' OR 1=1 --", "\u0000", "a".repeat(5_000), "\ud800"];
const QUERY_CORPUS = [
  "?page=-1&limit=99999999999999999999&search=%ff%fe&sort=%27%3B--",
  "?states=XX,,%00&agents=not-a-uuid&page=1e309",
  "?id[]=1&id[$ne]=2",
];

/** A valid body with every string in it changed by `change` (where validation passes, the service sees the value). */
function withStrings(value: unknown, change: (s: string) => string): unknown {
  if (typeof value === "string") return change(value);
  if (Array.isArray(value)) return value.map((v) => withStrings(v, change));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withStrings(v, change)]));
  return value;
}
const VALID_BODY_VARIANTS: { name: string; change: (s: string) => string }[] = [
  { name: "lone surrogates in a valid body", change: (s) => `${s}\ud800` },
  { name: "CR/LF and NUL in a valid body", change: (s) => `${s}\r\nBcc: mallory@example.com\u0000` },
  { name: "injection in a valid body", change: (s) => `${s}'; DROP TABLE contacts; --<script>` },
];

describe("bad input", () => {
  const checkShape = (
    route: Route,
    label: string,
    status: number,
    text: string,
    contentType: string,
    problems: string[],
  ) => {
    if (status >= 500) problems.push(`${route.key} ${label} → ${status} ${text.slice(0, 200)}`);
    else if (status >= 400 && contentType.includes("application/json")) {
      const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
      if (typeof body.error?.code !== "string" || typeof body.error?.message !== "string")
        problems.push(`${route.key} ${label} → ${status} outside the error shape: ${text.slice(0, 200)}`);
    }
  };

  it("bodies: malformed, wrong types, 1 MB strings, surrogates, injection, bad escapes, form posts → below 500, in the error shape", async () => {
    const problems: string[] = [];
    for (const route of ROUTES_ON_DISK.filter((r) => BODY_METHODS.has(r.method))) {
      const row = rowOf(route);
      const caller = row.access === "public" ? fx.callers.anonymous : fx.callers.adminA;
      for (const input of BODY_CORPUS) {
        const { status, text, contentType } = await call(route, { caller, params: paramsFor(row, fx.b), ...input });
        checkShape(route, input.name, status, text, contentType, problems);
      }
      for (const variant of row.body ? VALID_BODY_VARIANTS : []) {
        const body = withStrings(row.body!(fx.b), variant.change);
        const { status, text, contentType } = await call(route, { caller, params: paramsFor(row, fx.b), body });
        checkShape(route, variant.name, status, text, contentType, problems);
      }
    }
    expect(problems).toEqual([]);
  });

  it("path parameters and query strings of every kind → below 500, in the error shape", async () => {
    const problems: string[] = [];
    for (const route of ROUTES_ON_DISK) {
      const row = rowOf(route);
      const caller = row.access === "public" ? fx.callers.anonymous : fx.callers.adminA;
      for (const value of row.params ? PARAM_CORPUS : []) {
        const params = Object.fromEntries(Object.keys(row.params!).map((name) => [name, value]));
        const { status, text, contentType } = await call(route, {
          caller,
          params,
          body: defaultBody(route, row, fx.b),
        });
        checkShape(route, `param ${JSON.stringify(value.slice(0, 20))}`, status, text, contentType, problems);
      }
      for (const query of QUERY_CORPUS) {
        const { status, text, contentType } = await call(route, {
          caller,
          params: paramsFor(row, fx.b),
          query,
          body: defaultBody(route, row, fx.b),
        });
        checkShape(route, `query ${query}`, status, text, contentType, problems);
      }
    }
    expect(problems).toEqual([]);
  });
});
