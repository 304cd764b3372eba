import { decideTextSend, textedEmailType, TEXT_CANCEL_REASONS, withTextRows } from "@/lib/outreach/text-rows";
import type { DesiredRow } from "@/lib/outreach/rules";
import type { SmsConsent } from "@/lib/sms/consent-rule";

const row = (emailType: string, sendAt: string, status: DesiredRow["status"] = "pending"): DesiredRow => ({
  emailType,
  sendDate: sendAt.slice(0, 10) as DesiredRow["sendDate"],
  status,
  skipReason: status === "skipped" ? "Frequency limit exceeded" : null,
  priority: 10,
  eventDate: "2027-03-15" as DesiredRow["eventDate"],
  scheduledSendAt: new Date(sendAt),
  sendMode: "production",
  parentEmailId: "00000000-0000-4000-8000-000000000001",
  metadata: { household: { partnerId: "x" } },
});
const CENTRAL = ["America/Chicago"];
const PACIFIC = ["America/Los_Angeles"];
const consented: SmsConsent = { allowed: true, reason: "consented", since: new Date("2026-01-01T00:00:00Z") };

describe("withTextRows", () => {
  it("adds one text beside each pending quote-moment email, same day and priority, without the email's links", () => {
    const rows = [row("birthday", "2027-03-01T15:00:00Z"), row("followup_1_cold", "2027-03-03T15:00:00Z")];
    const out = withTextRows(rows, CENTRAL);
    expect(out.slice(0, 2)).toEqual(rows);
    expect(out.slice(2)).toEqual([{ ...rows[0], emailType: "sms_birthday", parentEmailId: null, metadata: null }]);
  });

  it("texts no skipped email, no follow-up, no welcome", () => {
    const rows = [
      row("aep", "2027-10-01T14:00:00Z", "skipped"),
      row("initial_blast", "2027-01-01T15:00:00Z"),
      row("followup_2_clicked_no_hq", "2027-01-03T15:00:00Z"),
    ];
    expect(withTextRows(rows, CENTRAL)).toEqual(rows);
  });

  it("moves a text out of the contact's quiet hours: 9:00 in Chicago is 7:00 in Los Angeles, so 8:00 there", () => {
    const [, text] = withTextRows([row("effective_date", "2027-03-01T15:00:00Z")], PACIFIC);
    expect(text!.scheduledSendAt.toISOString()).toBe("2027-03-01T16:00:00.000Z");
    expect(text!.sendDate).toBe("2027-03-01");
  });

  it("names the email type a text stands for, and nothing else", () => {
    expect(textedEmailType("sms_rate_increase")).toBe("rate_increase");
    expect(textedEmailType("rate_increase")).toBeNull();
    expect(textedEmailType("sms_followup_1_cold")).toBeNull();
  });
});

describe("decideTextSend", () => {
  const base = {
    optedOut: false,
    smsEnabled: true,
    consent: consented,
    sendMode: "production" as const,
    agentPhone: null,
    now: new Date("2027-03-01T16:00:00Z"), // 10:00 in Chicago
    timeZones: CENTRAL,
  };

  it("sends to a consenting contact in the day", () => {
    expect(decideTextSend(base)).toEqual({ kind: "send" });
  });

  it("cancels for an opt-out, the switch off, or no consent, each with its reason", () => {
    expect(decideTextSend({ ...base, optedOut: true })).toEqual({
      kind: "cancel",
      reason: TEXT_CANCEL_REASONS.optedOut,
    });
    expect(decideTextSend({ ...base, smsEnabled: false })).toEqual({
      kind: "cancel",
      reason: TEXT_CANCEL_REASONS.smsOff,
    });
    expect(decideTextSend({ ...base, consent: { allowed: false, reason: "opted_out", since: base.now } })).toEqual({
      kind: "cancel",
      reason: TEXT_CANCEL_REASONS.stopped,
    });
    expect(decideTextSend({ ...base, consent: { allowed: false, reason: "no_consent", since: null } })).toEqual({
      kind: "cancel",
      reason: TEXT_CANCEL_REASONS.noConsent,
    });
    expect(decideTextSend({ ...base, consent: { allowed: false, reason: "no_phone", since: null } })).toEqual({
      kind: "cancel",
      reason: TEXT_CANCEL_REASONS.noPhone,
    });
  });

  it("defers a text claimed at night until 8:00 in the contact's zone", () => {
    const night = new Date("2027-03-02T04:30:00Z"); // 22:30 in Chicago
    expect(decideTextSend({ ...base, now: night })).toEqual({ kind: "defer", until: new Date("2027-03-02T14:00:00Z") });
  });

  it("in a trial sends the test copy to the agent's phone, and cancels without one", () => {
    expect(decideTextSend({ ...base, sendMode: "test", agentPhone: "(512) 555-0199" })).toEqual({
      kind: "send",
      testNumber: "+15125550199",
    });
    expect(decideTextSend({ ...base, sendMode: "test", agentPhone: "555-01" })).toEqual({
      kind: "cancel",
      reason: TEXT_CANCEL_REASONS.noTestPhone,
    });
  });
});
