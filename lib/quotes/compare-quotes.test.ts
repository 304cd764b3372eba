import { comparePageTitle, loadComparePage, MANUAL_QUOTES_PER_ADDRESS } from "@/lib/quotes/compare-page";
import { buildComparison, carriersQuotedIn } from "@/lib/quotes/compare-quotes";
import { localRateBookProvider } from "@/lib/quotes/local-rate-book-provider";
import type { QuoteProvider } from "@/lib/quotes/quote-provider";
import { formatMonthly, visibleQuotes } from "@/lib/quotes/compare-view";
import { orderedPair } from "@/lib/households/pairing";
import { createQuoteLink } from "@/lib/quotes/quote-links";
import { setupTestDatabase } from "@/lib/testing/db";
import { loadTinyTexasBook } from "@/lib/testing/tiny-rate-book";
import { createContact, createOrganization } from "@/lib/testing/factories";

const db = setupTestDatabase();
const NOW = new Date("2026-05-10T15:00:00Z"); // default effective date 2026-06-01

beforeAll(() => loadTinyTexasBook(db.prisma));

type ContactFacts = {
  birthDate?: string;
  currentCarrier?: string | null;
  currentCarrierNaic?: string | null;
  zipCode?: string | null;
  tobaccoUser?: boolean;
  planType?: string | null;
  effectiveDate?: string;
};

async function linkFor(contact: ContactFacts) {
  const org = await createOrganization(db.prisma, { now: NOW });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: { carrierContracts: ["Alpha", "Beta", "Gamma", "Delta", "Zeta"] },
  });
  const c = await createContact(db.prisma, org.id, { now: NOW, state: "TX" });
  await db.prisma.contact.update({
    where: { id: c.id },
    data: {
      zipCode: contact.zipCode === undefined ? "78701" : contact.zipCode,
      birthDate: contact.birthDate ? new Date(`${contact.birthDate}T00:00:00Z`) : null,
      effectiveDate: contact.effectiveDate ? new Date(`${contact.effectiveDate}T00:00:00Z`) : null,
      currentCarrier: contact.currentCarrier ?? null,
      currentCarrierNaic: contact.currentCarrierNaic ?? null,
      tobaccoUser: contact.tobaccoUser ?? false,
      planType: contact.planType ?? null,
    },
  });
  const { token } = await createQuoteLink({ organizationId: org.id, contactId: c.id, now: NOW });
  return { token, org, contactId: c.id };
}

async function compare(params: Record<string, string>, now = NOW) {
  const model = await loadComparePage({ params, now });
  if (model.kind !== "quote") throw new Error(`expected a quote page, got a redirect to ${model.to}`);
  return model;
}

const linkPage = async (facts: ContactFacts, extra: Record<string, string> = {}) =>
  compare({ id: (await linkFor(facts)).token, ...extra });

type Model = Awaited<ReturnType<typeof compare>>;
const top = (m: Model, plan: string, household = false) => {
  const view = m.comparison.plans.find((p) => p.plan === plan);
  return view
    ? visibleQuotes(view, { household, carriers: [], riders: [] }).map(
        (q) => `${q.carrierName}:${household ? (q.householdMonthlyCents ?? q.monthlyCents) : q.monthlyCents}`,
      )
    : undefined;
};

