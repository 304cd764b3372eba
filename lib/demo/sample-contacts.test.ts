import {
  SAMPLE_CARRIERS,
  SAMPLE_EMAIL_DOMAINS,
  SAMPLE_REQUIRED_STATES,
  generateSampleContacts,
} from "@/lib/demo/sample-contacts";

// A fixed "today" late in a leap year's February makes the age and month arithmetic earn its keep.
const now = new Date("2028-02-29T15:00:00Z");
const agentIds = ["agent-a", "agent-b", "agent-c"];
const contacts = generateSampleContacts({ count: 303, seed: 42, now, agentIds });

// Independent of the module's helper on purpose.
function age(birth: Date) {
  const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()];
  const hadBirthday = m > birth.getUTCMonth() || (m === birth.getUTCMonth() && d >= birth.getUTCDate());
  return y - birth.getUTCFullYear() - (hadBirthday ? 0 : 1);
}

describe("generateSampleContacts", () => {
  it("returns the requested number of contacts", () => {
    expect(contacts).toHaveLength(303);
    expect(generateSampleContacts({ count: 5, seed: 1, now, agentIds })).toHaveLength(5);
  });

  it("covers the required states (and more), each with a real-looking ZIP and county FIPS of that state", () => {
    const states = new Set(contacts.map((c) => c.state));
    for (const s of SAMPLE_REQUIRED_STATES) expect(states).toContain(s);
    expect(states.size).toBeGreaterThanOrEqual(10);
    for (const c of contacts) {
      expect(c.zipCode).toMatch(/^\d{5}$/);
      expect(c.countyFips).toMatch(/^\d{5}$/);
      expect(c.county).not.toBe("");
    }
    const ca = contacts.find((c) => c.state === "CA")!;
    expect(ca.countyFips.slice(0, 2)).toBe("06");
    expect(contacts.find((c) => c.state === "NY")!.countyFips.slice(0, 2)).toBe("36");
  });

  it("makes everyone 64 to 90 on the given day, with birth and effective dates as calendar dates", () => {
    const ages = contacts.map((c) => age(c.birthDate));
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(64);
    expect(Math.max(...ages)).toBeLessThanOrEqual(90);
    for (const c of contacts) {
      expect(c.birthDate.getUTCHours() + c.birthDate.getUTCMinutes()).toBe(0);
      expect(c.effectiveDate.getUTCDate()).toBe(1);
      expect(c.effectiveDate.getUTCHours()).toBe(0);
      expect(c.effectiveDate.getTime()).toBeLessThan(now.getTime());
    }
  });

  it("spreads effective dates over all twelve months, mostly at or after the 65th birthday", () => {
    expect(new Set(contacts.map((c) => c.effectiveDate.getUTCMonth())).size).toBe(12);
    const atOrAfter65 = contacts.filter((c) => {
      const b = c.birthDate;
      return c.effectiveDate.getTime() >= Date.UTC(b.getUTCFullYear() + 65, b.getUTCMonth(), b.getUTCDate());
    });
    // Only people who are 64 or just turned 65 can lack a first-of-month after their 65th birthday.
    expect(atOrAfter65.length).toBeGreaterThan(contacts.length * 0.9);
  });

  it("uses unique emails on reserved example domains only, and fictional 555-01xx phone numbers", () => {
    const emails = contacts.map((c) => c.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const e of emails) {
      const domain = e.split("@")[1];
      expect(SAMPLE_EMAIL_DOMAINS).toContain(domain);
      expect(e).toBe(e.toLowerCase());
    }
    for (const c of contacts) expect(c.phoneNumber).toMatch(/^\d{3}55501\d{2}$/);
  });

  it("mixes carriers with their NAICs, plans (G most), genders, tobacco and agents", () => {
    const carriers = new Set(contacts.map((c) => c.currentCarrier));
    expect(carriers.size).toBeGreaterThanOrEqual(4);
    for (const c of contacts) {
      const carrier = SAMPLE_CARRIERS.find((k) => k.name === c.currentCarrier)!;
      expect([carrier.naic, carrier.nyNaic]).toContain(c.currentCarrierNaic);
    }
    const plans = contacts.reduce<Record<string, number>>(
      (acc, c) => ({ ...acc, [c.planType]: (acc[c.planType] ?? 0) + 1 }),
      {},
    );
    expect(Object.keys(plans).sort()).toEqual(["High Deductible Plan G", "Plan F", "Plan G", "Plan N"]);
    expect(plans["Plan G"]).toBeGreaterThan(
      Math.max(plans["Plan N"]!, plans["Plan F"]!, plans["High Deductible Plan G"]!),
    );
    expect(new Set(contacts.map((c) => c.gender))).toEqual(new Set(["M", "F"]));
    const tobacco = contacts.filter((c) => c.tobaccoUser).length / contacts.length;
    expect(tobacco).toBeGreaterThan(0.05);
    expect(tobacco).toBeLessThan(0.2);
    const byAgent = new Set(contacts.map((c) => c.agentId));
    expect(byAgent).toEqual(new Set([...agentIds, null]));
    expect(new Set(contacts.map((c) => c.lastName)).size).toBeGreaterThan(30);
  });

  it("is deterministic for a seed and differs between seeds", () => {
    expect(generateSampleContacts({ count: 303, seed: 42, now, agentIds })).toEqual(contacts);
    expect(generateSampleContacts({ count: 303, seed: 43, now, agentIds })).not.toEqual(contacts);
  });
});
