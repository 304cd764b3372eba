import { readFileSync } from "node:fs";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";
import { sendInstant } from "@/lib/outreach/rules";
import { dayNumber } from "@/lib/outreach-schedule/calendar";
import { firstSendDayFrom, planContactEmails, SKIP_REASONS, unlicensedStateOf } from "@/lib/outreach-schedule/plan";
import { LIVE_ORGANIZATION, TEXAS_CONTACT } from "@/lib/outreach-schedule/testing";
import type {
  EmailType,
  Plan,
  PlanContact,
  PlanHistory,
  PlanInput,
  PlanOrganization,
  PlanStateRule,
} from "@/lib/outreach-schedule/types";

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

/** The rules as the seed stores them (state_switch_rules). */
const RULES: Record<string, PlanStateRule> = Object.fromEntries(
  json.states.map((r) => [
    r.state,
    {
      state: r.state,
      ruleType: r.rule === "continuous" ? "year_round" : (r.rule as PlanStateRule["ruleType"]),
      anchor: r.anchor as PlanStateRule["anchor"],
      windowStartDaysBefore: r.days_before,
      windowLengthDays: r.total_days,
      ageMin: r.age_min ?? null,
      ageMax: r.age_max ?? null,
    },
  ]),
);

type Overrides = {
  contact?: Partial<PlanContact>;
  organization?: Partial<PlanOrganization>;
  history?: Partial<PlanHistory>;
} & Partial<Omit<PlanInput, "contact" | "organization" | "history">>;

/** A Texas contact (no state window), added long ago, in a live organization, planned on 2026-03-01 09:00 Chicago. */
function input(overrides: Overrides = {}): PlanInput {
  const contact: PlanContact = { ...TEXAS_CONTACT, ...overrides.contact };
  return {
    contact,
    organization: { ...LIVE_ORGANIZATION, ...overrides.organization },
    stateRule:
      overrides.stateRule !== undefined ? overrides.stateRule : contact.state ? (RULES[contact.state] ?? null) : null,
    history: { sent: [], clicks: [], health: null, ...overrides.history },
    rateIncreases: overrides.rateIncreases ?? [],
    horizonDays: overrides.horizonDays,
    now: overrides.now ?? new Date("2026-03-01T15:00:00Z"),
  };
}

const planned = (plan: Plan, type: EmailType) =>
  plan.planned.filter((e) => e.emailType === type).map((e) => e.sendDate);
const skipped = (plan: Plan, type: EmailType) =>
  plan.skipped.filter((e) => e.emailType === type).map((e) => [e.date, e.skipReason]);
const at = (iso: string) => new Date(iso);

describe("birthday: 14 days before", () => {
  test.each([
    ["1955-07-01", "2026-03-01T15:00:00Z", "2026-06-17"],
    ["1956-02-29", "2026-01-01T15:00:00Z", "2026-02-14"], // Feb 28 in a common year
    ["1956-02-29", "2028-01-01T15:00:00Z", "2028-02-15"], // Feb 29 in a leap year
    ["1955-01-05", "2026-12-01T15:00:00Z", "2026-12-22"], // year wrap: next January's birthday
    ["1955-03-15", "2026-03-01T15:00:00Z", "2026-03-01"], // the ideal day is today
  ])("born %s, planned at %s → %s", (birthDate, now, expected) => {
    const plan = planContactEmails(input({ contact: { birthDate }, now: at(now) }));
    expect(planned(plan, "birthday")[0]).toBe(expected);
  });

  test("the event date is the birthday", () => {
    const plan = planContactEmails(input({ contact: { birthDate: "1955-01-05" }, now: at("2026-12-01T15:00:00Z") }));
    expect(plan.planned.find((e) => e.emailType === "birthday")?.eventDate).toBe("2027-01-05");
  });

  test("a missed ideal day is caught up before the birthday; after the birthday it waits for next year", () => {
    const missed = planContactEmails(input({ contact: { birthDate: "1955-03-10" }, now: at("2026-03-01T15:00:00Z") }));
    const first = missed.planned.find((e) => e.emailType === "birthday")!;
    expect(first.sendDate >= "2026-03-01" && first.sendDate <= "2026-03-07").toBe(true);
    expect(first.metadata).toMatchObject({ catchUp: true });
    const after = planContactEmails(input({ contact: { birthDate: "1955-02-27" }, now: at("2026-03-01T15:00:00Z") }));
    expect(planned(after, "birthday")).toEqual(["2027-02-13"]);
  });

  test("the day is the organization's calendar day: 22:00 in Chicago is still the 17th", () => {
    const now = at("2026-06-18T03:00:00Z");
    expect(planContactEmails(input({ now })).planned.find((e) => e.emailType === "birthday")).toMatchObject({
      sendDate: "2026-06-17",
    });
    const utc = planContactEmails(input({ now, organization: { timezone: "UTC" } })).planned.find(
      (e) => e.emailType === "birthday",
    )!;
    expect(utc.metadata).toMatchObject({ catchUp: true });
  });

  test("switched off: none; a custom lead is honoured", () => {
    expect(planned(planContactEmails(input({ organization: { enabled: { birthday: false } } })), "birthday")).toEqual(
      [],
    );
    expect(planned(planContactEmails(input({ organization: { birthdayDaysBefore: 30 } })), "birthday")).toEqual([
      "2026-06-01",
    ]);
  });

  test("already sent for this birthday: not planned again", () => {
    const plan = planContactEmails(
      input({
        now: at("2026-06-20T15:00:00Z"),
        history: { sent: [{ id: "s1", emailType: "birthday", sentDate: "2026-06-17" }] },
      }),
    );
    expect(planned(plan, "birthday").filter((d) => d < "2027-01-01")).toEqual([]);
  });
});

