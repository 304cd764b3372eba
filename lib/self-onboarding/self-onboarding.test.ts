import { NextRequest } from "next/server";
import { GET as orgRoute } from "@/app/api/self-service/[orgIdOrSlug]/route";
import { POST as generateQuoteRoute } from "@/app/api/self-service/generate-quote/route";
import { POST as signupRoute } from "@/app/api/self-service/signup/route";
import { POST as updateDetailsRoute } from "@/app/api/self-service/update-quote-details/route";
import { getEnv } from "@/lib/env";
import { createQuoteLink, findQuoteLink } from "@/lib/quotes/quote-links";
import { generateSelfServiceQuote } from "@/lib/self-onboarding/generate-quote";
import { signQuoteProof } from "@/lib/self-onboarding/quote-proof";
import { OTHER_CARRIER_CHOICE, SELF_SERVICE_MESSAGES } from "@/lib/self-onboarding/self-onboarding-schema";
import { bookContactWhere } from "@/lib/contacts/book";
import {
  SELF_ONBOARDING_EVENT,
  selfServiceSignup,
  SIGNUP_CLIENT_LIMIT,
  SIGNUPS_PER_EMAIL_PER_DAY,
  SIGNUPS_PER_ORGANIZATION_PER_HOUR,
} from "@/lib/self-onboarding/signup";
import { solvedChallengeHeader } from "@/lib/testing/challenge";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
const NOW = new Date("2026-05-20T15:00:00Z");
let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter % 250}`;

function post(path: string, body: unknown, ip = nextIp(), headers: Record<string, string> = {}) {
  return new NextRequest(`http://localhost${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", "x-forwarded-for": ip, ...headers },
  });
}
/** A signup as the form sends it: with a freshly solved challenge. */
const signupPost = (body: unknown, ip = nextIp()) =>
  post("/api/self-service/signup", body, ip, solvedChallengeHeader("self-signup"));
const get = (path: string, ip = nextIp()) =>
  new NextRequest(`http://localhost${path}`, { headers: { "x-forwarded-for": ip } });
const ctx = (params: Record<string, string>) => ({ params: Promise.resolve(params) });

let emailCounter = 0;
function form(orgId: string, overrides: Record<string, unknown> = {}) {
  return {
    orgId,
    email: `person-${++emailCounter}@example.com`,
    firstName: "Pat",
    lastName: "Jones",
    phoneNumber: "5125550188",
    zipCode: "78737",
    county: "Travis County",
    dateOfBirth: "1958-03-14",
    gender: "F",
    tobacco: false,
    hasCurrentPlan: true,
    carrierChoice: "Humana",
    currentPremium: "145.50",
    planType: "Plan G",
    optInQuarterlyUpdates: true,
    ...overrides,
  };
}

/** The id of the contact a signup created (a returning address answers none). */
function createdId(result: Awaited<ReturnType<typeof selfServiceSignup>>): string {
  if (!result.created) throw new Error("expected a new contact");
  return result.contactId;
}

async function agency() {
  const org = await createOrganization(db.prisma, { now: NOW });
  const admin = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true });
  const agent = await createUser(db.prisma, org.id, { now: NOW });
  return { org, admin, agent };
}

