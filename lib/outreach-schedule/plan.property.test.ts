import { readFileSync } from "node:fs";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";
import { balanceDailyLoad } from "@/lib/outreach-schedule/balance";
import { localDate } from "@/lib/outreach-schedule/calendar";
import { planContactEmails } from "@/lib/outreach-schedule/plan";
import type { ContactPlan, EmailType, Plan, PlanInput, PlanStateRule } from "@/lib/outreach-schedule/types";
import { seededRandom } from "@/lib/random/seeded-random";

/**
 * Property: for random contacts, organizations, histories and days, no planned email falls inside a
 * state window (statutory window + buffer) and no contact gets more than 3 emails in any 30 days,
 * counting what was already sent (follow-ups excluded). The windows are recomputed here by hand from
 * the data file, independently of lib/outreach-schedule/windows.ts. Seeded: every run checks the same cases.
 */

type JsonRule = {
  state: string;
  rule: string;
  anchor: string;
  days_before: number;
  total_days: number;
  age_min?: number;
  age_max?: number;
};
const json = JSON.parse(readFileSync(REFERENCE_FILES.stateSwitchRules, "utf8")) as { states: JsonRule[] };
const RULES = new Map(json.states.map((r) => [r.state, r]));
const toPlanRule = (r: JsonRule): PlanStateRule => ({
  state: r.state,
  ruleType: r.rule === "continuous" ? "year_round" : (r.rule as PlanStateRule["ruleType"]),
  anchor: r.anchor as PlanStateRule["anchor"],
  windowStartDaysBefore: r.days_before,
  windowLengthDays: r.total_days,
  ageMin: r.age_min ?? null,
  ageMax: r.age_max ?? null,
});

const DAY = 86_400_000;
const FOLLOW_UPS = new Set([
  "followup_1_cold",
  "followup_2_clicked_no_hq",
  "followup_3_hq_no_yes",
  "followup_4_hq_with_yes",
]);
const CAP = 3;
const PERIOD = 30;

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