describe("effective date: 30 days before the anniversary, from the anniversary the outreach delay reaches", () => {
  test.each([
    // effectiveDate, delay months, planned at, expected first send, expected skipped first anniversary
    ["2025-04-01", 11, "2026-01-01T15:00:00Z", "2026-03-02", null],
    ["2024-02-29", 11, "2026-01-01T15:00:00Z", "2026-01-29", null], // anniversary on Feb 28 in 2026
    ["2024-01-15", 11, "2026-11-01T15:00:00Z", "2026-12-16", null], // year wrap
    ["2025-04-01", 23, "2026-01-01T15:00:00Z", "2027-03-02", "2026-03-02"], // 2 years: the first anniversary is skipped
    ["2025-04-01", 35, "2026-01-01T15:00:00Z", undefined, "2026-03-02"],
  ])("policy from %s, delay %i months, at %s → %s", (effectiveDate, delay, now, expected, skippedDate) => {
    const plan = planContactEmails(
      input({
        contact: { effectiveDate },
        organization: { effectiveDateOutreachDelayMonths: delay },
        now: at(now),
        horizonDays: 500,
      }),
    );
    expect(planned(plan, "effective_date")[0]).toBe(expected);
    if (skippedDate)
      expect(skipped(plan, "effective_date")).toContainEqual([
        skippedDate,
        `Within ${delay} months of the policy effective date`,
      ]);
  });

  test("contacts inside the effective-date window get no other email; the day the window ends they do", () => {
    // The 11 months from 2025-07-18 end on 2026-06-18: the birthday email of 2026-06-17 is inside.
    const inside = planContactEmails(input({ contact: { effectiveDate: "2025-07-18" } }));
    expect(skipped(inside, "birthday")).toEqual([["2026-06-17", "Within 11 months of the policy effective date"]]);
    const outside = planContactEmails(input({ contact: { effectiveDate: "2025-07-17" } }));
    expect(planned(outside, "birthday")).toEqual(["2026-06-17"]);
  });
});

describe("AEP: a campaign spread over September 1–30", () => {
  test("each contact has one fixed day in September, and the days spread over the month", () => {
    const days = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const plan = planContactEmails(input({ contact: { id: `contact-${i}` } }));
      const aep = plan.planned.filter((e) => e.emailType === "aep");
      expect(aep).toHaveLength(1);
      expect(aep[0]!.sendDate >= "2026-09-01" && aep[0]!.sendDate <= "2026-09-30").toBe(true);
      expect(aep[0]!.eventDate).toBe("2026-10-15");
      expect(planContactEmails(input({ contact: { id: `contact-${i}` } }))).toEqual(plan);
      days.add(aep[0]!.sendDate);
    }
    expect(days.size).toBeGreaterThanOrEqual(28);
  });

  test("a contact added late in September is caught up before the month ends; in October there is none", () => {
    for (let i = 0; i < 30; i++) {
      const plan = planContactEmails(input({ contact: { id: `late-${i}` }, now: at("2026-09-27T15:00:00Z") }));
      const aep2026 = planned(plan, "aep").filter((d) => d < "2027-01-01");
      expect(aep2026.every((d) => d >= "2026-09-27" && d <= "2026-09-30")).toBe(true);
    }
    expect(
      planned(planContactEmails(input({ now: at("2026-10-01T15:00:00Z") })), "aep").filter((d) => d < "2027-01-01"),
    ).toEqual([]);
  });

  test("switched off: none", () => {
    expect(planned(planContactEmails(input({ organization: { enabled: { aep: false } } })), "aep")).toEqual([]);
  });
});

