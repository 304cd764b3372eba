import { balanceDailyLoad, dailyCapFor, sizeProfileFor } from "@/lib/outreach-schedule/balance";
import { dayNumber, isoDate } from "@/lib/outreach-schedule/calendar";
import { applyFrequencyLimit, fitsFrequencyLimit } from "@/lib/outreach-schedule/frequency";
import type { ContactPlan, EmailType, PlannedEmail } from "@/lib/outreach-schedule/types";

const now = new Date("2026-05-01T15:00:00Z"); // 10:00 in Chicago, May 1
const email = (
  emailType: EmailType,
  sendDate: string,
  movable: [string, string] | null,
  priority = 20,
): PlannedEmail => ({
  emailType,
  sendDate,
  priority,
  eventDate: null,
  ...(movable ? { movableWithin: { from: movable[0], to: movable[1] } } : {}),
});
const contactPlan = (contactId: string, planned: PlannedEmail[], capHistory: string[] = []): ContactPlan => ({
  contactId,
  plan: { planned, skipped: [], capHistory },
});
const perDay = (plans: ContactPlan[]) => {
  const counts = new Map<string, number>();
  for (const { plan } of plans) for (const e of plan.planned) counts.set(e.sendDate, (counts.get(e.sendDate) ?? 0) + 1);
  return counts;
};

describe("daily cap by organization size (REC: domain-rules A.8 size profiles)", () => {
  test.each([
    [30, "small", 20], // 20% would be 6: the floor of 20
    [303, "small", 61],
    [9_999, "small", 2_000],
    [10_000, "medium", 1_000],
    [99_999, "medium", 10_000],
    [100_000, "large", 7_000],
    [500_000, "enterprise", 25_000],
  ])("%i contacts → %s, %i a day", (contacts, profile, cap) => {
    expect(sizeProfileFor(contacts).name).toBe(profile);
    expect(dailyCapFor(contacts)).toBe(cap);
  });
});