describe("the compare page for a quote link", () => {
  it("titles the tab with the agency's name, not 'Personal Quote'", async () => {
    const { token, org } = await linkFor({ birthDate: "1956-03-15" });
    await db.prisma.organization.update({ where: { id: org.id }, data: { name: "Lone Star Medigap" } });
    const model = await compare({ id: token });
    expect(comparePageTitle(model.brand.name)).toBe("Lone Star Medigap");
    expect(comparePageTitle(null)).toBe("Personal Quote");
  });

  it("gives a TX contact at most 3 contracted quotes per plan, cheapest first, rated on the default effective date", async () => {
    const model = await linkPage({ birthDate: "1956-03-15" });
    expect(model.comparison).toMatchObject({
      effectiveDate: "2026-06-01",
      age: 70,
      gender: "M",
      tobacco: false,
      zip5: "78701",
      state: "TX",
      initialPlan: "G",
      isSample: true,
      switchWindow: null,
    });
    expect(model.comparison.effectiveDateOptions).toEqual(["2026-06-01", "2026-07-01", "2026-08-01", "2026-09-01"]);
    // Epsilon (cheapest, not contracted) never shows; Zeta is 4th.
    expect(top(model, "G")).toEqual(["Beta:12000", "Delta:13000", "Gamma:14000"]);
    expect(model.comparison.carriers).toEqual(["Alpha", "Beta", "Delta", "Gamma", "Zeta"]);
    expect(model.nextUrl).toBe(`/eligibility?id=${encodeURIComponent(model.quoteId!)}&orgId=${model.orgId}`);
  });

  it("does not quote a carrier switched off for the contact's state in Settings (state × carrier), and still quotes it elsewhere", async () => {
    const { token, org } = await linkFor({ birthDate: "1956-03-15" });
    await db.prisma.organization.update({
      where: { id: org.id },
      data: {
        stateCarrierSettings: [
          { state: "TX", carrier: "Beta", active: false, targetGI: false },
          { state: "MN", carrier: "Delta", active: false, targetGI: false },
        ],
      },
    });
    const model = await compare({ id: token });
    expect(top(model, "G")).toEqual(["Delta:13000", "Gamma:14000", "Alpha:15000"]);
    expect(model.comparison.carriers).not.toContain("Beta");
    expect(
      carriersQuotedIn(
        ["Alpha", "Beta", "Delta"],
        [
          { state: "TX", carrier: "beta ", active: false },
          { carrier: "Alpha", active: true },
        ],
        "TX",
      ),
    ).toEqual(["Alpha", "Delta"]);
    expect(carriersQuotedIn(["Alpha", "Beta"], [{ state: "TX", carrier: "Beta", active: false }], "MN")).toEqual([
      "Alpha",
      "Beta",
    ]);
    expect(carriersQuotedIn(["Alpha", "Beta"], [{ state: null, carrier: "Alpha", active: false }], "MN")).toEqual([
      "Beta",
    ]);
  });

  it("Target GI: a contact whose latest health answers failed underwriting is quoted only the carriers marked Target GI in their state, with the note", async () => {
    const { token, org, contactId } = await linkFor({ birthDate: "1956-03-15" });
    const marked = [
      { state: "TX", carrier: "Alpha", active: true, targetGI: true },
      { state: "TX", carrier: "Gamma", active: true, targetGI: true },
      // Switched off in TX: never quoted there, marked or not.
      { state: "TX", carrier: "Delta", active: false, targetGI: true },
      { state: "MN", carrier: "Beta", active: true, targetGI: true },
    ];
    await db.prisma.organization.update({ where: { id: org.id }, data: { stateCarrierSettings: marked } });
    // Not answered yet: every active carrier, no note.
    const before = await compare({ id: token });
    expect(before.comparison).toMatchObject({
      guaranteedIssueOnly: false,
      carriers: ["Alpha", "Beta", "Gamma", "Zeta"],
    });
    // Failed underwriting (the latest answer has conditions): Alpha and Gamma only.
    await db.prisma.eligibilityAnswer.create({
      data: { organizationId: org.id, contactId, answers: {}, hasConditions: true, status: "decline", createdAt: NOW },
    });
    const declined = await compare({ id: token });
    expect(declined.comparison).toMatchObject({ guaranteedIssueOnly: true, carriers: ["Alpha", "Gamma"] });
    expect(top(declined, "G")).toEqual(["Gamma:14000", "Alpha:15000"]);
    // A later answer without conditions: back to every carrier.
    await db.prisma.eligibilityAnswer.create({
      data: {
        organizationId: org.id,
        contactId,
        answers: {},
        hasConditions: false,
        status: "accept",
        createdAt: new Date(NOW.getTime() + 1000),
      },
    });
    expect((await compare({ id: token })).comparison).toMatchObject({
      guaranteedIssueOnly: false,
      carriers: ["Alpha", "Beta", "Gamma", "Zeta"],
    });
  });

  it("Target GI: with no carrier marked in the contact's state, a contact who failed underwriting is quoted as before", async () => {
    const { token, org, contactId } = await linkFor({ birthDate: "1956-03-15" });
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { stateCarrierSettings: [{ state: "MN", carrier: "Alpha", active: true, targetGI: true }] },
    });
    await db.prisma.eligibilityAnswer.create({
      data: { organizationId: org.id, contactId, answers: {}, hasConditions: true, status: "decline", createdAt: NOW },
    });
    expect((await compare({ id: token })).comparison).toMatchObject({
      guaranteedIssueOnly: false,
      carriers: ["Alpha", "Beta", "Delta", "Gamma", "Zeta"],
    });
  });

  it("drops the contact's current carrier group (by name or NAIC)", async () => {
    expect(top(await linkPage({ birthDate: "1956-03-15", currentCarrier: "Beta" }), "G")).toEqual([
      "Delta:13000",
      "Gamma:14000",
      "Alpha:15000",
    ]);
    expect(
      top(
        await linkPage({ birthDate: "1956-03-15", currentCarrier: "Something Else", currentCarrierNaic: "10004" }),
        "G",
      ),
    ).toEqual(["Beta:12000", "Gamma:14000", "Alpha:15000"]);
  });

  it("drops the group of a stored NAIC that has no quote here (a group's key may be another state's company)", async () => {
    await db.prisma.carrier.upsert({
      where: { naic: "19904" },
      create: { naic: "19904", name: "Delta", groupName: "Delta" },
      update: {},
    });
    expect(
      top(await linkPage({ birthDate: "1956-03-15", currentCarrier: "Delta", currentCarrierNaic: "19904" }), "G"),
    ).toEqual(["Beta:12000", "Gamma:14000", "Alpha:15000"]);
  });

  it("hides F and HDF for someone turning 65 in 2021, shows F for someone first eligible before 2020", async () => {
    const late = await linkPage({ birthDate: "1956-03-15" });
    expect(late.comparison.plans.map((p) => p.plan)).toEqual(["G", "N", "HDG"]);
    const early = await linkPage({ birthDate: "1950-07-01" });
    expect(early.comparison.plans.map((p) => p.plan)).toEqual(["F", "G", "N", "HDF", "HDG"]);
    expect(top(early, "F")).toEqual(["Beta:16000", "Delta:17000", "Gamma:18000"]);
  });

  it("uses tobacco rates; the household toggle re-ranks by the household price", async () => {
    expect(top(await linkPage({ birthDate: "1956-03-15", tobaccoUser: true, currentCarrier: "Beta" }), "G")).toEqual([
      "Delta:15000",
      "Gamma:16000",
      "Alpha:17000",
    ]);
    const plain = await linkPage({ birthDate: "1956-03-15", currentCarrier: "Beta" });
    // Alpha's household price (13,500) beats Gamma's 14,000 and ties nobody: it moves up to second.
    expect(top(plain, "G", true)).toEqual(["Delta:13000", "Alpha:13500", "Gamma:14000"]);
  });

  it("defaults to age 65 without a birth date, and answers no quotes without a ZIP", async () => {
    const noBirth = await linkPage({});
    expect(noBirth.comparison.age).toBe(65);
    expect(noBirth.comparison.plans.map((p) => p.plan)).toEqual(["G", "N", "HDG"]);
    const noZip = await linkPage({ zipCode: null });
    expect(noZip.comparison.plans.every((p) => p.quotes.length === 0)).toBe(true);
  });

  it('opens on the contact\'s plan when it is offered ("Plan N" → N), else G', async () => {
    expect((await linkPage({ birthDate: "1956-03-15", planType: "Plan N" })).comparison.initialPlan).toBe("N");
    expect((await linkPage({ birthDate: "1956-03-15", planType: "F" })).comparison.initialPlan).toBe("G");
  });

  it("rates on a chosen effective date among the next four months, and ignores any other date", async () => {
    // Born 1955-08-15: 70 on 2026-06-01, 71 on 2026-09-01.
    const chosen = await linkPage({ birthDate: "1955-08-15" }, { effectiveDate: "2026-09-01" });
    expect(chosen.comparison).toMatchObject({ effectiveDate: "2026-09-01", age: 71 });
    const refused = await linkPage({ birthDate: "1955-08-15" }, { effectiveDate: "2027-09-01" });
    expect(refused.comparison).toMatchObject({ effectiveDate: "2026-06-01", age: 70 });
  });

  it("in a state switching window shows only the plans the right covers, and says why", async () => {
    await db.prisma.stateSwitchRule.upsert({
      where: { state: "TX" },
      create: {
        state: "TX",
        ruleType: "birthday",
        anchor: "birthday",
        windowStartDaysBefore: 0,
        windowLengthDays: 60,
        differentPlanOnly: true,
        constraints: { carrier: "any", plan: "same_letter" },
      },
      update: {},
    });
    try {
      const inWindow = await linkPage({ birthDate: "1956-05-01", planType: "Plan N" });
      expect(inWindow.comparison.plans.map((p) => p.plan)).toEqual(["N"]);
      expect(inWindow.comparison.switchWindow?.message).toMatch(/TX law lets you switch to another Plan N/);
      const outside = await linkPage({ birthDate: "1956-09-01", planType: "Plan N" });
      expect(outside.comparison.switchWindow).toBeNull();
      expect(outside.comparison.plans.map((p) => p.plan)).toEqual(["G", "N", "HDG"]);
    } finally {
      await db.prisma.stateSwitchRule.delete({ where: { state: "TX" } });
    }
  });
});

