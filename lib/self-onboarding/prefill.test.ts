import { createQuoteLink } from "@/lib/quotes/quote-links";
import { selfOnboardingPrefill } from "@/lib/self-onboarding/prefill";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization } from "@/lib/testing/factories";

const db = setupTestDatabase();
const NOW = new Date("2026-03-02T15:00:00Z");

async function contactWithLink() {
  const org = await createOrganization(db.prisma, { now: NOW });
  const contact = await createContact(db.prisma, org.id, {
    now: NOW,
    firstName: "Pat",
    lastName: "Prefill",
    email: "pat.prefill@example.com",
  });
  await db.prisma.contact.update({
    where: { id: contact.id },
    data: {
      phoneNumber: "5125550166",
      zipCode: "78701",
      birthDate: new Date("1958-04-12T00:00:00Z"),
      gender: "F",
      tobaccoUser: true,
    },
  });
  const { token } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, now: NOW });
  return { org, contact, token };
}

describe("selfOnboardingPrefill (/self-onboarding/{slug}?quoteId=)", () => {
  it("a valid quote link token of the page's agency fills in the contact's details; the opt-in is not among them", async () => {
    const { org, token } = await contactWithLink();
    const prefill = await selfOnboardingPrefill({ quoteId: token, organizationId: org.id, now: NOW });
    expect(prefill).toEqual({
      firstName: "Pat",
      lastName: "Prefill",
      email: "pat.prefill@example.com",
      phone: "5125550166",
      zip: "78701",
      dateOfBirth: "1958-04-12",
      gender: "F",
      tobacco: "yes",
    });
    expect(prefill).not.toHaveProperty("optIn");
  });

  it("anything else gives an empty form: no quoteId, a contact id, a malformed or unknown token, another agency's link, an expired link, a deleted contact", async () => {
    const { org, contact, token } = await contactWithLink();
    const other = await contactWithLink();
    const empty = (quoteId: string | null, organizationId = org.id, now = NOW) =>
      selfOnboardingPrefill({ quoteId, organizationId, now });
    expect(await empty(null)).toBeNull();
    expect(await empty(contact.id)).toBeNull(); // a guessable id never opens anything
    expect(await empty(`${org.id}-${contact.id}-abcdef12`)).toBeNull(); // the original product's hash-signed id
    expect(await empty("A".repeat(43))).toBeNull();
    expect(await empty(other.token)).toBeNull(); // another agency's link on this agency's page
    expect(await empty(token, org.id, new Date(NOW.getTime() + 91 * 86_400_000))).toBeNull();
    await db.prisma.contact.delete({ where: { id: contact.id } });
    expect(await empty(token)).toBeNull();
  });
});
