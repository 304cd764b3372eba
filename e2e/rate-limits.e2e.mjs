// Per-IP rate limits against the real server (scripts/serve.mjs, as npm start runs it): a client cannot
// leave its bucket by writing its own X-Forwarded-For, and two clients on two addresses have a bucket each.
// The second client connects from 127.0.0.2 (all of 127/8 is this machine on Linux).
import { request } from "node:http";

/** POST with an empty JSON body from `localAddress`, with extra headers; resolves to the status. */
function post(baseUrl, path, { localAddress = "127.0.0.1", headers = {} } = {}) {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: url.port, path: url.pathname, method: "POST", localAddress, headers: { "content-type": "application/json", ...headers } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode));
      },
    );
    req.on("error", reject);
    req.end("{}");
  });
}

const randomAddress = () => `${1 + Math.floor(Math.random() * 223)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export const journeys = [
  {
    name: "rate limits: a fresh X-Forwarded-For on every request stays in its bucket; another address has its own",
    async run({ baseUrl, expect }) {
      // POST /api/waitlist: 10 per address per hour, counted before the body is read (an empty body is a 422).
      // No journey after this one joins the waitlist, so spending 127.0.0.1's bucket here is harmless.
      const statuses = [];
      for (let i = 0; i < 16; i++) statuses.push(await post(baseUrl, "/api/waitlist", { headers: { "x-forwarded-for": `${randomAddress()}, ${randomAddress()}` } }));
      const firstLimited = statuses.indexOf(429);
      expect(firstLimited !== -1 && firstLimited <= 10, `a 429 within the limit of 10 (statuses: ${statuses.join(" ")})`);
      expect(statuses.slice(firstLimited).every((s) => s === 429), `every request after the first 429 is limited too (statuses: ${statuses.join(" ")})`);
      expect(statuses.slice(0, firstLimited).every((s) => s === 422), `the requests before it were answered (statuses: ${statuses.join(" ")})`);
      // Another machine (here: another loopback address) is another client.
      const other = await post(baseUrl, "/api/waitlist", { localAddress: "127.0.0.2" });
      expect(other === 422, `a client on 127.0.0.2 has its own bucket (got ${other})`);
    },
  },
];
