import { NextRequest } from "next/server";
import { GET as unsubscribeGet, POST as unsubscribePost } from "@/app/api/unsubscribe/route";
import { createUnsubscribeToken } from "@/lib/consent/unsubscribe-token";
import {
  listConsentEvents,
  loadUnsubscribePage,
  resubscribeContact,
  UNSUBSCRIBE_MESSAGES,
  unsubscribeContact,
} from "@/lib/consent/unsubscribe";
import { sendQuoteEmail } from "@/lib/quotes/send-quote-email";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();

let ipCounter = 0;
const post = (token: string | null, body?: string) =>
  unsubscribePost(
    new NextRequest(`http://localhost/api/unsubscribe${token === null ? "" : `?t=${token}`}`, {
      method: "POST",
      headers: {
        "x-forwarded-for": `10.9.0.${++ipCounter}`,
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body,
    }),
  );

async function scheduled(
  organizationId: string,
  contactId: string,
  status: "pending" | "sent" | "sending",
  day: number,
) {
  const date = new Date(Date.UTC(2030, 0, day));
  return db.prisma.scheduledEmail.create({
    data: {
      organizationId,
      contactId,
      emailType: "birthday",
      scheduledSendDate: date,
      scheduledSendAt: date,
      status,
      idempotencyKey: `k-${contactId}-${day}`,
      sentAt: status === "sent" ? date : null,
    },
  });
}

async function contactWithEmails() {
  const org = await createOrganization(db.prisma, { now });
  const contact = await createContact(db.prisma, org.id, { now });
  const pending = [
    await scheduled(org.id, contact.id, "pending", 1),
    await scheduled(org.id, contact.id, "pending", 2),
  ];
  const sent = await scheduled(org.id, contact.id, "sent", 3);
  return {
    org,
    contact,
    pending,
    sent,
    token: createUnsubscribeToken({ organizationId: org.id, contactId: contact.id }),
  };
}

describe("POST /api/unsubscribe (RFC 8058 one-click)", () => {
  it("unsubscribes, writes the ledger and cancels every pending email in one go, leaving sent ones alone", async () => {
    const { org, contact, pending, sent, token } = await contactWithEmails();
    const res = await post(token, "List-Unsubscribe=One-Click");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: "You have been unsubscribed." });

    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).unsubscribedAt).not.toBeNull();
    const ledger = await listConsentEvents({ organizationId: org.id, contactId: contact.id });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      channel: "email",
      action: "unsubscribe",
      source: "one_click",
      organizationId: org.id,
    });
    for (const row of pending) {
      expect(await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
        status: "cancelled",
        skipReason: "Unsubscribed",
      });
    }
    expect((await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id: sent.id } })).status).toBe("sent");
    expect(await db.prisma.emailEvent.count({ where: { contactId: contact.id, type: "unsubscribed" } })).toBe(1);
  });

  it("records the confirm button as source 'link', and a second unsubscribe adds no second ledger row", async () => {
    const { org, contact, token } = await contactWithEmails();
    expect((await post(token)).status).toBe(200);
    const again = await post(token, "List-Unsubscribe=One-Click");
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ alreadyUnsubscribed: true });
    const ledger = await listConsentEvents({ organizationId: org.id, contactId: contact.id });
    expect(ledger.map((e) => e.source)).toEqual(["link"]);
  });

  it("two concurrent unsubscribes write one ledger row", async () => {
    const { org, contact, token } = await contactWithEmails();
    const answers = await Promise.all([
      post(token, "List-Unsubscribe=One-Click"),
      post(token, "List-Unsubscribe=One-Click"),
      post(token),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await listConsentEvents({ organizationId: org.id, contactId: contact.id })).toHaveLength(1);
    expect(await db.prisma.emailEvent.count({ where: { contactId: contact.id, type: "unsubscribed" } })).toBe(1);
  });

  it("refuses a tampered or missing token and changes nothing", async () => {
    const { contact, pending, token } = await contactWithEmails();
    const tampered = token.slice(0, 40) + (token[40] === "A" ? "B" : "A") + token.slice(41);
    for (const bad of [tampered, null, "nonsense"]) {
      const res = await post(bad, "List-Unsubscribe=One-Click");
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe(UNSUBSCRIBE_MESSAGES.invalidLink);
    }
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).unsubscribedAt).toBeNull();
    expect((await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id: pending[0]!.id } })).status).toBe(
      "pending",
    );
    expect(await db.prisma.consentEvent.count({ where: { contactId: contact.id } })).toBe(0);
  });

  it("a validly signed token naming another organization's contact touches nothing", async () => {
    const a = await contactWithEmails();
    const b = await contactWithEmails();
    const crossed = createUnsubscribeToken({ organizationId: a.org.id, contactId: b.contact.id });
    expect((await post(crossed, "List-Unsubscribe=One-Click")).status).toBe(404);
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: b.contact.id } })).unsubscribedAt).toBeNull();
    expect((await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id: b.pending[0]!.id } })).status).toBe(
      "pending",
    );
    expect(await db.prisma.consentEvent.count({ where: { contactId: { in: [a.contact.id, b.contact.id] } } })).toBe(0);
  });

  it("GET never unsubscribes: it leads to the confirmation page", async () => {
    const { contact, token } = await contactWithEmails();
    const res = await unsubscribeGet(new NextRequest(`http://localhost/api/unsubscribe?t=${token}`));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`http://localhost:3000/unsubscribe?t=${token}`);
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).unsubscribedAt).toBeNull();
  });
});

