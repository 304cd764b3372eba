import { getEnv } from "@/lib/env";
import type { Planner } from "@/lib/outreach/reschedule-contact";
import { createQuoteLink, quoteTrackingId } from "@/lib/quotes/quote-links";
import { planContactEmails } from "@/lib/outreach-schedule/plan";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";
import { clickTrackingParam, recordEmailClick } from "@/lib/tracking/email-tracking";
import { logTrackingClick, SAME_VISIT_MINUTES } from "@/lib/tracking/quote-views";

const db = setupTestDatabase();
const now = new Date("2026-03-04T15:12:00Z");
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

/** A planner that counts how often the contact is re-planned. */
function countingPlanner() {
  const calls: string[] = [];
  const plan: Planner = (input) => {
    calls.push(input.contact.id);
    return planContactEmails(input);
  };
  return { plan, calls };
}

/** A contact, its quote link and the sent email that carried it, as the sweep leaves them. */
async function sentQuoteEmail(sendMode: "production" | "test" = "production") {
  const org = await createOrganization(db.prisma, { now });
  await createUser(db.prisma, org.id, { now, isAdmin: true });
  const contact = await createContact(db.prisma, org.id, { now });
  const { link, token } = await createQuoteLink({
    organizationId: org.id,
    contactId: contact.id,
    now: later(-60 * 24),
  });
  const trackingId = quoteTrackingId(link);
  const email = await db.prisma.scheduledEmail.create({
    data: {
      organizationId: org.id,
      contactId: contact.id,
      emailType: "birthday",
      scheduledSendDate: later(-60),
      scheduledSendAt: later(-60),
      status: "sent",
      sendMode,
      idempotencyKey: `k-${contact.id}`,
      trackingId,
      sentAt: later(-60),
    },
  });
  const target = `${getEnv().appUrl}/compare?id=${token}&tid=${trackingId}`;
  return { org, contact, link, token, trackingId, email, target };
}

const rows = (contactId: string) =>
  db.prisma.trackingClick.findMany({ where: { contactId }, orderBy: { clickedAt: "asc" } });
const views = (contactId: string) =>
  db.prisma.contactEvent.findMany({ where: { contactId, eventType: "quote_viewed" }, orderBy: { createdAt: "asc" } });

describe("a quote-link click and the page's view report", () => {
  it("a tracked click followed by the compare page's view writes one tracking row and re-plans the contact once", async () => {
    const { contact, link, token, trackingId, email, target } = await sentQuoteEmail();
    const { plan, calls } = countingPlanner();
    expect(await recordEmailClick({ id: clickTrackingParam(email.id, target), target, now, plan })).toMatchObject({
      recorded: true,
    });
    await logTrackingClick({ quoteId: token, tid: trackingId, now: later(0.1), plan });

    const [row, ...more] = await rows(contact.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ quoteLinkId: link.id, trackingId, clickedAt: now });
    expect(calls).toEqual([contact.id]);
    // The view itself still counts: the link's count, the event (naming the click's row) and the agent's email.
    expect((await db.prisma.quoteLink.findUniqueOrThrow({ where: { id: link.id } })).viewCount).toBe(1);
    expect((await views(contact.id)).map((e) => e.metadata)).toEqual([
      { quoteLinkId: link.id, trackingId, trackingClickId: row!.id },
    ]);
    expect(
      await db.prisma.outboxEmail.count({
        where: {
          idempotencyKey: { startsWith: "agent-notification:" },
          tags: { path: ["contact_id"], equals: contact.id },
        },
      }),
    ).toBe(1);
  });

  it("a view with no click before it (a reload, a copied link) or long after it is a visit of its own: its own row and re-plan", async () => {
    const { contact, token, trackingId, email, target } = await sentQuoteEmail();
    const { plan, calls } = countingPlanner();
    await recordEmailClick({ id: clickTrackingParam(email.id, target), target, now, plan });
    await logTrackingClick({ quoteId: token, tid: trackingId, now: later(1), plan });
    // The reload: the click was claimed by the first view.
    await logTrackingClick({ quoteId: token, tid: trackingId, now: later(2), plan });
    expect(await rows(contact.id)).toHaveLength(2);
    expect(calls).toHaveLength(2);

    // A click whose page report comes after the visit window is two visits.
    await recordEmailClick({ id: clickTrackingParam(email.id, target), target, now: later(10), plan });
    await logTrackingClick({ quoteId: token, tid: trackingId, now: later(10 + SAME_VISIT_MINUTES + 1), plan });
    expect(await rows(contact.id)).toHaveLength(4);
    expect(calls).toHaveLength(4);
    expect(await views(contact.id)).toHaveLength(3);
  });

  it("a trial's [TEST] copy: neither the click nor the view writes a row or re-plans", async () => {
    const { contact, token, trackingId, email, target } = await sentQuoteEmail("test");
    const { plan, calls } = countingPlanner();
    await recordEmailClick({ id: clickTrackingParam(email.id, target), target, now, plan });
    await logTrackingClick({ quoteId: token, tid: trackingId, now: later(0.1), plan });
    expect(await rows(contact.id)).toEqual([]);
    expect(await views(contact.id)).toEqual([]);
    expect(calls).toEqual([]);
  });
});
