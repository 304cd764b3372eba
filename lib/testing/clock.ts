/**
 * The test process's clock, shifted: `TEST_CLOCK_OFFSET_DAYS=365 npm run test:integration` runs the server
 * tests as if it were a year later, so a test that silently depends on the day it runs fails today rather
 * than on some day in the future. jest.setup.server.ts installs it before each test file.
 *
 * Only the global `Date` is replaced (new Date(), Date(), Date.now()); everything that reads the wall clock
 * through it follows: app code, Prisma's @default(now()) and @updatedAt, and the embedded database (PGlite's
 * WebAssembly Postgres asks `Date.now()` for the time, so SQL now() moves too). A PostgreSQL server keeps
 * its own clock, so a shift with TEST_DATABASE_URL is refused. jest's fake timers bring their own Date.
 */

export const DAY_MS = 86_400_000;

/** The offset in days from the variable's text: unset or empty is 0; anything but a finite number is an error. */
export function parseClockOffsetDays(text: string | undefined): number {
  if (text === undefined || text.trim() === "") return 0;
  const days = Number(text);
  if (!Number.isFinite(days))
    throw new Error(`TEST_CLOCK_OFFSET_DAYS must be a number of days (for example 365 or -1.5), not "${text}"`);
  return days;
}

/** The real wall clock in epoch milliseconds, whatever has been done to `Date`. */
export function realNow(): number {
  return performance.timeOrigin + performance.now();
}

type DateConstructor = typeof Date;

/**
 * A `Date` whose clock runs `offsetMs` ahead of `base` (behind when negative). Dates built from a value
 * (new Date(ms), new Date("2026-01-01"), Date.UTC, Date.parse) are untouched; `instanceof Date` and
 * subclasses keep working because the prototype is the real one.
 */
export function shiftedDate(base: DateConstructor, offsetMs: number): DateConstructor {
  // Whole milliseconds, as the real clock gives them (a fraction of a day need not be; ulid refuses a fractional time).
  const shift = Math.round(offsetMs);
  const now = () => base.now() + shift;
  return new Proxy(base, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    // Date() called without new answers the current time as a string.
    apply: () => new base(now()).toString(),
    get: (target, property, receiver) => (property === "now" ? now : Reflect.get(target, property, receiver)),
  });
}

/** Installs the shifted `Date` on `scope` (the test file's global object). */
export function shiftClock(scope: { Date: DateConstructor }, offsetDays: number): void {
  if (offsetDays === 0) return;
  scope.Date = shiftedDate(scope.Date, offsetDays * DAY_MS);
}
