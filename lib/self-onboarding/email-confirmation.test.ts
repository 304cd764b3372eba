import { NextRequest } from "next/server";
import { POST as confirmRoute } from "@/app/api/self-service/confirm-email/route";
import { bookContactWhere } from "@/lib/contacts/book";
import { getContactStats } from "@/lib/contacts/contact-stats";
import { checkContactEmail } from "@/lib/contacts/contact-activity";
import { createContact as createContactAsAgency } from "@/lib/contacts/create-contact";
import { listContacts } from "@/lib/contacts/list-contacts";
import { tenantDb } from "@/lib/db";
import { findQuoteLink } from "@/lib/quotes/quote-links";
import {
  CONFIRMATION_DAYS,
  confirmSignupEmail,
  deleteUnconfirmedSignups,
  loadConfirmationPage,
} from "@/lib/self-onboarding/email-confirmation";
import { SELF_SERVICE_MESSAGES } from "@/lib/self-onboarding/self-onboarding-schema";
import { selfServiceSignup } from "@/lib/self-onboarding/signup";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The confirmation plans outreach, which reads the clock: the records are stamped with it too.
const NOW = new Date();
const later = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
/** What the plan's limit and the usage report count (lib/billing/limits.ts, usage.ts): the book. */
const bookCount = (organizationId: string) => db.prisma.contact.count({ where: bookContactWhere(organizationId) });

let emailCounter = 0;
function form(orgId: string, overrides: Record<string, unknown> = {}) {
  return {
    orgId,
    email: `confirm-${++emailCounter}@example.com`,
    firstName: "Robin",
    lastName: "Signup",
    phoneNumber: "5125550199",
    zipCode: "78701",
    dateOfBirth: "1958-04-12",
    gender: "F",
    tobacco: false,
    optInQuarterlyUpdates: true,
    ...overrides,
  };
}

async function agency() {
  const org = await createOrganization(db.prisma, { now: NOW });
  const admin = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
  await db.prisma.organization.update({ where: { id: org.id }, data: { defaultAgentId: admin.id } });
  return { org, admin, viewer: { id: admin.id, isAdmin: true } };
}

/** Signs up through the service and reads the confirmation link out of the email it sent. */
async function signUp(orgId: string, overrides: Record<string, unknown> = {}, now = NOW) {
  const input = form(orgId, overrides);
  const result = await selfServiceSignup({ input, now });
  if (!result.created) throw new Error("expected a new contact");
  const email = await db.prisma.outboxEmail.findFirstOrThrow({
    where: { idempotencyKey: { startsWith: "email-confirmation:" }, html: { contains: "/confirm-email/" } },
    orderBy: { createdAt: "desc" },
  });
  const token = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(email.html)![1]!;
  return { contactId: result.contactId, token, email, input };
}

const confirmPost = (body: unknown) =>
  confirmRoute(
    new NextRequest("http://localhost/api/self-service/confirm-email", {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
    }),
    {
      params: Promise.resolve({}),
    },
  );

describe("the confirmation email", () => {
  it("is the one email a signup gets: to the address typed, in a trial to the agent as [TEST]; only the token's hash is stored", async () => {
    const { org, admin } = await agency();
    const { token, email, contactId } = await signUp(org.id);
    // The factory's agency is in its trial: nothing reaches a consumer before go-live.
    expect(email).toMatchObject({
      to: admin.email,
      subject: `[TEST] Robin, please confirm your email for ${org.name}`,
    });
    expect(email.html).toContain("Confirm my email");
    const stored = await db.prisma.emailConfirmation.findFirstOrThrow({ where: { contactId } });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt).toEqual(new Date(NOW.getTime() + CONFIRMATION_DAYS * 86_400_000));

    await db.prisma.organization.update({ where: { id: org.id }, data: { demoMode: false, wentLiveAt: NOW } });
    const live = await signUp(org.id, { email: "robin.live@example.com" });
    expect(live.email).toMatchObject({
      to: "robin.live@example.com",
      subject: `Robin, please confirm your email for ${org.name}`,
    });
    expect(await db.prisma.outboxEmail.count({ where: { to: "robin.live@example.com" } })).toBe(1);
  });
});

