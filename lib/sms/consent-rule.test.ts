import { smsConsentDecision, smsConsentFromEvents, type SmsConsentEvent } from "@/lib/sms/consent-rule";

const ORG = "org-a";
const OTHER_ORG = "org-b";
const PHONE = "5125550100";
const T = (minute: number) => new Date(Date.UTC(2026, 5, 1, 12, minute));

const consent = (minute: number, extra: Partial<SmsConsentEvent> = {}): SmsConsentEvent => ({
  organizationId: ORG,
  channel: "sms",
  action: "opt_in",
  occurredAt: T(minute),
  phoneNumber: PHONE,
  consentText: "Yes, Sunrise Insurance may text me quotes. Msg & data rates may apply. Reply STOP to opt out.",
  ...extra,
});
const keyword = (minute: number, action: "opt_out" | "resubscribe", extra: Partial<SmsConsentEvent> = {}) =>
  consent(minute, { action, consentText: null, ...extra });

const decide = (events: SmsConsentEvent[], phoneNumber: string | null = PHONE) =>
  smsConsentFromEvents({ organizationId: ORG, phoneNumber, events });

describe("may this contact be texted", () => {
  test.each<[string, SmsConsentEvent[], boolean, string]>([
    ["no event", [], false, "no_consent"],
    ["express consent", [consent(1)], true, "consented"],
    ["STOP after consent", [consent(1), keyword(2, "opt_out")], false, "opted_out"],
    ["START after STOP", [consent(1), keyword(2, "opt_out"), keyword(3, "resubscribe")], true, "consented"],
    ["a new consent after STOP", [consent(1), keyword(2, "opt_out"), consent(3)], true, "consented"],
    [
      "STOP, START, STOP",
      [consent(1), keyword(2, "opt_out"), keyword(3, "resubscribe"), keyword(4, "opt_out")],
      false,
      "opted_out",
    ],
    ["START without any consent before", [keyword(1, "resubscribe")], false, "no_consent"],
    ["START, then STOP, without consent", [keyword(1, "resubscribe"), keyword(2, "opt_out")], false, "opted_out"],
    ["an opt_in without the consent text", [consent(1, { consentText: "  " })], false, "no_consent"],
    ["an email opt_in", [consent(1, { channel: "email" })], false, "no_consent"],
    [
      "an email unsubscribe does not stop texts",
      [consent(1), keyword(2, "opt_out", { channel: "email" })],
      true,
      "consented",
    ],
    ["another organization's consent", [consent(1, { organizationId: OTHER_ORG })], false, "no_consent"],
    [
      "another organization's STOP",
      [consent(1), keyword(2, "opt_out", { organizationId: OTHER_ORG })],
      true,
      "consented",
    ],
    [
      "another organization's START",
      [consent(1), keyword(2, "opt_out"), keyword(3, "resubscribe", { organizationId: OTHER_ORG })],
      false,
      "opted_out",
    ],
    ["consent for the contact's old number", [consent(1, { phoneNumber: "5125550199" })], false, "no_consent"],
    ["the latest wins whatever the order given", [keyword(2, "opt_out"), consent(1)], false, "opted_out"],
  ])("%s", (_name, events, allowed, reason) => {
    expect(decide(events)).toMatchObject({ allowed, reason });
  });

  it("says since when", () => {
    expect(decide([consent(1), keyword(5, "opt_out")]).since).toEqual(T(5));
    expect(decide([]).since).toBeNull();
  });

  test.each([null, "", "512555010", "15125550100"])("no 10-digit number (%j): never", (phone) => {
    expect(decide([consent(1, { phoneNumber: phone })], phone)).toEqual({
      allowed: false,
      reason: "no_phone",
      since: null,
    });
  });
});

describe("smsConsentDecision: what decided, and the words in force", () => {
  const decision = (events: SmsConsentEvent[]) =>
    smsConsentDecision({ organizationId: ORG, phoneNumber: PHONE, events });

  it("after START the deciding event is the START, and the words are the consent STOP took away", () => {
    const first = consent(1, { consentText: "The first words agreed to, in full." });
    const start = keyword(3, "resubscribe");
    expect(decision([first, keyword(2, "opt_out"), start])).toEqual({
      state: { allowed: true, reason: "consented", since: T(3) },
      decidedBy: start,
      consentInForce: first,
    });
  });

  it("a START without an earlier consent decides nothing; opted out has no words in force", () => {
    expect(decision([keyword(1, "resubscribe")])).toEqual({
      state: { allowed: false, reason: "no_consent", since: null },
      decidedBy: null,
      consentInForce: null,
    });
    const stop = keyword(2, "opt_out");
    expect(decision([consent(1), stop])).toMatchObject({ decidedBy: stop, consentInForce: null });
  });
});
