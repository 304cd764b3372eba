import { readFileSync, existsSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/**
 * A local stand-in for CSG's med-supp API (quote-engine.md §1a), for tests: no network. It serves the
 * hand-written fixtures in lib/testing/fixtures/csg/ (quotes-<CSG plan>.json, auth.json; other files
 * there, such as rating-classes-G.json, are read by the mapping tests directly) and behaves
 * like CSG where the adapter depends on it:
 *  - POST /v1/auth.json with the right api_key issues a new token; a wrong key answers 401;
 *  - GET /v1/med_supp/quotes.json without a live x-api-token answers 403 "Session Expired Error";
 *  - a `county` the server does not know answers 400;
 *  - `naic=` filters rows, `field=` projects them, age/gender/tobacco/plan are echoed.
 * Every request is recorded for assertions.
 */

export const FIXTURE_DIR = join(process.cwd(), "lib", "testing", "fixtures", "csg");

export type RecordedCsgRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: unknown;
};

export type FakeCsgServer = {
  baseUrl: string;
  apiKey: string;
  requests: RecordedCsgRequest[];
  /** Quote calls only (GET …/quotes.json). */
  quoteRequests(): RecordedCsgRequest[];
  /** Auth calls only (POST …/auth.json). */
  authRequests(): RecordedCsgRequest[];
  /** Makes every issued token stale, as after CSG's 8-hour session. */
  expireTokens(): void;
  /** County names (CSG spelling) the server accepts; any other `county` answers 400. Null: accept all. */
  knownCounties: Set<string> | null;
  /** Delay before answering quote calls (for timeouts). */
  quoteDelayMs: number;
  /** Forces an HTTP status on quote calls (e.g. 503). */
  quoteStatus: number | null;
  /** The most quote calls that were in progress at the same moment. */
  maxConcurrentQuotes(): number;
  close(): Promise<void>;
};

function project(row: unknown, fields: string[]): unknown {
  if (fields.length === 0 || typeof row !== "object" || row === null) return row;
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const path = field.split(".");
    let source: unknown = row;
    for (const part of path)
      source = typeof source === "object" && source !== null ? (source as Record<string, unknown>)[part] : undefined;
    if (source === undefined) continue;
    let target = out;
    for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[path.at(-1)!] = source;
  }
  return out;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startFakeCsgServer({
  apiKey = "test-csg-key",
}: { apiKey?: string } = {}): Promise<FakeCsgServer> {
  const liveTokens = new Set<string>();
  let issued = 0;
  const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURE_DIR, name), "utf8")) as unknown;

  const state = {
    requests: [] as RecordedCsgRequest[],
    knownCounties: null as Set<string> | null,
    quoteDelayMs: 0,
    quoteStatus: null as number | null,
    inFlight: 0,
    maxInFlight: 0,
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const body = await readBody(req);
    state.requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
    });

    if (req.method === "POST" && url.pathname === "/v1/auth.json") {
      const sent = body as { api_key?: string } | null;
      if (sent?.api_key !== apiKey) return send(res, 401, { message: "Invalid API key" });
      const token = `fake-token-${++issued}`;
      liveTokens.add(token);
      const now = Date.now();
      const auth = fixture("auth.json") as Record<string, unknown>;
      return send(res, 200, {
        ...auth,
        token,
        created_date: new Date(now).toISOString(),
        expires_date: new Date(now + 8 * 3600_000).toISOString(),
        user: { ...(auth.user as object), api_key: apiKey },
      });
    }

    if (req.method === "GET" && url.pathname === "/v1/med_supp/quotes.json") {
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      res.on("close", () => state.inFlight--);
      // A short pause even by default, so that calls sent in parallel are seen overlapping.
      await new Promise((resolve) => setTimeout(resolve, Math.max(state.quoteDelayMs, 20)));
      if (res.destroyed) return;
      const token = req.headers["x-api-token"];
      if (typeof token !== "string" || !liveTokens.has(token))
        return send(res, 403, { message: "Session Expired Error" });
      if (state.quoteStatus !== null) return send(res, state.quoteStatus, { message: "Forced failure" });
      const counties = url.searchParams.getAll("county");
      if (state.knownCounties && counties.some((c) => !state.knownCounties!.has(c)))
        return send(res, 400, { message: "Invalid county" });
      const plan = url.searchParams.get("plan") ?? "";
      const file = `quotes-${plan}.json`;
      const rows = existsSync(join(FIXTURE_DIR, file)) ? (fixture(file) as Record<string, unknown>[]) : [];
      const naics = url.searchParams.getAll("naic");
      const fields = url.searchParams.getAll("field");
      const echoed = rows
        .filter(
          (row) =>
            naics.length === 0 || naics.includes(String((row.company_base as { naic?: string } | undefined)?.naic)),
        )
        .map((row) => ({
          ...row,
          plan,
          age: Number(url.searchParams.get("age")),
          gender: url.searchParams.get("gender"),
          tobacco: url.searchParams.get("tobacco") === "1",
        }))
        .map((row) => project(row, fields));
      return send(res, 200, echoed);
    }

    send(res, 404, { message: "Not found" });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    get requests() {
      return state.requests;
    },
    quoteRequests: () => state.requests.filter((r) => r.path.endsWith("/quotes.json")),
    authRequests: () => state.requests.filter((r) => r.path.endsWith("/auth.json")),
    expireTokens: () => liveTokens.clear(),
    maxConcurrentQuotes: () => state.maxInFlight,
    get knownCounties() {
      return state.knownCounties;
    },
    set knownCounties(value) {
      state.knownCounties = value;
    },
    get quoteDelayMs() {
      return state.quoteDelayMs;
    },
    set quoteDelayMs(value) {
      state.quoteDelayMs = value;
    },
    get quoteStatus() {
      return state.quoteStatus;
    },
    set quoteStatus(value) {
      state.quoteStatus = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
