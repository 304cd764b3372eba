import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for the Resend API, for the batch send's tests and bench/sweep.ts (#19 point 2). It
 * answers POST /emails and POST /emails/batch as the `resend` SDK calls them (point the SDK at it with
 * RESEND_BASE_URL) and behaves as Resend documents:
 * - a rate limit per second (a token bucket): over it, 429 `rate_limit_exceeded` with a Retry-After header;
 * - the Idempotency-Key header, kept for the server's life: the same key with the same body answers the first
 *   response again and delivers nothing; the same key with another body is refused (409 invalid_idempotent_request);
 * - at most 100 emails per batch call (422 validation_error beyond).
 * Every email it accepts is recorded as one delivery, so a test or a bench counts duplicates per email.
 * `dropConnectionAfterAccepting` simulates the worst crash: the emails are accepted and delivered, but the
 * caller never hears so (the socket closes before the answer); `failBeforeAccepting` the opposite: a 500 with
 * nothing delivered. Either way the caller cannot tell which happened.
 */

export type FakeEmail = {
  from: string;
  to: string | string[];
  subject: string;
  html?: string;
  text?: string;
  headers?: Record<string, string>;
  tags?: { name: string; value: string }[];
};

export type FakeDelivery = FakeEmail & { id: string };

export type FakeResendOptions = {
  /** Requests per second the bucket refills (Resend's default team limit is 2). */
  requestsPerSecond?: number;
  /** Bucket size: how many requests may come at once after a quiet spell. */
  burst?: number;
  /** Called before each accepted request is answered; return true to accept it and then drop the connection. */
  dropConnectionAfterAccepting?: (request: { path: string; emails: number; callNumber: number }) => boolean;
  /** Called before a request is processed; return true to answer 500 without accepting anything. */
  failBeforeAccepting?: (request: { path: string; emails: number; callNumber: number }) => boolean;
};

export const FAKE_RESEND_MAX_BATCH = 100;

export type FakeResendServer = {
  url: string;
  deliveries: FakeDelivery[];
  /** How many deliveries each value of `key(delivery)` got (e.g. the scheduled_email_id tag). */
  deliveriesPer: (key: (delivery: FakeDelivery) => string | undefined) => Map<string, number>;
  counters: {
    accepted: number;
    rateLimited: number;
    replayed: number;
    dropped: number;
    refused: number;
    failed: number;
  };
  close: () => Promise<void>;
};

/** The value of one tag of a delivery (the send path tags outreach emails with scheduled_email_id). */
export function tagValue(delivery: FakeDelivery, name: string): string | undefined {
  return delivery.tags?.find((tag) => tag.name === name)?.value;
}

function errorBody(statusCode: number, name: string, message: string) {
  return JSON.stringify({ statusCode, name, message });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeResendServer(options: FakeResendOptions = {}): Promise<FakeResendServer> {
  const rate = options.requestsPerSecond ?? Infinity;
  const burst = options.burst ?? (Number.isFinite(rate) ? Math.max(1, Math.ceil(rate)) : Infinity);
  let tokens = burst;
  let refilledAt = Date.now();
  const takeToken = (): { ok: true } | { ok: false; retryAfterSeconds: number } => {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - refilledAt) / 1000) * rate);
    refilledAt = now;
    if (tokens >= 1) {
      tokens -= 1;
      return { ok: true };
    }
    // Whole seconds, as Resend sends it; at least 1 so a client that honors it never spins.
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / rate)) };
  };

  const deliveries: FakeDelivery[] = [];
  const idempotent = new Map<string, { bodyHash: string; status: number; response: string }>();
  const counters = { accepted: 0, rateLimited: 0, replayed: 0, dropped: 0, refused: 0, failed: 0 };
  let callNumber = 0;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? "").split("?")[0];
    const body = await readBody(request);
    const answer = (status: number, json: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "content-type": "application/json", ...headers });
      response.end(json);
    };
    if (request.method !== "POST" || (path !== "/emails" && path !== "/emails/batch")) {
      answer(404, errorBody(404, "not_found", "Not found"));
      return;
    }
    if (!request.headers.authorization?.startsWith("Bearer ")) {
      answer(401, errorBody(401, "missing_api_key", "Missing API key"));
      return;
    }
    const token = takeToken();
    if (!token.ok) {
      counters.rateLimited += 1;
      answer(429, errorBody(429, "rate_limit_exceeded", "Too many requests."), {
        "retry-after": String(token.retryAfterSeconds),
      });
      return;
    }
    const key = request.headers["idempotency-key"];
    const idempotencyKey = typeof key === "string" && key ? key : null;
    const bodyHash = createHash("sha256").update(body).digest("hex");
    if (idempotencyKey) {
      const earlier = idempotent.get(`${path} ${idempotencyKey}`);
      if (earlier && earlier.bodyHash !== bodyHash) {
        counters.refused += 1;
        answer(
          409,
          errorBody(409, "invalid_idempotent_request", "Same idempotency key used with a different request payload."),
        );
        return;
      }
      if (earlier) {
        counters.replayed += 1;
        answer(earlier.status, earlier.response);
        return;
      }
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      answer(422, errorBody(422, "validation_error", "Invalid JSON."));
      return;
    }
    const emails = (path === "/emails/batch" ? parsed : [parsed]) as FakeEmail[];
    if (!Array.isArray(emails) || emails.length === 0 || emails.length > FAKE_RESEND_MAX_BATCH) {
      answer(422, errorBody(422, "validation_error", `A batch holds 1 to ${FAKE_RESEND_MAX_BATCH} emails.`));
      return;
    }
    callNumber += 1;
    if (options.failBeforeAccepting?.({ path, emails: emails.length, callNumber })) {
      counters.failed += 1;
      answer(500, errorBody(500, "internal_server_error", "Something went wrong."));
      return;
    }
    const accepted = emails.map((email) => ({ ...email, id: randomUUID() }));
    deliveries.push(...accepted);
    counters.accepted += accepted.length;
    const json = JSON.stringify(
      path === "/emails/batch" ? { data: accepted.map(({ id }) => ({ id })) } : { id: accepted[0]!.id },
    );
    if (idempotencyKey) idempotent.set(`${path} ${idempotencyKey}`, { bodyHash, status: 200, response: json });
    if (options.dropConnectionAfterAccepting?.({ path, emails: accepted.length, callNumber })) {
      counters.dropped += 1;
      request.socket.destroy();
      return;
    }
    answer(200, json);
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deliveries,
    counters,
    deliveriesPer(key) {
      const counts = new Map<string, number>();
      for (const delivery of deliveries) {
        const value = key(delivery);
        if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
      }
      return counts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