describe("carrier strength and rate history (issue #20 point 2)", () => {
  // The tiny book has one filing per carrier and no carriers.csv; this provider adds what CSG would send for Beta.
  const provider: QuoteProvider = {
    name: "local plus Beta's CSG fields",
    getQuotes: async (req) =>
      (await localRateBookProvider.getQuotes(req)).map((q) =>
        q.naic === "10002"
          ? { ...q, amBestRating: "A+", rateHistory: { since: null, increases: [{ date: "2025-05-01", pct: 0.077 }] } }
          : q,
      ),
  };
  const organization = {
    carrierContracts: null,
    timezone: "America/Chicago",
    mnDefaultRiders: [],
    wiDefaultRiders: [],
    maDefaultRiders: [],
  };
  const subject = {
    zip5: "78701",
    birthDate: "1956-03-15",
    gender: "F" as const,
    tobacco: false,
    currentCarrier: null,
    currentPlan: null,
    policyEffectiveDate: null,
    planType: null,
  };

  it("gives each quote its rating and its history as of the organization's today; nothing when the source has none", async () => {
    const comparison = await buildComparison({ subject, organization, now: NOW, provider });
    const g = comparison.plans.find((p) => p.plan === "G")!.quotes;
    const beta = g.find((q) => q.carrierName === "Beta")!;
    expect(beta.amBestRating).toBe("A+");
    // today 2026-05-10: the window starts 2023-05-10, CSG's list is complete over it
    expect(beta.rateHistory).toMatchObject({
      from: "2023-05-10",
      to: "2026-05-10",
      fullWindow: true,
      increases: [{ date: "2025-05-01", pct: 0.077 }],
    });
    expect(beta.rateHistory!.averageAnnualPct).toBeCloseTo(1.077 ** (365.25 / 1096) - 1, 10);
    // one filing each in the tiny book, no carriers.csv: no history, no rating
    const others = g.filter((q) => q.carrierName !== "Beta");
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((q) => q.rateHistory === null && q.amBestRating === null)).toBe(true);
  });

  it("the history is read at the organization's today: three years later the 2025 increase has left the window", async () => {
    const later = await buildComparison({ subject, organization, now: new Date("2028-05-10T15:00:00Z"), provider });
    const beta = later.plans.find((p) => p.plan === "G")!.quotes.find((q) => q.carrierName === "Beta")!;
    expect(beta.rateHistory).toBeNull();
    expect(beta.amBestRating).toBe("A+");
  });
});

