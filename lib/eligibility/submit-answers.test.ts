import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { POST as submitRoute } from "@/app/api/org/[slug]/eligibility-answers/route";
import { POST as tempContactRoute } from "@/app/api/org/[slug]/temp-contact/route";
import { TEMP_CONTACT_CLIENT_LIMIT, TEMP_CONTACTS_PER_ORGANIZATION_PER_HOUR } from "@/lib/eligibility/temp-contact";
import { CHALLENGE_HEADER } from "@/lib/challenge/challenge-format";
import { solvedChallengeHeader } from "@/lib/testing/challenge";
import { GET as contactEligibilityRoute } from "@/app/api/contacts/[id]/eligibility/route";
import { encryptAnswers } from "@/lib/eligibility/encrypt-answers";
import { toSubmittedAnswers, type AnswerDraft } from "@/lib/eligibility/outcome";
import { MAIN_QUESTION_IDS } from "@/lib/eligibility/questions";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";
import { createQuoteLink, QUOTE_LINK_DAYS } from "@/lib/quotes/quote-links";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });
const post = (path: string, body: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
  new NextRequest(`http://localhost${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", "x-forwarded-for": ip, ...headers },
  });
const get = (path: string, cookie: string) =>
  new NextRequest(`http://localhost${path}`, { headers: { cookie, "x-forwarded-for": freshIp() } });

const allNo = (): AnswerDraft => ({
  main: Object.fromEntries(MAIN_QUESTION_IDS.map((id) => [id, "no"])),
  followUps: {},
});
/** A free-text answer unlikely to appear anywhere by chance. */
const secretDiagnosis = () => `Diagnosis-${randomBytes(6).toString("hex")}`;
const heartYes = (diagnosis: string): AnswerDraft => ({
  main: { ...allNo().main, 1: "yes" },
  followUps: { 101: diagnosis, 102: true, 103: false },
});

async function agencyWithLink() {
  const org = await createOrganization(db.prisma, { now });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true });
  const owner = await createUser(db.prisma, org.id, { now });
  const otherAgent = await createUser(db.prisma, org.id, { now });
  const contact = await createContact(db.prisma, org.id, { now, agentId: owner.id });
  const { token } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, now: new Date() });
  const cookies = {
    admin: (await createSession(db.prisma, admin.id, { now })).cookie,
    owner: (await createSession(db.prisma, owner.id, { now })).cookie,
    otherAgent: (await createSession(db.prisma, otherAgent.id, { now })).cookie,
  };
  return { org, contact, token, cookies };
}

async function submit(segment: string, body: unknown, ip?: string) {
  const res = await submitRoute(post(`/api/org/${segment}/eligibility-answers`, body, ip), ctx({ slug: segment }));
  return { status: res.status, body: await res.json() };
}

