import { dayNumber, isoDate } from "@/lib/outreach-schedule/calendar";
import { applyHouseholdWindow, HOUSEHOLD_EMAIL_TYPES, householdSkipReason } from "@/lib/outreach-schedule/household";
import { planContactEmails } from "@/lib/outreach-schedule/plan";
import { LIVE_ORGANIZATION, TEXAS_CONTACT } from "@/lib/outreach-schedule/testing";
import type { EmailType, Plan, PlanInput, PlannedEmail } from "@/lib/outreach-schedule/types";
import { EMAIL_PRIORITY } from "@/lib/outreach-schedule/types";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";

const email = (emailType: EmailType, sendDate: string, extra: Partial<PlannedEmail> = {}): PlannedEmail => ({
  emailType,
  sendDate,
  priority: EMAIL_PRIORITY[emailType],
  eventDate: null,
  ...extra,
});
const plan = (...planned: PlannedEmail[]): Plan => ({ planned, skipped: [] });

function merge(a: Plan, b: Plan, windowDays = 7) {
  return {
    a: applyHouseholdWindow({ self: { contactId: A, plan: a }, partner: { contactId: B, plan: b }, windowDays }),
    b: applyHouseholdWindow({ self: { contactId: B, plan: b }, partner: { contactId: A, plan: a }, windowDays }),
  };
}
const sends = (p: Plan) => p.planned.map((e) => `${e.emailType}@${e.sendDate}`);
const skips = (p: Plan) => p.skipped.map((e) => `${e.emailType}@${e.date}: ${e.skipReason}`);

