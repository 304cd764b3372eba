import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import {
  getDashboardStats,
  getSendRanking,
  getTimeSeries,
  listRenewals,
  listUpcomingEmails,
  UPCOMING_PAGE_SIZE,
} from "@/lib/dashboard/metrics";
import { rescheduleOrganization } from "@/lib/outreach/reschedule-contact";
import { planContactEmails } from "@/lib/outreach-schedule/plan";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();

// 03:30 UTC on Nov 22 2026: Nov 21 in Chicago (UTC-6, the default zone), Nov 22 in Tokyo.
const NOW = new Date("2026-11-22T03:30:00Z");
const at = (iso: string) => new Date(iso);
const key = () => randomBytes(8).toString("hex");

type Status = "pending" | "sent" | "failed" | "cancelled" | "skipped";

/** A scheduled email; sent to the contact (production) unless `sendMode: "test"` (a trial's [TEST] copy to the agent). */
async function email(
  organizationId: string,
  contactId: string,
  emailType: string,
  options: { sentAt?: Date; status?: Status; date?: string; sendMode?: "test" | "production" },
) {
  const status = options.status ?? (options.sentAt ? "sent" : "pending");
  const date = options.date ?? (options.sentAt ?? NOW).toISOString().slice(0, 10);
  return db.prisma.scheduledEmail.create({
    data: {
      organizationId,
      contactId,
      emailType,
      status,
      sentAt: status === "sent" ? options.sentAt : null,
      scheduledSendDate: new Date(`${date}T00:00:00Z`),
      scheduledSendAt: options.sentAt ?? new Date(`${date}T14:30:00Z`),
      idempotencyKey: key(),
      sendMode: options.sendMode ?? "production",
    },
  });
}
const click = (organizationId: string, contactId: string, clickedAt: Date) =>
  db.prisma.trackingClick.create({ data: { organizationId, contactId, trackingId: `t-${key()}`, clickedAt } });
const answer = (organizationId: string, contactId: string, createdAt: Date) =>
  db.prisma.eligibilityAnswer.create({
    data: { organizationId, contactId, answers: {}, hasConditions: false, status: "accept", createdAt },
  });
const followUpRequest = (organizationId: string, contactId: string, createdAt: Date) =>
  db.prisma.followUpRequest.create({ data: { organizationId, contactId, type: "general", createdAt } });

async function agency(timezone = "America/Chicago") {
  const org = await createOrganization(db.prisma, { now: NOW });
  await db.prisma.organization.update({ where: { id: org.id }, data: { timezone } });
  const admin = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true, isAgent: false });
  const agent = await createUser(db.prisma, org.id, { now: NOW });
  return { org, admin: { id: admin.id, isAdmin: true }, agent: { id: agent.id, isAdmin: false } };
}

