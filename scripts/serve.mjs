#!/usr/bin/env node
// `npm run serve` (and `npm start`, after its build): serves the production build as `next start` does, with
// one difference the rate limits depend on: every request's X-Forwarded-For gets the address of the
// connection it came on appended, as a proxy appends what it saw. Route handlers cannot see the socket,
// and `next start` writes the socket's address into X-Forwarded-For only when the header is absent, so a
// client that sends its own header would otherwise choose its own address. lib/api/client-address.ts
// reads the chain from the right: the rightmost entry is this connection's peer.
// Environment: PORT (default 3000), HOST (default: every interface, as `next start`).
// This is tooling, not app code: it may read process.env (the app reads it only through lib/env.ts).
import { createServer } from "node:http";
import { resolve } from "node:path";
import { keepConnectionsOpen } from "./keep-alive.mjs";

process.env.NODE_ENV = "production";
const { default: next } = await import("next");

const root = resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? "3000");
const host = process.env.HOST || undefined;

/** The X-Forwarded-For value with the connection's address appended. */
function withPeer(forwardedFor, peer) {
  const prior = Array.isArray(forwardedFor) ? forwardedFor.join(", ") : forwardedFor;
  if (!peer) return prior;
  return prior && prior.trim() !== "" ? `${prior}, ${peer}` : peer;
}

const app = next({ dev: false, dir: root, hostname: host ?? "localhost", port });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((req, res) => {
  const forwardedFor = withPeer(req.headers["x-forwarded-for"], req.socket.remoteAddress);
  if (forwardedFor) req.headers["x-forwarded-for"] = forwardedFor;
  handle(req, res);
});
keepConnectionsOpen(server);
server.listen(port, host, () => console.log(`[serve] listening on ${host ?? "every interface"}, port ${port}`));

// Finish the requests in flight (and their after() work) for up to 5 s, then stop.
const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
