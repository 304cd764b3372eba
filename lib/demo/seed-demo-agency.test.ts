import {
  SAMPLE_AGENCY_READY_SUBJECT,
  SAMPLE_AGENCY_SLUG,
  seedDemoAgency,
  seedReferenceData,
} from "@/lib/demo/seed-demo-agency";
import { addressKey } from "@/lib/households/address";
import { setupTestDatabase } from "@/lib/testing/db";

describe("seedDemoAgency and seedReferenceData", () => {
  const db = setupTestDatabase();
  const now = new Date("2026-06-15T12:00:00Z");

  it("creates the sample agency once, with its users, contacts and one ready email", async () => {
    const first = await seedDemoAgency({ now });
    expect(first).toMatchObject({ created: true, users: 3, emailSent: true });
    expect(first.contacts).toBeGreaterThanOrEqual(300);

    const second = await seedDemoAgency({ now });
    expect(second).toMatchObject({
      created: false,
      organizationId: first.organizationId,
      contacts: first.contacts,
      users: 3,
      emailSent: false,
    });

    const orgs = await db.prisma.organization.findMany({ include: { defaultAgent: true } });
    expect(orgs).toHaveLength(1);
    const org = orgs[0]!;
    expect(org).toMatchObject({
      slug: SAMPLE_AGENCY_SLUG,
      name: "Sample Agency",
      isSampleData: true,
      demoMode: true,
      forceOrgSenderDetails: true,
      subscriptionTierId: "pro",
      onboardingCompleted: true,
    });

    // an agency seeded before plans existed gets its plan on the next run (it then signs in to /contacts)
    await db.prisma.organization.update({ where: { id: first.organizationId }, data: { subscriptionTierId: null } });
    await seedDemoAgency({ now });
    expect(
      (await db.prisma.organization.findUniqueOrThrow({ where: { id: first.organizationId } })).subscriptionTierId,
    ).toBe("pro");
    expect(org.defaultAgent).toMatchObject({
      email: "admin@sample-agency.test",
      isAdmin: true,
      isAgent: true,
      name: "Sam Sample",
    });

    const users = await db.prisma.user.findMany({ where: { organizationId: org.id }, orderBy: { email: "asc" } });
    expect(users.map((u) => [u.email, u.name, u.isAdmin, u.isAgent])).toEqual([
      ["admin@sample-agency.test", "Sam Sample", true, true],
      ["alex@sample-agency.test", "Alex Rivera", false, true],
      ["jordan@sample-agency.test", "Jordan Lee", false, true],
    ]);

    const contacts = await db.prisma.contact.findMany({ where: { organizationId: org.id } });
    expect(contacts).toHaveLength(first.contacts);
    expect(contacts.every((c) => c.source === "seed")).toBe(true);
    // Spread over all three users, with some left for the default agent.
    expect(new Set(contacts.map((c) => c.agentId))).toEqual(new Set([...users.map((u) => u.id), null]));
    // Settings follow the data: licensed for exactly the contacts' states, contracted with their carriers.
    expect([...org.stateLicenses].sort()).toEqual([...new Set(contacts.map((c) => c.state!))].sort());
    expect([...org.carrierContracts].sort()).toEqual([...new Set(contacts.map((c) => c.currentCarrier!))].sort());
    expect(org.stateLicenses).toEqual(
      expect.arrayContaining(["CA", "ID", "KY", "MD", "NV", "OK", "OR", "MO", "NY", "TX"]),
    );
    // @db.Date round-trips as a calendar date.
    expect(contacts.every((c) => c.effectiveDate!.getUTCDate() === 1)).toBe(true);

    const outbox = await db.prisma.outboxEmail.findMany();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      to: "admin@sample-agency.test",
      subject: SAMPLE_AGENCY_READY_SUBJECT,
      idempotencyKey: "seed:sample-agency-ready",
    });
    expect(outbox[0]!.text).toContain(`${first.contacts} sample contacts`);

    // Households to see: two confirmed pairs and one suggestion, each pair at one address under one last name.
    const households = await db.prisma.household.findMany({
      where: { organizationId: org.id },
      include: { contactA: true, contactB: true },
      orderBy: { status: "asc" },
    });
    expect(households.map((h) => h.status).sort()).toEqual(["confirmed", "confirmed", "suggested"]);
    for (const { contactA, contactB, addressKey: key, confirmedById, status } of households) {
      expect(addressKey({ street: contactA.streetAddress, zip: contactA.zipCode })).toBe(key);
      expect(addressKey({ street: contactB.streetAddress, zip: contactB.zipCode })).toBe(key);
      expect(contactA.lastName).toBe(contactB.lastName);
      expect(confirmedById).toBe(status === "confirmed" ? org.defaultAgent!.id : null);
    }
  });

  it("upserts carriers and state switch rules idempotently", async () => {
    const first = await seedReferenceData();
    const second = await seedReferenceData();
    expect(second).toEqual(first);

    const rules = await db.prisma.stateSwitchRule.findMany();
    expect(rules.length).toBe(first.stateRules);
    expect(rules.length).toBeGreaterThanOrEqual(18);
    const byState = new Map(rules.map((r) => [r.state, r]));
    expect(byState.get("CA")).toMatchObject({
      ruleType: "birthday",
      anchor: "birthday",
      windowStartDaysBefore: 30,
      windowLengthDays: 90,
      constraints: { carrier: "any", plan: "equal_or_lesser" },
    });
    expect(byState.get("MO")).toMatchObject({
      ruleType: "anniversary",
      anchor: "policy_anniversary",
      windowStartDaysBefore: 30,
      windowLengthDays: 63,
      differentPlanOnly: true,
      since: null,
    });
    expect(byState.get("NY")).toMatchObject({ ruleType: "year_round", anchor: "none" });
    expect(byState.get("IL")).toMatchObject({ ageMin: 65, ageMax: 75, since: "2022-01-01" });
    expect(byState.get("CA")!.ageMin).toBeNull();

    const carriers = await db.prisma.carrier.findMany();
    expect(carriers.length).toBe(first.carriers);
    expect(new Set(carriers.map((c) => c.naic)).size).toBe(carriers.length);
    expect(new Set(carriers.map((c) => c.groupName))).toEqual(
      new Set(["Aetna", "Humana", "UnitedHealthcare", "Cigna", "Aflac", "Allstate", "Mutual of Omaha", "Ace Chubb"]),
    );
    const uhc = carriers.find((c) => c.naic === "79413")!;
    expect(uhc).toMatchObject({ name: "UnitedHealthcare", groupName: "UnitedHealthcare" });
    expect(uhc.aliases).toEqual(expect.arrayContaining(["unitedhealthcare", "uhc", "united healthcare"]));
    expect(uhc.nameFull).toBeTruthy();
    // Every NAIC the sample contacts carry resolves to a carrier row.
    await seedDemoAgency({ now });
    const contactNaics = await db.prisma.contact.findMany({
      distinct: ["currentCarrierNaic"],
      select: { currentCarrierNaic: true },
    });
    expect(contactNaics.length).toBeGreaterThanOrEqual(4);
    const known = new Set(carriers.map((c) => c.naic));
    for (const { currentCarrierNaic } of contactNaics) expect(known).toContain(currentCarrierNaic);
  });
});
