import { NextRequest } from "next/server";
import { POST as quotesRoute } from "@/app/api/quotes/route";
import { POST as updateLocationRoute } from "@/app/api/self-service/update-location/route";
import { POST as trackingRoute } from "@/app/api/tracking/log-tracking-click/route";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";
import { createQuoteLink, quoteTrackingId } from "@/lib/quotes/quote-links";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";
import { loadTinyTexasBook } from "@/lib/testing/tiny-rate-book";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();
let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const post = (path: string, body: unknown, { cookie, ip }: { cookie?: string; ip?: string } = {}) =>
  new NextRequest(`http://localhost${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", "x-forwarded-for": ip ?? freshIp(), ...(cookie ? { cookie } : {}) },
  });

beforeAll(() => loadTinyTexasBook(db.prisma));

async function agencyWithLink() {
  const org = await createOrganization(db.prisma, { now });
  const user = await createUser(db.prisma, org.id, { now, isAdmin: true });
  const contact = await createContact(db.prisma, org.id, { now, state: "TX" });
  await db.prisma.contact.update({ where: { id: contact.id }, data: { zipCode: "78701" } });
  const { token, link } = await createQuoteLink({ organizationId: org.id, contactId: contact.id, now: new Date() });
  return { org, user, contact, token, link };
}

const BODY = {
  zip_code: "78701",
  state: "TX",
  age: 70,
  gender: "Female",
  tobacco: false,
  carriers: "supported",
  plans: ["G", "N"],
};

describe("POST /api/quotes", () => {
  it("answers a signed-in agent with rates by company, in cents, in the engine's shape", async () => {
    const { user } = await agencyWithLink();
    const { cookie } = await createSession(db.prisma, user.id, { now });
    const res = await quotesRoute(post("/api/quotes", BODY, { cookie }));
    expect(res.status).toBe(200);
    const companies = await res.json();
    expect(companies.map((c: { company_name: string }) => c.company_name)).toEqual([
      "Alpha",
      "Beta",
      "Delta",
      "Epsilon",
      "Gamma",
      "Zeta",
    ]);
    const beta = companies.find((c: { naic: string }) => c.naic === "10002");
    expect(beta.quotes).toEqual(
      expect.arrayContaining([
        { rate: 12000, discount_rate: null, discount_category: null, age: 70, gender: "F", plan: "G", tobacco: false },
        { rate: 9000, discount_rate: null, discount_category: null, age: 70, gender: "F", plan: "N", tobacco: false },
      ]),
    );
    const alpha = companies.find((c: { naic: string }) => c.naic === "10001");
    expect(alpha.quotes.find((q: { plan: string }) => q.plan === "G")).toMatchObject({
      rate: 15000,
      discount_rate: 13500,
      discount_category: "Roommate",
    });
  });

  it("filters by a carriers list of names or NAICs", async () => {
    const { user } = await agencyWithLink();
    const { cookie } = await createSession(db.prisma, user.id, { now });
    const res = await quotesRoute(post("/api/quotes", { ...BODY, carriers: ["Beta", "10004"] }, { cookie }));
    expect((await res.json()).map((c: { naic: string }) => c.naic)).toEqual(["10002", "10004"]);
  });

  it("admits a public page by its quote link token, and refuses anyone else with the spec's messages", async () => {
    const { token, org } = await agencyWithLink();
    expect((await quotesRoute(post("/api/quotes", { ...BODY, quoteId: token, orgId: org.id }))).status).toBe(200);

    const anonymous = await quotesRoute(post("/api/quotes", BODY));
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.message).toBe(
      "Authentication error: Please check your session and try again.",
    );

    const other = await createOrganization(db.prisma, { now });
    const foreign = await quotesRoute(post("/api/quotes", { ...BODY, quoteId: token, orgId: other.id }));
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.message).toBe(
      "Access forbidden: You don't have permission to access these quotes.",
    );

    expect((await quotesRoute(post("/api/quotes", { ...BODY, quoteId: "x".repeat(43) }))).status).toBe(404);
  });

  it("answers bad input with 422 field errors and an unknown ZIP with 'Invalid zip code'", async () => {
    const { user } = await agencyWithLink();
    const { cookie } = await createSession(db.prisma, user.id, { now });
    const bad = await quotesRoute(post("/api/quotes", { ...BODY, zip_code: "7870", plans: ["Q"] }, { cookie }));
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(["plans.0", "zip_code"]);
    const unknown = await quotesRoute(post("/api/quotes", { ...BODY, zip_code: "00000" }, { cookie }));
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).error.message).toBe("Invalid zip code");
    for (const wrong of [
      { state: "MN" },
      { age: 0 },
      { effective_date: "1990-01-01" },
      { effective_date: "2026-12-15" },
    ]) {
      expect([wrong, (await quotesRoute(post("/api/quotes", { ...BODY, ...wrong }, { cookie }))).status]).toEqual([
        wrong,
        422,
      ]);
    }
  });

  it("limits public callers per address", async () => {
    const { token } = await agencyWithLink();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 122; i++)
      statuses.push((await quotesRoute(post("/api/quotes", { ...BODY, quoteId: token }, { ip }))).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("POST /api/self-service/update-location", () => {
  it("stores the new ZIP, state and chosen county on the contact behind the token", async () => {
    const { token, contact } = await agencyWithLink();
    // 42223 (Fort Campbell) lies in Christian County, KY and Montgomery County, TN.
    const res = await updateLocationRoute(
      post("/api/self-service/update-location", { quoteId: token, zipCode: "42223", county: "47125" }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      zipCode: "42223",
      county: "Montgomery County",
      countyFips: "47125",
    });
    expect(
      await db.prisma.contact.findUnique({ where: { id: contact.id }, select: { zipCode: true, countyFips: true } }),
    ).toEqual({ zipCode: "42223", countyFips: "47125" });
  });

  it("refuses a county the ZIP does not touch, a bad ZIP, an unknown token and a foreign contact id", async () => {
    const { token } = await agencyWithLink();
    expect(
      (
        await updateLocationRoute(
          post("/api/self-service/update-location", { quoteId: token, zipCode: "78701", county: "47125" }),
        )
      ).status,
    ).toBe(422);
    expect(
      (await updateLocationRoute(post("/api/self-service/update-location", { quoteId: token, zipCode: "787" }))).status,
    ).toBe(400);
    expect(
      (
        await updateLocationRoute(
          post("/api/self-service/update-location", { quoteId: "y".repeat(43), zipCode: "78701" }),
        )
      ).status,
    ).toBe(404);
    const other = await agencyWithLink();
    expect(
      (
        await updateLocationRoute(
          post("/api/self-service/update-location", { quoteId: token, zipCode: "78701", contactId: other.contact.id }),
        )
      ).status,
    ).toBe(404);
  });
});

describe("POST /api/tracking/log-tracking-click", () => {
  it("counts a view: the link's view count, a tracking click under the email's tid, and a quote_viewed event", async () => {
    const { token, org, contact, link } = await agencyWithLink();
    const tid = `em-${org.id}-${contact.id}-1760000000000`;
    const res = await trackingRoute(post("/api/tracking/log-tracking-click", { quoteId: token, tid, orgId: org.id }));
    expect(res.status).toBe(200);
    expect((await db.prisma.quoteLink.findUnique({ where: { id: link.id } }))!.viewCount).toBe(1);
    expect(
      await db.prisma.trackingClick.findMany({
        where: { quoteLinkId: link.id },
        select: { trackingId: true, contactId: true },
      }),
    ).toEqual([{ trackingId: tid, contactId: contact.id }]);
    expect(await db.prisma.contactEvent.count({ where: { contactId: contact.id, eventType: "quote_viewed" } })).toBe(1);
  });

  it("a view the page reports re-plans the contact's follow-up at once: cold before, 'clicked' after", async () => {
    const { token, org, contact } = await agencyWithLink();
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { demoMode: false, wentLiveAt: new Date(now.getTime() - 30 * 86_400_000) },
    });
    // A birthday email went out yesterday: its follow-up goes two days after it.
    const yesterday = new Date(now.getTime() - 86_400_000);
    await db.prisma.scheduledEmail.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        emailType: "birthday",
        status: "sent",
        sentAt: yesterday,
        scheduledSendDate: new Date(`${yesterday.toISOString().slice(0, 10)}T00:00:00Z`),
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

    expect(
      (await trackingRoute(post("/api/tracking/log-tracking-click", { quoteId: token, orgId: org.id }))).status,
    ).toBe(200);
    expect(await followUps()).toEqual(["followup_2_clicked_no_hq"]);
  });

  it("ignores a tid that names another contact (the link's own id is used) and refuses a foreign orgId", async () => {
    const { token, org, link } = await agencyWithLink();
    const other = await agencyWithLink();
    await trackingRoute(
      post("/api/tracking/log-tracking-click", {
        quoteId: token,
        tid: `em-${other.org.id}-${other.contact.id}-1760000000000`,
      }),
    );
    expect((await db.prisma.trackingClick.findFirst({ where: { quoteLinkId: link.id } }))!.trackingId).toBe(
      quoteTrackingId(link),
    );
    expect(
      (await trackingRoute(post("/api/tracking/log-tracking-click", { quoteId: token, orgId: other.org.id }))).status,
    ).toBe(404);
    expect(
      (await trackingRoute(post("/api/tracking/log-tracking-click", { quoteId: token, orgId: org.slug }))).status,
    ).toBe(200);
  });
});