describe("scheduled rate increase: 14 days before the increase", () => {
  const increase = { carrierNaic: "12345", state: "TX", increaseDate: "2026-05-01" };
  test("the contact's carrier in the contact's state", () => {
    const plan = planContactEmails(input({ contact: { currentCarrierNaic: "12345" }, rateIncreases: [increase] }));
    expect(plan.planned.find((e) => e.emailType === "rate_increase")).toMatchObject({
      sendDate: "2026-04-17",
      eventDate: "2026-05-01",
      priority: 25,
    });
  });

  test("an increase filed under another NAIC of the contact's carrier group", () => {
    const plan = planContactEmails(
      input({
        contact: { currentCarrierNaic: "13100" },
        rateIncreases: [{ carrierNaic: "71412", carrierGroup: "13100", state: "TX", increaseDate: "2026-05-01" }],
      }),
    );
    expect(plan.planned.find((e) => e.emailType === "rate_increase")).toMatchObject({
      sendDate: "2026-04-17",
      eventDate: "2026-05-01",
      metadata: { carrierNaic: "71412" },
    });
  });

  test.each([
    ["another carrier", { currentCarrierNaic: "99999" }, [increase]],
    ["another carrier group", { currentCarrierNaic: "12345" }, [{ ...increase, carrierGroup: "99999" }]],
    ["another state", { currentCarrierNaic: "12345", state: "OH" }, [increase]],
    ["an increase already past", { currentCarrierNaic: "12345" }, [{ ...increase, increaseDate: "2026-02-27" }]],
  ])("none for %s", (_name, contact, increases) => {
    expect(planned(planContactEmails(input({ contact, rateIncreases: increases })), "rate_increase")).toEqual([]);
  });

  test("switched off: none", () => {
    expect(
      planned(
        planContactEmails(
          input({
            contact: { currentCarrierNaic: "12345" },
            rateIncreases: [increase],
            organization: { enabled: { rate_increase: false } },
          }),
        ),
        "rate_increase",
      ),
    ).toEqual([]);
  });
});

describe("initial blast: 72 hours after the contact is added, spread over 3 days", () => {
  test("starts on the first send time at least 72 hours later", () => {
    const days = new Set<string>();
    for (let i = 0; i < 60; i++) {
      // Added 2026-03-01 21:00 in Chicago (03:00 UTC on the 2nd): 72 hours later is the 4th at 21:00, after
      // that day's 08:30 send, so the first day is the 5th (the 4th would have been 59.5 hours).
      const plan = planContactEmails(
        input({ contact: { id: `new-${i}`, createdAt: at("2026-03-02T03:00:00Z") }, now: at("2026-03-02T03:00:00Z") }),
      );
      const [day] = planned(plan, "initial_blast");
      expect(["2026-03-05", "2026-03-06", "2026-03-07"]).toContain(day);
      days.add(day!);
    }
    expect(days.size).toBe(3);
  });

  test("72 hours means 72 hours: whatever the minute a contact is added, its email goes no sooner, and within 72 h + 3 days", () => {
    const sendTime = { hour: 8, minute: 30 };
    const problems: string[] = [];
    // Every 10 minutes of a day, the send time itself and a millisecond after it, across a DST change (Mar 8, 2026).
    const starts = [
      ...Array.from({ length: 6 * 24 }, (_, k) => Date.parse("2026-03-05T06:00:00Z") + k * 600_000),
      Date.parse("2026-03-04T14:30:00Z"),
      Date.parse("2026-03-04T14:30:00.001Z"),
    ];
    for (const [k, createdMs] of starts.entries()) {
      const createdAt = new Date(createdMs);
      const plan = planContactEmails(
        input({ contact: { id: `c-${k}`, createdAt }, organization: { sendTime }, now: createdAt }),
      );
      const [day] = planned(plan, "initial_blast");
      const goesAt = sendInstant(day!, { ...sendTime, timeZone: "America/Chicago" }).getTime();
      const hours = (goesAt - createdMs) / 3_600_000;
      if (hours < 72 || hours > 72 + 24 * 3)
        problems.push(`${createdAt.toISOString()} → ${day} (${hours.toFixed(2)} h)`);
    }
    expect(problems).toEqual([]);
  });

  test("firstSendDayFrom: the send time's own minute still counts, a moment later is the next day; the organization's send time decides", () => {
    const day = (iso: string) => dayNumber(iso);
    expect(firstSendDayFrom(at("2026-03-04T14:30:00Z"), "America/Chicago", { hour: 8, minute: 30 })).toBe(
      day("2026-03-04"),
    );
    expect(firstSendDayFrom(at("2026-03-04T14:30:00.001Z"), "America/Chicago", { hour: 8, minute: 30 })).toBe(
      day("2026-03-05"),
    );
    expect(firstSendDayFrom(at("2026-03-04T14:30:00.001Z"), "America/Chicago", { hour: 17, minute: 0 })).toBe(
      day("2026-03-04"),
    );
    expect(firstSendDayFrom(at("2026-03-04T14:30:00.001Z"), "America/Los_Angeles", { hour: 8, minute: 30 })).toBe(
      day("2026-03-04"),
    );
  });

  test("sent once: never again; long-standing contacts get none", () => {
    const contact = { createdAt: at("2026-02-27T15:00:00Z") };
    expect(
      planned(
        planContactEmails(
          input({ contact, history: { sent: [{ id: "s", emailType: "initial_blast", sentDate: "2026-03-01" }] } }),
        ),
        "initial_blast",
      ),
    ).toEqual([]);
    expect(planned(planContactEmails(input()), "initial_blast")).toEqual([]);
  });

  test("in a live organization, contacts added after go-live get the blast, those added before the welcome", () => {
    const organization = { wentLiveAt: at("2026-02-20T15:00:00Z") };
    const after = planContactEmails(input({ contact: { createdAt: at("2026-02-28T15:00:00Z") }, organization }));
    expect(planned(after, "initial_blast")).toHaveLength(1);
    expect(planned(after, "go_live_welcome")).toEqual([]);
    const before = planContactEmails(input({ contact: { createdAt: at("2026-02-10T15:00:00Z") }, organization }));
    expect(planned(before, "initial_blast")).toEqual([]);
  });
});

