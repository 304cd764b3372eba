import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { GET as cronOutreach } from "@/app/api/cron/outreach/route";
import { resetEnvForTests } from "@/lib/env";
import { requestOrganizationReschedule } from "@/lib/outreach/triggers";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
const SECRET = "cron-secret-for-the-outreach-route";

const cronCall = (authorization?: string) =>
  cronOutreach(
    new NextRequest("https://preview.gapwise.example/api/cron/outreach", {
      headers: authorization ? { authorization } : {},
    }),
  );

describe("GET /api/cron/outreach (the job runner on a host without Inngest)", () => {
  afterEach(() => {
    delete process.env.CRON_SECRET;
    resetEnvForTests();
  });

  it("does not exist without CRON_SECRET and refuses a wrong bearer", async () => {
    expect((await cronCall(`Bearer ${SECRET}`)).status).toBe(404);
    process.env.CRON_SECRET = SECRET;
    resetEnvForTests();
    expect((await cronCall("Bearer wrong")).status).toBe(401);
    expect((await cronCall()).status).toBe(401);
  });

  it("runs queued reschedules and sends what is due, once", async () => {
    process.env.CRON_SECRET = SECRET;
    resetEnvForTests();
    const now = new Date();
    const org = await createOrganization(db.prisma, { now });
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { demoMode: false, wentLiveAt: new Date(now.getTime() - 30 * 86_400_000) },
    });
    const agent = await createUser(db.prisma, org.id, { now });
    const contact = await createContact(db.prisma, org.id, { now, firstName: "Ada", agentId: agent.id });
    // Rescheduled a moment ago, so the nightly pass leaves this organization's rows alone.
    await db.prisma.schedulerRun.create({
      data: { organizationId: org.id, status: "completed", startedAt: now, finishedAt: now },
    });
    const queued = await createOrganization(db.prisma, { now });
    await requestOrganizationReschedule({ organizationId: queued.id, now });
    const id = randomUUID();
    await db.prisma.scheduledEmail.create({
      data: {
        id,
        organizationId: org.id,
        contactId: contact.id,
        emailType: "birthday",
        scheduledSendDate: now,
        scheduledSendAt: new Date(now.getTime() - 60_000),
        status: "pending",
        idempotencyKey: `cron-test:${id}`,
      },
    });

    const first = await cronCall(`Bearer ${SECRET}`);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ rescheduled: 1, sweep: { sent: 1 } });
    expect(
      await db.prisma.schedulerRun.findFirstOrThrow({ where: { organizationId: queued.id }, select: { status: true } }),
    ).toEqual({ status: "completed" });
    expect(await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id }, select: { status: true } })).toEqual({
      status: "sent",
    });
    expect(await db.prisma.outboxEmail.count({ where: { to: contact.email } })).toBe(1);

    const again = await cronCall(`Bearer ${SECRET}`);
    expect(await again.json()).toMatchObject({ sweep: { sent: 0 } });
    expect(await db.prisma.outboxEmail.count({ where: { to: contact.email } })).toBe(1);
  });
});

describe("GET /api/cron/daily", () => {
  afterEach(() => {
    delete process.env.CRON_SECRET;
    resetEnvForTests();
  });

  it("does not exist without CRON_SECRET; with it, deletes CSV uploads abandoned for a day", async () => {
    const { GET: cronDaily } = await import("@/app/api/cron/daily/route");
    const call = (authorization?: string) =>
      cronDaily(
        new NextRequest("https://preview.gapwise.example/api/cron/daily", {
          headers: authorization ? { authorization } : {},
        }),
      );
    expect((await call(`Bearer ${SECRET}`)).status).toBe(404);
    process.env.CRON_SECRET = SECRET;
    resetEnvForTests();
    expect((await call("Bearer wrong")).status).toBe(401);

    const now = new Date();
    const org = await createOrganization(db.prisma, { now });
    const user = await createUser(db.prisma, org.id, { now, isAdmin: true });
    const abandoned = await db.prisma.importJob.create({
      data: {
        organizationId: org.id,
        status: "pending",
        totalRows: 1,
        createdById: user.id,
        createdAt: new Date(now.getTime() - 25 * 3_600_000),
      },
    });
    const res = await call(`Bearer ${SECRET}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      usage: { reported: 0 },
      importCleanup: { jobs: 1 },
      publicForms: { unconfirmedSignups: 0 },
      searchChunks: { built: [] }, // no book here reaches the 50,000 contacts that get search chunks
    });
    expect(await db.prisma.importJob.count({ where: { id: abandoned.id } })).toBe(0);
  });
});
