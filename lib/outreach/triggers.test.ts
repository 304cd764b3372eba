import { createContact as createContactForViewer } from "@/lib/contacts/create-contact";
import { updateContact } from "@/lib/contacts/update-contact";
import { PrismaPg } from "@prisma/adapter-pg";
import { setPrismaForTests } from "@/lib/db";
import { PrismaClient } from "@/lib/generated/prisma/client";
import {
  queueNightlyReschedules,
  requestOrganizationReschedule,
  rescheduleContactsNow,
  runQueuedReschedules,
} from "@/lib/outreach/triggers";
import { goLiveNow } from "@/lib/trial/go-live-now";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();

/** The real planner behind the real entry points: saving a contact plans its outreach. */
async function agency(now: Date) {
  const org = await createOrganization(db.prisma, { now });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true });
  return { org, admin, viewer: { id: admin.id, isAdmin: true } };
}

const pendingTypes = async (contactId: string) =>
  (await db.prisma.scheduledEmail.findMany({ where: { contactId, status: "pending" }, select: { emailType: true } }))
    .map((r) => r.emailType)
    .sort();

describe("contact saves re-plan that contact", () => {
  it("a new contact gets its initial emails and birthday email planned at once; an edit re-plans", async () => {
    // Saving a contact reads the clock.
    const now = new Date();
    const { org, viewer } = await agency(now);
    const birthday = new Date(now.getTime() + 40 * 86_400_000).toISOString().slice(5, 10);
    const contact = await createContactForViewer({
      organizationId: org.id,
      viewer,
      input: {
        firstName: "Pat",
        lastName: "Planned",
        email: "pat.planned@example.com",
        zipCode: "78701",
        birthDate: `1956-${birthday}`,
      },
    });
    const planned = await pendingTypes(contact.id);
    expect(planned).toEqual(expect.arrayContaining(["birthday", "initial_blast"]));

    // Marked do-not-contact by an edit: nothing stays pending.
    await db.prisma.contact.update({ where: { id: contact.id }, data: { doNotCommunicate: true } });
    await updateContact({
      organizationId: org.id,
      viewer,
      id: contact.id,
      input: {
        firstName: "Patricia",
        lastName: "Planned",
        email: "pat.planned@example.com",
        zipCode: "78701",
        birthDate: `1956-${birthday}`,
      },
    });
    expect(await pendingTypes(contact.id)).toEqual([]);
  });
});

describe("a contact whose re-plan fails still gets its outreach soon, not at the nightly pass", () => {
  async function contactWithBirthday(now: Date) {
    const { org } = await agency(now);
    await db.prisma.organization.update({ where: { id: org.id }, data: { demoMode: false } });
    const contact = await createContact(db.prisma, org.id, { now });
    const birthday = new Date(now.getTime() + 40 * 86_400_000).toISOString().slice(5, 10);
    await db.prisma.contact.update({
      where: { id: contact.id },
      data: { zipCode: "78701", birthDate: new Date(`1956-${birthday}T00:00:00Z`) },
    });
    return { org, contact };
  }
  const queuedRuns = (organizationId: string) =>
    db.prisma.schedulerRun.count({ where: { organizationId, status: "queued" } });

  it("a failed re-plan queues the organization's reschedule, and the job runner's next pass plans the contact", async () => {
    const now = new Date();
    const { org, contact } = await contactWithBirthday(now);
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await rescheduleContactsNow({
        organizationId: org.id,
        contactIds: [contact.id],
        now,
        plan: () => {
          throw new Error("planner down");
        },
      });
    } finally {
      logged.mockRestore();
    }
    expect(await pendingTypes(contact.id)).toEqual([]);
    expect(await queuedRuns(org.id)).toBe(1);
    await runQueuedReschedules({ now, organizationId: org.id });
    expect(await pendingTypes(contact.id)).toContain("birthday");
  });

  it("during a database outage the queueing is tried again until the database answers", async () => {
    const now = new Date();
    const { org, contact } = await contactWithBirthday(now);
    const down = new PrismaClient({
      adapter: new PrismaPg({
        connectionString: "postgresql://app:app@127.0.0.1:1/app",
        connectionTimeoutMillis: 1_000,
      }),
    });
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    setPrismaForTests(down);
    try {
      // The save went through just before the outage; its re-plan and the first try to queue fail.
      await rescheduleContactsNow({ organizationId: org.id, contactIds: [contact.id], now, retryDelaysMs: [300, 300] });
    } finally {
      setPrismaForTests(db.prisma); // the database is back
    }
    expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)).event)).toEqual([
      "outreach_contact_reschedule_failed",
      "outreach_reschedule_queue_failed",
    ]);
    logged.mockRestore();
    await down.$disconnect();
    expect(await queuedRuns(org.id)).toBe(0);
    const deadline = Date.now() + 5_000;
    while ((await queuedRuns(org.id)) === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await queuedRuns(org.id)).toBe(1);
    await runQueuedReschedules({ now, organizationId: org.id });
    expect(await pendingTypes(contact.id)).toContain("birthday");
  });
});