describe("selfServiceSignup", () => {
  it("creates the contact from the form: ZIP gives state and county, the link's agent is assigned, an event is logged", async () => {
    const { org, agent } = await agency();
    const input = form(org.slug, { agentId: agent.id, email: "New.Person@Example.com" });
    const result = await selfServiceSignup({ input, now: NOW });
    expect(result).toMatchObject({ success: true, email: "new.person@example.com", created: true });
    const contact = await db.prisma.contact.findUniqueOrThrow({ where: { id: createdId(result) } });
    expect(contact).toMatchObject({
      organizationId: org.id,
      email: "new.person@example.com",
      phoneNumber: "5125550188",
      state: "TX",
      zipCode: "78737",
      county: "Travis County",
      countyFips: "48453",
      gender: "F",
      tobaccoUser: false,
      currentCarrier: "Humana",
      currentPremiumCents: 14550,
      hasCurrentPlan: true,
      planType: "Plan G",
      optInQuarterlyUpdates: true,
      agentId: agent.id,
      source: "self_onboarding",
    });
    expect(contact.birthDate?.toISOString().slice(0, 10)).toBe("1958-03-14");
    // Unconfirmed: outside the book, nothing planned; the only email is the confirmation link.
    expect(contact.unverifiedSince).toEqual(NOW);
    expect(await db.prisma.contact.count({ where: bookContactWhere(org.id) })).toBe(0);
    expect(await db.prisma.scheduledEmail.count({ where: { contactId: contact.id } })).toBe(0);
    const confirmations = await db.prisma.emailConfirmation.findMany({ where: { contactId: contact.id } });
    expect(confirmations).toHaveLength(1);
    const events = await db.prisma.contactEvent.findMany({ where: { contactId: contact.id } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      eventType: SELF_ONBOARDING_EVENT,
      metadata: { outcome: "created", agentAssigned: true },
    });
    expect(JSON.stringify(events[0]!.metadata)).not.toContain("example.com");
  });

  it("stores the chosen or typed carrier's NAIC group, what rate-increase emails match on; an unknown carrier has none", async () => {
    const { org } = await agency();
    for (const naic of ["60052", "73288"]) {
      await db.prisma.carrier.upsert({
        where: { naic },
        create: { naic, name: "Humana", groupName: "Humana", aliases: ["humana"] },
        update: {},
      });
    }
    const naicOf = async (overrides: Record<string, unknown>) => {
      const result = await selfServiceSignup({ input: form(org.slug, overrides), now: NOW });
      return (
        await db.prisma.contact.findUniqueOrThrow({
          where: { id: createdId(result) },
          select: { currentCarrierNaic: true },
        })
      ).currentCarrierNaic;
    };
    expect(await naicOf({ carrierChoice: "Humana" })).toBe("60052");
    expect(await naicOf({ carrierChoice: OTHER_CARRIER_CHOICE, currentCarrier: "humana" })).toBe("60052");
    expect(await naicOf({ carrierChoice: OTHER_CARRIER_CHOICE, currentCarrier: "Local Mutual" })).toBeNull();
    expect(await naicOf({ hasCurrentPlan: false })).toBeNull();
  });

  it("an organization link (no agentId) leaves the contact unassigned; the org id works as well as the slug", async () => {
    const { org } = await agency();
    const result = await selfServiceSignup({ input: form(org.id), now: NOW });
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: createdId(result) } })).agentId).toBeNull();
  });

  it("a returning email changes nothing and gets no proof: the typed details become a follow-up request, and the quote link goes to the address on file", async () => {
    const { org, agent } = await agency();
    const other = await createUser(db.prisma, org.id, { now: NOW });
    const existing = await createContact(db.prisma, org.id, {
      now: NOW,
      email: "pat@example.com",
      firstName: "Old",
      agentId: agent.id,
    });
    const before = await db.prisma.contact.findUniqueOrThrow({ where: { id: existing.id } });
    const result = await selfServiceSignup({
      input: form(org.slug, {
        email: "PAT@example.com",
        firstName: "Mallory",
        agentId: other.id,
        zipCode: "78701",
        county: "",
      }),
      now: NOW,
    });
    expect(result).toEqual({
      success: true,
      contactId: null,
      email: "pat@example.com",
      proof: null,
      created: false,
      emailedQuoteLink: true,
    });
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(1);
    const after = await db.prisma.contact.findUniqueOrThrow({ where: { id: existing.id } });
    expect({ ...after, updatedAt: null, lastEmailedAt: null }).toEqual({
      ...before,
      updatedAt: null,
      lastEmailedAt: null,
    });
    const request = await db.prisma.followUpRequest.findFirstOrThrow({ where: { contactId: existing.id } });
    expect(request).toMatchObject({
      type: "general",
      contactName: expect.stringContaining("Mallory"),
      contactEmail: "pat@example.com",
      contactPhone: "5125550188",
    });
    const sent = await db.prisma.scheduledEmail.findFirstOrThrow({
      where: { contactId: existing.id, emailType: "quote_email" },
    });
    expect(sent.metadata).toMatchObject({ sentByUserId: agent.id });
    const event = await db.prisma.contactEvent.findFirstOrThrow({ where: { contactId: existing.id } });
    expect(event.metadata).toMatchObject({ outcome: "returning", agentAssigned: false });
    // A second try the same day sends nothing more and answers the same.
    await expect(
      selfServiceSignup({ input: form(org.slug, { email: "pat@example.com" }), now: NOW }),
    ).resolves.toMatchObject({ emailedQuoteLink: true });
    expect(await db.prisma.scheduledEmail.count({ where: { contactId: existing.id } })).toBe(1);
  });

  it("never assigns an agent of another organization, an inactive user or a non-agent", async () => {
    const { org } = await agency();
    const foreign = await agency();
    const inactive = await createUser(db.prisma, org.id, { now: NOW, isActive: false });
    const adminOnly = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true, isAgent: false });
    for (const agentId of [foreign.agent.id, inactive.id, adminOnly.id, "not-a-uuid"]) {
      const result = await selfServiceSignup({ input: form(org.slug, { agentId }), now: NOW });
      expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: createdId(result) } })).agentId).toBeNull();
    }
    const existing = await createContact(db.prisma, org.id, { now: NOW, email: "keep@example.com" });
    await selfServiceSignup({
      input: form(org.slug, { email: "keep@example.com", agentId: foreign.agent.id }),
      now: NOW,
    });
    expect((await db.prisma.contact.findUniqueOrThrow({ where: { id: existing.id } })).agentId).toBeNull();
  });

  it("unconfirmed signups take no place in the plan; a full book refuses new signups, not returning ones", async () => {
    const { org } = await agency();
    await db.prisma.organization.update({ where: { id: org.id }, data: { contactLimit: 1, extraContacts: 1 } });
    await createContact(db.prisma, org.id, { now: NOW, email: "one@example.com" });
    // Any number of unconfirmed signups: the book still holds one contact of two.
    for (const email of ["two@example.com", "three@example.com", "four@example.com"])
      await selfServiceSignup({ input: form(org.slug, { email }), now: NOW });
    expect(await db.prisma.contact.count({ where: bookContactWhere(org.id) })).toBe(1);
    await createContact(db.prisma, org.id, { now: NOW, email: "five@example.com" });
    await expect(
      selfServiceSignup({ input: form(org.slug, { email: "six@example.com" }), now: NOW }),
    ).rejects.toMatchObject({ code: "conflict", message: SELF_SERVICE_MESSAGES.notAccepting });
    await expect(
      selfServiceSignup({ input: form(org.slug, { email: "one@example.com" }), now: NOW }),
    ).resolves.toMatchObject({ created: false });
  });

  it("a second signup of an address still unconfirmed takes it over: the earlier one and its quote link are gone", async () => {
    const { org } = await agency();
    const first = await selfServiceSignup({
      input: form(org.slug, { email: "twice@example.com", firstName: "Mallory" }),
      now: NOW,
    });
    const { token } = await createQuoteLink({ organizationId: org.id, contactId: createdId(first), now: NOW });
    const second = await selfServiceSignup({
      input: form(org.slug, { email: "twice@example.com", firstName: "Pat" }),
      now: NOW,
    });
    expect(second).toMatchObject({ created: true });
    expect(createdId(second)).not.toBe(createdId(first));
    expect(
      await db.prisma.contact.findMany({ where: { organizationId: org.id }, select: { firstName: true } }),
    ).toEqual([{ firstName: "Pat" }]);
    // The first visitor's link shows nothing of the second's details, and its confirmation link is gone.
    expect(await findQuoteLink(token, NOW)).toBeNull();
    expect(await db.prisma.emailConfirmation.count({ where: { organizationId: org.id } })).toBe(1);
  });

  it("does not require the quote-emails opt-in: a 'no' still gets the quote, is recorded in the consent ledger and unsubscribes", async () => {
    const { org } = await agency();
    const declined = await selfServiceSignup({
      input: form(org.slug, { email: "declines@example.com", optInQuarterlyUpdates: false }),
      now: NOW,
    });
    expect(declined).toMatchObject({ success: true, created: true });
    const contact = await db.prisma.contact.findUniqueOrThrow({ where: { id: createdId(declined) } });
    expect(contact).toMatchObject({ optInQuarterlyUpdates: false, unsubscribedAt: NOW });
    expect(
      await db.prisma.consentEvent.findMany({
        where: { contactId: contact.id },
        select: { channel: true, action: true, source: true, occurredAt: true },
      }),
    ).toEqual([{ channel: "email", action: "opt_out", source: "signup_form", occurredAt: NOW }]);

    const agreed = await selfServiceSignup({ input: form(org.slug, { email: "agrees@example.com" }), now: NOW });
    const yes = await db.prisma.contact.findUniqueOrThrow({ where: { id: createdId(agreed) } });
    expect(yes).toMatchObject({ optInQuarterlyUpdates: true, unsubscribedAt: null });
    expect(
      await db.prisma.consentEvent.findMany({ where: { contactId: yes.id }, select: { action: true, source: true } }),
    ).toEqual([{ action: "opt_in", source: "signup_form" }]);
  });

  it("refuses bad input with the spec's messages and writes nothing", async () => {
    const { org } = await agency();
    await expect(selfServiceSignup({ input: form(org.slug, { firstName: " " }), now: NOW })).rejects.toMatchObject({
      code: "validation_failed",
      message: "Please fill out all required fields.",
      fields: { firstName: ["Please enter your first name"] },
    });
    await expect(selfServiceSignup({ input: form(org.slug, { zipCode: "123" }), now: NOW })).rejects.toMatchObject({
      message: "Please enter a valid 5-digit zip code",
    });
    await expect(
      selfServiceSignup({ input: form(org.slug, { zipCode: "00000", county: "" }), now: NOW }),
    ).rejects.toMatchObject({
      message: "Unable to determine state from zip code",
      fields: { zipCode: ["Invalid zip code"] },
    });
    await expect(
      selfServiceSignup({ input: form(org.slug, { county: "Harris County" }), now: NOW }),
    ).rejects.toMatchObject({ code: "validation_failed" });
    await expect(
      selfServiceSignup({ input: form(org.slug, { dateOfBirth: "2026-06-01" }), now: NOW }),
    ).rejects.toMatchObject({ message: SELF_SERVICE_MESSAGES.invalidDateOfBirth });
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(0);
  });

  it("an unknown organization is 404 'Organization not found or invalid link.'", async () => {
    await expect(selfServiceSignup({ input: form("no-such-agency"), now: NOW })).rejects.toMatchObject({
      code: "not_found",
      message: SELF_SERVICE_MESSAGES.orgNotFound,
    });
  });

  it("limits signups per email address per day, and per organization per hour", async () => {
    const { org } = await agency();
    const input = form(org.slug, { email: "again@example.com" });
    for (let i = 0; i < SIGNUPS_PER_EMAIL_PER_DAY; i++) await selfServiceSignup({ input, now: NOW });
    await expect(selfServiceSignup({ input, now: NOW })).rejects.toMatchObject({ code: "rate_limited" });
    await expect(selfServiceSignup({ input, now: new Date(NOW.getTime() + 23 * 3_600_000) })).rejects.toMatchObject({
      code: "rate_limited",
    });
    await expect(selfServiceSignup({ input, now: new Date(NOW.getTime() + 24 * 3_600_000) })).resolves.toMatchObject({
      created: true,
    });
    // The address's refusals did not count against the organization; its own cap counts the rest.
    const { org: other } = await agency();
    for (let i = 0; i < SIGNUPS_PER_ORGANIZATION_PER_HOUR; i++)
      await selfServiceSignup({ input: form(other.slug), now: NOW });
    await expect(selfServiceSignup({ input: form(other.slug), now: NOW })).rejects.toMatchObject({
      code: "rate_limited",
    });
  });
});

