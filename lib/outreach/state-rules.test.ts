import { seedReferenceData } from "@/lib/demo/seed-demo-agency";
import { exportStateRules, importStateRules, stateRulesFileSchema } from "@/lib/outreach/state-rules";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization } from "@/lib/testing/factories";

const db = setupTestDatabase();
const now = new Date("2026-11-22T15:00:00Z");

const oregon = {
  state: "OR",
  rule: "birthday",
  anchor: "birthday",
  days_before: 0,
  total_days: 31,
  different_plan_only: false,
  carrier: "any",
  plan: "equal_or_lesser",
  since: "2022",
} as const;

describe("state switch rules as editable data", () => {
  it("round-trips the table through the file shape, and the seed keeps an edit made since", async () => {
    await seedReferenceData();
    const exported = await exportStateRules();
    expect(exported.states.length).toBeGreaterThanOrEqual(18);
    expect(stateRulesFileSchema.parse(exported)).toEqual(exported);

    // Oregon's window widened to 60 days without a deploy…
    await importStateRules({ file: { states: [{ ...oregon, total_days: 60 }] }, now });
    expect(await db.prisma.stateSwitchRule.findUniqueOrThrow({ where: { state: "OR" } })).toMatchObject({
      ruleType: "birthday",
      windowLengthDays: 60,
    });
    // …survives the next start's seed, which only inserts missing states.
    await seedReferenceData();
    expect(await db.prisma.stateSwitchRule.findUniqueOrThrow({ where: { state: "OR" } })).toMatchObject({
      windowLengthDays: 60,
    });
    expect((await exportStateRules()).states.find((s) => s.state === "OR")).toMatchObject({
      total_days: 60,
      rule: "birthday",
    });
  });

  it("adds and removes states, and queues a reschedule of every organization", async () => {
    const org = await createOrganization(db.prisma, { now });
    const result = await importStateRules({
      file: { states: [{ ...oregon, state: "ZZ" }] },
      removeStates: ["wy"],
      now,
    });
    expect(result).toMatchObject({ written: 1, removed: 1 });
    expect(await db.prisma.stateSwitchRule.findUnique({ where: { state: "ZZ" } })).not.toBeNull();
    expect(await db.prisma.stateSwitchRule.findUnique({ where: { state: "WY" } })).toBeNull();
    expect(await db.prisma.schedulerRun.count({ where: { organizationId: org.id, status: "queued" } })).toBe(1);
  });

  it("rejects a file that would make a nonsense window, writing nothing", async () => {
    const before = await exportStateRules();
    await expect(importStateRules({ file: { states: [{ ...oregon, total_days: 0 }] }, now })).rejects.toThrow(
      /total_days/,
    );
    await expect(importStateRules({ file: { states: [{ ...oregon, rule: "continuous" }] }, now })).rejects.toThrow(
      /anchor is none/,
    );
    await expect(importStateRules({ file: { states: [{ ...oregon, state: "Oregon" }] }, now })).rejects.toThrow(
      /two-letter/,
    );
    expect(await exportStateRules()).toEqual(before);
  });
});
