import { runOutreachNow } from "@/lib/outreach/run-now";
import { requestOrganizationReschedule } from "@/lib/outreach/triggers";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
const now = new Date("2026-11-22T15:00:00Z"); // 09:00 in Chicago
const yesterday = new Date(now.getTime() - 86_400_000);

describe("runOutreachNow (development)", () => {
  it("runs the organization's queued reschedule, brings the next emails forward and sends them through the sweep", async () => {
    // The agency and its book were set up yesterday.
    const org = await createOrganization(db.prisma, { now: yesterday });
    await createUser(db.prisma, org.id, { now: yesterday, isAdmin: true });
    for (let i = 0; i < 5; i += 1) await createContact(db.prisma, org.id, { now: yesterday });
    // Gone live a minute ago: every contact (added before) gets a welcome email spread over 30 days.
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { demoMode: false, wentLiveAt: new Date(now.getTime() - 60_000) },
    });
    await requestOrganizationReschedule({ organizationId: org.id, now });
    const other = await createOrganization(db.prisma, { now: yesterday });
    await requestOrganizationReschedule({ organizationId: other.id, now });

    const result = await runOutreachNow({ organizationId: org.id, sendNext: 2, now });
    expect(result.rescheduled).toBe(true);
    expect(
      await db.prisma.scheduledEmail.count({ where: { organizationId: org.id, emailType: "go_live_welcome" } }),
    ).toBe(5);
    expect(result.sweep.sent).toBeGreaterThanOrEqual(2);
    expect(
      await db.prisma.scheduledEmail.count({
        where: { organizationId: org.id, emailType: "go_live_welcome", status: "sent" },
      }),
    ).toBe(result.sweep.sent);
    // The sent ones now have their follow-up planned; another organization's queued run was left to the job runner.
    expect(
      await db.prisma.scheduledEmail.count({
        where: { organizationId: org.id, emailType: "followup_1_cold", status: "pending" },
      }),
    ).toBe(result.sweep.sent);
    expect(await db.prisma.schedulerRun.count({ where: { organizationId: other.id, status: "queued" } })).toBe(1);
  });
});
