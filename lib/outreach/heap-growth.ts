import { setFlagsFromString } from "node:v8";

/**
 * While a whole-book reschedule runs, V8 is asked to collect its old generation when it has grown by half
 * past what the last collection left (--heap-growing-percent), instead of its own heuristic.
 *
 * Why: a reschedule keeps little alive (about 75 MB of heap at 1,000,000 contacts after each full
 * collection), but its pages survive the young generation while they wait on PostgreSQL, so tens of MB a
 * second reach the old generation. On a host with a large heap limit (4.3 GB on a 24 GB machine) V8 then
 * lets the heap grow to up to four times its live size before it collects: 125–320 MB of heap at any
 * book size, most of the reschedule's added memory. Measured 2026-11-30 (docs/performance.md, "Outreach
 * reschedule"): a 1,000,000-contact nightly run +305 MB with V8's heuristic, +165 MB with 50%; alternated
 * 100,000 first runs +250 to +256 MB against +129 to +169 MB, about 1–2 s slower of 18–25 s.
 *
 * The flag is process-wide; it is set while at least one reschedule runs and cleared (0: V8's heuristic)
 * when the last one ends. Other requests meanwhile only see their garbage collected sooner. A process
 * started with its own --heap-growing-percent keeps it: the operator's choice wins.
 */
export const RESCHEDULE_HEAP_GROWING_PERCENT = 50;

const FLAG = "--heap-growing-percent";

type HeapGrowthDeps = {
  setFlags: (flags: string) => void;
  /** The process's own options (node's argv; NODE_OPTIONS may not carry this V8 flag): a growth percent there is left alone. */
  startupOptions: readonly string[];
};

const defaultDeps = (): HeapGrowthDeps => ({
  setFlags: setFlagsFromString,
  startupOptions: process.execArgv,
});

let holders = 0;

/** Runs inside withBoundedHeapGrowth now (a reschedule's test asks it from its planner). */
export const boundedHeapGrowthRuns = () => holders;

/** Runs `work` with the old generation's growth bounded to `percent` (see above); nested and concurrent calls share it. */
export async function withBoundedHeapGrowth<T>(
  work: () => Promise<T>,
  percent = RESCHEDULE_HEAP_GROWING_PERCENT,
  deps: HeapGrowthDeps = defaultDeps(),
): Promise<T> {
  const operatorSet = deps.startupOptions.some((option) => option.replaceAll("_", "-").startsWith(FLAG));
  if (operatorSet) return work();
  if (holders++ === 0) deps.setFlags(`${FLAG}=${percent}`);
  try {
    return await work();
  } finally {
    if (--holders === 0) deps.setFlags(`${FLAG}=0`);
  }
}