describe("what /compare does with other URLs", () => {
  it("sends a malformed id to /error with 'Missing or invalid quote ID', an unknown or expired one with the not-found message", async () => {
    expect(await loadComparePage({ params: { id: "nope" }, now: NOW })).toEqual({
      kind: "redirect",
      to: "/error?message=Missing%20or%20invalid%20quote%20ID",
    });
    expect(await loadComparePage({ params: {}, now: NOW })).toEqual({
      kind: "redirect",
      to: "/error?message=Missing%20or%20invalid%20quote%20ID",
    });
    const { token } = await linkFor({});
    const later = new Date(NOW.getTime() + 91 * 86_400_000);
    expect(await loadComparePage({ params: { id: token }, now: later })).toEqual({
      kind: "redirect",
      to: `/error?message=${encodeURIComponent("Quote not found or expired. Please try again or contact support.")}`,
    });
    expect(await loadComparePage({ params: { id: "A".repeat(43) }, now: NOW })).toMatchObject({
      kind: "redirect",
      to: expect.stringMatching(/^\/error\?message=Quote/),
    });
  });

  it("an unconfirmed self-signup sees its quotes, and the page names the address its confirmation went to", async () => {
    const { token, contactId } = await linkFor({});
    expect((await compare({ id: token })).emailToConfirm).toBeNull();
    const contact = await db.prisma.contact.update({ where: { id: contactId }, data: { unverifiedSince: NOW } });
    const model = await compare({ id: token });
    expect(model.emailToConfirm).toBe(contact.email);
    expect(top(model, "G")).toHaveLength(3);
  });

  it("sends a link whose contact was deleted to the agency's self-onboarding page", async () => {
    const { token, org, contactId } = await linkFor({});
    await db.prisma.contact.delete({ where: { id: contactId } });
    expect(await loadComparePage({ params: { id: token }, now: NOW })).toEqual({
      kind: "redirect",
      to: `/self-onboarding/${org.slug}?quoteId=${token}`,
    });
  });

  it("quotes manual facts for an organization's carriers (orgId by id or slug)", async () => {
    const { org } = await linkFor({});
    const model = await compare({
      orgId: org.slug,
      zip: "78701",
      age: "70",
      gender: "F",
      tobacco: "false",
      planType: "N",
    });
    expect(model.mode).toBe("manual");
    expect(model.comparison).toMatchObject({ age: 70, gender: "F", initialPlan: "N" });
    expect(top(model, "G")).toEqual(["Beta:12000", "Delta:13000", "Gamma:14000"]);
    expect(model.nextUrl).toBe(`/eligibility?orgId=${org.id}`);
    expect(await loadComparePage({ params: { orgId: "no-such-agency", zip: "78701" }, now: NOW })).toMatchObject({
      kind: "redirect",
      to: expect.stringContaining("organization"),
    });
    // A manual quote is always some agency's: no organization, no quotes.
    expect(await loadComparePage({ params: { zip: "78701", age: "70" }, now: NOW })).toEqual({
      kind: "redirect",
      to: "/error?message=Missing%20or%20invalid%20organization%20ID",
    });
  });

  it("limits manual quotes per address (each one asks the quote provider)", async () => {
    const { org } = await linkFor({});
    const params = { orgId: org.slug, zip: "78701", age: "70" };
    for (let i = 0; i < MANUAL_QUOTES_PER_ADDRESS; i++)
      expect((await loadComparePage({ params, now: NOW, ip: "203.0.113.201" })).kind).toBe("quote");
    expect(await loadComparePage({ params, now: NOW, ip: "203.0.113.201" })).toMatchObject({
      kind: "redirect",
      to: expect.stringContaining("Too%20many"),
    });
    expect((await loadComparePage({ params, now: NOW, ip: "203.0.113.202" })).kind).toBe("quote");
  });

  it("shows the demo: a sample person, every carrier, nothing to continue to", async () => {
    const model = await compare({ demo: "true" });
    expect(model).toMatchObject({ mode: "demo", nextUrl: null, quoteId: null });
    expect(top(model, "G")![0]).toBe("Epsilon:11000");
  });
});

