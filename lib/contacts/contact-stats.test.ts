import { randomBytes } from "node:crypto";
import { countListedContacts, getContactStats } from "@/lib/contacts/contact-stats";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// Nothing here depends on the time: the records are stamped at a fixed moment.
const now = new Date("2026-03-02T15:00:00Z");

describe("countListedContacts", () => {
  it("counts the contacts the viewer's list shows: 0 for a new agency, an agent's own only", async () => {
    const org = await createOrganization(db.prisma, { now });
    const boss = await createUser(db.prisma, org.id, { now, isAdmin: true });
    const agent = await createUser(db.prisma, org.id, { now });
    const bossView = { organizationId: org.id, viewer: { id: boss.id, isAdmin: true } };
    const agentView = { organizationId: org.id, viewer: { id: agent.id, isAdmin: false } };
    expect(await countListedContacts(bossView)).toBe(0);
    await createContact(db.prisma, org.id, { now, agentId: boss.id });
    expect(await countListedContacts(bossView)).toBe(1);
    expect(await countListedContacts(agentView)).toBe(0);
  });
});

describe("getContactStats", () => {
  it("counts quote links, contacts who viewed and contacts who answered, for the contacts the viewer sees", async () => {
    const org = await createOrganization(db.prisma, { now });
    const foreign = await createOrganization(db.prisma, { now });
    const boss = await createUser(db.prisma, org.id, { now, isAdmin: true });
    const agent = await createUser(db.prisma, org.id, { now });
    const mine = await createContact(db.prisma, org.id, { now, agentId: agent.id });
    const mine2 = await createContact(db.prisma, org.id, { now, agentId: agent.id });
    const theirs = await createContact(db.prisma, org.id, { now, agentId: null });
    const outsider = await createContact(db.prisma, foreign.id, { now });

    const link = (organizationId: string, contactId: string | null) =>
      db.prisma.quoteLink.create({ data: { organizationId, contactId, token: randomBytes(12).toString("hex") } });
    const click = (organizationId: string, contactId: string) =>
      db.prisma.trackingClick.create({
        data: { organizationId, contactId, trackingId: `t-${randomBytes(4).toString("hex")}` },
      });
    const answer = (organizationId: string, contactId: string) =>
      db.prisma.eligibilityAnswer.create({
        data: { organizationId, contactId, answers: {}, hasConditions: false, status: "accept" },
      });

    await link(org.id, mine.id);
    await link(org.id, mine.id);
    await link(org.id, theirs.id);
    await link(org.id, null); // anonymous: not a quote sent to a contact
    await link(foreign.id, outsider.id);
    await click(org.id, mine.id);
    await click(org.id, mine.id); // two clicks, one contact
    await click(org.id, theirs.id);
    await click(foreign.id, outsider.id);
    await answer(org.id, mine2.id);
    await answer(foreign.id, outsider.id);

    expect(await getContactStats({ organizationId: org.id, viewer: { id: boss.id, isAdmin: true } })).toEqual({
      totalContacts: 3,
      quotesSent: 3,
      quotesViewed: 2,
      healthQuestions: 1,
    });
    expect(await getContactStats({ organizationId: org.id, viewer: { id: agent.id, isAdmin: false } })).toEqual({
      totalContacts: 2,
      quotesSent: 2,
      quotesViewed: 1,
      healthQuestions: 1,
    });
  });

  it("does not count the link of a trial's [TEST] copy as a quote sent", async () => {
    const org = await createOrganization(db.prisma, { now });
    const boss = await createUser(db.prisma, org.id, { now, isAdmin: true });
    const contact = await createContact(db.prisma, org.id, { now });
    const email = async (sendMode: "test" | "production", emailType: string) => {
      const link = await db.prisma.quoteLink.create({
        data: { organizationId: org.id, contactId: contact.id, token: randomBytes(12).toString("hex") },
      });
      await db.prisma.scheduledEmail.create({
        data: {
          organizationId: org.id,
          contactId: contact.id,
          emailType,
          status: "sent",
          sendMode,
          sentAt: now,
          scheduledSendDate: now,
          scheduledSendAt: now,
          idempotencyKey: randomBytes(8).toString("hex"),
          metadata: { quoteLinkId: link.id },
        },
      });
    };
    await email("test", "quote_email");
    expect((await getContactStats({ organizationId: org.id, viewer: { id: boss.id, isAdmin: true } })).quotesSent).toBe(
      0,
    );
    await email("production", "birthday");
    expect((await getContactStats({ organizationId: org.id, viewer: { id: boss.id, isAdmin: true } })).quotesSent).toBe(
      1,
    );
  });

  it("is all zeros for an empty book", async () => {
    const org = await createOrganization(db.prisma, { now });
    const boss = await createUser(db.prisma, org.id, { now, isAdmin: true });
    expect(await getContactStats({ organizationId: org.id, viewer: { id: boss.id, isAdmin: true } })).toEqual({
      totalContacts: 0,
      quotesSent: 0,
      quotesViewed: 0,
      healthQuestions: 0,
    });
  });
});
