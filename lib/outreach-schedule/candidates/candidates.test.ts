import { dayNumber, isoDate } from "@/lib/outreach-schedule/calendar";
import { LIVE_ORGANIZATION, TEXAS_CONTACT } from "@/lib/outreach-schedule/testing";
import { aepCandidates } from "@/lib/outreach-schedule/candidates/aep";
import { birthdayCandidates } from "@/lib/outreach-schedule/candidates/birthday";
import type { CandidateContext } from "@/lib/outreach-schedule/candidates/candidate";
import { anniversaryCandidates } from "@/lib/outreach-schedule/candidates/effective-date";
import { failedUnderwritingCandidates } from "@/lib/outreach-schedule/candidates/failed-underwriting";
import { followUpCandidates } from "@/lib/outreach-schedule/candidates/follow-ups";
import { postWindowCandidates } from "@/lib/outreach-schedule/candidates/post-window";
import { rateIncreaseCandidates } from "@/lib/outreach-schedule/candidates/rate-increase";
import { goLiveWelcomeCandidates, initialBlastCandidates } from "@/lib/outreach-schedule/candidates/welcome";
import { contactGates, SKIP_REASONS } from "@/lib/outreach-schedule/gates";
import type { PlanContact, PlanOrganization } from "@/lib/outreach-schedule/types";

/** Today is 2026-03-01; the generators look at 2025 through 2028. */
const TODAY = dayNumber("2026-03-01");
const dates = (days: number[]) => days.map(isoDate);

function ctx(contact: Partial<PlanContact> = {}, organization: Partial<PlanOrganization> = {}): CandidateContext {
  return {
    contact: { ...TEXAS_CONTACT, currentCarrierNaic: "111", ...contact },
    organization: { ...LIVE_ORGANIZATION, failedUnderwriting: { enabled: true, timing: "birthday" }, ...organization },
    timeZone: "America/Chicago",
    today: TODAY,
    firstYear: 2025,
    lastYear: 2028,
  };
}

describe("birthdayCandidates", () => {
  it("proposes each birthday of the years looked at, 14 days before by default, the organization's lead otherwise", () => {
    expect(dates(birthdayCandidates(ctx()).map((c) => c.idealDay))).toEqual([
      "2025-06-17",
      "2026-06-17",
      "2027-06-17",
      "2028-06-17",
    ]);
    expect(
      birthdayCandidates(ctx()).map((c) => [c.emailType, isoDate(c.eventDay!), isoDate(c.deadlineDay)])[0],
    ).toEqual(["birthday", "2025-07-01", "2025-07-01"]);
    expect(dates(birthdayCandidates(ctx({}, { birthdayDaysBefore: 30 })).map((c) => c.idealDay))[0]).toBe("2025-06-01");
  });

  it("none without a birth date, and never for the day of birth itself", () => {
    expect(birthdayCandidates(ctx({ birthDate: null }))).toEqual([]);
    expect(dates(birthdayCandidates(ctx({ birthDate: "2026-05-10" })).map((c) => c.eventDay!))).toEqual([
      "2027-05-10",
      "2028-05-10",
    ]);
  });
});

describe("anniversaryCandidates", () => {
  it("proposes each policy anniversary 30 days before; those the outreach delay has not reached carry the skip reason", () => {
    const candidates = anniversaryCandidates(
      ctx({ effectiveDate: "2025-04-15" }, { effectiveDateOutreachDelayMonths: 23 }),
    );
    expect(candidates.map((c) => [isoDate(c.idealDay), c.metadata])).toEqual([
      ["2026-03-16", { anniversary: 1, skip: SKIP_REASONS.effectiveDateWindow(23) }],
      ["2027-03-16", { anniversary: 2 }],
      ["2028-03-16", { anniversary: 3 }],
    ]);
  });

  it("the failed-underwriting variant ignores the delay; none without an effective date", () => {
    expect(
      anniversaryCandidates(
        ctx({ effectiveDate: "2025-04-15" }, { effectiveDateOutreachDelayMonths: 23 }),
        "failed_underwriting",
        false,
      )[0]!.metadata,
    ).toEqual({ anniversary: 1 });
    expect(anniversaryCandidates(ctx())).toEqual([]);
  });
});

describe("aepCandidates", () => {
  it("one fixed September day per contact each year, about AEP opening on October 15, sent by September 30", () => {
    const [first, second] = aepCandidates(ctx());
    expect(isoDate(first!.idealDay).slice(0, 7)).toBe("2025-09");
    expect(second!.idealDay - first!.idealDay).toBe(365);
    expect([isoDate(first!.earliestDay), isoDate(first!.eventDay!), isoDate(first!.deadlineDay)]).toEqual([
      "2025-09-01",
      "2025-10-15",
      "2025-09-30",
    ]);
    expect(aepCandidates(ctx()).map((c) => c.idealDay)).toEqual(aepCandidates(ctx()).map((c) => c.idealDay));
  });
});

