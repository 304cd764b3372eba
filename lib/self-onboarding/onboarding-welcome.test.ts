import { tenantDb } from "@/lib/db";
import { confirmSignupEmail } from "@/lib/self-onboarding/email-confirmation";
import {
  ONBOARDING_WELCOME_TYPE,
  onboardingWelcomeKey,
  sendOnboardingWelcome,
} from "@/lib/self-onboarding/onboarding-welcome";
import { createQuoteLink } from "@/lib/quotes/quote-links";
import { selfServiceSignup } from "@/lib/self-onboarding/signup";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The confirmation plans outreach, which reads the clock: the records are stamped with it too.
const NOW = new Date();
const later = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);

let counter = 0;
async function agency({ live = false } = {}) {
  const org = await createOrganization(db.prisma, { now: NOW });
  const admin = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: {
      defaultAgentId: admin.id,
      brandName: "Welcome Brand",
      phone: "5125550177",
      ...(live ? { demoMode: false, wentLiveAt: NOW } : {}),
    },
  });
  return { org, admin };
}

async function signUp(orgId: string) {
  const email = `welcome-${++counter}@example.com`;
  const input = {
    orgId,
    email,
    firstName: "Robin",
    lastName: "Signup",
    phoneNumber: "5125550199",
    zipCode: "78701",
    dateOfBirth: "1958-04-12",
    gender: "F",
    tobacco: false,
    optInQuarterlyUpdates: true,
  };
  const result = await selfServiceSignup({ input, now: NOW });
  if (!result.created) throw new Error("expected a new contact");
  const mail = await db.prisma.outboxEmail.findFirstOrThrow({
    where: { originalTo: email, idempotencyKey: { startsWith: "email-confirmation:" } },
  });
  const token = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(mail.html)![1]!;
  return { contactId: result.contactId, token, email };
}

const welcomes = (contactId: string) =>
  db.prisma.outboxEmail.findMany({ where: { idempotencyKey: onboardingWelcomeKey(contactId) } });

describe("the welcome email to a self-signup", () => {
  it("is not sent before the address is confirmed, then once on confirmation, with the quote link the confirmation opened", async () => {
    const { org } = await agency({ live: true });
    const { contactId, token, email } = await signUp(org.id);
    expect(await welcomes(contactId)).toHaveLength(0);
    expect(await db.prisma.scheduledEmail.count({ where: { contactId, emailType: ONBOARDING_WELCOME_TYPE } })).toBe(0);

    const answer = await confirmSignupEmail({ token, now: later(1) });
    if (answer.status !== "confirmed") throw new Error("expected confirmed");
    const [mail, ...more] = await welcomes(contactId);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ to: email, subject: "Welcome to Welcome Brand, Robin: your quotes", testMode: false });
    expect(mail!.from).toContain("Welcome Brand");
    const quoteToken = new URL(`http://x${answer.redirectUrl}`).searchParams.get("id")!;
    expect(mail!.html).toContain(`/compare?id=${quoteToken}`);
    expect(mail!.html).toContain("(512) 555-0177");
    const row = await db.prisma.scheduledEmail.findFirstOrThrow({
      where: { contactId, emailType: ONBOARDING_WELCOME_TYPE },
    });
    expect(row).toMatchObject({ status: "sent", sendMode: "production", recipientEmail: email });
    expect(await db.prisma.emailEvent.count({ where: { scheduledEmailId: row.id, type: "sent" } })).toBe(1);

    // A second click, two clicks at once, or a direct second call: still one email.
    await confirmSignupEmail({ token, now: later(2) });
    const link = await createQuoteLink({ organizationId: org.id, contactId, now: later(3) });
    expect(
      await sendOnboardingWelcome({
        organizationId: org.id,
        contactId,
        quoteLink: link,
        testRecipient: null,
        now: later(3),
      }),
    ).toBe("already_sent");
    expect(await welcomes(contactId)).toHaveLength(1);
    expect(await db.prisma.scheduledEmail.count({ where: { contactId, emailType: ONBOARDING_WELCOME_TYPE } })).toBe(1);
  });

  it("two confirmations at once send one welcome", async () => {
    const { org } = await agency({ live: true });
    const { contactId, token } = await signUp(org.id);
    await Promise.all([confirmSignupEmail({ token, now: NOW }), confirmSignupEmail({ token, now: NOW })]);
    expect(await welcomes(contactId)).toHaveLength(1);
  });

  it("in a trial goes to the agency's agent as [TEST], never to the person", async () => {
    const { org, admin } = await agency();
    const { contactId, token, email } = await signUp(org.id);
    await confirmSignupEmail({ token, now: later(1) });
    const [mail] = await welcomes(contactId);
    expect(mail).toMatchObject({
      to: admin.email,
      originalTo: email,
      subject: "[TEST] Welcome to Welcome Brand, Robin: your quotes",
    });
    expect(await db.prisma.outboxEmail.count({ where: { to: email } })).toBe(0);
    expect(
      await db.prisma.scheduledEmail.findFirstOrThrow({ where: { contactId, emailType: ONBOARDING_WELCOME_TYPE } }),
    ).toMatchObject({ sendMode: "test", recipientEmail: admin.email });
  });

  it("is not sent to a contact who opted out in between", async () => {
    const { org } = await agency({ live: true });
    const { contactId } = await signUp(org.id);
    await tenantDb(org.id).contact.update({
      where: { id: contactId, organizationId: org.id },
      data: { unsubscribedAt: NOW },
    });
    const link = await createQuoteLink({ organizationId: org.id, contactId, now: NOW });
    expect(
      await sendOnboardingWelcome({
        organizationId: org.id,
        contactId,
        quoteLink: link,
        testRecipient: null,
        now: NOW,
      }),
    ).toBe("opted_out");
    expect(await welcomes(contactId)).toHaveLength(0);
  });
});
