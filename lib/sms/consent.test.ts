import { AppError } from "@/lib/api/errors";
import { recordSmsConsent, smsConsentOf } from "@/lib/sms/consent";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
const now = new Date("2026-06-01T15:00:00.000Z");
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const TEXT =
  "Yes, Sunrise Insurance may text me Medicare Supplement quotes. Msg & data rates may apply. Reply STOP to opt out.";
const PHONE = "5125550100";

async function setup() {
  const org = await createOrganization(db.prisma, { now });
  const agent = await createUser(db.prisma, org.id, { now });
  const contact = await createContact(db.prisma, org.id, { now });
  await db.prisma.contact.update({ where: { id: contact.id }, data: { phoneNumber: PHONE } });
  return { org, agent, contact };
}

/** The agent records the client's consent with TEXT at `now`. */
const recordFor = ({ org, agent, contact }: { org: { id: string }; agent: { id: string }; contact: { id: string } }) =>
  recordSmsConsent({
    organizationId: org.id,
    contactId: contact.id,
    source: "agent_recorded",
    text: TEXT,
    now,
    actorUserId: agent.id,
  });

/** A STOP or START as the inbound webhook records it. */
async function keyword(organizationId: string, contactId: string, action: "opt_out" | "resubscribe", at: Date) {
  await db.prisma.consentEvent.create({
    data: {
      organizationId,
      contactId,
      channel: "sms",
      action,
      source: "sms_keyword",
      occurredAt: at,
      phoneNumber: PHONE,
    },
  });
}

describe("SMS consent", () => {
  it("no consent: no SMS; express consent: yes; STOP after: no; START after STOP: yes", async () => {
    const { org, agent, contact } = await setup();
    const of = () => smsConsentOf({ organizationId: org.id, contactId: contact.id });
    expect(await of()).toEqual({ allowed: false, reason: "no_consent", since: null });

    const recorded = await recordSmsConsent({
      organizationId: org.id,
      contactId: contact.id,
      source: "agent_recorded",
      text: `  ${TEXT}  `,
      now,
      actorUserId: agent.id,
    });
    expect(recorded).toEqual({ allowed: true, reason: "consented", since: now });
    expect(await of()).toEqual(recorded);

    await keyword(org.id, contact.id, "opt_out", later(1));
    expect(await of()).toEqual({ allowed: false, reason: "opted_out", since: later(1) });
    await keyword(org.id, contact.id, "resubscribe", later(2));
    expect(await of()).toEqual({ allowed: true, reason: "consented", since: later(2) });
  });

  it("keeps the source, the date, the exact text and the number in the ledger, and an audit row naming the agent", async () => {
    const { org, agent, contact } = await setup();
    await recordFor({ org, agent, contact });
    const [event] = await db.prisma.consentEvent.findMany({ where: { contactId: contact.id } });
    expect(event).toMatchObject({
      channel: "sms",
      action: "opt_in",
      source: "agent_recorded",
      occurredAt: now,
      consentText: TEXT,
      phoneNumber: PHONE,
      metadata: { actorUserId: agent.id },
    });
    const audit = await db.prisma.auditLog.findMany({ where: { organizationId: org.id } });
    expect(audit).toEqual([
      expect.objectContaining({
        action: "contact.sms_consent_recorded",
        actorUserId: agent.id,
        entityId: contact.id,
        metadata: { consentEventId: event!.id, source: "agent_recorded" },
      }),
    ]);
  });

  it("a new number has no consent: consent belongs to the number it was given for", async () => {
    const { org, agent, contact } = await setup();
    await recordFor({ org, agent, contact });
    await db.prisma.contact.update({ where: { id: contact.id }, data: { phoneNumber: "5125550199" } });
    expect(await smsConsentOf({ organizationId: org.id, contactId: contact.id })).toMatchObject({
      allowed: false,
      reason: "no_consent",
    });
  });

  it("another organization's events never count, and its contact answers 404 and gets no row", async () => {
    const a = await setup();
    const b = await setup();
    await recordFor(b);
    // A row of B's organization about A's contact (which no code path writes) still does not count for A.
    await db.prisma.consentEvent.create({
      data: {
        organizationId: b.org.id,
        contactId: a.contact.id,
        channel: "sms",
        action: "opt_in",
        source: "agent_recorded",
        occurredAt: now,
        phoneNumber: PHONE,
        consentText: TEXT,
      },
    });
    expect(await smsConsentOf({ organizationId: a.org.id, contactId: a.contact.id })).toMatchObject({
      allowed: false,
      reason: "no_consent",
    });
    await expect(smsConsentOf({ organizationId: a.org.id, contactId: b.contact.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      recordSmsConsent({
        organizationId: a.org.id,
        contactId: b.contact.id,
        source: "agent_recorded",
        text: TEXT,
        now,
        actorUserId: a.agent.id,
      }),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(await db.prisma.consentEvent.count({ where: { contactId: b.contact.id } })).toBe(1);
  });

  it("refuses a contact without a 10-digit number, and a missing or short text, writing nothing", async () => {
    const { org, agent, contact } = await setup();
    const record = (text: unknown) =>
      recordSmsConsent({
        organizationId: org.id,
        contactId: contact.id,
        source: "agent_recorded",
        text,
        now,
        actorUserId: agent.id,
      });
    for (const text of [undefined, "", "   yes    ", 42])
      await expect(record(text)).rejects.toMatchObject({
        code: "validation_failed",
        fields: { text: [expect.any(String)] },
      });
    await db.prisma.contact.update({ where: { id: contact.id }, data: { phoneNumber: null } });
    const refused = await record(TEXT).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: "validation_failed", fields: { phoneNumber: [expect.any(String)] } });
    expect(await db.prisma.consentEvent.count({ where: { contactId: contact.id } })).toBe(0);
    expect(await smsConsentOf({ organizationId: org.id, contactId: contact.id })).toMatchObject({ reason: "no_phone" });
  });
});
