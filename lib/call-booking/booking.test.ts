import {
  followUpKind,
  normalizeBookingUrl,
  OUTCOME_TEXT,
  scheduleOptions,
  scheduleOutcome,
  selfOnboardingHref,
  usesOrgDetails,
  type ScheduleParties,
} from "@/lib/call-booking/booking";

describe("scheduleOutcome and its texts", () => {
  it.each<[unknown, string]>([
    ["accept", "accept"],
    ["decline", "decline"],
    [undefined, "generic"],
    ["", "generic"],
    ["ACCEPT", "generic"],
    ["other", "generic"],
    [["accept"], "generic"],
  ])("status %p is the %s page", (status, outcome) => {
    expect(scheduleOutcome(status)).toBe(outcome);
  });

  it("stores accept, decline and anything else as accept, decline and general", () => {
    expect(followUpKind("accept")).toBe("accept");
    expect(followUpKind("decline")).toBe("decline");
    expect(followUpKind("generic")).toBe("general");
  });

  it("titles and headings per outcome (domain-rules C)", () => {
    expect(OUTCOME_TEXT.accept).toMatchObject({ title: "Good News!", heading: "Good News!" });
    expect(OUTCOME_TEXT.accept.message).toMatch(/good candidate to switch plans/);
    expect(OUTCOME_TEXT.decline).toMatchObject({
      title: "Medicare Advantage Follow-up",
      heading: "Here are some options...",
    });
    expect(OUTCOME_TEXT.decline.message).toMatch(/Medicare Advantage Plan may be a better fit/);
    expect(OUTCOME_TEXT.generic).toMatchObject({ title: "Let's Connect", heading: "Let's Connect" });
    expect(OUTCOME_TEXT.generic.message).toMatch(/schedule a follow-up call/);
  });
});

describe("normalizeBookingUrl", () => {
  it.each([
    ["https://calendly.com/alex", "https://calendly.com/alex"],
    ["http://calendly.com/alex", "http://calendly.com/alex"],
    ["HTTPS://Calendly.com/alex", "https://calendly.com/alex"],
    ["calendly.com/alex", "https://calendly.com/alex"],
    ["  www.example.com/book/sample-agency  ", "https://www.example.com/book/sample-agency"],
    ["example.com:8443/book", "https://example.com:8443/book"],
    ["", null],
    ["   ", null],
    [null, null],
    [undefined, null],
    ["javascript:alert(1)", null],
    ["mailto:agent@example.com", null],
    ["data:text/html,hi", null],
    ["not a url", null],
    ["book", null],
  ])("%p → %p", (input, expected) => {
    expect(normalizeBookingUrl(input)).toBe(expected);
  });
});

const on = { calendarEnabled: true, phoneEnabled: true, callbackEnabled: true };
const agent = { firstName: "Alex", phone: "5125550101", bookingLink: "calendly.com/alex", useOrgSenderDetails: false };
const org = { phone: "5125550100", redirectUrl: "www.example.com/book", contactPreferences: on };
const parties = (overrides: Partial<ScheduleParties> = {}): ScheduleParties => ({
  forceOrgSenderDetails: false,
  agent,
  organization: org,
  ...overrides,
});

describe("scheduleOptions: booking link and phone button rules", () => {
  it.each<[string, ScheduleParties, ReturnType<typeof scheduleOptions>]>([
    [
      "agent speaks: the agent's booking link and phone",
      parties(),
      {
        calendar: { url: "https://calendly.com/alex", label: "Schedule a Call with Alex" },
        phone: { href: "tel:+15125550101", label: "Give Alex a call: (512) 555-0101" },
        callback: true,
      },
    ],
    [
      "the organization forces its details: its redirect URL (https added) and its phone",
      parties({ forceOrgSenderDetails: true }),
      {
        calendar: { url: "https://www.example.com/book", label: "Schedule a Call" },
        phone: { href: "tel:+15125550100", label: "Call Now: (512) 555-0100" },
        callback: true,
      },
    ],
    [
      "the agent chose the organization's details",
      parties({ agent: { ...agent, useOrgSenderDetails: true } }),
      {
        calendar: { url: "https://www.example.com/book", label: "Schedule a Call" },
        phone: { href: "tel:+15125550100", label: "Call Now: (512) 555-0100" },
        callback: true,
      },
    ],
    [
      "no agent (generic link): the organization's",
      parties({ agent: null }),
      {
        calendar: { url: "https://www.example.com/book", label: "Schedule a Call" },
        phone: { href: "tel:+15125550100", label: "Call Now: (512) 555-0100" },
        callback: true,
      },
    ],
    [
      "agent speaks without a booking link: no calendar button, even though the organization has one",
      parties({ agent: { ...agent, bookingLink: null } }),
      {
        calendar: null,
        phone: { href: "tel:+15125550101", label: "Give Alex a call: (512) 555-0101" },
        callback: true,
      },
    ],
    [
      "agent speaks without a phone: the organization's number as Call Now",
      parties({ agent: { ...agent, phone: null } }),
      {
        calendar: { url: "https://calendly.com/alex", label: "Schedule a Call with Alex" },
        phone: { href: "tel:+15125550100", label: "Call Now: (512) 555-0100" },
        callback: true,
      },
    ],
    [
      "nobody has a phone or a link: only the callback",
      parties({ forceOrgSenderDetails: true, organization: { ...org, phone: null, redirectUrl: null } }),
      { calendar: null, phone: null, callback: true },
    ],
    [
      "an unsafe booking link is no button",
      parties({ agent: { ...agent, bookingLink: "javascript:alert(1)" } }),
      {
        calendar: null,
        phone: { href: "tel:+15125550101", label: "Give Alex a call: (512) 555-0101" },
        callback: true,
      },
    ],
    [
      "contact preferences switch each option off",
      parties({
        organization: {
          ...org,
          contactPreferences: { calendarEnabled: false, phoneEnabled: false, callbackEnabled: false },
        },
      }),
      { calendar: null, phone: null, callback: false },
    ],
    [
      "only the phone switched off",
      parties({ organization: { ...org, contactPreferences: { ...on, phoneEnabled: false } } }),
      {
        calendar: { url: "https://calendly.com/alex", label: "Schedule a Call with Alex" },
        phone: null,
        callback: true,
      },
    ],
  ])("%s", (_name, input, expected) => {
    expect(scheduleOptions(input)).toEqual(expected);
  });

  it("uses the organization's details when forced, chosen, or without an agent", () => {
    expect(usesOrgDetails({ forceOrgSenderDetails: true, agent: { useOrgSenderDetails: false } })).toBe(true);
    expect(usesOrgDetails({ forceOrgSenderDetails: false, agent: { useOrgSenderDetails: true } })).toBe(true);
    expect(usesOrgDetails({ forceOrgSenderDetails: false, agent: null })).toBe(true);
    expect(usesOrgDetails({ forceOrgSenderDetails: false, agent: { useOrgSenderDetails: false } })).toBe(false);
  });
});

describe("selfOnboardingHref", () => {
  it("is the organization's page, for the agent when known", () => {
    expect(selfOnboardingHref("sample-agency")).toBe("/self-onboarding/sample-agency");
    expect(selfOnboardingHref("sample-agency", "3f1c…")).toBe("/self-onboarding/sample-agency?agentId=3f1c%E2%80%A6");
    expect(selfOnboardingHref("sample-agency", "8d3a2f4e-0000-4000-8000-000000000001")).toBe(
      "/self-onboarding/sample-agency?agentId=8d3a2f4e-0000-4000-8000-000000000001",
    );
  });
});
