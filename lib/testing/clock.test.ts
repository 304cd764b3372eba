import { DAY_MS, parseClockOffsetDays, realNow, shiftedDate } from "@/lib/testing/clock";
import { setupTestDatabase } from "@/lib/testing/db";

// Within this of each other, two clocks read a moment apart agree.
const AGREE_MS = 5_000;

describe("parseClockOffsetDays", () => {
  it("reads a number of days, unset or empty as none", () => {
    expect(parseClockOffsetDays(undefined)).toBe(0);
    expect(parseClockOffsetDays("")).toBe(0);
    expect(parseClockOffsetDays("365")).toBe(365);
    expect(parseClockOffsetDays(" -1.5 ")).toBe(-1.5);
  });

  it("refuses anything else, so a typo cannot run the suite unshifted", () => {
    expect(() => parseClockOffsetDays("a year")).toThrow(
      'TEST_CLOCK_OFFSET_DAYS must be a number of days (for example 365 or -1.5), not "a year"',
    );
    expect(() => parseClockOffsetDays("Infinity")).toThrow("TEST_CLOCK_OFFSET_DAYS must be a number");
  });
});

describe("shiftedDate", () => {
  const RealDate = Object.getPrototypeOf(new Date()).constructor as DateConstructor;
  const ShiftedDate = shiftedDate(RealDate, 3 * DAY_MS);

  it("moves the current time: new Date(), Date.now() and Date()", () => {
    const before = RealDate.now();
    const current = new ShiftedDate();
    const now = ShiftedDate.now();
    const text = (ShiftedDate as unknown as () => string)();
    const after = RealDate.now();
    for (const ms of [current.getTime(), now, RealDate.parse(text)]) {
      // Date()'s text has whole seconds.
      expect(ms).toBeGreaterThanOrEqual(before + 3 * DAY_MS - 1000);
      expect(ms).toBeLessThanOrEqual(after + 3 * DAY_MS);
    }
  });

  it("keeps the clock in whole milliseconds for a shift by a fraction of a day", () => {
    const Shifted = shiftedDate(RealDate, 0.123456 * DAY_MS);
    expect(Number.isInteger(Shifted.now())).toBe(true);
    expect(Number.isInteger(new Shifted().getTime())).toBe(true);
  });

  it("leaves dates built from a value alone and stays a Date", () => {
    expect(new ShiftedDate(0).getTime()).toBe(0);
    expect(new ShiftedDate("2028-02-29T12:00:00Z").toISOString()).toBe("2028-02-29T12:00:00.000Z");
    expect(new ShiftedDate(2028, 1, 29).getTime()).toBe(new RealDate(2028, 1, 29).getTime());
    expect(ShiftedDate.UTC(2028, 1, 29)).toBe(RealDate.UTC(2028, 1, 29));
    expect(ShiftedDate.parse("2028-02-29T00:00:00Z")).toBe(RealDate.UTC(2028, 1, 29));
    expect(new ShiftedDate()).toBeInstanceOf(RealDate);
    expect(new RealDate(0)).toBeInstanceOf(ShiftedDate);
    class Day extends ShiftedDate {}
    expect(new Day(0)).toBeInstanceOf(ShiftedDate);
    expect(new Day().getTime()).toBeGreaterThan(RealDate.now() + 3 * DAY_MS - AGREE_MS);
  });
});

describe("the clock this test process runs on", () => {
  const db = setupTestDatabase();
  const offsetMs = parseClockOffsetDays(process.env.TEST_CLOCK_OFFSET_DAYS) * DAY_MS;

  it("is the real clock moved by TEST_CLOCK_OFFSET_DAYS (jest.setup.server.ts)", () => {
    expect(Math.abs(Date.now() - realNow() - offsetMs)).toBeLessThan(AGREE_MS);
    expect(Math.abs(new Date().getTime() - realNow() - offsetMs)).toBeLessThan(AGREE_MS);
  });

  it("is the database's clock too: SQL now(), clock_timestamp() and Prisma's @default(now())", async () => {
    const [row] = await db.query<{ now: Date; clock: Date }>("SELECT now() AS now, clock_timestamp() AS clock");
    const stamped = await db.prisma.organization.create({ data: { name: "Clock", slug: "clock" } });
    const js = Date.now();
    for (const at of [row!.now, row!.clock, stamped.createdAt, stamped.updatedAt])
      expect(Math.abs(at.getTime() - js)).toBeLessThan(AGREE_MS);
  });
});