describe("go-live welcome: every eligible contact, spread over 30 days from going live", () => {
  // 14:00 in Chicago: the day's 08:30 send time has passed, so the spread starts the next day.
  const organization = { wentLiveAt: at("2026-03-01T20:00:00Z") };
  test("30 distinct days from the first send time after going live, one per contact", () => {
    const days = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const [day, ...more] = planned(
        planContactEmails(input({ contact: { id: `old-${i}` }, organization })),
        "go_live_welcome",
      );
      expect(more).toEqual([]);
      expect(day! >= "2026-03-02" && day! <= "2026-03-31").toBe(true);
      days.add(day!);
    }
    expect(days.size).toBe(30);
  });

  test("going live before the day's send time starts the spread that day; never a welcome before the go-live instant", () => {
    const early = { wentLiveAt: at("2026-03-01T13:00:00Z") }; // 07:00 in Chicago
    const days = new Set<string>();
    for (let i = 0; i < 400; i++)
      days.add(
        planned(
          planContactEmails(input({ contact: { id: `early-${i}` }, organization: early })),
          "go_live_welcome",
        )[0]!,
      );
    expect([...days].sort()[0]).toBe("2026-03-01");
    expect([...days].sort().at(-1)).toBe("2026-03-30");
  });

  test("not for opted-out or placeholder contacts, nor in year-round states", () => {
    expect(planContactEmails(input({ contact: { optedOut: true }, organization }))).toEqual({
      planned: [],
      skipped: [],
      capHistory: [],
    });
    expect(planContactEmails(input({ contact: { isPlaceholder: true }, organization }))).toEqual({
      planned: [],
      skipped: [],
      capHistory: [],
    });
    const ny = planContactEmails(input({ contact: { state: "NY" }, organization }));
    expect(ny.planned).toEqual([]);
    expect(skipped(ny, "go_live_welcome")[0]?.[1]).toBe("Year-round exclusion for NY");
  });
});

