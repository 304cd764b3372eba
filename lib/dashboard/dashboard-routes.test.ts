import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { GET as statsRoute } from "@/app/api/dashboard/stats/route";
import { GET as rankingRoute } from "@/app/api/dashboard/send-ranking/route";
import { GET as timeSeriesRoute } from "@/app/api/dashboard/time-series/route";
import { GET as renewalsRoute } from "@/app/api/dashboard/renewals/route";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();

const req = (path: string, cookie?: string) =>
  new NextRequest(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
const ctx = () => ({ params: Promise.resolve({}) });

/** An agency with an admin, an agent and one quote sent (just now) to each of two contacts, one of them the agent's. */
async function agencyWithSends() {
  const org = await createOrganization(db.prisma, { now });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true });
  const agent = await createUser(db.prisma, org.id, { now });
  const sentAt = new Date(Date.now() - 60_000);
  for (const agentId of [agent.id, null]) {
    const contact = await createContact(db.prisma, org.id, { now, agentId });
    await db.prisma.scheduledEmail.create({
      data: {
        organizationId: org.id,
        contactId: contact.id,
        emailType: "quote_email",
        status: "sent",
        sentAt,
        scheduledSendDate: new Date(`${sentAt.toISOString().slice(0, 10)}T00:00:00Z`),
        scheduledSendAt: sentAt,
        idempotencyKey: randomBytes(8).toString("hex"),
        sendMode: "production",
      },
    });
  }
  return {
    org,
    admin: await createSession(db.prisma, admin.id, { now }),
    agent: await createSession(db.prisma, agent.id, { now }),
  };
}

describe("dashboard routes", () => {
  it("need a session", async () => {
    for (const route of [statsRoute, rankingRoute, timeSeriesRoute, renewalsRoute]) {
      const res = await route(req("/api/dashboard/x"), ctx());
      expect(res.status).toBe(401);
    }
  });

  it("show an admin the organization's book and an agent their own", async () => {
    const { admin, agent } = await agencyWithSends();
    const forAdmin = await (await statsRoute(req("/api/dashboard/stats?period=7days", admin.cookie), ctx())).json();
    expect(forAdmin).toMatchObject({ success: true, quotesSent: 2, manualQuotesSent: 2, period: { period: "7days" } });
    const forAgent = await (await statsRoute(req("/api/dashboard/stats?period=7days", agent.cookie), ctx())).json();
    expect(forAgent).toMatchObject({ success: true, quotesSent: 1 });

    const ranking = await (
      await rankingRoute(req("/api/dashboard/send-ranking?period=7days&page=1&limit=1", admin.cookie), ctx())
    ).json();
    expect(ranking).toMatchObject({ success: true, total: 1, page: 1, limit: 1 });
    expect(ranking.rows[0]).toMatchObject({ rank: 1, quotesSent: 2 });

    const series = await (
      await timeSeriesRoute(req("/api/dashboard/time-series?period=7days", admin.cookie), ctx())
    ).json();
    expect(series.points).toHaveLength(7);
    expect(series.activity.emailsSent).toBe(2);

    const renewals = await (await renewalsRoute(req("/api/dashboard/renewals", admin.cookie), ctx())).json();
    expect(renewals).toEqual({ success: true, renewals: [] });
  });

  it("never show another organization's numbers", async () => {
    await agencyWithSends();
    const other = await createOrganization(db.prisma, { now });
    const otherAdmin = await createSession(
      db.prisma,
      (await createUser(db.prisma, other.id, { now, isAdmin: true })).id,
      { now },
    );
    const stats = await (await statsRoute(req("/api/dashboard/stats?period=7days", otherAdmin.cookie), ctx())).json();
    expect(stats).toMatchObject({ quotesSent: 0, quotesViewed: 0, upcomingEmailsTotal: 0 });
  });

  it("answer a malformed or reversed custom range with the one error shape", async () => {
    const { admin } = await agencyWithSends();
    const malformed = await statsRoute(
      req("/api/dashboard/stats?period=custom&startDate=11/01/2026&endDate=2026-11-02", admin.cookie),
      ctx(),
    );
    expect(malformed.status).toBe(422);
    expect((await malformed.json()).error.fields.startDate).toEqual(["Invalid date format"]);
    const reversed = await rankingRoute(
      req("/api/dashboard/send-ranking?period=custom&startDate=2026-11-05&endDate=2026-11-01", admin.cookie),
      ctx(),
    );
    expect(reversed.status).toBe(400);
    expect((await reversed.json()).error.message).toBe("The From date must be on or before the To date.");
    const badLimit = await rankingRoute(req("/api/dashboard/send-ranking?limit=0", admin.cookie), ctx());
    expect(badLimit.status).toBe(422);
  });
});