describe("the household default: householdPaired (docs/households.md, the compare page)", () => {
  async function pair(organizationId: string, x: string, y: string, status: "suggested" | "confirmed" | "dismissed") {
    const [contactAId, contactBId] = orderedPair(x, y);
    return db.prisma.household.create({
      data: {
        organizationId,
        contactAId,
        contactBId,
        kind: "explicit",
        status,
        confirmedAt: status === "confirmed" ? NOW : null,
        createdAt: NOW,
        updatedAt: NOW,
      },
    });
  }
  const partnerOf = (organizationId: string) =>
    createContact(db.prisma, organizationId, { now: NOW, firstName: "Robin", lastName: "Partnerson" });

  it("is true for a contact in a confirmed household, on either side of the pair; the page learns nothing of the partner", async () => {
    const { token, org, contactId } = await linkFor({ birthDate: "1956-03-15" });
    const partner = await partnerOf(org.id);
    await pair(org.id, contactId, partner.id, "confirmed");
    const model = await compare({ id: token });
    expect(model.householdPaired).toBe(true);
    expect(model.comparison.plans.some((p) => p.quotes.some((q) => q.householdMonthlyCents !== null))).toBe(true);
    const page = JSON.stringify(model);
    expect(page).not.toContain(partner.id);
    expect(page).not.toContain("Partnerson");
    // The partner's own link: the other side of the same row.
    const { token: partnerToken } = await createQuoteLink({ organizationId: org.id, contactId: partner.id, now: NOW });
    expect((await compare({ id: partnerToken })).householdPaired).toBe(true);
  });

  it("is false without a household, for a suggestion and for a dismissed pair", async () => {
    const { token, org, contactId } = await linkFor({});
    expect((await compare({ id: token })).householdPaired).toBe(false);
    const row = await pair(org.id, contactId, (await partnerOf(org.id)).id, "suggested");
    expect((await compare({ id: token })).householdPaired).toBe(false);
    await db.prisma.household.update({ where: { id: row.id }, data: { status: "dismissed" } });
    expect((await compare({ id: token })).householdPaired).toBe(false);
    await db.prisma.household.update({ where: { id: row.id }, data: { status: "confirmed", confirmedAt: NOW } });
    expect((await compare({ id: token })).householdPaired).toBe(true);
  });

  it("never counts another organization's household, even a row naming this contact", async () => {
    const { token, contactId } = await linkFor({});
    const other = await createOrganization(db.prisma, { now: NOW });
    // Only the owner client could write such a row; the page reads as the link's organization and does not see it.
    await pair(other.id, contactId, (await partnerOf(other.id)).id, "confirmed");
    expect((await compare({ id: token })).householdPaired).toBe(false);
  });

  it("is false for a manual quote and the demo (no contact)", async () => {
    const { org } = await linkFor({});
    expect((await compare({ orgId: org.slug, zip: "78701" })).householdPaired).toBe(false);
    expect((await compare({ demo: "true" })).householdPaired).toBe(false);
  });

  describe("one link for two (docs/households.md): a household email's link carries the partner's link", () => {
    /** A paired contact and partner (the partner older, male, a smoker), each with their own link; the lead's carries both. */
    async function householdLink(status: "confirmed" | "suggested" = "confirmed") {
      const lead = await linkFor({ birthDate: "1956-03-15" });
      const partner = await partnerOf(lead.org.id);
      await db.prisma.contact.update({
        where: { id: partner.id },
        data: { zipCode: "78701", birthDate: new Date("1951-07-02T00:00:00Z"), gender: "M", tobaccoUser: true },
      });
      const household = await pair(lead.org.id, lead.contactId, partner.id, status);
      const partnerLink = await createQuoteLink({ organizationId: lead.org.id, contactId: partner.id, now: NOW });
      await db.prisma.quoteLink.update({
        where: { token: lead.token },
        data: { partnerLinkId: partnerLink.link.id },
      });
      return { ...lead, partner, partnerLink, household };
    }

    it("gives both people's models, each as its own link computes it, with separate tokens and the household on", async () => {
      const { token, partner, partnerLink } = await householdLink();
      const model = await compare({ id: token, tid: "quote-tid" });
      const other = model.twoPeople?.partner;
      expect(other).toBeDefined();
      expect(model.quoteId).toBe(token);
      expect(other!.quoteId).toBe(partnerLink.token);
      expect(model.nextUrl).toContain(`id=${encodeURIComponent(token)}`);
      expect(other!.nextUrl).toContain(`id=${encodeURIComponent(partnerLink.token)}`);
      expect(other!.advantageUrl).toContain(`id=${encodeURIComponent(partnerLink.token)}`);
      expect(other!.nextUrl).not.toContain(token);
      expect([model.householdPaired, other!.householdPaired]).toEqual([true, true]);
      expect(model.person).toEqual({ heading: `${model.firstName}'s quotes`, opened: true });
      expect(other!.person).toEqual({ heading: "Robin's quotes", opened: false });
      // The email's tracking id stays with the opened link; the partner's view is not counted from it.
      expect([model.tid, other!.tid]).toEqual(["quote-tid", null]);
      // Each person's quotes: exactly what their own link shows (own age, gender, tobacco, ZIP, plan).
      const own = await compare({ id: partnerLink.token });
      expect(own.twoPeople ?? null).toBeNull();
      expect(other!.comparison).toEqual(own.comparison);
      expect(other!.comparison.age).toBe(74);
      expect([other!.comparison.gender, other!.comparison.tobacco]).toEqual(["M", true]);
      expect(model.comparison.age).toBe(70);
      expect(model.comparison.tobacco).toBe(false);
      expect(JSON.stringify({ ...model, twoPeople: null })).not.toContain(partner.id);
    });

    it("falls back to the lead alone when the household was undone, or was never confirmed", async () => {
      const { token, household, partnerLink } = await householdLink();
      await db.prisma.household.update({ where: { id: household.id }, data: { status: "dismissed" } });
      const model = await compare({ id: token });
      expect(model.twoPeople ?? null).toBeNull();
      expect(JSON.stringify(model)).not.toContain(partnerLink.token);
      expect(JSON.stringify(model)).not.toContain("Robin");
      const suggested = await householdLink("suggested");
      expect((await compare({ id: suggested.token })).twoPeople ?? null).toBeNull();
    });

    it("falls back to the lead alone when the partner's link expired or is gone", async () => {
      const { token, partnerLink } = await householdLink();
      await db.prisma.quoteLink.update({
        where: { id: partnerLink.link.id },
        data: { expiresAt: new Date(NOW.getTime() - 1000) },
      });
      const model = await compare({ id: token });
      expect(model.twoPeople ?? null).toBeNull();
      expect(model.householdPaired).toBe(true);
      await db.prisma.quoteLink.delete({ where: { id: partnerLink.link.id } });
      const lead = await db.prisma.quoteLink.findUniqueOrThrow({ where: { token } });
      expect(lead.partnerLinkId).toBeNull(); // ON DELETE SET NULL
      expect((await compare({ id: token })).twoPeople ?? null).toBeNull();
    });

    it("an ordinary link of a paired contact, and the partner's own link, show one person and nothing of the other", async () => {
      const { token, org, contactId, partner, partnerLink } = await householdLink();
      const ordinary = await createQuoteLink({ organizationId: org.id, contactId, now: NOW });
      const model = await compare({ id: ordinary.token });
      expect(model.twoPeople ?? null).toBeNull();
      expect(model.householdPaired).toBe(true);
      const page = JSON.stringify(model);
      for (const secret of [partner.id, partnerLink.token, "Robin", "Partnerson"]) expect(page).not.toContain(secret);
      // The partner's own link does not point back: it shows the partner alone.
      const partnerPage = JSON.stringify(await compare({ id: partnerLink.token }));
      expect(partnerPage).not.toContain(token);
      expect(partnerPage).not.toContain(contactId);
    });

    it("never follows a partner link into another organization", async () => {
      const { token } = await linkFor({});
      const other = await createOrganization(db.prisma, { now: NOW });
      const stranger = await createContact(db.prisma, other.id, { now: NOW, firstName: "Stranger" });
      const foreign = await createQuoteLink({ organizationId: other.id, contactId: stranger.id, now: NOW });
      await db.prisma.quoteLink.update({ where: { token }, data: { partnerLinkId: foreign.link.id } });
      const model = await compare({ id: token });
      expect(model.twoPeople ?? null).toBeNull();
      expect(JSON.stringify(model)).not.toContain("Stranger");
    });
  });
});

test("formats cents as a monthly price", () => {
  expect(formatMonthly(12745)).toBe("$127.45/mo");
  expect(formatMonthly(123400)).toBe("$1,234.00/mo");
});