describe("rateIncreaseCandidates", () => {
  it("14 days before an increase of the contact's carrier (or its group) in its state, once per date", () => {
    const increases = [
      { carrierNaic: "111", state: "TX", increaseDate: "2026-06-01" },
      { carrierNaic: "222", carrierGroup: "111", state: "TX", increaseDate: "2026-06-01" },
      { carrierNaic: "222", carrierGroup: "111", state: "TX", increaseDate: "2027-01-01" },
      { carrierNaic: "111", state: "CA", increaseDate: "2026-07-01" },
      { carrierNaic: "333", state: "TX", increaseDate: "2026-08-01" },
    ];
    expect(rateIncreaseCandidates(ctx(), increases).map((c) => [isoDate(c.idealDay), c.metadata])).toEqual([
      ["2026-05-18", { carrierNaic: "111" }],
      ["2026-12-18", { carrierNaic: "222" }],
    ]);
  });
});

describe("initialBlastCandidates / goLiveWelcomeCandidates", () => {
  const wentLiveAt = new Date("2026-02-01T15:00:00Z");

  it("a contact added after go-live (or in a trial) gets the blast, 72 hours after it was added, on one of 3 days", () => {
    const [blast] = initialBlastCandidates(ctx({ createdAt: new Date("2026-02-20T15:00:00Z") }, { wentLiveAt }));
    expect(blast).toMatchObject({ emailType: "initial_blast", once: true, earliestDay: dayNumber("2026-02-24") });
    expect(blast!.idealDay - blast!.earliestDay).toBeLessThan(3);
    expect(goLiveWelcomeCandidates(ctx({ createdAt: new Date("2026-02-20T15:00:00Z") }, { wentLiveAt }))).toEqual([]);
    expect(initialBlastCandidates(ctx({}, { wentLiveAt: null }))).toHaveLength(1);
  });

  it("a contact added before go-live gets the welcome, within 30 days of it, and no blast", () => {
    expect(initialBlastCandidates(ctx({}, { wentLiveAt }))).toEqual([]);
    const [welcome] = goLiveWelcomeCandidates(ctx({}, { wentLiveAt }));
    // Live at 09:00 in Chicago, after the day's 08:30 send time: the spread starts the next day.
    expect(welcome).toMatchObject({ emailType: "go_live_welcome", once: true, earliestDay: dayNumber("2026-02-02") });
    expect(welcome!.idealDay - welcome!.earliestDay).toBeLessThan(30);
  });
});

describe("failedUnderwritingCandidates", () => {
  it("at the chosen timing, at most one a year even when several increases are filed", () => {
    const increases = ["2026-05-01", "2026-09-01", "2027-02-01"].map((increaseDate) => ({
      carrierNaic: "111",
      state: "TX",
      increaseDate,
    }));
    const candidates = failedUnderwritingCandidates(
      ctx({}, { failedUnderwriting: { enabled: true, timing: "schedule_increase" } }),
      increases,
    );
    expect(candidates.map((c) => [c.emailType, isoDate(c.eventDay!)])).toEqual([
      ["failed_underwriting", "2026-05-01"],
      ["failed_underwriting", "2027-02-01"],
    ]);
    expect(failedUnderwritingCandidates(ctx(), []).map((c) => isoDate(c.eventDay!))).toEqual([
      "2025-07-01",
      "2026-07-01",
      "2027-07-01",
      "2028-07-01",
    ]);
    expect(
      failedUnderwritingCandidates(ctx({}, { failedUnderwriting: { enabled: true, timing: "pre_aep" } }), []).every(
        (c) => isoDate(c.idealDay).slice(5, 7) === "09",
      ),
    ).toBe(true);
  });
});

describe("followUpCandidates", () => {
  const sent = (id: string, emailType: string, date: string) => ({
    id,
    emailType,
    sentDate: date,
    day: dayNumber(date),
  });
  const none = { clicks: [], health: null };

  it("2 days after an initial email of the last 35 days, by what the contact did since", () => {
    const parent = sent("e1", "birthday", "2026-02-20");
    expect(
      followUpCandidates({ today: TODAY }, [parent], none).map((c) => [
        c.emailType,
        isoDate(c.idealDay),
        c.parentEmailId,
      ]),
    ).toEqual([["followup_1_cold", "2026-02-22", "e1"]]);
    expect(
      followUpCandidates({ today: TODAY }, [parent], {
        clicks: [{ date: "2026-02-21", scheduledEmailId: "e1" }],
        health: null,
      })[0]!.emailType,
    ).toBe("followup_2_clicked_no_hq");
    expect(
      followUpCandidates({ today: TODAY }, [parent], {
        clicks: [],
        health: { date: "2026-02-21", hasConditions: false },
      })[0]!.emailType,
    ).toBe("followup_3_hq_no_yes");
    expect(
      followUpCandidates({ today: TODAY }, [parent], {
        clicks: [],
        health: { date: "2026-02-21", hasConditions: true },
      })[0]!.emailType,
    ).toBe("followup_4_hq_with_yes");
  });

  it("none for an email already followed up, one older than 35 days, or one that is not an initial email", () => {
    expect(
      followUpCandidates(
        { today: TODAY },
        [sent("e1", "birthday", "2026-02-20"), sent("f1", "followup_1_cold", "2026-02-22")],
        none,
      ),
    ).toEqual([]);
    expect(followUpCandidates({ today: TODAY }, [sent("e1", "birthday", "2026-01-20")], none)).toEqual([]);
    expect(followUpCandidates({ today: TODAY }, [sent("e1", "failed_underwriting", "2026-02-20")], none)).toEqual([]);
  });
});