describe("organization changes queue one reschedule, which the job runner carries out", () => {
  it("go-live queues a run; asking again while it waits reuses it; running it plans every contact and completes the run", async () => {
    const now = new Date();
    // The agency and its contact were added an hour before going live.
    const anHourAgo = new Date(now.getTime() - 3_600_000);
    const { org, admin } = await agency(anHourAgo);
    const contact = await createContact(db.prisma, org.id, { now: anHourAgo });
    await db.prisma.contact.update({
      where: { id: contact.id },
      data: { zipCode: "78701", birthDate: new Date("1956-01-15T00:00:00Z") },
    });
    await db.prisma.organization.update({ where: { id: org.id }, data: { postalAddress: "1 Main St, Austin, TX" } });
    await goLiveNow({ organizationId: org.id, actor: { id: admin.id, isAdmin: true }, now });
    const queued = await db.prisma.schedulerRun.findMany({ where: { organizationId: org.id, status: "queued" } });
    expect(queued).toHaveLength(1);
    expect(await requestOrganizationReschedule({ organizationId: org.id, now })).toBe(queued[0]!.id);

    await runQueuedReschedules({ now, limit: 50 });
    expect(await db.prisma.schedulerRun.findUniqueOrThrow({ where: { id: queued[0]!.id } })).toMatchObject({
      status: "completed",
      processedCount: 1,
    });
    // Live: the go-live welcome spread is planned for the contact added before go-live.
    expect(await pendingTypes(contact.id)).toContain("go_live_welcome");
    // Nothing is left to take.
    expect(await runQueuedReschedules({ now, limit: 50 })).toEqual([]);
  });

  it("announces a newly queued reschedule once (Inngest runs it at once), not one that was already waiting", async () => {
    const now = new Date();
    const { org } = await agency(now);
    const announced: string[] = [];
    const announce = async (organizationId: string) => void announced.push(organizationId);
    const first = await requestOrganizationReschedule({ organizationId: org.id, now, announce });
    expect(await requestOrganizationReschedule({ organizationId: org.id, now, announce })).toBe(first);
    expect(announced).toEqual([org.id]);
  });

  it("the nightly pass queues organizations not rescheduled in the last 20 hours, and only those", async () => {
    const now = new Date();
    const stale = await agency(now);
    const fresh = await agency(now);
    await db.prisma.schedulerRun.create({
      data: { organizationId: fresh.org.id, status: "completed", startedAt: new Date(now.getTime() - 3_600_000) },
    });
    await db.prisma.schedulerRun.create({
      data: { organizationId: stale.org.id, status: "completed", startedAt: new Date(now.getTime() - 30 * 3_600_000) },
    });
    await queueNightlyReschedules({ now });
    expect(await db.prisma.schedulerRun.count({ where: { organizationId: stale.org.id, status: "queued" } })).toBe(1);
    expect(await db.prisma.schedulerRun.count({ where: { organizationId: fresh.org.id, status: "queued" } })).toBe(0);
  });
});