describe("POST /api/org/{orgId}/eligibility-answers", () => {
  it("keeps one current answer when the same contact submits twice at once (a double tap)", async () => {
    const { org, contact, token } = await agencyWithLink();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => submit(org.id, { quote_id: token, answers: toSubmittedAnswers(allNo()) })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await db.prisma.eligibilityAnswer.count({ where: { contactId: contact.id } })).toBe(1);
  });

  it("accepts all No, storing the outcome and an event with counts only", async () => {
    const { org, contact, token } = await agencyWithLink();
    const res = await submit(org.id, { quote_id: token, answers: toSubmittedAnswers(allNo()) });
    expect(res).toEqual({ status: 200, body: { success: true, outcome: "accept" } });

    const rows = await db.prisma.eligibilityAnswer.findMany({ where: { contactId: contact.id } });
    expect(rows).toHaveLength(1);
    const link = await db.prisma.quoteLink.findUniqueOrThrow({ where: { token } });
    expect(rows[0]).toMatchObject({
      organizationId: org.id,
      quoteLinkId: link.id,
      status: "accept",
      hasConditions: false,
      mainQuestionsYesCount: 0,
    });
    const events = await db.prisma.contactEvent.findMany({
      where: { contactId: contact.id, eventType: "eligibility_answered" },
    });
    expect(events.map((e) => e.metadata)).toEqual([
      { answers_count: 7, source: "quote", main_questions_yes_count: 0, has_medical_conditions: false },
    ]);
  });

  it("switches the contact's planned follow-up at once: cold before, 'answered, no conditions' after", async () => {
    const { org, contact, token } = await agencyWithLink();
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { demoMode: false, wentLiveAt: new Date(now.getTime() - 30 * 86_400_000) },
    });
    // A birthday email went out yesterday: its follow-up goes two days after it.
    const yesterday = new Date(now.getTime() - 86_400_000);
    const day = yesterday.toISOString().slice(0, 10);
    await db.prisma.scheduledEmail.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        emailType: "birthday",
        status: "sent",
        sentAt: yesterday,
        scheduledSendDate: new Date(`${day}T00:00:00Z`),
        scheduledSendAt: yesterday,
        idempotencyKey: `bd-${contact.id}`,
        sendMode: "production",
      },
    });
    const followUps = async () =>
      (
        await db.prisma.scheduledEmail.findMany({
          where: { contactId: contact.id, status: "pending", emailType: { startsWith: "followup_" } },
        })
      ).map((row) => row.emailType);
    await rescheduleContactsNow({ organizationId: org.id, contactIds: [contact.id], now });
    expect(await followUps()).toEqual(["followup_1_cold"]);

    expect((await submit(org.id, { quote_id: token, answers: toSubmittedAnswers(allNo()) })).status).toBe(200);
    expect(await followUps()).toEqual(["followup_3_hq_no_yes"]);
  });

  it("declines on a Yes, replaces the earlier answer, and keeps the answers unreadable in the database without the key", async () => {
    const { org, contact, token, cookies } = await agencyWithLink();
    await submit(org.slug, { quote_id: token, answers: toSubmittedAnswers(allNo()) });
    const diagnosis = secretDiagnosis();
    const res = await submit(org.slug, {
      quote_id: token,
      contact_id: contact.id,
      answers: toSubmittedAnswers(heartYes(diagnosis)),
    });
    expect(res).toEqual({ status: 200, body: { success: true, outcome: "decline" } });

    const raw = await db.query<{
      answers: string;
      status: string;
      has_conditions: boolean;
      main_questions_yes_count: number;
    }>(
      "SELECT answers::text AS answers, status, has_conditions, main_questions_yes_count FROM eligibility_answers WHERE contact_id = $1",
      [contact.id],
    );
    expect(raw).toHaveLength(1);
    expect(raw[0]).toMatchObject({ status: "decline", has_conditions: true, main_questions_yes_count: 1 });
    expect(raw[0]!.answers).not.toContain(diagnosis);
    expect(raw[0]!.answers).not.toContain("heart condition");
    expect(JSON.parse(raw[0]!.answers)).toEqual({
      v: 1,
      alg: "A256GCM",
      iv: expect.any(String),
      tag: expect.any(String),
      ct: expect.any(String),
    });
    const events = await db.query<{ metadata: string }>(
      "SELECT metadata::text AS metadata FROM contact_events WHERE contact_id = $1 ORDER BY created_at",
      [contact.id],
    );
    expect(events).toHaveLength(2);
    expect(events.map((e) => e.metadata).join(" ")).not.toContain(diagnosis);
    expect(JSON.parse(events[1]!.metadata)).toEqual({
      answers_count: 7,
      source: "quote",
      main_questions_yes_count: 1,
      has_medical_conditions: true,
    });

    // The contact page reads them back, decrypted.
    const read = await contactEligibilityRoute(
      get(`/api/contacts/${contact.id}/eligibility`, cookies.owner),
      ctx({ id: contact.id }),
    );
    expect(read.status).toBe(200);
    const body = await read.json();
    expect(body).toMatchObject({ status: "decline", hasConditions: true });
    expect(body.answers["1"]).toMatchObject({ id: 1, answer: true, question_type: "main" });
    expect(body.answers["1"].follow_up_questions).toEqual([
      { id: 101, question_text: expect.any(String), answer: diagnosis },
      { id: 102, question_text: expect.any(String), answer: true },
      { id: 103, question_text: expect.any(String), answer: false },
    ]);
    expect(
      (
        await contactEligibilityRoute(
          get(`/api/contacts/${contact.id}/eligibility`, cookies.admin),
          ctx({ id: contact.id }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await contactEligibilityRoute(
          get(`/api/contacts/${contact.id}/eligibility`, cookies.otherAgent),
          ctx({ id: contact.id }),
        )
      ).status,
    ).toBe(404);
  });

  it("refuses to read a row whose ciphertext was copied onto another contact", async () => {
    const { org, contact, cookies } = await agencyWithLink();
    const victim = await createContact(db.prisma, org.id, { now });
    const stolen = encryptAnswers({
      answers: toSubmittedAnswers(heartYes(secretDiagnosis())),
      organizationId: org.id,
      contactId: victim.id,
    });
    await db.prisma.eligibilityAnswer.create({
      data: { organizationId: org.id, contactId: contact.id, answers: stolen, hasConditions: true, status: "decline" },
    });
    const errors = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await contactEligibilityRoute(
        get(`/api/contacts/${contact.id}/eligibility`, cookies.admin),
        ctx({ id: contact.id }),
      );
      expect(res.status).toBe(500);
      expect(errors.mock.calls.flat().join(" ")).toContain("eligibility_answers_unreadable");
    } finally {
      errors.mockRestore();
    }
  });

  it("answers 404 for a segment naming another organization, and writes nothing", async () => {
    const { contact, token } = await agencyWithLink();
    const other = await createOrganization(db.prisma, { now });
    for (const segment of [other.id, other.slug, "no-such-agency"]) {
      const res = await submit(segment, { quote_id: token, answers: toSubmittedAnswers(allNo()) });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect(await db.prisma.eligibilityAnswer.count({ where: { contactId: contact.id } })).toBe(0);
  });

  it("never trusts a contact id: another contact's id with a valid link, or an id without a link, writes nothing", async () => {
    const { org, token } = await agencyWithLink();
    const someoneElse = await createContact(db.prisma, org.id, { now });
    expect(
      (await submit(org.id, { quote_id: token, contact_id: someoneElse.id, answers: toSubmittedAnswers(allNo()) }))
        .status,
    ).toBe(404);
    const bare = await submit(org.id, { contact_id: someoneElse.id, answers: toSubmittedAnswers(allNo()) });
    expect(bare.status).toBe(422);
    expect(bare.body.error.fields).toHaveProperty("quote_id");
    expect(await db.prisma.eligibilityAnswer.count({ where: { contactId: someoneElse.id } })).toBe(0);
  });

  it("answers 404 for an unknown or expired link", async () => {
    const { org, contact } = await agencyWithLink();
    const old = new Date(Date.now() - (QUOTE_LINK_DAYS + 1) * 86_400_000);
    const { token: expired } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, now: old });
    expect((await submit(org.id, { quote_id: expired, answers: toSubmittedAnswers(allNo()) })).status).toBe(404);
    expect((await submit(org.id, { quote_id: "A".repeat(43), answers: toSubmittedAnswers(allNo()) })).status).toBe(404);
  });

  it("answers a bad payload with 422 in the one error shape, without echoing or logging the answers", async () => {
    const { org, contact, token } = await agencyWithLink();
    const diagnosis = secretDiagnosis();
    const incomplete = toSubmittedAnswers(heartYes(diagnosis));
    delete incomplete["7"];
    const tooLong = toSubmittedAnswers(heartYes(diagnosis.repeat(100)));
    const spies = (["log", "info", "warn", "error"] as const).map((method) =>
      jest.spyOn(console, method).mockImplementation(() => {}),
    );
    try {
      for (const answers of [
        incomplete,
        tooLong,
        { ...toSubmittedAnswers(allNo()), 9: { id: 9, answer: false } },
        "not an object",
      ]) {
        const res = await submit(org.id, { quote_id: token, answers });
        expect(res.status).toBe(422);
        expect(res.body.error.code).toBe("validation_failed");
        expect(JSON.stringify(res.body)).not.toContain(diagnosis);
      }
      expect((await submit(org.id, { quote_id: token, answers: toSubmittedAnswers(heartYes(diagnosis)) })).status).toBe(
        200,
      );
      const logged = spies.flatMap((spy) => spy.mock.calls.flat().map(String)).join(" ");
      expect(logged).not.toContain(diagnosis);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(await db.prisma.eligibilityAnswer.count({ where: { contactId: contact.id } })).toBe(1);
  });

  it("is rate-limited per client", async () => {
    const { org, token } = await agencyWithLink();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await submit(org.id, { quote_id: token, answers: {} }, ip)).status);
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("POST /api/org/{orgId}/temp-contact", () => {
  /** As the form calls it: with a freshly solved challenge (unless `challenge` says otherwise). */
  async function createTemp(
    segment: string,
    ip?: string,
    challenge: Record<string, string> = solvedChallengeHeader("temp-contact"),
  ) {
    const res = await tempContactRoute(
      post(`/api/org/${segment}/temp-contact`, {}, ip, challenge),
      ctx({ slug: segment }),
    );
    return { status: res.status, body: await res.json() };
  }

  it("makes a Temporary Contact with a quote link, through which the answers are then written", async () => {
    const org = await createOrganization(db.prisma, { now });
    const first = await createTemp(org.slug);
    const second = await createTemp(org.id);
    expect(first).toEqual({
      status: 200,
      body: { success: true, contactId: expect.any(String), quoteId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    expect(second.status).toBe(200);

    const contact = await db.prisma.contact.findUniqueOrThrow({ where: { id: first.body.contactId } });
    expect(contact).toMatchObject({
      organizationId: org.id,
      firstName: "Temporary",
      lastName: "Contact",
      status: "temp",
      source: "self_onboarding",
    });
    expect(contact.email).toMatch(/^temp-\d+-[0-9a-f]{8}@example\.com$/);
    const secondContact = await db.prisma.contact.findUniqueOrThrow({ where: { id: second.body.contactId } });
    expect(secondContact.email).not.toBe(contact.email);
    expect(
      await db.prisma.contactEvent.count({ where: { contactId: contact.id, eventType: "temp_contact_created" } }),
    ).toBe(1);
    expect(await db.prisma.quoteLink.findUniqueOrThrow({ where: { token: first.body.quoteId } })).toMatchObject({
      organizationId: org.id,
      contactId: contact.id,
    });

    const res = await submit(org.id, { quote_id: first.body.quoteId, answers: toSubmittedAnswers(allNo()) });
    expect(res.body).toEqual({ success: true, outcome: "accept" });
    const event = await db.prisma.contactEvent.findFirstOrThrow({
      where: { contactId: contact.id, eventType: "eligibility_answered" },
    });
    expect(event.metadata).toMatchObject({ source: "direct" });
  });

  it("answers 404 for an unknown organization and is rate-limited", async () => {
    expect((await createTemp("no-such-agency")).status).toBe(404);
    expect((await createTemp("3f1c2a9e-0000-4000-8000-000000000000")).status).toBe(404);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= TEMP_CONTACT_CLIENT_LIMIT.limit; i++)
      statuses.push((await createTemp("no-such-agency", ip)).status);
    expect(statuses.slice(0, TEMP_CONTACT_CLIENT_LIMIT.limit).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("refuses a call without a solved challenge, or with one already used, and makes nothing", async () => {
    const org = await createOrganization(db.prisma, { now });
    const missing = await createTemp(org.slug, undefined, {});
    expect(missing.status).toBe(403);
    expect(missing.body.error.fields.challenge).toBeDefined();
    const solved = solvedChallengeHeader("temp-contact");
    expect((await createTemp(org.slug, undefined, solved)).status).toBe(200);
    expect((await createTemp(org.slug, undefined, solved)).status).toBe(403);
    expect(
      (
        await createTemp(org.slug, undefined, {
          [CHALLENGE_HEADER]: solvedChallengeHeader("callback")[CHALLENGE_HEADER]!,
        })
      ).status,
    ).toBe(403);
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(1);
  });

  it("one client cannot spend the organization's hour: past its own budget it gets 429, and visitors from other addresses still get through", async () => {
    expect(TEMP_CONTACT_CLIENT_LIMIT.limit * 3).toBeLessThanOrEqual(TEMP_CONTACTS_PER_ORGANIZATION_PER_HOUR);
    const org = await createOrganization(db.prisma, { now });
    const attacker = "203.0.113.66";
    const statuses: number[] = [];
    for (let i = 0; i < TEMP_CONTACT_CLIENT_LIMIT.limit + 5; i++)
      statuses.push((await createTemp(org.slug, attacker)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(TEMP_CONTACT_CLIENT_LIMIT.limit);
    expect(statuses.slice(TEMP_CONTACT_CLIENT_LIMIT.limit).every((s) => s === 429)).toBe(true);
    // Its refused calls spent nothing of the organization's cap.
    const bucket = await db.prisma.rateLimitBucket.findUniqueOrThrow({ where: { key: `temp-contact:org:${org.id}` } });
    expect(bucket.count).toBe(TEMP_CONTACT_CLIENT_LIMIT.limit);
    // Another address of the same IPv6 /64 is the same client.
    expect((await createTemp(org.slug, "2001:db8:1:2::1")).status).toBe(200);
    for (let i = 0; i < TEMP_CONTACT_CLIENT_LIMIT.limit; i++) await createTemp(org.slug, `2001:db8:1:2::${i + 2}`);
    expect((await createTemp(org.slug, "2001:db8:1:2:ffff::9")).status).toBe(429);
    // Real visitors elsewhere are served.
    for (const visitor of ["198.51.100.201", "198.51.100.202", "2001:db8:9:9::1"])
      expect((await createTemp(org.slug, visitor)).status).toBe(200);
  });

  it("caps temporary contacts per organization, whatever the caller's address", async () => {
    const { org } = await agencyWithLink();
    const statuses: number[] = [];
    for (let i = 0; i <= TEMP_CONTACTS_PER_ORGANIZATION_PER_HOUR; i++)
      statuses.push((await createTemp(org.slug)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(TEMP_CONTACTS_PER_ORGANIZATION_PER_HOUR);
    expect(statuses.at(-1)).toBe(429);
    expect(await db.prisma.contact.count({ where: { organizationId: org.id, status: "temp" } })).toBe(
      TEMP_CONTACTS_PER_ORGANIZATION_PER_HOUR,
    );
  });
});
