import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { startLocalHttpServer } from "@/lib/testing/local-http-server";

/**
 * A local stand-in for Twilio's Messages API, for the SMS send path's tests (the fake Resend's counterpart). The real
 * `twilio` SDK is pointed at it with TWILIO_API_BASE (lib/sms/send.ts rewrites https://api.twilio.com to it).
 * It answers POST /2010-04-01/Accounts/{AccountSid}/Messages.json as Twilio does:
 * - HTTP basic auth with the account SID and auth token, else 401 (code 20003);
 * - `To` "+15005550001" (Twilio's test number for an invalid number) or any number in `invalidNumbers`: 400, 21211;
 *   a number in `unsubscribed` (it replied STOP): 400, 21610;
 * - `rateLimitNext(n, retryAfterSeconds)`: the next n calls answer 429 (code 20429) with Retry-After;
 * - `dropNext(n)`: the next n calls are accepted and recorded, and the connection closes before the answer.
 * Every accepted message is recorded (to, from or messaging service, body, status callback).
 */

export type FakeTwilioMessage = {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
};

export type FakeTwilioServer = {
  url: string;
  accountSid: string;
  authToken: string;
  messages: FakeTwilioMessage[];
  invalidNumbers: Set<string>;
  unsubscribed: Set<string>;
  counters: { accepted: number; rateLimited: number; refused: number; unauthorized: number; dropped: number };
  rateLimitNext(calls: number, retryAfterSeconds: number): void;
  dropNext(calls: number): void;
  close(): Promise<void>;
};

export const FAKE_TWILIO_INVALID_NUMBER = "+15005550001";

const hex = (bytes: number) => randomBytes(bytes).toString("hex");

function answer(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeTwilioServer(): Promise<FakeTwilioServer> {
  const accountSid = `AC${hex(16)}`;
  const authToken = hex(16);
  const messages: FakeTwilioMessage[] = [];
  const invalidNumbers = new Set([FAKE_TWILIO_INVALID_NUMBER]);
  const unsubscribed = new Set<string>();
  const counters = { accepted: 0, rateLimited: 0, refused: 0, unauthorized: 0, dropped: 0 };
  let rateLimited = { calls: 0, retryAfterSeconds: 1 };
  let dropCalls = 0;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = new URLSearchParams(await readBody(request));
    const path = (request.url ?? "").split("?")[0];
    if (request.method !== "POST" || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      answer(response, 404, twilioError(404, 20404, "The requested resource was not found"));
      return;
    }
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if (request.headers.authorization !== expected) {
      counters.unauthorized += 1;
      answer(response, 401, twilioError(401, 20003, "Authenticate"));
      return;
    }
    if (rateLimited.calls > 0) {
      rateLimited.calls -= 1;
      counters.rateLimited += 1;
      answer(response, 429, twilioError(429, 20429, "Too Many Requests"), {
        "retry-after": String(rateLimited.retryAfterSeconds),
      });
      return;
    }
    const to = body.get("To") ?? "";
    if (invalidNumbers.has(to) || !/^\+\d{8,15}$/.test(to)) {
      counters.refused += 1;
      answer(response, 400, twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
      return;
    }
    if (unsubscribed.has(to)) {
      counters.refused += 1;
      answer(response, 400, twilioError(400, 21610, "Attempt to send to unsubscribed recipient"));
      return;
    }
    const message: FakeTwilioMessage = {
      sid: `SM${hex(16)}`,
      to,
      from: body.get("From"),
      messagingServiceSid: body.get("MessagingServiceSid"),
      body: body.get("Body") ?? "",
      statusCallback: body.get("StatusCallback"),
    };
    messages.push(message);
    counters.accepted += 1;
    if (dropCalls > 0) {
      dropCalls -= 1;
      counters.dropped += 1;
      request.socket.destroy();
      return;
    }
    answer(response, 201, {
      sid: message.sid,
      account_sid: accountSid,
      to: message.to,
      from: message.from,
      messaging_service_sid: message.messagingServiceSid,
      body: message.body,
      status: "queued",
      num_segments: "1",
    });
  };

  const { url, close } = await startLocalHttpServer(handle);
  return {
    url,
    accountSid,
    authToken,
    messages,
    invalidNumbers,
    unsubscribed,
    counters,
    rateLimitNext(calls, retryAfterSeconds) {
      rateLimited = { calls, retryAfterSeconds };
    },
    dropNext(calls) {
      dropCalls = calls;
    },
    close,
  };
}
