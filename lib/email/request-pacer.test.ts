import { createRequestPacer } from "@/lib/email/request-pacer";

/** A clock that only moves when the pacer sleeps (or the test says so). */
function fakeTime() {
  let now = 1_000;
  const waits: number[] = [];
  return {
    clock: () => now,
    advance: (ms: number) => (now += ms),
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
    waits,
  };
}

describe("createRequestPacer: provider requests spaced at the rate limit", () => {
  it("lets the first request go at once and spaces the next ones 1/rate apart", async () => {
    const time = fakeTime();
    const take = createRequestPacer({ requestsPerSecond: 2, clock: time.clock });
    const started: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      await take(time.sleep);
      started.push(time.clock());
    }
    expect(started).toEqual([1_000, 1_500, 2_000, 2_500]);
    expect(time.waits).toEqual([500, 500, 500]);
  });

  it("waits only the rest of the interval when time has passed since the last request", async () => {
    const time = fakeTime();
    const take = createRequestPacer({ requestsPerSecond: 2, clock: time.clock });
    await take(time.sleep);
    time.advance(380); // the provider's answer and the next batch's preparation took 380 ms
    await take(time.sleep);
    expect(time.waits).toEqual([120]);
    time.advance(2_000);
    await take(time.sleep);
    expect(time.waits).toEqual([120]);
  });

  it("serves concurrent callers one at a time, each a full interval after the one before", async () => {
    const time = fakeTime();
    const take = createRequestPacer({ requestsPerSecond: 4, clock: time.clock });
    const started: number[] = [];
    await Promise.all([0, 1, 2].map(() => take(time.sleep).then(() => started.push(time.clock()))));
    expect(started).toEqual([1_000, 1_250, 1_500]);
  });

  it("does not run ahead of the clock when the sleep returns early (tests shorten waits)", async () => {
    const time = fakeTime();
    const take = createRequestPacer({ requestsPerSecond: 2, clock: time.clock });
    const instant = async () => undefined;
    for (let i = 0; i < 10; i += 1) await take(instant);
    // Ten instant turns leave the next request due one interval after the clock's now, not five seconds later.
    await take(time.sleep);
    expect(time.waits).toEqual([500]);
  });

  it("refuses a rate that is not positive", () => {
    expect(() => createRequestPacer({ requestsPerSecond: 0 })).toThrow(/positive/);
  });
});
