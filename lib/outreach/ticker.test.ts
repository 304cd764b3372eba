import { createTicker, startOutreachTicker } from "@/lib/outreach/ticker";

describe("createTicker", () => {
  afterEach(() => jest.useRealTimers());

  it("runs the job every interval, one run at a time", async () => {
    jest.useFakeTimers();
    let finish!: () => void;
    let runs = 0;
    const ticker = createTicker({
      intervalMs: 60_000,
      job: () => {
        runs += 1;
        return new Promise<number>((resolve) => (finish = () => resolve(runs)));
      },
    });
    const first = ticker.tick();
    expect(runs).toBe(1);
    // The first sweep is still running: the next minute's tick and a manual tick do nothing.
    jest.advanceTimersByTime(60_000);
    expect(await ticker.tick()).toBeNull();
    expect(runs).toBe(1);
    finish();
    expect(await first).toBe(1);
    jest.advanceTimersByTime(60_000);
    expect(runs).toBe(2);
    finish();
    ticker.stop();
    jest.advanceTimersByTime(600_000);
    expect(runs).toBe(2);
  });

  it("survives a failing run and reports it", async () => {
    const errors: unknown[] = [];
    const ticker = createTicker({
      intervalMs: 60_000,
      job: () => Promise.reject(new RangeError("boom")),
      onError: (e) => errors.push(e),
    });
    expect(await ticker.tick()).toBeNull();
    expect(errors).toEqual([expect.any(RangeError)]);
    ticker.stop();
  });
});

it("is not started in tests (the embedded server starts it from instrumentation.ts)", () => {
  expect(startOutreachTicker()).toBeNull();
});

it("starts in a server npm start runs, and not when OUTREACH_TICKER=off or elsewhere", async () => {
  const { resetEnvForTests } = await import("@/lib/env");
  const names = ["APP_ENV", "OUTREACH_TICKER", "SERVED_BY", "AUTH_SECRET", "ELIGIBILITY_ENCRYPTION_KEY", "CRON_SECRET"];
  const saved = Object.fromEntries(names.map((k) => [k, process.env[k]]));
  try {
    Object.assign(process.env, {
      APP_ENV: "development",
      AUTH_SECRET: "a".repeat(32),
      ELIGIBILITY_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
    });
    // A development server that npm start did not start (next start on a host) has the cron route, not the ticker.
    process.env.CRON_SECRET = "c".repeat(32);
    resetEnvForTests();
    expect(startOutreachTicker()).toBeNull();
    delete process.env.CRON_SECRET;
    process.env.SERVED_BY = "npm-start";
    process.env.OUTREACH_TICKER = "off";
    resetEnvForTests();
    expect(startOutreachTicker()).toBeNull();
    process.env.OUTREACH_TICKER = "on";
    resetEnvForTests();
    const ticker = startOutreachTicker();
    expect(ticker).not.toBeNull();
    ticker!.stop();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
  }
});
