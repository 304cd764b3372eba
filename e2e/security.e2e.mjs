// Security promises of docs/security.md against the real server (`next start`), in a real browser: what
// a request answers before and around the route handlers, which jest cannot see (Next's router, the proxy,
// streamed pages), the headers pages, API answers and static files carry, no page in a frame, and a form
// on another site cannot write through the app.
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { readdirSync } from "node:fs";

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

/**
 * A page of another site: a blank page served from 127.0.0.1 on a port of its own (another origin and
 * another site than the app's `localhost`). A real local server, not a faked route: Chromium's Local
 * Network Access checks refuse any frame of `localhost` inside a page it counts as public (which a
 * faked route's page is), and that refusal would hide whether our headers refused it. Returns a stop.
 */
async function openOtherSite(page) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>Another site</title><body></body>");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  // The browser keeps its connection alive: close it too, or close() waits for it.
  return () =>
    new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
}

export const journeys = [
  {
    name: "security headers: a nonce policy on pages, no-referrer on token pages, no-store on API answers, nosniff on files",
    async run({ page, baseUrl, expect }) {
      const login = await page.goto(baseUrl + "/login");
      const headers = login.headers();
      const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
      expect(nonce, `a nonce in the page's policy: ${headers["content-security-policy"]}`);
      expect(headers["content-security-policy"].includes("frame-ancestors 'none'"), "no page in a frame");
      expect(
        headers["x-frame-options"] === "DENY" && headers["x-content-type-options"] === "nosniff",
        "X-Frame-Options and nosniff",
      );
      expect(
        headers["referrer-policy"] === "strict-origin-when-cross-origin",
        `referrer policy of /login: ${headers["referrer-policy"]}`,
      );
      // Next put this request's nonce on its scripts (the page is interactive: the form below works elsewhere).
      const scripts = await page.locator("script").evaluateAll((nodes) => nodes.map((node) => node.nonce));
      expect(
        scripts.length > 0 && scripts.every((value) => value === nonce),
        `every script carries the nonce (${scripts.length} scripts)`,
      );
      await page.getByRole("textbox", { name: /email/i }).waitFor();

      const compare = await page.goto(baseUrl + "/compare?demo=true");
      expect(compare.headers()["referrer-policy"] === "no-referrer", "a token page sends no Referer");
      // A page with a contact's data is rendered per request, which Next answers with no-store.
      expect(
        /\bno-store\b/.test(compare.headers()["cache-control"] ?? ""),
        `a token page is not stored: ${compare.headers()["cache-control"]}`,
      );

      const api = await page.request.get(baseUrl + "/api/auth/session");
      expect(
        api.headers()["cache-control"] === "no-store" && api.headers()["x-content-type-options"] === "nosniff",
        `API headers: ${JSON.stringify(api.headers())}`,
      );

      const file = await page.request.get(baseUrl + "/example.csv");
      expect(
        file.ok() && file.headers()["x-content-type-options"] === "nosniff",
        "a public file is nosniff (next.config.ts)",
      );
    },
  },
  {
    name: "security: no page of the app opens inside another site's frame",
    // Chromium reports each refused frame as a policy violation: here that is the point, checked below.
    cspViolationsExpected: true,
    async run({ page, baseUrl, expect, cspViolations }) {
      const stop = await openOtherSite(page);
      try {
        // Another site frames the login page and a consumer page, and (the control: the network is fine,
        // the headers are what refuses) an API answer, which sets no frame rule.
        const urls = [baseUrl + "/login", baseUrl + "/compare?demo=true", baseUrl + "/api/health"];
        await page.evaluate((sources) => {
          for (const src of sources) {
            const frame = document.createElement("iframe");
            frame.src = src;
            document.body.append(frame);
          }
        }, urls);
        await page.waitForTimeout(1500);
        // A refused frame shows Chromium's error page instead.
        const framed = page
          .frames()
          .slice(1)
          .map((frame) => frame.url());
        expect(
          JSON.stringify(framed) ===
            JSON.stringify(["chrome-error://chromewebdata/", "chrome-error://chromewebdata/", baseUrl + "/api/health"]),
          `frames: ${framed.join(", ")}`,
        );
        // …because of frame-ancestors, once per page, and for no other reason.
        const refusals = cspViolations.filter((text) => text.includes(`"frame-ancestors 'none'"`));
        expect(
          refusals.length === 2 && refusals.length === cspViolations.length,
          `the policy's refusals: ${cspViolations.join(" | ")}`,
        );
      } finally {
        await stop();
      }
    },
  },
  {
    name: "security: a text/plain form on another site cannot write through the app (403)",
    async run({ page, baseUrl, expect }) {
      const stop = await openOtherSite(page);
      try {
        const answer = page.waitForResponse(
          (res) => res.url() === baseUrl + "/api/waitlist" && res.request().method() === "POST",
        );
        await page.evaluate((action) => {
          // The classic trick: a field name and value that add up to a JSON body.
          const form = document.createElement("form");
          form.method = "POST";
          form.action = action;
          form.enctype = "text/plain";
          const input = document.createElement("input");
          input.name =
            '{"name":"Mallory","email":"mallory@example.test","phone":"5125550100","numAgents":1,"bookSize":1,"x":"';
          input.value = '"}';
          form.append(input);
          document.body.append(form);
          form.submit();
        }, baseUrl + "/api/waitlist");
        const res = await answer;
        expect(res.status() === 403, `a cross-site form post answers 403 (got ${res.status()})`);
        expect((await res.json()).error.code === "forbidden", "in the one error shape");
      } finally {
        await stop();
      }
    },
  },
  {
    name: "a path segment that is not valid URL encoding (%ff%fe) answers 400 in the error shape on every dynamic API route, and the 404 page on a page",
    async run({ page, baseUrl, expect }) {
      const routes = dynamicApiRoutes();
      expect(routes.length >= 24, `found ${routes.length} dynamic API routes`);
      for (const pattern of routes) {
        const url = baseUrl + pattern.replace(/\[[^\]]+\]/g, "%ff%fe");
        for (const method of METHODS) {
          const res = await fetch(url, {
            method,
            headers: { origin: baseUrl, "content-type": "application/json" },
            body: method === "GET" || method === "DELETE" ? undefined : "{}",
          });
          const text = await res.text();
          expect(res.status === 400, `${method} ${pattern} answered ${res.status}: ${text.slice(0, 80)}`);
          expect(
            res.headers.get("content-type")?.startsWith("application/json"),
            `${method} ${pattern} answered ${res.headers.get("content-type")}`,
          );
          expect(JSON.parse(text).error?.code === "bad_request", `${method} ${pattern}: ${text}`);
        }
      }
      const pageAnswer = await page.goto(baseUrl + "/contact/%ff%fe");
      expect(pageAnswer.status() === 404, `/contact/%ff%fe answered ${pageAnswer.status()}`);
      await page.getByRole("heading", { level: 1, name: "Page Not Found" }).waitFor();
    },
  },
];
