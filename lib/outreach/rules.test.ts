import {
  afterFailedAttempt,
  desiredRows,
  diffSchedule,
  errorClassName,
  MAX_SEND_ATTEMPTS,
  outreachIdempotencyKey,
  retryDelayMs,
  sendInstant,
  sendModeAt,
  type DesiredRow,
  type ExistingRow,
} from "@/lib/outreach/rules";

const settings = {
  timeZone: "America/Chicago",
  sendTimeHour: 8,
  sendTimeMinute: 30,
  demoMode: false,
  wentLiveAt: new Date("2026-01-01T00:00:00Z"),
};
const priority = () => 50;

describe("sendInstant", () => {
  it.each([
    ["2026-07-01", "America/Chicago", "2026-07-01T13:30:00.000Z"], // CDT, UTC−5
    ["2026-01-15", "America/Chicago", "2026-01-15T14:30:00.000Z"], // CST, UTC−6
    ["2026-03-08", "America/Chicago", "2026-03-08T13:30:00.000Z"], // the spring-forward day: 08:30 is already CDT
    ["2026-11-01", "America/Chicago", "2026-11-01T14:30:00.000Z"], // the fall-back day: 08:30 is CST again
    ["2026-07-01", "America/New_York", "2026-07-01T12:30:00.000Z"],
  ])("%s at 08:30 in %s is %s", (date, timeZone, instant) => {
    expect(sendInstant(date, { hour: 8, minute: 30, timeZone }).toISOString()).toBe(instant);
  });

  it("refuses a date that does not exist", () => {
    expect(() => sendInstant("2026-02-30", { hour: 8, minute: 30, timeZone: "America/Chicago" })).toThrow();
  });
});

describe("sendModeAt", () => {
  const at = new Date("2026-06-01T13:30:00Z");
  it.each([
    [{ demoMode: true, wentLiveAt: null }, "test"],
    [{ demoMode: false, wentLiveAt: new Date("2026-05-01T00:00:00Z") }, "production"],
    [{ demoMode: false, wentLiveAt: new Date("2026-06-01T13:30:00Z") }, "production"], // the go-live instant itself is live
    [{ demoMode: false, wentLiveAt: new Date("2026-06-02T00:00:00Z") }, "test"], // scheduled before going live
    [{ demoMode: false, wentLiveAt: null }, "production"],
    // A go-live date set in the trial banner is a plan: an organization still in the trial stays in test mode after it.
    [{ demoMode: true, wentLiveAt: null, goLiveDate: new Date("2026-05-15T00:00:00Z") }, "test"],
  ] as const)("%j → %s", (org, mode) => {
    expect(sendModeAt(org, at)).toBe(mode);
  });
});

describe("retries", () => {
  it("backs off exponentially up to a cap, then gives up after MAX_SEND_ATTEMPTS", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5, 10, 20, 40].map((m) => m * 60_000));
    expect(retryDelayMs(30)).toBe(6 * 60 * 60_000);
    const now = new Date("2026-06-01T13:30:00Z");
    expect(afterFailedAttempt({ attempt: 1, now })).toEqual({
      status: "pending",
      retryAt: new Date("2026-06-01T13:35:00Z"),
    });
    expect(afterFailedAttempt({ attempt: MAX_SEND_ATTEMPTS - 1, now }).status).toBe("pending");
    expect(afterFailedAttempt({ attempt: MAX_SEND_ATTEMPTS, now })).toEqual({ status: "failed" });
  });

  it("keeps only an error's class name", () => {
    class ProviderTimeout extends Error {}
    const named = new Error("pat@example.com bounced");
    named.name = "EmailSendError";
    expect(errorClassName(named)).toBe("EmailSendError");
    expect(errorClassName(new ProviderTimeout("pat@example.com"))).toBe("ProviderTimeout");
    expect(errorClassName(new TypeError("x"))).toBe("TypeError");
    expect(errorClassName("pat@example.com")).toBe("UnknownError");
  });
});

