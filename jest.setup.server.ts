import { parseClockOffsetDays, shiftClock } from "@/lib/testing/clock";

// Server tests run with the test configuration: embedded parts unless a test says otherwise.
process.env.APP_ENV = "test";

// TEST_CLOCK_OFFSET_DAYS=365: the whole test file runs with the clock that many days ahead (lib/testing/clock.ts).
const offsetDays = parseClockOffsetDays(process.env.TEST_CLOCK_OFFSET_DAYS);
if (offsetDays !== 0 && process.env.TEST_DATABASE_URL) {
  throw new Error(
    "TEST_CLOCK_OFFSET_DAYS shifts the embedded database's clock with the test's; a PostgreSQL server (TEST_DATABASE_URL) keeps its own. Run the shifted suite without TEST_DATABASE_URL.",
  );
}
shiftClock(globalThis, offsetDays);
