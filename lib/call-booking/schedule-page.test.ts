import { createQuoteLink } from "@/lib/quotes/quote-links";
import { loadLandingPage, thanksCompareHref } from "@/lib/call-booking/landing";
import { loadSchedulePage } from "@/lib/call-booking/schedule-page";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The pages load at this moment; the agency and its quote link were made then too.
const now = new Date("2026-11-22T15:00:00Z");

async function agencyWithQuote() {
  const org = await createOrganization(db.prisma, { now });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: {
      brandName: "Lone Star Medigap",
      phone: "5125550100",
      redirectUrl: "www.example.com/book",
      primaryColor: "#0F766E",
      forceOrgSenderDetails: true,
    },
  });
  const agent = await createUser(db.prisma, org.id, { now });
  await db.prisma.user.update({ where: { id: agent.id }, data: { firstName: "Alex", phone: "5125550101" } });
  const contact = await createContact(db.prisma, org.id, {
    now,
    firstName: "Pat",
    lastName: "Jones",
    agentId: agent.id,
  });
  await db.prisma.contact.update({ where: { id: contact.id }, data: { phoneNumber: "5125550199" } });
  const { token } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, planType: "G", now });
  return { org, agent, contact, token };
}

const errorTo = (message: string) => ({ kind: "redirect", to: `/error?message=${encodeURIComponent(message)}` });

describe("loadSchedulePage", () => {
  it("a quote link: the outcome's texts, the organization's options, the callback prefilled, the referral link for the agent", async () => {
    const { org, agent, contact, token } = await agencyWithQuote();
    const model = await loadSchedulePage({
      params: { id: token, status: "accept", orgId: org.id, tid: "t-1", contactId: "ignored" },
      now,
    });
    expect(model).toEqual({
      kind: "page",
      title: "Good News!",
      brand: { name: "Lone Star Medigap", logoUrl: null, color: "#0F766E" },
      text: { heading: "Good News!", message: expect.stringContaining("good candidate") },
      options: {
        calendar: { url: "https://www.example.com/book", label: "Schedule a Call" },
        phone: { href: "tel:+15125550100", label: "Call Now: (512) 555-0100" },
        callback: true,
      },
      callback: {
        quoteId: token,
        orgId: null,
        status: "accept",
        planType: "G",
        name: "Pat Jones",
        email: contact.email,
        phone: "5125550199",
      },
      thankYouHref: `/self-onboarding/${org.slug}?agentId=${agent.id}`,
    });
  });

  it("decline and anything else", async () => {
    const { token } = await agencyWithQuote();
    expect(await loadSchedulePage({ params: { id: token, status: "decline" }, now })).toMatchObject({
      title: "Medicare Advantage Follow-up",
      text: { heading: "Here are some options..." },
      callback: { status: "decline" },
    });
    expect(await loadSchedulePage({ params: { id: token, status: "maybe" }, now })).toMatchObject({
      title: "Let's Connect",
      text: { heading: "Let's Connect" },
      callback: { status: null },
    });
  });

  it("declines without recommending Medicare Advantage when the agency hides it", async () => {
    const { org, token } = await agencyWithQuote();
    const shown = await loadSchedulePage({ params: { id: token, status: "decline" }, now });
    expect(shown).toMatchObject({ text: { message: expect.stringContaining("Medicare Advantage") } });
    await db.prisma.organization.update({ where: { id: org.id }, data: { hideMedicareAdvantage: true } });
    const hidden = await loadSchedulePage({ params: { id: token, status: "decline" }, now });
    expect(hidden).toMatchObject({
      title: "Let's Talk About Your Options",
      text: { heading: "Here are some options..." },
      callback: { status: "decline" },
    });
    expect(JSON.stringify(hidden)).not.toContain("Medicare Advantage");
  });

  it("offers the agent's own phone and booking link only while the agent's profile offers them", async () => {
    const { org, agent, token } = await agencyWithQuote();
    await db.prisma.organization.update({ where: { id: org.id }, data: { forceOrgSenderDetails: false } });
    await db.prisma.user.update({
      where: { id: agent.id },
      data: {
        useOrgSenderDetails: false,
        bookingLink: "https://cal.example.com/alex",
        phoneEnabled: true,
        calendarEnabled: true,
      },
    });
    expect(await loadSchedulePage({ params: { id: token }, now })).toMatchObject({
      options: {
        calendar: { url: "https://cal.example.com/alex", label: "Schedule a Call with Alex" },
        phone: { label: "Give Alex a call: (512) 555-0101" },
      },
    });
    await db.prisma.user.update({ where: { id: agent.id }, data: { phoneEnabled: false, calendarEnabled: false } });
    // Off, as for an agent without them: no agent booking button, the agency's phone.
    expect(await loadSchedulePage({ params: { id: token }, now })).toMatchObject({
      options: { calendar: null, phone: { label: "Call Now: (512) 555-0100" } },
    });
  });

  it("a generic link by organization id or slug, ignoring a contactId", async () => {
    const { org, contact } = await agencyWithQuote();
    for (const params of [{ orgId: org.id, contactId: contact.id }, { org: org.slug }]) {
      const model = await loadSchedulePage({ params, now });
      expect(model).toMatchObject({
        kind: "page",
        callback: { quoteId: null, orgId: org.slug, name: "", email: "", phone: "" },
        thankYouHref: `/self-onboarding/${org.slug}`,
      });
    }
  });

  it("missing parameters, an unknown token, another organization's cross-check, an unknown organization: /error", async () => {
    const { token } = await agencyWithQuote();
    const other = await createOrganization(db.prisma, { now });
    expect(await loadSchedulePage({ params: {}, now })).toEqual(
      errorTo("No parameters provided. Please provide either a quote ID or organization ID."),
    );
    expect(await loadSchedulePage({ params: { contactId: "x" }, now })).toEqual(
      errorTo("No parameters provided. Please provide either a quote ID or organization ID."),
    );
    expect(await loadSchedulePage({ params: { id: "Z".repeat(43) }, now })).toEqual(
      errorTo("Quote not found or expired. Please try again or contact support."),
    );
    expect(await loadSchedulePage({ params: { id: token, orgId: other.id }, now })).toEqual(
      errorTo("Quote not found or expired. Please try again or contact support."),
    );
    expect(await loadSchedulePage({ params: { orgId: "no-such-agency" }, now })).toEqual(
      errorTo("Missing or invalid organization ID"),
    );
  });
});

describe("loadLandingPage and thanksCompareHref", () => {
  it("greets the contact and links to their quotes", async () => {
    const { token } = await agencyWithQuote();
    expect(await loadLandingPage({ params: { id: token }, now })).toEqual({
      kind: "page",
      brand: { name: "Lone Star Medigap", logoUrl: null, color: "#0F766E" },
      firstName: "Pat",
      compareHref: `/compare?id=${token}`,
    });
    expect(await thanksCompareHref({ params: { id: token }, now })).toBe(`/compare/${token}`);
  });

  it("without a valid id: /error for the landing page, no link on the thanks page", async () => {
    for (const params of [{}, { id: "" }, { id: "not-a-token" }, { id: "Q".repeat(43) }]) {
      expect(await loadLandingPage({ params, now })).toEqual(errorTo("Missing or invalid quote ID"));
      expect(await thanksCompareHref({ params, now })).toBeNull();
    }
  });
});