describe("getDashboardStats", () => {
  it("counts the period's sends, attributed views and health answers, per viewer, at the Chicago day boundary", async () => {
    const { org, admin, agent } = await agency();
    const foreign = await agency();
    const a = await createContact(db.prisma, org.id, { now: NOW, agentId: agent.id });
    const b = await createContact(db.prisma, org.id, { now: NOW, agentId: agent.id });
    const c = await createContact(db.prisma, org.id, { now: NOW, agentId: null });
    const outsider = await createContact(db.prisma, foreign.org.id, { now: NOW });

    // Chicago "today" is 2026-11-21T06:00Z … 2026-11-22T06:00Z.
    await email(org.id, a.id, "birthday", { sentAt: at("2026-11-21T14:00:00Z") });
    await click(org.id, a.id, at("2026-11-21T15:00:00Z"));
    await click(org.id, a.id, at("2026-11-21T15:05:00Z")); // a second click: still one viewer
    await answer(org.id, a.id, at("2026-11-21T16:00:00Z"));
    await email(org.id, a.id, "aep", { status: "failed", date: "2026-11-21" }); // never sent
    await followUpRequest(org.id, a.id, at("2026-11-21T17:00:00Z"));

    // 23:59 Chicago yesterday; viewed this morning: the view belongs to yesterday's send.
    await email(org.id, b.id, "quote_email", { sentAt: at("2026-11-21T05:59:00Z") });
    await click(org.id, b.id, at("2026-11-21T07:00:00Z"));

    // Exactly local midnight belongs to today. Clicked before the send: not a view of it.
    await click(org.id, c.id, at("2026-11-21T05:00:00Z"));
    await email(org.id, c.id, "effective_date", { sentAt: at("2026-11-21T06:00:00Z") });
    await email(org.id, c.id, "followup_1_cold", { sentAt: at("2026-11-21T20:00:00Z") });
    await followUpRequest(org.id, c.id, at("2026-11-20T18:00:00Z"));

    await email(foreign.org.id, outsider.id, "birthday", { sentAt: at("2026-11-21T14:00:00Z") });
    await click(foreign.org.id, outsider.id, at("2026-11-21T15:00:00Z"));

    const today = await getDashboardStats({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "today" },
    });
    expect(today).toMatchObject({
      period: { period: "today", startDate: "2026-11-21", endDate: "2026-11-21", timeZone: "America/Chicago" },
      quotesSent: 2,
      manualQuotesSent: 0,
      followUpEmailsSent: 1,
      quotesViewed: 1,
      healthQuestionsCompleted: 1,
      followUpsRequested: 1,
    });
    expect(today.chartData).toEqual([{ x: "2026-11", sends: 2, views: 1, followUps: 1, healthCompleted: 1 }]);

    const yesterday = await getDashboardStats({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "yesterday" },
    });
    expect(yesterday).toMatchObject({
      quotesSent: 1,
      manualQuotesSent: 1,
      quotesViewed: 1,
      healthQuestionsCompleted: 0,
      followUpsRequested: 1,
      followUpEmailsSent: 0,
    });

    const week = await getDashboardStats({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "7days" },
    });
    expect(week).toMatchObject({
      quotesSent: 3,
      manualQuotesSent: 1,
      quotesViewed: 2,
      healthQuestionsCompleted: 1,
      followUpsRequested: 2,
    });

    const agentToday = await getDashboardStats({
      organizationId: org.id,
      viewer: agent,
      now: NOW,
      query: { period: "today" },
    });
    expect(agentToday).toMatchObject({
      quotesSent: 1,
      quotesViewed: 1,
      healthQuestionsCompleted: 1,
      followUpsRequested: 1,
      followUpEmailsSent: 0,
    });
    const agentWeek = await getDashboardStats({
      organizationId: org.id,
      viewer: agent,
      now: NOW,
      query: { period: "7days" },
    });
    expect(agentWeek).toMatchObject({ quotesSent: 2, manualQuotesSent: 1, quotesViewed: 2, followUpsRequested: 1 });

    // A period with no sends shows nothing, even though clicks happened in it.
    const custom = await getDashboardStats({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "custom", startDate: "2026-11-01", endDate: "2026-11-19" },
    });
    expect(custom).toMatchObject({
      quotesSent: 0,
      quotesViewed: 0,
      healthQuestionsCompleted: 0,
      followUpsRequested: 0,
    });
    expect(custom.chartData).toEqual([{ x: "2026-11", sends: 0, views: 0, followUps: 0, healthCompleted: 0 }]);
  });

  it("does not count a trial's [TEST] copies: Quotes Sent, views and answers follow sends to contacts only", async () => {
    const { org, admin } = await agency();
    const a = await createContact(db.prisma, org.id, { now: NOW });
    const b = await createContact(db.prisma, org.id, { now: NOW });
    await email(org.id, a.id, "initial_blast", { sentAt: at("2026-11-21T14:00:00Z"), sendMode: "test" });
    await email(org.id, a.id, "quote_email", { sentAt: at("2026-11-21T14:10:00Z"), sendMode: "test" });
    await email(org.id, a.id, "followup_1_cold", { sentAt: at("2026-11-21T14:20:00Z"), sendMode: "test" });
    await click(org.id, a.id, at("2026-11-21T15:00:00Z"));
    await answer(org.id, a.id, at("2026-11-21T16:00:00Z"));
    await email(org.id, b.id, "birthday", { sentAt: at("2026-11-21T14:00:00Z") });

    const today = await getDashboardStats({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "today" },
    });
    expect(today).toMatchObject({
      quotesSent: 1,
      manualQuotesSent: 0,
      followUpEmailsSent: 0,
      quotesViewed: 0,
      healthQuestionsCompleted: 0,
    });
    const ranking = await getSendRanking({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "today" },
    });
    expect(ranking.rows.map((row) => row.quotesSent)).toEqual([1]);
    const series = await getTimeSeries({ organizationId: org.id, viewer: admin, now: NOW, query: { period: "today" } });
    expect(series.points).toEqual([{ date: "2026-11-21", scheduled: 4, sent: 1 }]);
    expect(series.activity.emailsSent).toBe(1);
  });

  it("uses the organization's time zone: the same instants fall on other days in Tokyo", async () => {
    const { org, admin } = await agency("Asia/Tokyo");
    const contact = await createContact(db.prisma, org.id, { now: NOW });
    await email(org.id, contact.id, "birthday", { sentAt: at("2026-11-21T14:00:00Z") }); // Nov 21 23:00 Tokyo
    await email(org.id, contact.id, "aep", { sentAt: at("2026-11-21T15:30:00Z") }); // Nov 22 00:30 Tokyo
    await click(org.id, contact.id, at("2026-11-21T14:30:00Z"));

    const today = await getDashboardStats({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "today" },
    });
    expect(today).toMatchObject({ period: { startDate: "2026-11-22" }, quotesSent: 1, quotesViewed: 0 });
    const yesterday = await getDashboardStats({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "yesterday" },
    });
    expect(yesterday).toMatchObject({ quotesSent: 1, quotesViewed: 1 });
  });

  it("splits chartData by calendar month of the period", async () => {
    const { org, admin } = await agency();
    const contact = await createContact(db.prisma, org.id, { now: NOW });
    await email(org.id, contact.id, "birthday", { sentAt: at("2026-10-31T12:00:00Z") });
    await email(org.id, contact.id, "aep", { sentAt: at("2026-11-01T04:30:00Z") }); // Oct 31 23:30 Chicago (CDT, UTC-5 until Nov 1 07:00Z)
    await email(org.id, contact.id, "post_window", { sentAt: at("2026-11-01T05:30:00Z") }); // Nov 1 00:30 CDT
    await email(org.id, contact.id, "effective_date", { sentAt: at("2026-11-10T12:00:00Z") });
    await answer(org.id, contact.id, at("2026-11-11T12:00:00Z"));
    const stats = await getDashboardStats({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "30days" },
    });
    expect(stats.quotesSent).toBe(4);
    expect(stats.chartData).toEqual([
      { x: "2026-10", sends: 2, views: 0, followUps: 0, healthCompleted: 0 },
      { x: "2026-11", sends: 2, views: 0, followUps: 0, healthCompleted: 1 },
    ]);
  });

  it("answers a bad custom range with a 400 and an unknown period with the 30-day default", async () => {
    const { org, admin } = await agency();
    await expect(
      getDashboardStats({
        organizationId: org.id,
        viewer: admin,
        now: NOW,
        query: { period: "custom", startDate: "2026-11-10", endDate: "2026-11-01" },
      }),
    ).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(
      getDashboardStats({ organizationId: org.id, viewer: admin, now: NOW, query: { period: "custom" } }),
    ).rejects.toBeInstanceOf(AppError);
    expect(
      (await getDashboardStats({ organizationId: org.id, viewer: admin, now: NOW, query: { period: "forever" } }))
        .period,
    ).toMatchObject({ period: "30days", startDate: "2026-10-23" });
  });

  it("is all zeros with empty lists for an empty book", async () => {
    const { org, admin } = await agency();
    expect(await getDashboardStats({ organizationId: org.id, viewer: admin, now: NOW, query: {} })).toMatchObject({
      quotesSent: 0,
      manualQuotesSent: 0,
      quotesViewed: 0,
      followUpsRequested: 0,
      healthQuestionsCompleted: 0,
      upcomingEmailsPage: [],
      upcomingEmailsTotal: 0,
    });
  });
});