describe("state windows and the post-window email", () => {
  test("CA worked example (A.3): the birthday email is skipped, a post-window email the day after the window", () => {
    const plan = planContactEmails(input({ contact: { state: "CA" } }));
    expect(skipped(plan, "birthday")).toEqual([["2026-06-17", "Birthday exclusion window for CA"]]);
    expect(plan.planned.find((e) => e.emailType === "post_window")).toMatchObject({
      sendDate: "2026-08-30",
      eventDate: "2026-08-29",
      metadata: { replaces: ["birthday"] },
    });
  });

  test.each([
    // The buffered CA window of a Jul 1 birthday opens on Apr 2: an effective-date email on Apr 1 goes, on Apr 2 it does not.
    ["2020-05-01", "2026-04-01", true],
    ["2020-05-02", "2026-04-02", false],
  ])("CA buffer boundary: anniversary of %s, email on %s planned=%s", (effectiveDate, day, isPlanned) => {
    const plan = planContactEmails(input({ contact: { state: "CA", effectiveDate } }));
    expect(planned(plan, "effective_date").includes(day)).toBe(isPlanned);
    if (!isPlanned) expect(skipped(plan, "effective_date")).toContainEqual([day, "Birthday exclusion window for CA"]);
  });

  test("NV anchors on the first of the birth month", () => {
    // Born Jul 20: the window opens Jul 1 (buffered: May 2) and closes Aug 29.
    const base = { state: "NV", birthDate: "1955-07-20" };
    const plan = planContactEmails(input({ contact: { ...base, effectiveDate: "2020-05-31" } }));
    expect(planned(plan, "effective_date")).toContain("2026-05-01");
    expect(skipped(plan, "birthday")).toEqual([["2026-07-06", "Birthday exclusion window for NV"]]);
    expect(planned(plan, "post_window")).toEqual(["2026-08-30"]);
    expect(
      skipped(planContactEmails(input({ contact: { ...base, effectiveDate: "2020-06-01" } })), "effective_date"),
    ).toContainEqual(["2026-05-02", "Birthday exclusion window for NV"]);
  });

  test("MO: the anniversary window excludes every email in it; one post-window email replaces them", () => {
    // Anniversary Sep 1: window Aug 2 – Oct 3, buffered from Jun 3.
    const plan = planContactEmails(input({ contact: { state: "MO", effectiveDate: "2021-09-01" } }));
    expect(skipped(plan, "effective_date")).toEqual([["2026-08-02", "Effective date exclusion window for MO"]]);
    expect(skipped(plan, "birthday")).toEqual([["2026-06-17", "Effective date exclusion window for MO"]]);
    expect(skipped(plan, "aep")[0]?.[1]).toBe("Effective date exclusion window for MO");
    expect(plan.planned.filter((e) => e.emailType === "post_window")).toEqual([
      expect.objectContaining({
        sendDate: "2026-10-04",
        metadata: { replaces: ["aep", "birthday", "effective_date"] },
      }),
    ]);
  });

  test("a window that straddles New Year: CA, born Jan 10", () => {
    const plan = planContactEmails(
      input({ contact: { state: "CA", birthDate: "1955-01-10" }, now: at("2026-10-01T15:00:00Z") }),
    );
    expect(skipped(plan, "birthday")).toEqual([["2026-12-27", "Birthday exclusion window for CA"]]);
    expect(planned(plan, "post_window")).toEqual(["2027-03-11"]);
  });

  test("post-window emails can be switched off", () => {
    expect(
      planned(
        planContactEmails(input({ contact: { state: "CA" }, organization: { enablePostWindowEmails: false } })),
        "post_window",
      ),
    ).toEqual([]);
    expect(
      planned(
        planContactEmails(input({ contact: { state: "CA" }, organization: { enabled: { post_window: false } } })),
        "post_window",
      ),
    ).toEqual([]);
  });

  test("a per-state buffer override moves the window's start", () => {
    // CA with no buffer: the window opens Jun 1, so an effective-date email on Apr 2 goes.
    const plan = planContactEmails(
      input({ contact: { state: "CA", effectiveDate: "2020-05-02" }, organization: { stateBufferDays: { CA: 0 } } }),
    );
    expect(planned(plan, "effective_date")).toContain("2026-04-02");
  });

  test("age limits: IL's window stops at 75, so a 76th birthday is emailed", () => {
    expect(
      planned(planContactEmails(input({ contact: { state: "IL", birthDate: "1950-07-01" } })), "birthday"),
    ).toEqual(["2026-06-17"]);
    expect(
      skipped(planContactEmails(input({ contact: { state: "IL", birthDate: "1951-07-01" } })), "birthday"),
    ).toEqual([["2026-06-17", "Birthday exclusion window for IL"]]);
  });

  test("an unknown anchor could be any day: a CA contact without a birth date gets nothing", () => {
    const plan = planContactEmails(input({ contact: { state: "CA", birthDate: null } }));
    expect(plan.planned).toEqual([]);
    expect(skipped(plan, "aep")[0]?.[1]).toBe("Birthday exclusion window for CA (birth date unknown)");
  });

  test("a contact with no state: emailed by default, not when the organization says so", () => {
    expect(planned(planContactEmails(input({ contact: { state: null } })), "birthday")).toEqual(["2026-06-17"]);
    expect(
      skipped(
        planContactEmails(input({ contact: { state: null }, organization: { sendWithoutZipcodeForUniversal: false } })),
        "birthday",
      ),
    ).toEqual([["2026-06-17", "No state for contact"]]);
  });
});

