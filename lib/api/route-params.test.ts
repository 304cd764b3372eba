import { join } from "node:path";
import { NextRequest } from "next/server";
import { listApiRoutes, routeUrl } from "@/lib/testing/api-routes";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";

/**
 * Every dynamic route found on disk under app/api, every method it exports: when its params cannot be
 * decoded (a URIError, as "%ff%fe" gives), the wrapper answers 400 in the one error shape, never a 500
 * outside it. (On `next start` the proxy answers such paths first: proxy.test.ts, and the browser journey
 * in e2e/security.e2e.mjs checks the real server.)
 */
const db = setupTestDatabase();
// The routes read the clock; the session is stamped with it.
const now = new Date();
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const cases = listApiRoutes()
  .filter((route) => route.dynamic)
  .map((route) => [route.pattern, route.file] as const);

let cookie = "";
beforeAll(async () => {
  const org = await createOrganization(db.prisma, { now });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true, isAgent: true });
  cookie = (await createSession(db.prisma, admin.id, { now })).cookie;
});

it("covers the dynamic routes on disk", () => {
  expect(cases.length).toBeGreaterThanOrEqual(24);
});

it.each(cases)("%s: params that do not decode answer 400 in the error shape", async (pattern, file) => {
  const routeModule = (await import(join(process.cwd(), file))) as Partial<Record<(typeof METHODS)[number], Handler>>;
  const methods = METHODS.filter((method) => typeof routeModule[method] === "function");
  expect(methods.length).toBeGreaterThan(0);
  const url = `http://localhost${routeUrl(pattern, "%ff%fe")}`;
  for (const method of methods) {
    const params = Promise.reject(new URIError("URI malformed"));
    params.catch(() => undefined); // awaited by the wrapper; not an unhandled rejection meanwhile
    const req = new NextRequest(url, {
      method,
      headers: {
        cookie,
        origin: "http://localhost",
        "sec-fetch-site": "same-origin",
        ...(method === "GET" || method === "DELETE" ? {} : { "content-type": "application/json" }),
      },
      body: method === "GET" || method === "DELETE" ? undefined : "{}",
    });
    const res = await routeModule[method]!(req, { params });
    expect([method, res.status]).toEqual([method, 400]);
    expect(await res.json()).toEqual({
      error: { code: "bad_request", message: "The request path is not valid URL encoding." },
    });
  }
});