describe("the /unsubscribe page model", () => {
  it("names the organization and a masked address, and knows when it is already done", async () => {
    const { org, contact, token } = await contactWithEmails();
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { brandName: "Lee Insurance", primaryColor: "#0F766E" },
    });
    const model = await loadUnsubscribePage({ token });
    expect(model).toMatchObject({
      kind: "ready",
      brand: { name: "Lee Insurance", color: "#0F766E", logoUrl: null },
      alreadyUnsubscribed: false,
    });
    expect(model.kind === "ready" && model.maskedEmail).toBe(`c•••@example.test`);
    expect(model.kind === "ready" && model.maskedEmail).not.toContain(contact.email.split("@")[0]);
    await unsubscribeContact({ organizationId: org.id, contactId: contact.id, source: "agent", now: new Date() });
    expect(await loadUnsubscribePage({ token })).toMatchObject({ kind: "ready", alreadyUnsubscribed: true });
    expect(await loadUnsubscribePage({ token: token.slice(1) + "A" })).toEqual({
      kind: "invalid",
      message: UNSUBSCRIBE_MESSAGES.invalidLink,
    });
  });
});

describe("resubscribe by an agent", () => {
  it("clears the opt-out and appends to the ledger; another organization's contact is 404", async () => {
    const { org, contact, token } = await contactWithEmails();
    const other = await createOrganization(db.prisma, { now });
    await post(token, "List-Unsubscribe=One-Click");
    await expect(
      resubscribeContact({ organizationId: other.id, contactId: contact.id, actorUserId: "u", now: new Date() }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(
      await resubscribeContact({
        organizationId: org.id,
        contactId: contact.id,
        actorUserId: "user-1",
        now: new Date(),
      }),
    ).toEqual({ success: true, resubscribed: true });
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).unsubscribedAt).toBeNull();
    expect(
      (await listConsentEvents({ organizationId: org.id, contactId: contact.id })).map(
        (e) => `${e.action}:${e.source}`,
      ),
    ).toEqual(["unsubscribe:one_click", "resubscribe:agent"]);
  });
});

describe("the quote email carries the unsubscribe link", () => {
  it("in the footer (the page) and in List-Unsubscribe (the one-click endpoint), and the header URL works", async () => {
    const org = await createOrganization(db.prisma, { now });
    const agent = await createUser(db.prisma, org.id, { now });
    const contact = await createContact(db.prisma, org.id, { now, agentId: agent.id });
    await sendQuoteEmail({
      organizationId: org.id,
      viewer: { id: agent.id, isAdmin: false, email: agent.email },
      contactId: contact.id,
      now: new Date(),
    });
    const email = await db.prisma.outboxEmail.findFirstOrThrow({ where: { originalTo: contact.email } });
    const token = createUnsubscribeToken({ organizationId: org.id, contactId: contact.id });
    expect(email.html).toContain(`href="http://localhost:3000/unsubscribe?t=${token}"`);
    expect(email.headers).toEqual({
      "List-Unsubscribe": `<http://localhost:3000/api/unsubscribe?t=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });

    const header = (email.headers as Record<string, string>)["List-Unsubscribe"]!;
    const oneClick = new URL(header.slice(1, -1));
    expect((await post(oneClick.searchParams.get("t"), "List-Unsubscribe=One-Click")).status).toBe(200);
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } })).unsubscribedAt).not.toBeNull();
  });
});
