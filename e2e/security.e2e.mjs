// Security journeys against the real server (`next start`): what a request answers before and around the
// route handlers, which jest cannot see (Next's router, the proxy, streamed pages). docs/security.md
// ("Other protections") lists the promises these keep.
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

/** Every dynamic route under app/api on disk, as its URL pattern ("/api/contacts/[id]"). */
function dynamicApiRoutes(dir = "app/api") {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return dynamicApiRoutes(join(dir, entry.name));
    const pattern = `/${dir.split("/").slice(1).join("/")}`;
    return entry.name === "route.ts" && pattern.includes("[") ? [pattern] : [];
  });
}

const METHODS = ["GET", "POST", "PUT", "DELETE"];

export const journeys = [
  {
    name: "a path segment that is not valid URL encoding (%ff%fe) answers 400 in the error shape on every dynamic API route, and the 404 page on a page",
    async run({ page, baseUrl, expect }) {
      const routes = dynamicApiRoutes();
      expect(routes.length >= 24, `found ${routes.length} dynamic API routes`);
      for (const pattern of routes) {
        const url = baseUrl + pattern.replace(/\[[^\]]+\]/g, "%ff%fe");
        for (const method of METHODS) {
          const res = await fetch(url, { method, headers: { origin: baseUrl, "content-type": "application/json" }, body: method === "GET" || method === "DELETE" ? undefined : "{}" });
          const text = await res.text();
          expect(res.status === 400, `${method} ${pattern} answered ${res.status}: ${text.slice(0, 80)}`);
          expect(res.headers.get("content-type")?.startsWith("application/json"), `${method} ${pattern} answered ${res.headers.get("content-type")}`);
          expect(JSON.parse(text).error?.code === "bad_request", `${method} ${pattern}: ${text}`);
        }
      }
      const pageAnswer = await page.goto(baseUrl + "/contact/%ff%fe");
      expect(pageAnswer.status() === 404, `/contact/%ff%fe answered ${pageAnswer.status()}`);
      await page.getByRole("heading", { level: 1, name: "Page Not Found" }).waitFor();
    },
  },
];