describe("listUpcomingEmails", () => {
  it("lists pending non-follow-up emails dated today … today+30 in the zone, soonest first, for the viewer's book", async () => {
    const { org, admin, agent } = await agency();
    const mine = await createContact(db.prisma, org.id, {
      now: NOW,
      agentId: agent.id,
      firstName: "Mia",
      lastName: "Mine",
    });
    const other = await createContact(db.prisma, org.id, { now: NOW, firstName: "Ola", lastName: "Other" });
    await email(org.id, mine.id, "birthday", { date: "2026-12-21" }); // today+30: in
    await email(org.id, mine.id, "initial_blast", { date: "2026-11-21" }); // today: in
    await email(org.id, mine.id, "effective_date", { date: "2026-12-22" }); // today+31: out
    await email(org.id, mine.id, "aep", { date: "2026-11-20" }); // yesterday: out
    await email(org.id, mine.id, "followup_2_clicked_no_hq", { date: "2026-11-25" }); // follow-up: hidden
    await email(org.id, other.id, "rate_increase", { date: "2026-11-30" });
    await email(org.id, other.id, "post_window", { date: "2026-12-01", status: "cancelled" });

    const forAdmin = await listUpcomingEmails({ organizationId: org.id, viewer: admin, now: NOW });
    expect(forAdmin.total).toBe(3);
    expect(forAdmin.rows).toEqual([
      {
        contactId: mine.id,
        firstName: "Mia",
        lastName: "Mine",
        emailType: "initial_blast",
        scheduledSendDate: "2026-11-21",
      },
      {
        contactId: other.id,
        firstName: "Ola",
        lastName: "Other",
        emailType: "rate_increase",
        scheduledSendDate: "2026-11-30",
      },
      {
        contactId: mine.id,
        firstName: "Mia",
        lastName: "Mine",
        emailType: "birthday",
        scheduledSendDate: "2026-12-21",
      },
    ]);
    const forAgent = await listUpcomingEmails({ organizationId: org.id, viewer: agent, now: NOW });
    expect(forAgent.total).toBe(2);
    expect(forAgent.rows.map((row) => row.emailType)).toEqual(["initial_blast", "birthday"]);
  });

  it("pages by 30 while the total counts them all", async () => {
    const { org, admin } = await agency();
    const contacts = await Promise.all(
      Array.from({ length: UPCOMING_PAGE_SIZE + 2 }, () => createContact(db.prisma, org.id, { now: NOW })),
    );
    for (const contact of contacts) await email(org.id, contact.id, "birthday", { date: "2026-12-01" });
    const first = await listUpcomingEmails({ organizationId: org.id, viewer: admin, now: NOW });
    const second = await listUpcomingEmails({ organizationId: org.id, viewer: admin, now: NOW, page: 2 });
    expect(first.total).toBe(UPCOMING_PAGE_SIZE + 2);
    expect(first.rows).toHaveLength(UPCOMING_PAGE_SIZE);
    expect(second.rows).toHaveLength(2);
  });

  it("agrees with the licensed states: a contact outside them has no upcoming email, only skipped rows", async () => {
    const { org, admin } = await agency();
    await db.prisma.organization.update({ where: { id: org.id }, data: { stateLicenses: ["TX"] } });
    // Birthdays on Dec 20 (email 14 days before, Dec 6: inside today+30), anniversaries far away.
    const contact = (state: string, zipCode: string, firstName: string) =>
      createContact(db.prisma, org.id, { now: NOW, state, firstName }).then((c) =>
        db.prisma.contact.update({
          where: { id: c.id },
          data: {
            zipCode,
            birthDate: new Date("1955-12-20T00:00:00Z"),
            effectiveDate: new Date("2021-06-01T00:00:00Z"),
          },
        }),
      );
    const texan = await contact("TX", "78701", "Tess");
    const floridian = await contact("FL", "33101", "Flo");
    // Added a month ago, so the 72-hour start does not hide anything.
    await db.prisma.contact.updateMany({
      where: { organizationId: org.id },
      data: { createdAt: at("2026-10-20T00:00:00Z") },
    });

    await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now: NOW });

    const upcoming = await listUpcomingEmails({ organizationId: org.id, viewer: admin, now: NOW });
    expect(upcoming.rows.map((row) => [row.firstName, row.emailType])).toContainEqual(["Tess", "birthday"]);
    expect(upcoming.rows.some((row) => row.contactId === floridian.id)).toBe(false);
    const texanPending = await db.prisma.scheduledEmail.count({
      where: {
        contactId: texan.id,
        status: "pending",
        scheduledSendDate: { lte: new Date("2026-12-21T00:00:00Z") },
        NOT: { emailType: { startsWith: "follow" } },
      },
    });
    expect(upcoming.total).toBe(texanPending);
    const floridianRows = await db.prisma.scheduledEmail.findMany({ where: { contactId: floridian.id } });
    expect(floridianRows.length).toBeGreaterThan(0);
    expect(floridianRows.every((row) => row.status === "skipped" && row.skipReason === "Not licensed in FL")).toBe(
      true,
    );
  });
});

