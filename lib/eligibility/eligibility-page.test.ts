import { loadEligibilityPage, MISSING_ORGANIZATION_MESSAGE } from "@/lib/eligibility/eligibility-page";
import { createQuoteLink, QUOTE_NOT_FOUND_MESSAGE } from "@/lib/quotes/quote-links";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The page is loaded at this moment; the records and links it reads were made then too.
const now = new Date("2026-11-22T15:00:00Z");

describe("loadEligibilityPage", () => {
  it("takes the organization from the quote link, with orgId as a cross-check only", async () => {
    const org = await createOrganization(db.prisma, { now });
    await db.prisma.organization.update({
      where: { id: org.id },
      data: {
        brandName: "Lone Star Medigap",
        primaryColor: "#0f766e",
        hideMedicareAdvantage: true,
        phone: "5125550100",
      },
    });
    const other = await createOrganization(db.prisma, { now });
    const contact = await createContact(db.prisma, org.id, { now });
    const { token } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, now });

    const ready = {
      kind: "ready",
      quoteToken: token,
      organization: {
        id: org.id,
        brandName: "Lone Star Medigap",
        primaryColor: "#0f766e",
        hideMedicareAdvantage: true,
        logoUrl: null,
        phone: "(512) 555-0100",
      },
    };
    expect(await loadEligibilityPage({ quoteToken: token, now })).toMatchObject(ready);
    expect(await loadEligibilityPage({ quoteToken: token, orgId: org.id, now })).toMatchObject(ready);
    expect(await loadEligibilityPage({ quoteToken: token, orgId: org.slug, now })).toMatchObject(ready);
    expect(await loadEligibilityPage({ quoteToken: token, orgId: other.id, now })).toEqual({
      kind: "error",
      message: MISSING_ORGANIZATION_MESSAGE,
    });
    expect(await loadEligibilityPage({ quoteToken: "A".repeat(43), orgId: org.id, now })).toEqual({
      kind: "error",
      message: QUOTE_NOT_FOUND_MESSAGE,
    });
  });

  it("without a link, needs an organization id or slug that exists", async () => {
    const org = await createOrganization(db.prisma, { now });
    expect(await loadEligibilityPage({ orgId: org.id, now })).toMatchObject({
      kind: "ready",
      quoteToken: null,
      organization: { id: org.id },
    });
    expect(await loadEligibilityPage({ orgId: org.slug, now })).toMatchObject({
      kind: "ready",
      quoteToken: null,
      organization: { id: org.id },
    });
    for (const orgId of [undefined, "no-such-agency", "3f1c2a9e-0000-4000-8000-000000000000", "<script>"]) {
      expect(await loadEligibilityPage({ orgId, now })).toEqual({
        kind: "error",
        message: MISSING_ORGANIZATION_MESSAGE,
      });
    }
  });

  it("keeps anything but a hex colour out of the page's style", async () => {
    const org = await createOrganization(db.prisma, { now });
    await db.prisma.organization.update({ where: { id: org.id }, data: { primaryColor: "red;background:url(x)" } });
    expect(await loadEligibilityPage({ orgId: org.id, now })).toMatchObject({
      organization: { primaryColor: "#6B46C1" },
    });
  });
});
