// How long the app's HTTP server keeps an idle kept-alive connection open.
// Node's default closes an idle connection after about 6 s (5 s and a second's grace), while Node's own
// HTTP client (Playwright's request API among them) still reuses it: a request written at that moment
// lands on a socket being closed and dies with ECONNRESET (a browser journey did, in CI). A longer server
// timeout leaves closing to the client, which reads it from the Keep-Alive header. 65 s also outlasts the
// 60-second idle timeout that load balancers commonly use, so a proxy in front never reuses a connection the
// app has just dropped.
export const IDLE_CONNECTION_MS = 65_000;

/** Applies the idle timeout; the headers timeout must outlast it, or Node closes a reused socket first. */
export function keepConnectionsOpen(server) {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1_000;
  return server;
}
