import { dismissHousehold, linkHousehold } from "@/lib/households/households";
import { rescheduleOrganization, syncContactSchedule } from "@/lib/outreach/reschedule-contact";
import { householdSkipReason } from "@/lib/outreach-schedule/household";
import { planContactEmails } from "@/lib/outreach-schedule/plan";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createUser } from "@/lib/testing/factories";

/**
 * The household window through the reschedule (docs/households.md, "Household window"): a confirmed household
 * whose birthday emails fall 4 days apart gets one email, on the earlier day, that names the partner; the
 * partner's is skipped. Pages of one contact put the two in different pages: each is planned with the other.
 */

const db = setupTestDatabase();
// 10:00 in Chicago. Ann's birthday email is due 2026-07-01 (14 days before July 15), Ben's 2026-07-05.
const now = new Date("2026-06-01T15:00:00Z");

async function household({ windowDays }: { windowDays?: number } = {}) {
  const org = await createOrganization(db.prisma, { now });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: {
      demoMode: false,
      wentLiveAt: new Date("2026-01-01T00:00:00Z"),
      ...(windowDays !== undefined ? { householdWindowDays: windowDays } : {}),
    },
  });
  const ann = await createContact(db.prisma, org.id, { now, firstName: "Ann" });
  const ben = await createContact(db.prisma, org.id, { now, firstName: "Ben" });
  // Contacts added long ago (no welcome email), with birthdays four days apart.
  const long = new Date("2020-01-01T12:00:00Z");
  await db.prisma.contact.update({
    where: { id: ann.id },
    data: { birthDate: new Date("1955-07-15"), createdAt: long },
  });
  await db.prisma.contact.update({
    where: { id: ben.id },
    data: { birthDate: new Date("1956-07-19"), createdAt: long },
  });
  const [a, b] = [ann.id, ben.id].sort();
  const pair = await db.prisma.household.create({
    data: { organizationId: org.id, contactAId: a!, contactBId: b!, kind: "explicit", status: "confirmed" },
  });
  return { org, ann, ben, pair };
}

const birthdayRows = async (contactId: string) =>
  (
    await db.prisma.scheduledEmail.findMany({
      where: { contactId, emailType: "birthday", scheduledSendDate: { lt: new Date("2027-01-01") } },
    })
  ).map((r) => ({
    date: r.scheduledSendDate.toISOString().slice(0, 10),
    status: r.status,
    skipReason: r.skipReason,
    household: (r.metadata as { household?: unknown } | null)?.household ?? null,
  }));

describe("household outreach", () => {
  it("one email for a confirmed household due within the window: the earlier one names the partner, the other is skipped", async () => {
    const { org, ann, ben } = await household();
    await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now, pageSize: 1 });
    expect(await birthdayRows(ann.id)).toEqual([
      {
        date: "2026-07-01",
        status: "pending",
        skipReason: null,
        household: { partnerId: ben.id, covers: [{ emailType: "birthday", date: "2026-07-05" }] },
      },
    ]);
    expect(await birthdayRows(ben.id)).toEqual([
      { date: "2026-07-05", status: "skipped", skipReason: householdSkipReason("2026-07-01"), household: null },
    ]);

    // The nightly run finds nothing to change.
    const again = await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now, pageSize: 1 });
    expect(again).toMatchObject({ inserted: 0, updated: 0, removed: 0 });
  });

  it("the setting decides: 0 sends each their own, a window shorter than the gap too", async () => {
    for (const windowDays of [0, 3]) {
      const { org, ann, ben } = await household({ windowDays });
      await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now });
      expect(await birthdayRows(ann.id)).toEqual([
        { date: "2026-07-01", status: "pending", skipReason: null, household: null },
      ]);
      expect(await birthdayRows(ben.id)).toEqual([
        { date: "2026-07-05", status: "pending", skipReason: null, household: null },
      ]);
    }
  });

  it("a suggestion or an undone household is two people; a contact's re-plan re-plans the partner with it", async () => {
    const { org, ann, ben, pair } = await household();
    await db.prisma.household.update({ where: { id: pair.id }, data: { status: "suggested" } });
    await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now });
    expect((await birthdayRows(ben.id))[0]).toMatchObject({ status: "pending", household: null });

    // Confirmed now; re-planning Ann alone also re-plans Ben.
    await db.prisma.household.update({ where: { id: pair.id }, data: { status: "confirmed" } });
    const result = await syncContactSchedule({
      organizationId: org.id,
      contactId: ann.id,
      plan: planContactEmails,
      now,
    });
    expect(result.contacts).toBe(2);
    expect((await birthdayRows(ann.id))[0]).toMatchObject({ status: "pending", household: { partnerId: ben.id } });
    expect((await birthdayRows(ben.id))[0]).toMatchObject({ status: "skipped" });
  });

  it("the agent's Link and Undo re-plan both people at once", async () => {
    const { org, ann, ben, pair } = await household();
    await db.prisma.household.delete({ where: { id: pair.id } });
    await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now });
    expect((await birthdayRows(ben.id))[0]).toMatchObject({ status: "pending" });
    const admin = await createUser(db.prisma, org.id, { now, isAdmin: true });
    const viewer = { id: admin.id, isAdmin: true };

    const linked = await linkHousehold({ organizationId: org.id, viewer, now, contactId: ben.id, partnerId: ann.id });
    expect((await birthdayRows(ann.id))[0]).toMatchObject({ status: "pending", household: { partnerId: ben.id } });
    expect((await birthdayRows(ben.id))[0]).toMatchObject({ status: "skipped" });

    await dismissHousehold({ organizationId: org.id, viewer, now, householdId: linked.id });
    expect((await birthdayRows(ann.id))[0]).toMatchObject({ status: "pending", household: null });
    expect((await birthdayRows(ben.id))[0]).toMatchObject({ status: "pending", skipReason: null });
  });

  it("after the household email is sent, the partner's covered email is not caught up later", async () => {
    const { org, ann, ben } = await household();
    await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now });
    // The sweep sent Ann's household email on July 1.
    const lead = await db.prisma.scheduledEmail.findFirstOrThrow({
      where: { contactId: ann.id, emailType: "birthday", status: "pending" },
    });
    await db.prisma.scheduledEmail.update({
      where: { id: lead.id },
      data: { status: "sent", sentAt: new Date("2026-07-01T13:30:00Z") },
    });
    // July 8: Ben's own day (July 5) has passed; without the household email he would get a catch-up.
    const later = new Date("2026-07-08T15:00:00Z");
    await rescheduleOrganization({ organizationId: org.id, plan: planContactEmails, now: later });
    const benBirthdays = (await birthdayRows(ben.id)).filter((r) => r.status === "pending");
    expect(benBirthdays).toEqual([]);
  });
});