describe("every state of the data file", () => {
  const dayMs = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  test.each(json.states.map((s) => [s.state, s] as const))("%s", (state, r) => {
    const plan = planContactEmails(
      input({
        contact: { state, birthDate: "1955-07-20", effectiveDate: "2021-09-10" },
        organization: { wentLiveAt: at("2026-03-01T20:00:00Z") },
      }),
    );
    if (r.rule === "continuous") {
      expect(plan.planned).toEqual([]);
      expect(new Set(plan.skipped.map((s) => s.skipReason))).toEqual(new Set([`Year-round exclusion for ${state}`]));
      return;
    }
    // The window computed from the file by hand: anchor, days before, total days, 60-day buffer.
    const anchor =
      r.anchor === "policy_anniversary"
        ? Date.UTC(2026, 8, 10)
        : r.anchor === "birth_month_start"
          ? Date.UTC(2026, 6, 1)
          : Date.UTC(2026, 6, 20);
    const statutoryOpens = anchor - r.days_before * dayMs;
    const opens = iso(statutoryOpens - 60 * dayMs);
    const closes = iso(statutoryOpens + (r.total_days - 1) * dayMs);
    const reason =
      r.rule === "anniversary"
        ? `Effective date exclusion window for ${state}`
        : `Birthday exclusion window for ${state}`;
    const eventType = r.rule === "anniversary" ? "effective_date" : "birthday";
    const eventSkip = plan.skipped.find((s) => s.emailType === eventType && s.date.startsWith("2026"));
    expect(eventSkip?.skipReason).toBe(reason);
    expect(planned(plan, "post_window")).toContain(iso(Date.parse(closes) + dayMs));
    for (const email of plan.planned)
      expect([email.emailType, email.sendDate, email.sendDate >= opens && email.sendDate <= closes]).toEqual([
        email.emailType,
        email.sendDate,
        false,
      ]);
  });
});

describe("follow-ups: 2 days after an initial email, by behaviour", () => {
  const sent = [{ id: "s1", emailType: "birthday", sentDate: "2026-02-28" }];
  test.each([
    ["no click, no answer", "followup_1_cold", {}],
    ["clicked that email", "followup_2_clicked_no_hq", { clicks: [{ date: "2026-02-28", scheduledEmailId: "s1" }] }],
    ["clicked another email only", "followup_1_cold", { clicks: [{ date: "2026-02-28", scheduledEmailId: "other" }] }],
    [
      "clicked (email unknown) after it",
      "followup_2_clicked_no_hq",
      { clicks: [{ date: "2026-02-28", scheduledEmailId: null }] },
    ],
    [
      "clicked (email unknown) before it",
      "followup_1_cold",
      { clicks: [{ date: "2026-02-20", scheduledEmailId: null }] },
    ],
    [
      "answered without conditions",
      "followup_3_hq_no_yes",
      {
        clicks: [{ date: "2026-02-28", scheduledEmailId: "s1" }],
        health: { date: "2026-03-01", hasConditions: false },
      },
    ],
    ["answered with conditions", "followup_4_hq_with_yes", { health: { date: "2026-02-28", hasConditions: true } }],
    ["answered before the email", "followup_1_cold", { health: { date: "2026-01-10", hasConditions: false } }],
  ])("%s → %s", (_name, type, history) => {
    const plan = planContactEmails(input({ history: { sent, ...history } }));
    const followUps = plan.planned.filter((e) => e.emailType.startsWith("followup"));
    expect(followUps).toEqual([
      expect.objectContaining({ emailType: type, sendDate: "2026-03-02", parentEmailId: "s1", priority: 50 }),
    ]);
  });

  test("one per initial email, only for recent ones, caught up when the ideal day passed", () => {
    const done = planContactEmails(
      input({
        now: at("2026-03-05T15:00:00Z"),
        history: { sent: [...sent, { id: "f1", emailType: "followup_1_cold", sentDate: "2026-03-02" }] },
      }),
    );
    expect(done.planned.filter((e) => e.emailType.startsWith("followup"))).toEqual([]);
    const old = planContactEmails(
      input({ history: { sent: [{ id: "s0", emailType: "aep", sentDate: "2026-01-20" }] } }),
    );
    expect(old.planned.filter((e) => e.emailType.startsWith("followup"))).toEqual([]);
    const late = planContactEmails(
      input({ history: { sent: [{ id: "s2", emailType: "go_live_welcome", sentDate: "2026-02-20" }] } }),
    );
    const [followUp] = planned(late, "followup_1_cold");
    expect(followUp! >= "2026-03-01" && followUp! <= "2026-03-07").toBe(true);
  });

  test("exempt from the frequency cap, but not from state windows", () => {
    const busy = [
      { id: "a", emailType: "quote_email", sentDate: "2026-02-20" },
      { id: "b", emailType: "quote_email", sentDate: "2026-02-25" },
      { id: "s1", emailType: "birthday", sentDate: "2026-02-28" },
    ];
    expect(planned(planContactEmails(input({ history: { sent: busy } })), "followup_1_cold")).toEqual(["2026-03-02"]);
    const ca = planContactEmails(input({ contact: { state: "CA", birthDate: "1955-04-01" }, history: { sent } }));
    expect(skipped(ca, "followup_1_cold")).toEqual([["2026-03-02", "Birthday exclusion window for CA"]]);
  });
});