function randomDate(r: ReturnType<typeof seededRandom>, fromYear: number, toYear: number): string {
  const year = r.int(fromYear, toYear);
  const month = r.int(1, 12);
  const day = r.int(1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const STATES: (string | null)[] = [...json.states.map((s) => s.state), "TX", "FL", "OH", "AZ", null];
const SENT_TYPES = [
  "birthday",
  "aep",
  "quote_email",
  "initial_blast",
  "go_live_welcome",
  "effective_date",
  "post_window",
];

function randomInput(
  r: ReturnType<typeof seededRandom>,
  index: number,
  now: Date,
  buffer: { all: number; overrides: Record<string, number> },
): PlanInput {
  const today = ms(localDate(now, "America/Chicago"));
  const state = r.pick(STATES);
  const birthYear = r.int(1940, 1961);
  const birthDate = r.chance(0.03)
    ? null
    : r.chance(0.05) && leap(birthYear)
      ? `${birthYear}-02-29`
      : randomDate(r, birthYear, birthYear);
  const sentDays = new Set<number>();
  const sent: PlanInput["history"]["sent"] = [];
  for (let i = r.int(0, 3); i > 0; i--) {
    const day = today - r.int(0, 40) * DAY;
    if (sentDays.has(day)) continue;
    sentDays.add(day);
    sent.push({ id: `sent-${index}-${i}`, emailType: r.pick(SENT_TYPES), sentDate: iso(day) });
  }
  if (sent.length > 0 && r.chance(0.3))
    sent.push({ id: `fu-${index}`, emailType: r.pick([...FOLLOW_UPS]), sentDate: iso(today - r.int(0, 10) * DAY) });
  const carrier = r.chance(0.5) ? "12345" : null;
  return {
    contact: {
      id: `contact-${index}`,
      state,
      birthDate,
      effectiveDate: r.chance(0.6) ? randomDate(r, 2015, 2027) : null,
      createdAt: r.chance(0.3)
        ? new Date(now.getTime() - r.int(0, 10 * 24) * 3_600_000)
        : new Date("2020-01-01T12:00:00Z"),
      optedOut: r.chance(0.03),
      currentCarrierNaic: carrier,
      isPlaceholder: r.chance(0.02),
    },
    organization: {
      timezone: "America/Chicago",
      enabled: { birthday: r.chance(0.92), aep: r.chance(0.92), effective_date: r.chance(0.92) },
      effectiveDateOutreachDelayMonths: r.pick([11, 23, 35]),
      isLive: true,
      wentLiveAt: r.chance(0.4) ? null : new Date(now.getTime() + r.int(-40, 20) * DAY),
      failedUnderwriting: {
        enabled: r.chance(0.3),
        timing: r.pick(["birthday", "pre_aep", "enrollment_anniversary", "schedule_increase"] as const),
      },
      contactCount: 10_000,
      preExclusionBufferDays: buffer.all,
      stateBufferDays: buffer.overrides,
    },
    stateRule: state && RULES.has(state) ? toPlanRule(RULES.get(state)!) : null,
    history: {
      sent,
      clicks:
        sent.length > 0 && r.chance(0.4)
          ? [{ date: sent[0]!.sentDate, scheduledEmailId: r.chance(0.5) ? sent[0]!.id : null }]
          : [],
      health: r.chance(0.2) ? { date: iso(today - r.int(0, 30) * DAY), hasConditions: r.chance(0.5) } : null,
    },
    rateIncreases:
      carrier && state && r.chance(0.3)
        ? [{ carrierNaic: carrier, state, increaseDate: iso(today + r.int(-10, 200) * DAY) }]
        : [],
    now,
  };
}

/** The contact's windows by hand: [opens, closes] in ms with the buffer, or "always" (year-round, unknown anchor). */
function windowsByHand(input: PlanInput): [number, number][] | "always" {
  const rule = input.contact.state ? RULES.get(input.contact.state) : undefined;
  if (!rule) return [];
  if (rule.rule === "continuous") return "always";
  const source = rule.anchor === "policy_anniversary" ? input.contact.effectiveDate : input.contact.birthDate;
  if (!source) return "always";
  const buffer = input.organization.stateBufferDays?.[rule.state] ?? input.organization.preExclusionBufferDays ?? 60;
  const nowYear = input.now.getUTCFullYear();
  const windows: [number, number][] = [];
  for (let y = nowYear - 2; y <= nowYear + 3; y++) {
    const month = Number(source.slice(5, 7));
    let day = rule.anchor === "birth_month_start" ? 1 : Number(source.slice(8, 10));
    if (month === 2 && day === 29 && !leap(y)) day = 28;
    const anchor = Date.UTC(y, month - 1, day);
    if (rule.anchor === "policy_anniversary" && anchor <= ms(source)) continue;
    const birthDate = input.contact.birthDate;
    if ((rule.age_min !== undefined || rule.age_max !== undefined) && birthDate) {
      const birthdayThatYear = ms(`${y}${birthDate.slice(4)}`.replace(/-02-29$/, leap(y) ? "-02-29" : "-02-28"));
      const age =
        rule.anchor === "policy_anniversary"
          ? y - Number(birthDate.slice(0, 4)) - (anchor < birthdayThatYear ? 1 : 0)
          : y - Number(birthDate.slice(0, 4));
      if ((rule.age_min !== undefined && age < rule.age_min) || (rule.age_max !== undefined && age > rule.age_max))
        continue;
    }
    const statutoryOpens = anchor - rule.days_before * DAY;
    windows.push([statutoryOpens - buffer * DAY, statutoryOpens + (rule.total_days - 1) * DAY]);
  }
  return windows;
}

/** Every violation of the properties in one contact's plan (empty when it holds). */
function violations(input: PlanInput, plan: Plan): string[] {
  const found: string[] = [];
  const today = localDate(input.now, "America/Chicago");
  if ((input.contact.optedOut || input.contact.isPlaceholder) && plan.planned.length > 0)
    found.push("opted-out or placeholder contact planned");
  const windows = windowsByHand(input);
  for (const email of plan.planned) {
    if (email.sendDate < today) found.push(`${email.emailType} ${email.sendDate} before today ${today}`);
    if (windows === "always") found.push(`${email.emailType} ${email.sendDate} in a state that is always excluded`);
    else if (windows.some(([opens, closes]) => ms(email.sendDate) >= opens && ms(email.sendDate) <= closes))
      found.push(`${email.emailType} ${email.sendDate} inside a window`);
  }
  const counted = [
    ...input.history.sent.filter((s) => !FOLLOW_UPS.has(s.emailType)).map((s) => ms(s.sentDate)),
    ...plan.planned.filter((e) => !FOLLOW_UPS.has(e.emailType)).map((e) => ms(e.sendDate)),
  ].sort((a, b) => a - b);
  for (let i = 0; i + CAP < counted.length; i++) {
    if (counted[i + CAP]! - counted[i]! < PERIOD * DAY)
      found.push(`${CAP + 1} emails between ${iso(counted[i]!)} and ${iso(counted[i + CAP]!)}`);
  }
  if (new Set(counted).size !== counted.length) found.push("two emails on one day");
  const keys = plan.planned.map((e) => `${e.emailType}|${e.sendDate}`);
  if (new Set(keys).size !== keys.length) found.push("duplicate (type, date)");
  return found;
}

test("10,000 random contacts: no email inside a window it must respect, never over 3 in 30 days", () => {
  const r = seededRandom(20260301);
  const counts = new Map<EmailType, number>();
  let failures: string[] = [];
  for (let i = 0; i < 10_000; i++) {
    const now = new Date(Date.UTC(2026, 0, 1) + r.int(0, 3 * 365) * DAY + r.int(0, 23) * 3_600_000);
    const overrides: Record<string, number> = r.chance(0.2) ? { CA: r.int(0, 90), MO: r.int(0, 90) } : {};
    const buffer = { all: r.pick([60, 60, 30, 90]), overrides };
    const input = randomInput(r, i, now, buffer);
    const plan = planContactEmails(input);
    for (const email of plan.planned) counts.set(email.emailType, (counts.get(email.emailType) ?? 0) + 1);
    failures = failures.concat(
      violations(input, plan).map(
        (v) => `${input.contact.id} (${input.contact.state}, ${input.now.toISOString()}): ${v}`,
      ),
    );
  }
  expect(failures.slice(0, 10)).toEqual([]);
  // The generator reaches every email type, so the property is not vacuous.
  for (const type of [
    "birthday",
    "effective_date",
    "aep",
    "post_window",
    "rate_increase",
    "initial_blast",
    "go_live_welcome",
    "failed_underwriting",
    "followup_1_cold",
    "followup_2_clicked_no_hq",
    "followup_3_hq_no_yes",
    "followup_4_hq_with_yes",
  ] as EmailType[]) {
    expect([type, (counts.get(type) ?? 0) > 0]).toEqual([type, true]);
  }
});

test("balancing an organization's load keeps both properties (2,000 contacts, a tight daily cap)", () => {
  const r = seededRandom(7);
  const now = new Date("2026-08-20T14:00:00Z");
  const inputs = Array.from({ length: 2_000 }, (_, i) => randomInput(r, i, now, { all: 60, overrides: {} }));
  // Everyone's policy starts on the 1st, as real books do: effective-date emails cluster.
  for (const input of inputs)
    if (input.contact.effectiveDate) input.contact.effectiveDate = `${input.contact.effectiveDate.slice(0, 8)}01`;
  const plans: ContactPlan[] = inputs.map((input) => ({ contactId: input.contact.id, plan: planContactEmails(input) }));
  const balanced = balanceDailyLoad(plans, { now, contactCount: 2_000, dailyCap: 25 });

  const failures = balanced.flatMap(({ plan }, i) =>
    violations(inputs[i]!, plan).map((v) => `${inputs[i]!.contact.id}: ${v}`),
  );
  expect(failures.slice(0, 10)).toEqual([]);
  const load = (list: ContactPlan[]) => {
    const perDay = new Map<string, number>();
    for (const { plan } of list)
      for (const email of plan.planned) perDay.set(email.sendDate, (perDay.get(email.sendDate) ?? 0) + 1);
    return perDay;
  };
  const before = load(plans);
  const after = load(balanced);
  const keys = (list: ContactPlan[]) =>
    new Set(
      list.flatMap(({ contactId, plan }) => plan.planned.map((e) => `${contactId}|${e.emailType}|${e.sendDate}`)),
    );
  const original = keys(plans);
  expect([...keys(balanced)].filter((key) => !original.has(key)).length).toBeGreaterThan(0);
  expect([...after.values()].reduce((a, b) => a + b, 0)).toBe([...before.values()].reduce((a, b) => a + b, 0));
  expect(Math.max(...after.values())).toBeLessThan(Math.max(...before.values()));
});