describe("desiredRows", () => {
  it("turns planned and skipped emails into rows at the send time; a planned email wins over a skip with the same key", () => {
    const rows = desiredRows(
      {
        planned: [
          { emailType: "birthday", sendDate: "2026-07-01", priority: 10, eventDate: "2026-07-15" },
          { emailType: "birthday", sendDate: "2026-07-01", priority: 10, eventDate: "2026-07-15" },
        ],
        skipped: [
          { emailType: "birthday", date: "2026-07-01", skipReason: "Frequency limit exceeded" },
          { emailType: "effective_date", date: "2026-08-01", skipReason: "Exclusion window" },
        ],
      },
      settings,
      priority,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        emailType: "birthday",
        sendDate: "2026-07-01",
        status: "pending",
        skipReason: null,
        priority: 10,
        eventDate: "2026-07-15",
        scheduledSendAt: new Date("2026-07-01T13:30:00Z"),
        sendMode: "production",
      }),
      expect.objectContaining({
        emailType: "effective_date",
        sendDate: "2026-08-01",
        status: "skipped",
        skipReason: "Exclusion window",
        priority: 50,
      }),
    ]);
  });

  it("plans in test mode while the organization is in its trial", () => {
    const [row] = desiredRows(
      { planned: [{ emailType: "aep", sendDate: "2026-09-10", priority: 30, eventDate: null }], skipped: [] },
      { ...settings, demoMode: true, wentLiveAt: null },
      priority,
    );
    expect(row!.sendMode).toBe("test");
  });
});

describe("diffSchedule (the smart update of domain-rules A.10)", () => {
  const want = (over: Partial<DesiredRow>): DesiredRow => ({
    emailType: "birthday",
    sendDate: "2026-07-01",
    status: "pending",
    skipReason: null,
    priority: 10,
    eventDate: "2026-07-15",
    scheduledSendAt: new Date("2026-07-01T13:30:00Z"),
    sendMode: "production",
    parentEmailId: null,
    metadata: null,
    ...over,
  });
  const have = (id: string, over: Partial<ExistingRow>): ExistingRow => ({
    ...want({}),
    id,
    status: "pending",
    attemptCount: 0,
    ...over,
  });

  it("inserts new keys, updates changed rows, leaves equal rows alone and removes the keys no longer planned", () => {
    const diff = diffSchedule(
      [
        have("same", { metadata: { b: 1, a: [1, { y: 2, x: 1 }] } }),
        have("changed", { emailType: "effective_date", priority: 20, skipReason: null }),
        have("gone", { emailType: "aep", sendDate: "2026-09-01" }),
        have("gone-skip", { emailType: "post_window", sendDate: "2026-09-02", status: "skipped" }),
      ],
      [
        want({ metadata: { a: [1, { x: 1, y: 2 }], b: 1 } }),
        want({ emailType: "effective_date", status: "skipped", skipReason: "Exclusion window", priority: 20 }),
        want({ emailType: "rate_increase", sendDate: "2026-07-18" }),
      ],
    );
    expect(diff.unchanged).toBe(1);
    expect(diff.insert.map((r) => r.emailType)).toEqual(["rate_increase"]);
    expect(diff.update).toEqual([
      { id: "changed", row: expect.objectContaining({ status: "skipped", skipReason: "Exclusion window" }) },
    ]);
    expect(diff.remove.sort()).toEqual(["gone", "gone-skip"]);
  });

  it("revives a cancelled row the plan wants again, and keeps cancelled rows it does not want as history", () => {
    const diff = diffSchedule(
      [
        have("revive", { status: "cancelled", skipReason: "Unsubscribed" }),
        have("history", { status: "cancelled", emailType: "aep", sendDate: "2026-09-01" }),
      ],
      [want({})],
    );
    expect(diff.update).toEqual([
      { id: "revive", row: expect.objectContaining({ status: "pending", skipReason: null }) },
    ]);
    expect(diff.remove).toEqual([]);
  });

  it("does not undo a retry's backoff, and keeps the quote link an earlier attempt put in the email", () => {
    const retryAt = new Date("2026-07-01T13:45:00Z");
    const diff = diffSchedule(
      [have("retrying", { attemptCount: 1, scheduledSendAt: retryAt, metadata: { quoteLinkId: "link-1" } })],
      [want({})],
    );
    expect(diff.update).toEqual([]);
    expect(diff.unchanged).toBe(1);
    const moved = diffSchedule(
      [have("retrying", { attemptCount: 1, scheduledSendAt: retryAt, metadata: { quoteLinkId: "link-1" } })],
      [want({ priority: 5 })],
    );
    expect(moved.update[0]!.row).toMatchObject({
      scheduledSendAt: retryAt,
      priority: 5,
      metadata: { quoteLinkId: "link-1" },
    });
  });
});

it("derives the idempotency key from the unique key, so a re-planned email can never be delivered twice", () => {
  const key = { contactId: "c1", emailType: "birthday", sendDate: "2026-07-01" };
  expect(outreachIdempotencyKey(key)).toBe(outreachIdempotencyKey({ ...key }));
  expect(outreachIdempotencyKey(key)).not.toBe(outreachIdempotencyKey({ ...key, sendDate: "2026-07-02" }));
});