describe("frequency cap: 3 emails in any 30 days, counting what was sent", () => {
  const history = {
    sent: [
      { id: "a", emailType: "quote_email", sentDate: "2026-02-10" },
      { id: "b", emailType: "quote_email", sentDate: "2026-02-15" },
      { id: "c", emailType: "aep", sentDate: "2026-02-20" },
    ],
  };
  test.each([
    ["1955-03-25", "2026-03-11", false], // Feb 10 … Mar 11 is one 30-day span holding 4
    ["1955-03-26", "2026-03-12", true],
  ])("born %s: birthday email on %s planned=%s", (birthDate, day, isPlanned) => {
    const plan = planContactEmails(input({ contact: { birthDate }, history }));
    if (isPlanned) expect(planned(plan, "birthday")).toContain(day);
    else expect(skipped(plan, "birthday")).toContainEqual([day, "Frequency limit exceeded"]);
  });

  test("lower priority number wins: the birthday email over a rate increase", () => {
    const plan = planContactEmails(
      input({
        contact: { birthDate: "1955-09-20", currentCarrierNaic: "1" },
        rateIncreases: [{ carrierNaic: "1", state: "TX", increaseDate: "2026-09-15" }],
        now: at("2026-08-01T15:00:00Z"),
        history: {
          sent: [
            { id: "a", emailType: "quote_email", sentDate: "2026-08-20" },
            { id: "b", emailType: "quote_email", sentDate: "2026-08-25" },
          ],
        },
      }),
    );
    expect(planned(plan, "birthday")).toEqual(["2026-09-06"]);
    expect(skipped(plan, "rate_increase")).toEqual([["2026-09-01", "Frequency limit exceeded"]]);
  });

  test("one email a day: the lower priority one is skipped", () => {
    const plan = planContactEmails(
      input({
        contact: { currentCarrierNaic: "1" },
        rateIncreases: [{ carrierNaic: "1", state: "TX", increaseDate: "2026-07-01" }],
      }),
    );
    expect(planned(plan, "birthday")).toEqual(["2026-06-17"]);
    expect(skipped(plan, "rate_increase")).toEqual([["2026-06-17", "Priority conflict on 2026-06-17"]]);
  });
});

describe("failed underwriting", () => {
  const health = { date: "2026-01-10", hasConditions: true };
  test("outreach on, timing birthday: one failed-underwriting email a year instead of the others", () => {
    const plan = planContactEmails(
      input({
        history: { health },
        organization: {
          failedUnderwriting: { enabled: true, timing: "birthday" },
          wentLiveAt: at("2026-03-01T20:00:00Z"),
        },
      }),
    );
    expect(plan.planned.map((e) => [e.emailType, e.sendDate])).toEqual([["failed_underwriting", "2026-06-17"]]);
    expect(skipped(plan, "birthday")).toEqual([["2026-06-17", "Failed underwriting: one email per year"]]);
    expect(skipped(plan, "aep")[0]?.[1]).toBe("Failed underwriting: one email per year");
  });

  test("timing pre-AEP: on the contact's AEP day", () => {
    const plan = planContactEmails(
      input({ history: { health }, organization: { failedUnderwriting: { enabled: true, timing: "pre_aep" } } }),
    );
    const aepDay = planned(planContactEmails(input()), "aep")[0];
    expect(planned(plan, "failed_underwriting")).toEqual([aepDay]);
  });

  test("outreach off: normal emails, or only AEP when the organization excludes them", () => {
    expect(planned(planContactEmails(input({ history: { health } })), "birthday")).toEqual(["2026-06-17"]);
    const excluded = planContactEmails(
      input({ history: { health }, organization: { excludeFailedUnderwritingGlobal: true } }),
    );
    expect(skipped(excluded, "birthday")).toEqual([["2026-06-17", "Failed underwriting exclusion"]]);
    expect(planned(excluded, "aep")).toHaveLength(1);
  });

  test("SmartSend: the failed-underwriting email goes only where a carrier is marked Target GI in the contact's state", () => {
    const smart = (smartSendStates: string[] | null) =>
      planContactEmails(
        input({
          history: { health },
          organization: {
            failedUnderwriting: { enabled: true, timing: "birthday", smartSendStates },
            wentLiveAt: at("2026-03-01T20:00:00Z"),
          },
        }),
      );
    // TX has a Target GI carrier: sent as without SmartSend.
    expect(planned(smart(["FL", "TX"]), "failed_underwriting")).toEqual(["2026-06-17"]);
    // TX has none: skipped, and the other marketing emails stay replaced (nothing to offer without underwriting).
    const none = smart(["FL"]);
    expect(skipped(none, "failed_underwriting")).toEqual([
      ["2026-06-17", "SmartSend: no guaranteed-issue carrier in TX"],
    ]);
    expect(planned(none, "birthday")).toEqual([]);
    // SmartSend off (null): the email follows its own settings.
    expect(planned(smart(null), "failed_underwriting")).toEqual(["2026-06-17"]);
    // A contact without a state has no guaranteed-issue carrier to be offered.
    const stateless = planContactEmails(
      input({
        contact: { state: null },
        stateRule: null,
        history: { health },
        organization: {
          failedUnderwriting: { enabled: true, timing: "birthday", smartSendStates: ["TX"] },
          wentLiveAt: at("2026-03-01T20:00:00Z"),
        },
      }),
    );
    expect(skipped(stateless, "failed_underwriting")).toEqual([
      ["2026-06-17", "SmartSend: no guaranteed-issue carrier in the contact's state"],
    ]);
  });

  test("no conditions: not failed underwriting", () => {
    const plan = planContactEmails(
      input({
        history: { health: { date: "2026-01-10", hasConditions: false } },
        organization: { failedUnderwriting: { enabled: true, timing: "birthday" } },
      }),
    );
    expect(planned(plan, "failed_underwriting")).toEqual([]);
    expect(planned(plan, "birthday")).toEqual(["2026-06-17"]);
  });
});

