import { NextRequest } from "next/server";
import { POST as exitDemoModeRoute } from "@/app/api/organizations/exit-demo-mode/route";
import { POST as setGoLiveDateRoute } from "@/app/api/organizations/set-go-live-date/route";
import { goLiveNow } from "@/lib/trial/go-live-now";
import { GO_LIVE_MESSAGES } from "@/lib/trial/go-live";
import { addDays, todayInZone } from "@/lib/calendar/calendar-date";
import { setGoLiveDate } from "@/lib/trial/set-go-live-date";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();

const post = (path: string, cookie: string, body?: unknown) =>
  new NextRequest(`http://localhost${path}`, {
    method: "POST",
    headers: { cookie, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });

const AGENCY_ADDRESS = "Test Agency, 1 Congress Ave, Austin, TX 78701";

async function agency({ postalAddress = AGENCY_ADDRESS }: { postalAddress?: string } = {}) {
  const org = await createOrganization(db.prisma, { now, postalAddress });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true, isAgent: true });
  const agent = await createUser(db.prisma, org.id, { now, isAdmin: false, isAgent: true });
  return {
    org,
    admin,
    agent,
    adminCookie: (await createSession(db.prisma, admin.id, { now })).cookie,
    agentCookie: (await createSession(db.prisma, agent.id, { now })).cookie,
  };
}

const audits = (organizationId: string, action: string) =>
  db.prisma.auditLog.findMany({ where: { organizationId, action } });
const chicagoToday = () => todayInZone(new Date(), "America/Chicago");

describe("POST /api/organizations/set-go-live-date", () => {
  it("lets an admin set a date within the window and audits it", async () => {
    const { org, admin, adminCookie } = await agency();
    const date = addDays(chicagoToday(), 10);
    const res = await setGoLiveDateRoute(
      post("/api/organizations/set-go-live-date", adminCookie, { goLiveDate: date }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, goLiveDate: date });
    const saved = await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect(saved.goLiveDate?.toISOString()).toBe(`${date}T00:00:00.000Z`);
    expect(saved.demoMode).toBe(true);
    const rows = await audits(org.id, "organization.go_live_date_set");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: admin.id,
      entityId: org.id,
      metadata: { goLiveDate: date, previous: null },
    });
  });

  it("refuses an agent with the spec's 403 text", async () => {
    const { org, agentCookie } = await agency();
    const res = await setGoLiveDateRoute(
      post("/api/organizations/set-go-live-date", agentCookie, { goLiveDate: chicagoToday() }),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: "forbidden", message: "Only administrators can set go live date" },
    });
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).goLiveDate).toBeNull();
  });

  it.each<[{ goLiveDate?: unknown }, string]>([
    [{ goLiveDate: "" }, GO_LIVE_MESSAGES.required],
    [{}, GO_LIVE_MESSAGES.required],
    [{ goLiveDate: "2026-02-30" }, GO_LIVE_MESSAGES.invalid],
    [{ goLiveDate: 5 }, GO_LIVE_MESSAGES.invalid],
    [{ goLiveDate: "past" }, GO_LIVE_MESSAGES.past],
    [{ goLiveDate: "far" }, GO_LIVE_MESSAGES.tooFar],
  ])("answers 422 with the spec's message for %p", async (body, message) => {
    const { adminCookie } = await agency();
    const value =
      body.goLiveDate === "past"
        ? addDays(chicagoToday(), -1)
        : body.goLiveDate === "far"
          ? addDays(chicagoToday(), 31)
          : body.goLiveDate;
    const res = await setGoLiveDateRoute(
      post("/api/organizations/set-go-live-date", adminCookie, "goLiveDate" in body ? { goLiveDate: value } : {}),
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: { code: "validation_failed", message, fields: { goLiveDate: [message] } },
    });
  });

  it("uses the organization's time zone for today (service, now passed in)", async () => {
    const { org, admin } = await agency();
    const now = new Date("2026-03-01T04:00:00Z"); // 2026-02-28 22:00 in Chicago
    await expect(
      setGoLiveDate({ organizationId: org.id, actor: admin, goLiveDate: "2026-02-28", now }),
    ).resolves.toEqual({ success: true, goLiveDate: "2026-02-28" });
    await expect(
      setGoLiveDate({ organizationId: org.id, actor: admin, goLiveDate: "2026-03-31", now }),
    ).rejects.toMatchObject({ message: GO_LIVE_MESSAGES.tooFar });
    await db.prisma.organization.update({ where: { id: org.id }, data: { timezone: "UTC" } });
    await expect(
      setGoLiveDate({ organizationId: org.id, actor: admin, goLiveDate: "2026-02-28", now }),
    ).rejects.toMatchObject({ message: GO_LIVE_MESSAGES.past });
  });

  it("changes only the caller's own organization", async () => {
    const mine = await agency();
    const theirs = await agency();
    const date = addDays(chicagoToday(), 5);
    await setGoLiveDateRoute(post("/api/organizations/set-go-live-date", theirs.adminCookie, { goLiveDate: date }));
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: mine.org.id } })).goLiveDate).toBeNull();
    expect(
      (await db.prisma.organization.findUniqueOrThrow({ where: { id: theirs.org.id } })).goLiveDate,
    ).not.toBeNull();
    expect(await audits(mine.org.id, "organization.go_live_date_set")).toHaveLength(0);
  });

  it("answers 409 once the organization is live", async () => {
    const { org, adminCookie } = await agency();
    await db.prisma.organization.update({ where: { id: org.id }, data: { demoMode: false } });
    const res = await setGoLiveDateRoute(
      post("/api/organizations/set-go-live-date", adminCookie, { goLiveDate: chicagoToday() }),
    );
    expect(res.status).toBe(409);
  });

  it("answers 401 without a session", async () => {
    const res = await setGoLiveDateRoute(
      post("/api/organizations/set-go-live-date", "", { goLiveDate: chicagoToday() }),
    );
    expect(res.status).toBe(401);
  });
});