describe("getSendRanking", () => {
  it("ranks send days newest first and attributes each view and answer to the latest send before it", async () => {
    const { org, admin, agent } = await agency();
    const d = await createContact(db.prisma, org.id, { now: NOW, agentId: agent.id });
    const e = await createContact(db.prisma, org.id, { now: NOW });
    const f = await createContact(db.prisma, org.id, { now: NOW });
    // Chicago days: Nov 19, Nov 20.
    await email(org.id, d.id, "birthday", { sentAt: at("2026-11-19T15:00:00Z") });
    await email(org.id, d.id, "aep", { sentAt: at("2026-11-20T15:00:00Z") });
    await click(org.id, d.id, at("2026-11-20T16:00:00Z")); // → Nov 20, not Nov 19
    await email(org.id, e.id, "birthday", { sentAt: at("2026-11-19T16:00:00Z") });
    await email(org.id, e.id, "birthday_second", { sentAt: at("2026-11-19T17:00:00Z") }); // same contact twice: one contact that day
    await click(org.id, e.id, at("2026-11-19T18:00:00Z"));
    await answer(org.id, e.id, at("2026-11-21T18:00:00Z")); // days later, still Nov 19's send
    await email(org.id, f.id, "followup_1_cold", { sentAt: at("2026-11-18T15:00:00Z") }); // follow-ups are not ranked

    const ranking = await getSendRanking({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "7days" },
    });
    expect(ranking.total).toBe(2);
    expect(ranking.rows).toEqual([
      { rank: 1, sendDate: "2026-11-20", quotesSent: 1, quotesViewed: 1, healthCompleted: 0 },
      { rank: 2, sendDate: "2026-11-19", quotesSent: 2, quotesViewed: 1, healthCompleted: 1 },
    ]);

    // The count-only call of the spec: page 1, limit 1.
    const countOnly = await getSendRanking({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "7days" },
      page: 1,
      limit: 1,
    });
    expect(countOnly).toMatchObject({ total: 2, rows: [{ rank: 1, sendDate: "2026-11-20" }] });
    const secondPage = await getSendRanking({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "7days" },
      page: 2,
      limit: 1,
    });
    expect(secondPage.rows).toEqual([
      { rank: 2, sendDate: "2026-11-19", quotesSent: 2, quotesViewed: 1, healthCompleted: 1 },
    ]);

    const forAgent = await getSendRanking({
      organizationId: org.id,
      viewer: agent,
      now: NOW,
      query: { period: "7days" },
    });
    expect(forAgent.rows).toEqual([
      { rank: 1, sendDate: "2026-11-20", quotesSent: 1, quotesViewed: 1, healthCompleted: 0 },
      { rank: 2, sendDate: "2026-11-19", quotesSent: 1, quotesViewed: 0, healthCompleted: 0 },
    ]);

    // Only sends of the chosen period: Nov 19 alone; the click after Nov 20's send then counts for Nov 19.
    const oneDay = await getSendRanking({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "custom", startDate: "2026-11-19", endDate: "2026-11-19" },
    });
    expect(oneDay.rows).toEqual([
      { rank: 1, sendDate: "2026-11-19", quotesSent: 2, quotesViewed: 2, healthCompleted: 1 },
    ]);
    expect(
      (await getSendRanking({ organizationId: org.id, viewer: admin, now: NOW, query: { period: "today" } })).rows,
    ).toEqual([]);
  });
});