describe("plan shape", () => {
  test("movable ranges stay outside windows and before the event", () => {
    const plan = planContactEmails(input({ contact: { state: "CA", effectiveDate: "2020-05-01" } }));
    const email = plan.planned.find((e) => e.emailType === "effective_date" && e.sendDate === "2026-04-01")!;
    expect(email.movableWithin).toEqual({ from: "2026-03-25", to: "2026-04-01" });
  });

  test("unique (type, date) rows, deterministic, within the horizon", () => {
    const a = planContactEmails(input({ contact: { state: "MO", effectiveDate: "2021-09-01" }, horizonDays: 800 }));
    expect(
      planContactEmails(input({ contact: { state: "MO", effectiveDate: "2021-09-01" }, horizonDays: 800 })),
    ).toEqual(a);
    const keys = [
      ...a.planned.map((e) => `${e.emailType}|${e.sendDate}`),
      ...a.skipped.map((e) => `${e.emailType}|${e.date}`),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(a.planned.every((e) => e.sendDate >= "2026-03-01" && e.sendDate <= "2028-05-10")).toBe(true);
  });
});

describe("licensed states: automatic outreach only where the agency (and the agent, when set) is licensed", () => {
  test("a contact in a state the organization is not licensed in gets nothing planned, each email skipped with the reason", () => {
    const licensed = planContactEmails(input({ organization: { stateLicenses: ["TX", "OK"] } }));
    expect(licensed.planned.length).toBeGreaterThan(0);
    const outside = planContactEmails(input({ organization: { stateLicenses: ["OK"] } }));
    expect(outside.planned).toEqual([]);
    expect(outside.skipped.length).toBeGreaterThan(0);
    expect(new Set(outside.skipped.map((s) => s.skipReason))).toEqual(new Set([SKIP_REASONS.notLicensed("TX")]));
  });

  test("the assigned agent's licences narrow it further; an agent without licences set follows the organization", () => {
    expect(
      planContactEmails(
        input({ contact: { agentStateLicenses: ["OK"] }, organization: { stateLicenses: ["TX", "OK"] } }),
      ).planned,
    ).toEqual([]);
    expect(
      planContactEmails(
        input({ contact: { agentStateLicenses: ["tx"] }, organization: { stateLicenses: ["TX", "OK"] } }),
      ).planned.length,
    ).toBeGreaterThan(0);
    expect(
      planContactEmails(input({ contact: { agentStateLicenses: [] }, organization: { stateLicenses: ["TX"] } })).planned
        .length,
    ).toBeGreaterThan(0);
  });

  test("unlicensedStateOf: no licences set yet or no state on the contact restricts nothing", () => {
    expect(unlicensedStateOf({ state: "TX" }, { stateLicenses: [] })).toBeNull();
    expect(unlicensedStateOf({ state: null }, { stateLicenses: ["OK"] })).toBeNull();
    expect(unlicensedStateOf({ state: "tx " }, { stateLicenses: ["OK"] })).toBe("TX");
    expect(unlicensedStateOf({ state: "TX", agentStateLicenses: ["OK"] }, { stateLicenses: [] })).toBe("TX");
  });
});
