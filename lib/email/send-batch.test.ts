import { retryAfterMs } from "@/lib/email/send-batch";

describe("retryAfterMs: how long a 429 asks the batch send to wait", () => {
  const now = Date.parse("2026-06-01T15:00:00Z");
  it.each([
    ["seconds", { "retry-after": "2" }, 2000],
    ["fractional seconds", { "retry-after": "0.5" }, 500],
    ["an HTTP date", { "retry-after": "Mon, 01 Jun 2026 15:00:03 GMT" }, 3000],
    ["a date already past", { "retry-after": "Mon, 01 Jun 2026 14:59:00 GMT" }, 0],
    ["no header: one second", {}, 1000],
    ["no headers at all: one second", null, 1000],
    ["something unreadable: one second", { "retry-after": "soon" }, 1000],
    ["never more than a minute", { "retry-after": "3600" }, 60_000],
  ])("%s", (_, headers, expected) => {
    expect(retryAfterMs(headers, now)).toBe(expected);
  });
});
