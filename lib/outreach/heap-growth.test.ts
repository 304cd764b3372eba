import { RESCHEDULE_HEAP_GROWING_PERCENT, withBoundedHeapGrowth } from "@/lib/outreach/heap-growth";

/**
 * #19 point 1: a whole-book reschedule bounds V8's old-generation growth while it runs and gives the
 * heuristic back when the last one ends (bench/schedule measures what it does to memory).
 */

function recorder(startupOptions: string[] = []) {
  const calls: string[] = [];
  return { calls, deps: { setFlags: (flags: string) => calls.push(flags), startupOptions } };
}

describe("withBoundedHeapGrowth", () => {
  it("sets the growth percent while the work runs and clears it after", async () => {
    const { calls, deps } = recorder();
    const seenDuring: string[] = [];
    const result = await withBoundedHeapGrowth(
      async () => {
        seenDuring.push(...calls);
        return 42;
      },
      RESCHEDULE_HEAP_GROWING_PERCENT,
      deps,
    );
    expect(result).toBe(42);
    expect(seenDuring).toEqual([`--heap-growing-percent=${RESCHEDULE_HEAP_GROWING_PERCENT}`]);
    expect(calls).toEqual([`--heap-growing-percent=${RESCHEDULE_HEAP_GROWING_PERCENT}`, "--heap-growing-percent=0"]);
  });

  it("clears it when the work fails, and passes the failure on", async () => {
    const { calls, deps } = recorder();
    await expect(
      withBoundedHeapGrowth(
        async () => {
          throw new Error("database gone");
        },
        30,
        deps,
      ),
    ).rejects.toThrow("database gone");
    expect(calls).toEqual(["--heap-growing-percent=30", "--heap-growing-percent=0"]);
  });

  it("keeps it set until the last of two overlapping runs ends", async () => {
    const { calls, deps } = recorder();
    let finishFirst!: () => void;
    const first = withBoundedHeapGrowth(() => new Promise<void>((resolve) => (finishFirst = resolve)), 50, deps);
    let secondDone = false;
    await withBoundedHeapGrowth(
      async () => {
        secondDone = true;
      },
      50,
      deps,
    );
    expect(secondDone).toBe(true);
    expect(calls).toEqual(["--heap-growing-percent=50"]); // the first still runs
    finishFirst();
    await first;
    expect(calls).toEqual(["--heap-growing-percent=50", "--heap-growing-percent=0"]);
  });

  it("leaves a percent the process was started with alone", async () => {
    for (const option of ["--heap-growing-percent=20", "--heap_growing_percent=20"]) {
      const { calls, deps } = recorder(["--enable-source-maps", option]);
      await withBoundedHeapGrowth(async () => undefined, 50, deps);
      expect(calls).toEqual([]);
    }
  });
});