describe("POST /api/organizations/exit-demo-mode (Go Live Now)", () => {
  it("lets an admin go live: demoMode false, wentLiveAt set, scheduling on, one audit row", async () => {
    const { org, admin, adminCookie } = await agency();
    const before = Date.now();
    const res = await exitDemoModeRoute(post("/api/organizations/exit-demo-mode", adminCookie));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, alreadyLive: false });
    const saved = await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect(saved.demoMode).toBe(false);
    expect(saved.wentLiveAt!.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(saved).toMatchObject({ regularSchedulingActive: true, followupSchedulingActive: true });
    const rows = await audits(org.id, "organization.went_live");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: admin.id, entityType: "organization", entityId: org.id });
  });

  it("is irreversible and idempotent: going live again succeeds and changes nothing", async () => {
    const { org, admin } = await agency();
    const first = new Date("2026-03-01T15:00:00Z");
    await goLiveNow({ organizationId: org.id, actor: admin, now: first });
    const again = await goLiveNow({ organizationId: org.id, actor: admin, now: new Date("2026-03-05T15:00:00Z") });
    expect(again).toEqual({ success: true, alreadyLive: true, wentLiveAt: first.toISOString() });
    const saved = await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect(saved.demoMode).toBe(false);
    expect(saved.wentLiveAt?.toISOString()).toBe(first.toISOString());
    expect(await audits(org.id, "organization.went_live")).toHaveLength(1);
  });

  it("needs the agency's postal address first (409): live emails show the agency's address, not the platform's", async () => {
    const { org, adminCookie } = await agency({ postalAddress: "  " });
    const res = await exitDemoModeRoute(post("/api/organizations/exit-demo-mode", adminCookie));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: { code: "conflict", message: GO_LIVE_MESSAGES.postalAddressRequired },
    });
    const saved = await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect(saved).toMatchObject({ demoMode: true, wentLiveAt: null });
    expect(await audits(org.id, "organization.went_live")).toHaveLength(0);
  });

  it("refuses an agent with the spec's 403 text", async () => {
    const { org, agentCookie } = await agency();
    const res = await exitDemoModeRoute(post("/api/organizations/exit-demo-mode", agentCookie));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: "forbidden", message: "Only administrators can exit demo mode" },
    });
    const saved = await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect(saved).toMatchObject({ demoMode: true, wentLiveAt: null });
    expect(await audits(org.id, "organization.went_live")).toHaveLength(0);
  });

  it("another organization's admin cannot take this organization live", async () => {
    const mine = await agency();
    const theirs = await agency();
    await exitDemoModeRoute(post("/api/organizations/exit-demo-mode", theirs.adminCookie));
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: theirs.org.id } })).demoMode).toBe(false);
    expect(await db.prisma.organization.findUniqueOrThrow({ where: { id: mine.org.id } })).toMatchObject({
      demoMode: true,
      wentLiveAt: null,
    });
    expect(await audits(mine.org.id, "organization.went_live")).toHaveLength(0);
  });
});