describe("balanceDailyLoad", () => {
  test("a day over cap × 1.2 keeps its most important emails; the rest move to the next days with room", () => {
    const plans = Array.from({ length: 60 }, (_, i) =>
      contactPlan(`c${String(i).padStart(2, "0")}`, [
        email(i < 5 ? "birthday" : "go_live_welcome", "2026-05-10", ["2026-05-03", "2026-05-17"], i < 5 ? 10 : 35),
      ]),
    );
    const balanced = balanceDailyLoad(plans, { now, dailyCap: 20 });
    const load = perDay(balanced);
    expect(load.get("2026-05-10")).toBe(20);
    expect(load.get("2026-05-11")).toBe(20);
    expect(load.get("2026-05-12")).toBe(20);
    // The birthday emails (priority 10) stay on their day.
    expect(balanced.slice(0, 5).every(({ plan }) => plan.planned[0]!.sendDate === "2026-05-10")).toBe(true);
    expect(balanceDailyLoad(plans, { now, dailyCap: 20 })).toEqual(balanced);
  });

  test("a day within cap × 1.2 is left alone, and emails without a movable range never move", () => {
    const within = Array.from({ length: 24 }, (_, i) =>
      contactPlan(`c${i}`, [email("aep", "2026-09-10", ["2026-09-03", "2026-09-17"])]),
    );
    expect(balanceDailyLoad(within, { now, dailyCap: 20 })).toEqual(within);
    const fixed = Array.from({ length: 40 }, (_, i) => contactPlan(`c${i}`, [email("aep", "2026-09-10", null)]));
    expect(perDay(balanceDailyLoad(fixed, { now, dailyCap: 20 })).get("2026-09-10")).toBe(40);
  });

  test("effective-date smoothing: a cluster on the 1st spreads by a deterministic jitter of −1 … +1 (small profile)", () => {
    const plans = Array.from({ length: 300 }, (_, i) =>
      contactPlan(`contact-${i}`, [email("effective_date", "2026-06-01", ["2026-05-25", "2026-06-01"])]),
    );
    const balanced = balanceDailyLoad(plans, { now, contactCount: 300, dailyCap: 1_000 });
    const load = perDay(balanced);
    // Only earlier days are allowed here (the anniversary is the last day), so the +1 jitter stays.
    expect([...load.keys()].sort()).toEqual(["2026-05-31", "2026-06-01"]);
    expect(load.get("2026-05-31")).toBeGreaterThan(50);
    expect(balanceDailyLoad(plans, { now, contactCount: 300, dailyCap: 1_000 })).toEqual(balanced);
  });

  test("a day under the effective-date soft limit is not smoothed", () => {
    const plans = Array.from({ length: 10 }, (_, i) =>
      contactPlan(`contact-${i}`, [email("effective_date", "2026-06-01", ["2026-05-25", "2026-06-01"])]),
    );
    expect(balanceDailyLoad(plans, { now, contactCount: 300 })).toEqual(plans);
  });

  test("past-due emails go to a fixed day of the next 7, the same when re-balanced tomorrow", () => {
    const plans = Array.from({ length: 70 }, (_, i) =>
      contactPlan(`late-${i}`, [email("initial_blast", "2026-04-28", ["2026-04-28", "2026-05-20"])]),
    );
    const balanced = balanceDailyLoad(plans, { now, dailyCap: 1_000 });
    const days = balanced.map(({ plan }) => plan.planned[0]!.sendDate);
    expect(days.every((d) => d >= "2026-05-01" && d <= "2026-05-07")).toBe(true);
    expect(new Set(days).size).toBe(7);
    const tomorrow = balanceDailyLoad(plans, { now: new Date("2026-05-02T15:00:00Z"), dailyCap: 1_000 });
    balanced.forEach(({ plan }, i) => {
      if (plan.planned[0]!.sendDate > "2026-05-01")
        expect(tomorrow[i]!.plan.planned[0]!.sendDate).toBe(plan.planned[0]!.sendDate);
    });
  });

  test("a move never breaks the contact's frequency cap", () => {
    // 09-10 is over cap (fixed emails of others) and 09-11 is full. From 09-12 to 10-11 the contact
    // already has 3 emails (one sent, two planned), so its AEP email cannot go there: it stays.
    const fixedCrowd = [
      ...Array.from({ length: 60 }, (_, i) => contactPlan(`a${i}`, [email("aep", "2026-09-10", null, 10)])),
      ...Array.from({ length: 20 }, (_, i) => contactPlan(`b${i}`, [email("aep", "2026-09-11", null, 10)])),
    ];
    const busyPlan = (planned: PlannedEmail[], sent: string[]) =>
      contactPlan("busy", [email("aep", "2026-09-10", ["2026-09-10", "2026-09-30"], 30), ...planned], sent);
    const busy = busyPlan(
      [email("birthday", "2026-10-09", null, 10), email("post_window", "2026-10-11", null, 40)],
      ["2026-09-12"],
    );
    const stays = balanceDailyLoad([busy, ...fixedCrowd], { now, dailyCap: 20 });
    expect(stays[0]!.plan.planned.find((e) => e.emailType === "aep")!.sendDate).toBe("2026-09-10");
    const free = balanceDailyLoad([busyPlan([], []), ...fixedCrowd], { now, dailyCap: 20 });
    expect(free[0]!.plan.planned.find((e) => e.emailType === "aep")!.sendDate).toBe("2026-09-12");
  });

  test("follow-ups are not counted against the cap when they move", () => {
    const crowd = Array.from({ length: 60 }, (_, i) => contactPlan(`a${i}`, [email("aep", "2026-09-10", null, 10)]));
    const plan = contactPlan(
      "f",
      [email("followup_1_cold", "2026-09-10", ["2026-09-10", "2026-09-12"], 50)],
      ["2026-09-11", "2026-09-01", "2026-09-05"],
    );
    expect(balanceDailyLoad([plan, ...crowd], { now, dailyCap: 20 })[0]!.plan.planned[0]!.sendDate).toBe("2026-09-11");
  });
});

describe("frequency limit", () => {
  test.each([
    [["2026-01-01", "2026-01-10", "2026-01-20"], "2026-01-30", false], // 4 in Jan 1 … Jan 30
    [["2026-01-01", "2026-01-10", "2026-01-20"], "2026-01-31", true],
    [["2026-01-10", "2026-01-20", "2026-01-30"], "2026-01-01", false], // counts forward too
    [["2026-01-10", "2026-01-20", "2026-01-31"], "2026-01-01", true],
    [["2026-01-10", "2026-01-20"], "2026-01-15", true],
  ])("sent %j, candidate %s fits=%s", (sent, day, fits) => {
    expect(fitsFrequencyLimit(sent.map(dayNumber), dayNumber(day), { max: 3, periodDays: 30 })).toBe(fits);
  });

  test("priority order, then date; a taken day is a priority conflict", () => {
    const reasons = applyFrequencyLimit(
      [
        { day: dayNumber("2026-03-05"), priority: 30, order: 0 },
        { day: dayNumber("2026-03-20"), priority: 10, order: 1 },
        { day: dayNumber("2026-03-20"), priority: 20, order: 2 },
      ],
      [dayNumber("2026-03-01"), dayNumber("2026-03-02")],
      { max: 3, periodDays: 30 },
      isoDate,
    );
    expect(reasons).toEqual(["Frequency limit exceeded", null, "Priority conflict on 2026-03-20"]);
  });
});
