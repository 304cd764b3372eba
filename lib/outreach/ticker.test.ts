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
    const ticker = createTicker({ intervalMs: 60_000, job: () => Promise.reject(new RangeError("boom")), onError: (e) => errors.push(e) });
    expect(await ticker.tick()).toBeNull();
    expect(errors).toEqual([expect.any(RangeError)]);
    ticker.stop();
  });
});

it("is not started in tests (the embedded server starts it from instrumentation.ts)", () => {
  expect(startOutreachTicker()).toBeNull();
});

it("starts in an embedded development server, and not when OUTREACH_TICKER=off", async () => {
  const { resetEnvForTests } = await import("@/lib/env");
  const saved = { APP_ENV: process.env.APP_ENV, OUTREACH_TICKER: process.env.OUTREACH_TICKER };
  try {
    process.env.APP_ENV = "development";
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