describe("before confirmation the agency does not see the signup", () => {
  it("not in the list, the stat cards, the usage count, the email check; no outreach even when re-planned", async () => {
    const { org, viewer } = await agency();
    const { contactId, input } = await signUp(org.id);
    const db2 = tenantDb(org.id);
    expect((await listContacts({ db: db2, organizationId: org.id, viewer, now: NOW })).total).toBe(0);
    expect((await getContactStats({ organizationId: org.id, viewer })).totalContacts).toBe(0);
    expect(await bookCount(org.id)).toBe(0);
    expect(await checkContactEmail({ db: db2, organizationId: org.id, email: input.email })).toEqual({ exists: false });
    // A quote view re-plans the contact at once: still nothing for an unconfirmed one.
    const { rescheduleContactsNow } = await import("@/lib/outreach/triggers");
    await rescheduleContactsNow({ organizationId: org.id, contactIds: [contactId], now: NOW });
    expect(await db.prisma.scheduledEmail.count({ where: { contactId } })).toBe(0);
  });

  it("the agency's own contact of the same address wins: the signup is released, and its link then no longer works", async () => {
    const { org, viewer } = await agency();
    const { token, input } = await signUp(org.id);
    const created = await createContactAsAgency({
      organizationId: org.id,
      viewer,
      input: { firstName: "Real", lastName: "Client", email: input.email },
    });
    expect(created.email).toBe(input.email);
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(1);
    await expect(confirmSignupEmail({ token, now: NOW })).rejects.toMatchObject({
      code: "not_found",
      message: SELF_SERVICE_MESSAGES.confirmInvalid,
    });
  });
});