describe("getTimeSeries", () => {
  it("has one point per day of the period with scheduled and sent emails, and unattributed activity", async () => {
    const { org, admin, agent } = await agency();
    const mine = await createContact(db.prisma, org.id, { now: NOW, agentId: agent.id });
    const other = await createContact(db.prisma, org.id, { now: NOW });
    await email(org.id, mine.id, "birthday", { sentAt: at("2026-11-21T14:00:00Z") }); // scheduled and sent Nov 21
    await email(org.id, mine.id, "followup_1_cold", { sentAt: at("2026-11-21T05:00:00Z"), date: "2026-11-20" }); // Nov 20 23:00 Chicago
    await email(org.id, other.id, "aep", { date: "2026-11-19", status: "failed" });
    await email(org.id, other.id, "effective_date", { date: "2026-11-19", status: "skipped" });
    await click(org.id, other.id, at("2026-11-20T12:00:00Z"));
    await answer(org.id, mine.id, at("2026-11-15T12:00:00Z")); // before the period

    const series = await getTimeSeries({
      organizationId: org.id,
      viewer: admin,
      now: NOW,
      query: { period: "custom", startDate: "2026-11-18", endDate: "2026-11-21" },
    });
    expect(series.points).toEqual([
      { date: "2026-11-18", scheduled: 0, sent: 0 },
      { date: "2026-11-19", scheduled: 1, sent: 0 },
      { date: "2026-11-20", scheduled: 1, sent: 1 },
      { date: "2026-11-21", scheduled: 1, sent: 1 },
    ]);
    expect(series.activity).toEqual({ emailsSent: 1, linksClicked: 1, healthCompleted: 0 });

    const forAgent = await getTimeSeries({
      organizationId: org.id,
      viewer: agent,
      now: NOW,
      query: { period: "7days" },
    });
    expect(forAgent.points).toHaveLength(7);
    expect(forAgent.points.reduce((sum, point) => sum + point.scheduled, 0)).toBe(2);
    expect(forAgent.activity).toEqual({ emailsSent: 1, linksClicked: 0, healthCompleted: 1 });
  });
});

