import {
  AGENT_MESSAGES,
  agentInitials,
  agentInputSchema,
  agentLimitMessage,
  agentOnboardingLink,
  agentUpdateSchema,
  checkAgentSeat,
  isAgentComplete,
  normalizeBookingLink,
  normalizePhone,
} from "@/lib/agents/agent-schema";

const valid = { firstName: "Ann", lastName: "Lee", email: " Ann@Lee.COM ", phone: "(512) 555-0188" };

describe("agentInputSchema", () => {
  it("normalizes a valid agent and defaults to the agent role", () => {
    expect(agentInputSchema.parse(valid)).toEqual({
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@lee.com",
      phone: "5125550188",
      isAdmin: false,
      isAgent: true,
      carriers: [],
      stateLicenses: [],
    });
  });

  it.each([
    ["empty first name", { firstName: "  " }],
    ["empty last name", { lastName: "" }],
    ["email without @", { email: "ann.lee.com" }],
    ["email without a dot", { email: "ann@lee" }],
    ["9-digit phone", { phone: "512555018" }],
    ["12-digit phone", { phone: "151255501888" }],
    ["no role", { isAdmin: false, isAgent: false }],
    ["unknown state", { stateLicenses: ["XX"] }],
    ["missing phone", { phone: undefined }],
    ["a line break in the first name", { firstName: "Ann\r\nBcc: x@y.z" }],
    ["a control character in the last name", { lastName: "Lee\u0007" }],
  ])("refuses %s with the spec's one message", (_label, override) => {
    const result = agentInputSchema.safeParse({ ...valid, ...override });
    expect(result.success).toBe(false);
    expect(result.error!.issues.every((issue) => issue.message === AGENT_MESSAGES.invalid)).toBe(true);
  });

  it("accepts an admin who is not an agent, de-duplicates lists, upper-cases states, prefixes booking links", () => {
    const parsed = agentInputSchema.parse({
      ...valid,
      isAdmin: true,
      isAgent: false,
      carriers: ["Aetna", "Aetna"],
      stateLicenses: ["tx", "TX", "ca"],
      bookingLink: "cal.com/ann",
    });
    expect(parsed).toMatchObject({
      isAdmin: true,
      isAgent: false,
      carriers: ["Aetna"],
      stateLicenses: ["TX", "CA"],
      bookingLink: "https://cal.com/ann",
    });
  });

  it("update schema leaves optional fields out", () => {
    expect(agentUpdateSchema.parse(valid)).toEqual({
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@lee.com",
      phone: "5125550188",
    });
    expect(agentUpdateSchema.parse({ ...valid, bookingLink: "https://" }).bookingLink).toBeNull();
  });
});

describe("pure helpers", () => {
  it.each([
    [{ agentLimit: 5, extraAgents: 0, activeAgentCount: 4 }, true],
    [{ agentLimit: 5, extraAgents: 0, activeAgentCount: 5 }, false],
    [{ agentLimit: 5, extraAgents: 2, activeAgentCount: 6 }, true],
    [{ agentLimit: 5, extraAgents: 2, activeAgentCount: 7 }, false],
    [{ agentLimit: 1, extraAgents: 0, activeAgentCount: 1 }, false],
    [{ agentLimit: -1, extraAgents: 0, activeAgentCount: 10_000 }, true],
  ])("seat check %o → %s", (input, ok) => expect(checkAgentSeat(input).ok).toBe(ok));

  it("limit messages", () => {
    expect(agentLimitMessage(5)).toBe("Your plan allows 5 agents. Remove an agent or upgrade your plan to add more.");
    expect(agentLimitMessage(1)).toBe("Your plan allows 1 agent. Remove an agent or upgrade your plan to add more.");
    expect(checkAgentSeat({ agentLimit: 5, extraAgents: 1, activeAgentCount: 6 })).toEqual({
      ok: false,
      allowed: 6,
      message: agentLimitMessage(6),
    });
  });

  it("phones, links, initials, completeness", () => {
    expect(normalizePhone("+1 (512) 555-0188")).toBe("5125550188");
    expect(normalizeBookingLink("  ")).toBeNull();
    expect(normalizeBookingLink("http://x.test")).toBe("http://x.test");
    expect(agentOnboardingLink("https://app.test/", "lee-ins", "abc")).toBe(
      "https://app.test/self-onboarding/lee-ins?agentId=abc",
    );
    expect(agentInitials({ firstName: "ann", lastName: "lee", email: "a@b.c" })).toBe("AL");
    expect(agentInitials({ firstName: "", lastName: "", email: "z@b.c" })).toBe("Z");
    expect(isAgentComplete({ firstName: "A", lastName: "L", email: "a@b.c", phone: "5125550188" })).toBe(true);
    expect(isAgentComplete({ firstName: "A", lastName: "L", email: "a@b.c", phone: null })).toBe(false);
    expect(isAgentComplete({ firstName: "A", lastName: " ", email: "a@b.c", phone: "5125550188" })).toBe(false);
  });
});