describe("postWindowCandidates", () => {
  it("the day after each window that swallowed an email, naming what it replaces; none after an endless window", () => {
    const window = (closes: number) => ({
      opens: closes - 90,
      closes,
      reason: "Birthday exclusion window for CA",
      kind: "birthday" as const,
    });
    const closes = dayNumber("2026-08-29");
    const candidates = postWindowCandidates([
      { candidate: { emailType: "birthday" }, window: window(closes) },
      { candidate: { emailType: "aep" }, window: window(closes) },
      { candidate: { emailType: "effective_date" }, window: null },
      {
        candidate: { emailType: "aep" },
        window: { opens: -Infinity, closes: Infinity, reason: "Year-round exclusion for NY", kind: "year_round" },
      },
    ]);
    expect(candidates.map((c) => [c.emailType, isoDate(c.idealDay), c.metadata])).toEqual([
      ["post_window", "2026-08-30", { replaces: ["aep", "birthday"] }],
    ]);
  });
});

describe("contactGates", () => {
  const org = ctx().organization;
  const contact = ctx().contact;
  const noHealth = { health: null };
  const birthday = { emailType: "birthday" as const };

  it("no state (when the organization requires one), then the licensed states of the organization and the agent", () => {
    expect(
      contactGates(
        { ...contact, state: null },
        { ...org, sendWithoutZipcodeForUniversal: false },
        noHealth,
      )(birthday, TODAY),
    ).toBe(SKIP_REASONS.noState);
    expect(contactGates({ ...contact, state: null }, org, noHealth)(birthday, TODAY)).toBeNull();
    expect(contactGates(contact, { ...org, stateLicenses: ["CA"] }, noHealth)(birthday, TODAY)).toBe(
      SKIP_REASONS.notLicensed("TX"),
    );
    expect(contactGates({ ...contact, agentStateLicenses: ["FL"] }, org, noHealth)(birthday, TODAY)).toBe(
      SKIP_REASONS.notLicensed("TX"),
    );
    expect(
      contactGates(
        { ...contact, agentStateLicenses: ["tx"] },
        { ...org, stateLicenses: ["TX"] },
        noHealth,
      )(birthday, TODAY),
    ).toBeNull();
  });

  it("failed underwriting: the marketing emails give way to the annual one, which SmartSend keeps to its states", () => {
    const failed = { health: { date: "2026-01-01", hasConditions: true } };
    expect(contactGates(contact, org, failed)(birthday, TODAY)).toBe(SKIP_REASONS.failedUnderwritingAnnual);
    expect(
      contactGates(
        contact,
        { ...org, failedUnderwriting: { enabled: false, timing: "birthday" }, excludeFailedUnderwritingGlobal: true },
        failed,
      )(birthday, TODAY),
    ).toBe(SKIP_REASONS.failedUnderwritingExcluded);
    expect(
      contactGates(
        contact,
        { ...org, failedUnderwriting: { enabled: false, timing: "birthday" }, excludeFailedUnderwritingGlobal: true },
        failed,
      )({ emailType: "aep" }, TODAY),
    ).toBeNull();
    const smartSend = {
      ...org,
      failedUnderwriting: { enabled: true, timing: "birthday" as const, smartSendStates: ["CA"] },
    };
    expect(contactGates(contact, smartSend, failed)({ emailType: "failed_underwriting" }, TODAY)).toBe(
      SKIP_REASONS.smartSendNoGuaranteedIssue("TX"),
    );
    expect(
      contactGates({ ...contact, state: "CA" }, smartSend, failed)({ emailType: "failed_underwriting" }, TODAY),
    ).toBeNull();
  });

  it("nothing but the effective-date email while the policy is younger than the delay; a candidate's own skip reason wins", () => {
    const gates = contactGates({ ...contact, effectiveDate: "2026-01-15" }, org, noHealth);
    expect(gates(birthday, dayNumber("2026-12-14"))).toBe(SKIP_REASONS.effectiveDateWindow(11));
    expect(gates(birthday, dayNumber("2026-12-15"))).toBeNull();
    expect(gates({ emailType: "effective_date" }, TODAY)).toBeNull();
    expect(gates({ emailType: "effective_date", metadata: { skip: "own reason" } }, TODAY)).toBe("own reason");
  });
});
