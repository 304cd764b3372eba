// Security promises (docs/security.md) checked against the real server (scripts/serve.mjs, as npm start runs it):
// - per-IP rate limits: a client cannot leave its bucket by writing its own X-Forwarded-For, and two clients on
//   two addresses have a bucket each (the second connects from 127.0.0.2: all of 127/8 is this machine on Linux);
// - sign-in: a known and an unknown address get the same answer, headers included.
// Requests that spend a rate limit come from their own loopback address where another journey needs the bucket.
import { request } from "node:http";

/** POST a JSON body from `localAddress`; resolves to { status, headers, body }. */
function post(baseUrl, path, { localAddress = "127.0.0.1", headers = {}, body = {} } = {}) {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json", ...headers },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const randomAddress = () =>
  `${1 + Math.floor(Math.random() * 223)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export const journeys = [
  {
    name: "rate limits: a fresh X-Forwarded-For on every request stays in its bucket; another address has its own",
    async run({ baseUrl, expect }) {
      // POST /api/waitlist: 10 per address per hour, counted before the body is read (an empty body is a 422).
      // No journey after this one joins the waitlist, so spending 127.0.0.1's bucket here is harmless.
      const statuses = [];
      for (let i = 0; i < 16; i++)
        statuses.push(
          (
            await post(baseUrl, "/api/waitlist", {
              headers: { "x-forwarded-for": `${randomAddress()}, ${randomAddress()}` },
            })
          ).status,
        );
      const firstLimited = statuses.indexOf(429);
      expect(
        firstLimited !== -1 && firstLimited <= 10,
        `a 429 within the limit of 10 (statuses: ${statuses.join(" ")})`,
      );
      expect(
        statuses.slice(firstLimited).every((s) => s === 429),
        `every request after the first 429 is limited too (statuses: ${statuses.join(" ")})`,
      );
      expect(
        statuses.slice(0, firstLimited).every((s) => s === 422),
        `the requests before it were answered (statuses: ${statuses.join(" ")})`,
      );
      // Another machine (here: another loopback address) is another client.
      const other = (await post(baseUrl, "/api/waitlist", { localAddress: "127.0.0.2" })).status;
      expect(other === 422, `a client on 127.0.0.2 has its own bucket (got ${other})`);
    },
  },
  {
    name: "sign-in: a known and an unknown address get the same answer, headers and all",
    async run({ baseUrl, expect }) {
      const ask = (email) => post(baseUrl, "/api/auth/login", { localAddress: "127.0.0.3", body: { email } });
      const known = await ask("admin@sample-agency.test");
      const unknown = await ask(`nobody.${Date.now()}@example.com`);
      expect(known.status === 200 && unknown.status === 200, `both answered 200 (${known.status}, ${unknown.status})`);
      expect(known.body === unknown.body, `the same body (${known.body} / ${unknown.body})`);
      const shape = (headers) =>
        Object.keys(headers)
          .filter((name) => !["date", "x-request-id", "server-timing", "content-length"].includes(name))
          .sort()
          .join(",");
      expect(
        shape(known.headers) === shape(unknown.headers),
        `the same headers (${shape(known.headers)} / ${shape(unknown.headers)})`,
      );
      expect(!("set-cookie" in known.headers), `no cookie for a known address (${known.headers["set-cookie"]})`);
    },
  },
];