describe("confirmSignupEmail", () => {
  it("puts the contact in the book, plans its outreach and opens a fresh quote link", async () => {
    const { org, viewer } = await agency();
    const { token, contactId } = await signUp(org.id);
    expect(await loadConfirmationPage({ token, now: NOW })).toMatchObject({
      state: "pending",
      brand: { name: org.name },
      formUrl: `/self-onboarding/${org.slug}`,
    });

    const answer = await confirmSignupEmail({ token, now: later(1) });
    expect(answer).toMatchObject({
      success: true,
      status: "confirmed",
      organizationName: org.name,
      redirectUrl: expect.stringMatching(/^\/compare\?id=[A-Za-z0-9_-]{43}$/),
    });
    const contact = await db.prisma.contact.findUniqueOrThrow({ where: { id: contactId } });
    expect(contact.unverifiedSince).toBeNull();
    expect((await listContacts({ db: tenantDb(org.id), organizationId: org.id, viewer, now: NOW })).total).toBe(1);
    expect(await bookCount(org.id)).toBe(1);
    expect(await db.prisma.scheduledEmail.count({ where: { contactId } })).toBeGreaterThan(0);
    const link = await findQuoteLink(
      new URL(`http://x${answer.status === "confirmed" ? answer.redirectUrl : ""}`).searchParams.get("id")!,
      NOW,
    );
    expect(link?.contact.id).toBe(contactId);
    expect(await db.prisma.contactEvent.count({ where: { contactId, eventType: "self_onboarding_confirmed" } })).toBe(
      1,
    );
  });

  it("works once: a second click answers already confirmed and opens nothing; two clicks at once confirm once", async () => {
    const { org } = await agency();
    const { token, contactId } = await signUp(org.id);
    const both = await Promise.all([confirmSignupEmail({ token, now: NOW }), confirmSignupEmail({ token, now: NOW })]);
    expect(both.map((a) => a.status).sort()).toEqual(["already_confirmed", "confirmed"]);
    expect(await confirmSignupEmail({ token, now: later(2) })).toEqual({
      success: true,
      status: "already_confirmed",
      organizationName: org.name,
    });
    expect(await db.prisma.quoteLink.count({ where: { contactId } })).toBe(1);
    expect(await db.prisma.contactEvent.count({ where: { contactId, eventType: "self_onboarding_confirmed" } })).toBe(
      1,
    );
    expect((await loadConfirmationPage({ token, now: NOW })).state).toBe("used");
  });

  it("refuses an expired, unknown or malformed link with the message to sign up again", async () => {
    const { org } = await agency();
    const { token, contactId } = await signUp(org.id);
    const expiry = NOW.getTime() + CONFIRMATION_DAYS * 86_400_000;
    await expect(confirmSignupEmail({ token, now: new Date(expiry) })).rejects.toMatchObject({
      code: "not_found",
      message: SELF_SERVICE_MESSAGES.confirmInvalid,
    });
    expect((await loadConfirmationPage({ token, now: new Date(expiry) })).state).toBe("invalid");
    for (const other of ["A".repeat(43), "short", `${token}x`, ""]) {
      await expect(confirmSignupEmail({ token: other, now: NOW })).rejects.toMatchObject({ code: "not_found" });
    }
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contactId } })).unverifiedSince).not.toBeNull();
    // One minute before the expiry it still works.
    await expect(confirmSignupEmail({ token, now: new Date(expiry - 60_000) })).resolves.toMatchObject({
      status: "confirmed",
    });
  });

  it("a full plan keeps the signup unconfirmed and its link good: it confirms once there is room", async () => {
    const { org } = await agency();
    await db.prisma.organization.update({ where: { id: org.id }, data: { contactLimit: 1 } });
    const { token, contactId } = await signUp(org.id);
    const filler = await createContact(db.prisma, org.id, { now: NOW });
    await expect(confirmSignupEmail({ token, now: NOW })).rejects.toMatchObject({
      code: "conflict",
      message: SELF_SERVICE_MESSAGES.notAccepting,
    });
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: contactId } })).unverifiedSince).not.toBeNull();
    await db.prisma.contact.delete({ where: { id: filler.id } });
    await expect(confirmSignupEmail({ token, now: NOW })).resolves.toMatchObject({ status: "confirmed" });
    expect(await db.prisma.contact.count({ where: bookContactWhere(org.id) })).toBe(1);
  });

  it("POST /api/self-service/confirm-email answers in the error shape", async () => {
    const { org } = await agency();
    const { token } = await signUp(org.id);
    const ok = await confirmPost({ token });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, status: "confirmed" });
    const again = await confirmPost({ token });
    expect(await again.json()).toMatchObject({ status: "already_confirmed" });
    const bad = await confirmPost({ token: "A".repeat(43) });
    expect(bad.status).toBe(404);
    expect(await bad.json()).toEqual({ error: { code: "not_found", message: SELF_SERVICE_MESSAGES.confirmInvalid } });
  });
});

describe("deleteUnconfirmedSignups", () => {
  it("deletes signups left unconfirmed for 7 days, with their links; confirmed and agency contacts stay", async () => {
    const { org } = await agency();
    const old = await signUp(org.id, {}, later(-CONFIRMATION_DAYS * 24));
    const recent = await signUp(org.id, {}, later(-CONFIRMATION_DAYS * 24 + 1));
    const confirmed = await signUp(org.id, {}, later(-CONFIRMATION_DAYS * 24 - 5));
    await confirmSignupEmail({ token: confirmed.token, now: later(-CONFIRMATION_DAYS * 24) });
    const agencys = await createContact(db.prisma, org.id, { now: later(-400) });
    expect(await deleteUnconfirmedSignups({ now: NOW })).toEqual({ contacts: 1 });
    const left = (await db.prisma.contact.findMany({ where: { organizationId: org.id }, select: { id: true } }))
      .map((c) => c.id)
      .sort();
    expect(left).toEqual([recent.contactId, confirmed.contactId, agencys.id].sort());
    expect(await db.prisma.emailConfirmation.count({ where: { contactId: old.contactId } })).toBe(0);
  });
});