describe("the household window", () => {
  test.each([
    // [A's birthday, B's birthday, window, A sends, B sends]
    ["2026-06-10", "2026-06-14", 7, ["birthday@2026-06-10"], []],
    ["2026-06-10", "2026-06-17", 7, ["birthday@2026-06-10"], []], // exactly 7 days: one email
    ["2026-06-10", "2026-06-18", 7, ["birthday@2026-06-10"], ["birthday@2026-06-18"]], // 8 days: two
    ["2026-06-10", "2026-06-14", 3, ["birthday@2026-06-10"], ["birthday@2026-06-14"]], // a shorter window
    ["2026-06-10", "2026-06-14", 0, ["birthday@2026-06-10"], ["birthday@2026-06-14"]], // 0: off
    ["2026-06-14", "2026-06-10", 7, [], ["birthday@2026-06-10"]], // B first: B leads
    ["2026-12-29", "2027-01-02", 7, ["birthday@2026-12-29"], []], // across the new year
  ])("A on %s, B on %s, window %i days", (aDay, bDay, windowDays, aSends, bSends) => {
    const { a, b } = merge(plan(email("birthday", aDay)), plan(email("birthday", bDay)), windowDays);
    expect(sends(a)).toEqual(aSends);
    expect(sends(b)).toEqual(bSends);
  });

  test("the covered email is skipped with the day of the household email; the lead says whom and what it covers", () => {
    const { a, b } = merge(plan(email("birthday", "2026-06-10")), plan(email("aep", "2026-06-14")));
    expect(skips(b)).toEqual([`aep@2026-06-14: ${householdSkipReason("2026-06-10")}`]);
    expect(a.planned[0]!.metadata).toEqual({
      household: { partnerId: B, covers: [{ emailType: "aep", date: "2026-06-14" }] },
    });
    expect(b.planned).toEqual([]);
    expect(skips(a)).toEqual([]);
  });

  test("on the same day the contact with the lower id leads, whichever side plans it", () => {
    const { a, b } = merge(plan(email("aep", "2026-10-01")), plan(email("aep", "2026-10-01")));
    expect(sends(a)).toEqual(["aep@2026-10-01"]);
    expect(sends(b)).toEqual([]);
  });

  test("a lead covers every email of the partner in its window, never its own person's other emails", () => {
    const { a, b } = merge(
      plan(email("birthday", "2026-06-10"), email("rate_increase", "2026-06-12")),
      plan(email("effective_date", "2026-06-11"), email("aep", "2026-06-16")),
    );
    expect(sends(a)).toEqual(["birthday@2026-06-10", "rate_increase@2026-06-12"]);
    expect(sends(b)).toEqual([]);
    expect(a.planned[0]!.metadata).toMatchObject({
      household: {
        covers: [
          { emailType: "effective_date", date: "2026-06-11" },
          { emailType: "aep", date: "2026-06-16" },
        ],
      },
    });
    expect(a.planned[1]!.metadata).toBeUndefined();
  });

  test("a chain: a covered email never leads; the partner's next email outside the window leads its own", () => {
    const { a, b } = merge(
      plan(email("birthday", "2026-06-01"), email("aep", "2026-06-13")),
      plan(email("effective_date", "2026-06-06"), email("rate_increase", "2026-06-10")),
    );
    // A 06-01 covers B 06-06; B 06-10 is 9 days after 06-01, so it leads, and covers A 06-13 (3 days later).
    expect(sends(a)).toEqual(["birthday@2026-06-01"]);
    expect(sends(b)).toEqual(["rate_increase@2026-06-10"]);
    expect(skips(a)).toEqual([`aep@2026-06-13: ${householdSkipReason("2026-06-10")}`]);
    expect(skips(b)).toEqual([`effective_date@2026-06-06: ${householdSkipReason("2026-06-01")}`]);
  });

  test("only the quote moments merge: welcomes, follow-ups and failed underwriting stay each person's own", () => {
    const own: EmailType[] = [
      "initial_blast",
      "go_live_welcome",
      "followup_1_cold",
      "followup_2_clicked_no_hq",
      "followup_3_hq_no_yes",
      "followup_4_hq_with_yes",
      "failed_underwriting",
    ];
    for (const type of own) {
      expect(HOUSEHOLD_EMAIL_TYPES.has(type)).toBe(false);
      const { a, b } = merge(plan(email(type, "2026-06-10")), plan(email(type, "2026-06-11")));
      expect([sends(a), sends(b)]).toEqual([[`${type}@2026-06-10`], [`${type}@2026-06-11`]]);
    }
  });

  test("the balancer may not move the lead past the first email it covers", () => {
    const { a } = merge(
      plan(email("birthday", "2026-06-10", { movableWithin: { from: "2026-06-08", to: "2026-06-17" } })),
      plan(email("aep", "2026-06-13")),
    );
    expect(a.planned[0]!.movableWithin).toEqual({ from: "2026-06-08", to: "2026-06-13" });
  });

  test("over random plans: both sides agree, nothing is lost, nothing both leads and is covered", () => {
    let seed = 20261129;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const types = [...HOUSEHOLD_EMAIL_TYPES, "followup_1_cold", "initial_blast"] as EmailType[];
    const start = dayNumber("2026-01-01");
    const randomPlan = () =>
      plan(
        ...Array.from({ length: Math.floor(random() * 6) }, () =>
          email(types[Math.floor(random() * types.length)]!, isoDate(start + Math.floor(random() * 60))),
        ),
      );
    for (let run = 0; run < 300; run++) {
      const before = { a: randomPlan(), b: randomPlan() };
      const windowDays = Math.floor(random() * 10);
      const { a, b } = merge(before.a, before.b, windowDays);
      // Every email is either still planned or skipped for the household; none appears twice or is lost.
      expect(a.planned.length + a.skipped.length).toBe(before.a.planned.length);
      expect(b.planned.length + b.skipped.length).toBe(before.b.planned.length);
      // Each covered email names a lead on the other side, sent on or before it and within the window.
      for (const [mine, theirs] of [
        [a, b],
        [b, a],
      ] as const) {
        for (const skip of mine.skipped) {
          const leadDate = skip.skipReason.slice(-10);
          const lead = theirs.planned.find(
            (e) =>
              e.sendDate === leadDate &&
              (e.metadata?.household as { covers: { emailType: string; date: string }[] } | undefined)?.covers.some(
                (c) => c.emailType === skip.emailType && c.date === skip.date,
              ),
          );
          expect(lead).toBeDefined();
          const gap = dayNumber(skip.date) - dayNumber(leadDate);
          expect(gap >= 0 && gap <= windowDays).toBe(true);
        }
      }
    }
  });
});

describe("the planner and a household email to the partner", () => {
  const base = (householdCovered?: { emailType: string; date: string }[]): PlanInput => ({
    contact: { ...TEXAS_CONTACT, id: B },
    organization: LIVE_ORGANIZATION,
    stateRule: null,
    history: { sent: [], clicks: [], health: null, ...(householdCovered ? { householdCovered } : {}) },
    rateIncreases: [],
    // Three days after B's birthday email day (06-17): without the household email it would be caught up.
    now: new Date("2026-06-20T15:00:00Z"),
  });

  test("a covered email is not caught up after its day, and counts toward no frequency cap", () => {
    const alone = planContactEmails(base());
    expect(alone.planned.filter((e) => e.emailType === "birthday" && e.sendDate < "2027-01-01")).toHaveLength(1);
    expect(alone.planned.find((e) => e.emailType === "birthday")!.metadata).toMatchObject({ catchUp: true });

    const covered = planContactEmails(base([{ emailType: "birthday", date: "2026-06-17" }]));
    expect(covered.planned.filter((e) => e.emailType === "birthday" && e.sendDate < "2027-01-01")).toEqual([]);
    expect(covered.capHistory).toEqual([]);
  });

  test("a household email covers only the type it names", () => {
    const covered = planContactEmails(base([{ emailType: "aep", date: "2026-06-17" }]));
    expect(covered.planned.find((e) => e.emailType === "birthday")!.metadata).toMatchObject({ catchUp: true });
  });
});