describe("generate-quote", () => {
  it("mints a quote link for the contact signup wrote, with the proof signup answered", async () => {
    const { org } = await agency();
    const input = form(org.slug);
    const signup = await selfServiceSignup({ input, now: NOW });
    const answer = await generateSelfServiceQuote({
      input: { orgId: org.id, contactEmail: input.email.toUpperCase().toLowerCase(), proof: signup.proof ?? undefined },
      now: NOW,
    });
    expect(answer).toMatchObject({
      success: true,
      contactId: createdId(signup),
      redirectUrl: `/compare?id=${answer.quoteId}`,
    });
    const found = await findQuoteLink(answer.quoteId, NOW);
    expect(found?.contact.id).toBe(createdId(signup));
  });

  it("refuses without the proof, with a forged or expired one, another contact's, or another organization's", async () => {
    const { org } = await agency();
    const foreign = await agency();
    const victim = await createContact(db.prisma, org.id, { now: NOW, email: "victim@example.com" });
    const secret = getEnv().authSecret;
    const attempts = [
      undefined,
      "",
      `${victim.id}.99999999999.forged`,
      signQuoteProof({
        secret,
        organizationId: org.id,
        contactId: victim.id,
        now: new Date(NOW.getTime() - 3_600_000),
      }),
      signQuoteProof({ secret, organizationId: foreign.org.id, contactId: victim.id, now: NOW }),
      signQuoteProof({ secret: "another-secret", organizationId: org.id, contactId: victim.id, now: NOW }),
    ];
    for (const proof of attempts) {
      await expect(
        generateSelfServiceQuote({ input: { orgId: org.slug, contactEmail: "victim@example.com", proof }, now: NOW }),
      ).rejects.toMatchObject({ code: "forbidden" });
    }
    // A valid proof for one contact does not open another contact's email.
    const mine = await selfServiceSignup({ input: form(org.slug), now: NOW });
    await expect(
      generateSelfServiceQuote({
        input: { orgId: org.slug, contactEmail: "victim@example.com", proof: mine.proof ?? undefined },
        now: NOW,
      }),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect(await db.prisma.quoteLink.count({ where: { organizationId: org.id } })).toBe(0);
  });
});

describe("routes", () => {
  it("GET /api/self-service/{orgIdOrSlug} answers public fields only; the agent only when it is this organization's", async () => {
    const { org, agent } = await agency();
    const foreign = await agency();
    const res = await orgRoute(
      get(`/api/self-service/${org.slug}?agentId=${agent.id}`),
      ctx({ orgIdOrSlug: org.slug }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body.organization).sort()).toEqual([
      "id",
      "logoUrl",
      "name",
      "phone",
      "primaryColor",
      "slug",
      "timezone",
    ]);
    expect(body.agent).toEqual({ id: agent.id, firstName: agent.firstName, lastName: agent.lastName });
    const byId = await (
      await orgRoute(get(`/api/self-service/${org.id}?agentId=${foreign.agent.id}`), ctx({ orgIdOrSlug: org.id }))
    ).json();
    expect(byId).toMatchObject({ organization: { slug: org.slug }, agent: null });
    const missing = await orgRoute(get("/api/self-service/nobody-here"), ctx({ orgIdOrSlug: "nobody-here" }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { code: "not_found", message: "Organization not found or invalid link." },
    });
  });

  it("signup → generate-quote over HTTP; generate-quote without the proof is 403", async () => {
    const { org } = await agency();
    const input = form(org.id);
    const signup = await signupRoute(signupPost(input));
    expect(signup.status).toBe(200);
    const signed = await signup.json();
    expect(Object.keys(signed).sort()).toEqual(["contactId", "email", "proof", "success"]);
    const refused = await generateQuoteRoute(
      post("/api/self-service/generate-quote", { orgId: org.id, contactEmail: input.email }),
    );
    expect(refused.status).toBe(403);
    const quote = await generateQuoteRoute(
      post("/api/self-service/generate-quote", { orgId: org.id, contactEmail: input.email, proof: signed.proof }),
    );
    expect(quote.status).toBe(200);
    const body = await quote.json();
    expect(body).toMatchObject({ success: true, contactId: signed.contactId });
    expect(body.redirectUrl).toBe(`/compare?id=${body.quoteId}`);
  });

  it("signup answers 422 with the spec's message and 404 for an unknown organization", async () => {
    const { org } = await agency();
    const bad = await signupRoute(signupPost(form(org.id, { email: "" })));
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.message).toBe("Please fill out all required fields.");
    const foreign = await signupRoute(signupPost(form("00000000-0000-4000-8000-000000000000")));
    expect(foreign.status).toBe(404);
  });

  it("signup needs a solved challenge: none, or one already used, is 403 and creates nothing", async () => {
    const { org } = await agency();
    const unsolved = await signupRoute(post("/api/self-service/signup", form(org.id)));
    expect(unsolved.status).toBe(403);
    expect((await unsolved.json()).error.fields.challenge).toBeDefined();
    const solved = solvedChallengeHeader("self-signup");
    expect((await signupRoute(post("/api/self-service/signup", form(org.id), nextIp(), solved))).status).toBe(200);
    expect((await signupRoute(post("/api/self-service/signup", form(org.id), nextIp(), solved))).status).toBe(403);
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(1);
  });

  it("one client cannot spend the organization's hour: past its own budget it gets 429, and visitors from other addresses still sign up", async () => {
    expect(SIGNUP_CLIENT_LIMIT.limit * 3).toBeLessThanOrEqual(SIGNUPS_PER_ORGANIZATION_PER_HOUR);
    const { org } = await agency();
    const attacker = "203.0.113.99";
    const statuses: number[] = [];
    for (let i = 0; i < SIGNUP_CLIENT_LIMIT.limit + 3; i++)
      statuses.push((await signupRoute(signupPost(form(org.id), attacker))).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SIGNUP_CLIENT_LIMIT.limit);
    expect(statuses.slice(SIGNUP_CLIENT_LIMIT.limit).every((s) => s === 429)).toBe(true);
    expect(
      (await db.prisma.rateLimitBucket.findUniqueOrThrow({ where: { key: `self-service-signup:org:${org.id}` } }))
        .count,
    ).toBe(SIGNUP_CLIENT_LIMIT.limit);
    for (const visitor of ["198.51.100.251", "2001:db8:5::1"])
      expect((await signupRoute(signupPost(form(org.id), visitor))).status).toBe(200);
    // None of them is in the book until confirmed.
    expect(await db.prisma.contact.count({ where: { organizationId: org.id, unverifiedSince: null } })).toBe(0);
  });

  it("rate-limits the public calls per client", async () => {
    const { org } = await agency();
    const ip = "192.0.2.77";
    let last: Response | undefined;
    for (let i = 0; i <= SIGNUP_CLIENT_LIMIT.limit; i++)
      last = await signupRoute(post("/api/self-service/signup", { orgId: org.id }, ip));
    expect(last!.status).toBe(429);
    expect(last!.headers.get("retry-after")).toBeTruthy();
    for (let i = 0; i < 31; i++)
      last = await generateQuoteRoute(
        post("/api/self-service/generate-quote", { orgId: org.id, contactEmail: "x@example.com" }, ip),
      );
    expect(last!.status).toBe(429);
  });

  it("update-quote-details stores the corrected facts on the link's contact and answers the compare URL", async () => {
    const { org } = await agency();
    const contact = await createContact(db.prisma, org.id, { now: NOW });
    const { token } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, now: new Date() });
    const res = await updateDetailsRoute(
      post("/api/self-service/update-quote-details", {
        quoteId: token,
        zipCode: "78737",
        county: "Hays County",
        dateOfBirth: "1957-01-02",
        gender: "M",
        tobacco: true,
      }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, redirectUrl: `/compare?id=${token}` });
    const updated = await db.prisma.contact.findUniqueOrThrow({ where: { id: contact.id } });
    expect(updated).toMatchObject({
      zipCode: "78737",
      county: "Hays County",
      state: "TX",
      gender: "M",
      tobaccoUser: true,
    });
    expect(updated.birthDate?.toISOString().slice(0, 10)).toBe("1957-01-02");
    const unknown = await updateDetailsRoute(
      post("/api/self-service/update-quote-details", {
        quoteId: "A".repeat(43),
        zipCode: "78737",
        dateOfBirth: "1957-01-02",
        gender: "M",
        tobacco: true,
      }),
    );
    expect(unknown.status).toBe(404);
  });
});