describe("listRenewals", () => {
  it("lists the viewer's contacts whose policy anniversary is today … today+30, soonest first", async () => {
    const { org, admin, agent } = await agency();
    const make = async (lastName: string, effectiveDate: string | null, agentId: string | null = null) => {
      const contact = await createContact(db.prisma, org.id, { now: NOW, lastName, agentId });
      return db.prisma.contact.update({
        where: { id: contact.id },
        data: {
          effectiveDate: effectiveDate ? new Date(`${effectiveDate}T00:00:00Z`) : null,
          planType: "G",
          phoneNumber: "5125550100",
        },
      });
    };
    const soon = await make("Soon", "2019-12-01", agent.id);
    const today = await make("Today", "2020-11-21");
    await make("Yesterday", "2020-11-20");
    await make("TooFar", "2020-12-22");
    await make("NewPolicy", "2026-11-25");
    await make("NoDate", null);
    const edge = await make("Edge", "2018-12-21");

    const { renewals } = await listRenewals({ organizationId: org.id, viewer: admin, now: NOW });
    expect(renewals.map((r) => [r.id, r.date])).toEqual([
      [today.id, "2026-11-21"],
      [soon.id, "2026-12-01"],
      [edge.id, "2026-12-21"],
    ]);
    expect(renewals[1]).toEqual({
      id: soon.id,
      name: `Pat Soon`,
      email: soon.email,
      phone: "5125550100",
      date: "2026-12-01",
      policyType: "G",
    });
    expect((await listRenewals({ organizationId: org.id, viewer: agent, now: NOW })).renewals.map((r) => r.id)).toEqual(
      [soon.id],
    );
  });
});
