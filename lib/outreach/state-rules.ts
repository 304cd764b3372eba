import "server-only";
import { z } from "zod";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { requestOrganizationReschedule } from "@/lib/outreach/triggers";

/**
 * State switch windows are data (issue #7): the state_switch_rules table is the truth that the
 * planner and the compare page read. The seed inserts the rows of
 * data/reference/state-switch-rules/state_medigap_switch_rules.json that are missing (lib/demo/seed-demo-agency.ts) and never overwrites a row, so an
 * edit made in the database survives restarts and deploys. `npm run state-rules -- export|import`
 * (scripts/state-rules.ts) reads and writes the table in the same JSON shape; an import queues a
 * reschedule of every organization, so the next job-runner pass re-plans every book under the new rules.
 */

export const stateRulesFileSchema = z.object({
  states: z.array(
    z
      .object({
        state: z.string().regex(/^[A-Z]{2}$/, "a two-letter state code in capitals"),
        rule: z.enum(["birthday", "anniversary", "continuous"]),
        anchor: z.enum(["birthday", "birth_month_start", "policy_anniversary", "none"]),
        days_before: z.number().int().min(0).max(366),
        total_days: z.number().int().min(0).max(366),
        different_plan_only: z.boolean(),
        carrier: z.string(),
        plan: z.string(),
        age_min: z.number().int().optional(),
        age_max: z.number().int().optional(),
        since: z.string(),
        note: z.string().optional(),
      })
      .refine((rule) => rule.rule === "continuous" || rule.total_days > 0, {
        message: "a birthday or anniversary window needs total_days > 0",
      })
      .refine((rule) => (rule.rule === "continuous") === (rule.anchor === "none"), {
        message: "anchor is none exactly when the rule is continuous (year-round)",
      }),
  ),
});

export type StateRulesFile = z.infer<typeof stateRulesFileSchema>;

type StateRuleRow = Prisma.StateSwitchRuleCreateManyInput;

export function toStateRuleRows(file: StateRulesFile): StateRuleRow[] {
  return file.states.map((r) => ({
    state: r.state,
    ruleType: r.rule === "continuous" ? "year_round" : r.rule,
    anchor: r.anchor,
    windowStartDaysBefore: r.days_before,
    windowLengthDays: r.total_days,
    differentPlanOnly: r.different_plan_only,
    constraints: { carrier: r.carrier, plan: r.plan },
    ageMin: r.age_min ?? null,
    ageMax: r.age_max ?? null,
    since: r.since === "" ? null : r.since,
    notes: r.note ?? null,
  }));
}

/** The table in the file's shape, for `npm run state-rules -- export`. */
export async function exportStateRules(): Promise<StateRulesFile> {
  const rows = await prisma.stateSwitchRule.findMany({ orderBy: { state: "asc" } });
  return {
    states: rows.map((row) => {
      const constraints = (row.constraints ?? {}) as { carrier?: string; plan?: string };
      return {
        state: row.state,
        rule: row.ruleType === "year_round" ? "continuous" : row.ruleType,
        anchor: row.anchor,
        days_before: row.windowStartDaysBefore,
        total_days: row.windowLengthDays,
        different_plan_only: row.differentPlanOnly,
        carrier: constraints.carrier ?? "any",
        plan: constraints.plan ?? "any",
        ...(row.ageMin === null ? {} : { age_min: row.ageMin }),
        ...(row.ageMax === null ? {} : { age_max: row.ageMax }),
        since: row.since ?? "",
        ...(row.notes === null ? {} : { note: row.notes }),
      };
    }),
  };
}

/**
 * Writes the file's states (insert or replace, one transaction; states not in the file are kept, and
 * `removeStates` deletes rows, since a state that drops its rule must stop shaping the schedule) and
 * queues a reschedule of every organization.
 */
export async function importStateRules({
  file,
  removeStates = [],
  now,
}: {
  file: unknown;
  removeStates?: string[];
  now: Date;
}) {
  const parsed = stateRulesFileSchema.parse(file);
  const rows = toStateRuleRows(parsed);
  await prisma.$transaction([
    ...rows.map(({ state, ...data }) =>
      prisma.stateSwitchRule.upsert({ where: { state }, create: { state, ...data }, update: data }),
    ),
    prisma.stateSwitchRule.deleteMany({ where: { state: { in: removeStates.map((s) => s.toUpperCase()) } } }),
  ]);
  const organizations = await prisma.organization.findMany({ select: { id: true } });
  for (const organization of organizations)
    await requestOrganizationReschedule({ organizationId: organization.id, now });
  return { written: rows.length, removed: removeStates.length, reschedulesQueued: organizations.length };
}
