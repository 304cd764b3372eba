import { findFiledRateIncreases } from "@/lib/outreach/rate-increases";
import { syncContactSchedule } from "@/lib/outreach/reschedule-contact";
import { planner, queueReschedulesForRateIncreases } from "@/lib/outreach/triggers";
import { loadRateBook } from "@/lib/quotes/load-rate-book";
import { setupTestDatabase } from "@/lib/testing/db";
import { writeIncreaseRateBook } from "@/lib/testing/increase-rate-book";
import { createContact, createOrganization } from "@/lib/testing/factories";

const db = setupTestDatabase();
const now = new Date("2026-11-22T15:00:00Z");

const RISING = "20001"; // +10% on 2027-01-01
const FALLING = "20002"; // −10% on 2027-01-01
const NEWCOMER = "20003"; // first filing in TX on 2027-02-01: nothing to compare with
const PAST = "20004"; // +20% that took effect 2026-06-01: already in force

/** A TX book whose filings tell the four stories above (plan G, two ages). */
const writeBook = () =>
  writeIncreaseRateBook("Increase test book", [
    { key: "R1", naic: RISING, state: "TX", date: "2026-01-01", rateCents: 10000 },
    { key: "R2", naic: RISING, state: "TX", date: "2027-01-01", rateCents: 11000 },
    { key: "F1", naic: FALLING, state: "TX", date: "2026-01-01", rateCents: 10000 },
    { key: "F2", naic: FALLING, state: "TX", date: "2027-01-01", rateCents: 9000 },
    { key: "N1", naic: NEWCOMER, state: "TX", date: "2027-02-01", rateCents: 10000 },
    { key: "P1", naic: PAST, state: "TX", date: "2025-06-01", rateCents: 10000 },
    { key: "P2", naic: PAST, state: "TX", date: "2026-06-01", rateCents: 12000 },
  ]);

beforeAll(async () => {
  await db.prisma.carrier.createMany({
    data: [RISING, FALLING, NEWCOMER, PAST].map((naic) => ({
      naic,
      name: `Carrier ${naic}`,
      groupName: `Carrier ${naic}`,
    })),
    skipDuplicates: true,
  });
  await loadRateBook({ dir: writeBook() });
});

describe("findFiledRateIncreases", () => {
  it("finds a future filing that raises premiums over the one it follows, and nothing else", async () => {
    const increases = await findFiledRateIncreases({ now });
    expect(increases.map(({ carrierNaic, state, increaseDate }) => ({ carrierNaic, state, increaseDate }))).toEqual([
      { carrierNaic: RISING, state: "TX", increaseDate: "2027-01-01" },
    ]);
    // 11,000/10,000 and 13,000/12,000, averaged.
    expect(increases[0]!.averageRatio).toBeCloseTo((1.1 + 13000 / 12000) / 2, 6);
  });

  it("ignores books that are not active", async () => {
    await db.prisma.rateBook.updateMany({ where: { name: "Increase test book" }, data: { isActive: false } });
    try {
      expect(await findFiledRateIncreases({ now })).toEqual([]);
    } finally {
      await db.prisma.rateBook.updateMany({ where: { name: "Increase test book" }, data: { isActive: true } });
    }
  });
});

describe("rate-increase emails from the rate book", () => {
  it("plans a rate_increase email 14 days before the increase for the carrier's contacts in that state only", async () => {
    const org = await createOrganization(db.prisma, { now });
    const onRising = await createContact(db.prisma, org.id, { now, state: "TX" });
    const onFalling = await createContact(db.prisma, org.id, { now, state: "TX" });
    const risingElsewhere = await createContact(db.prisma, org.id, { now, state: "GA" });
    await db.prisma.contact.update({ where: { id: onRising.id }, data: { currentCarrierNaic: RISING } });
    await db.prisma.contact.update({ where: { id: onFalling.id }, data: { currentCarrierNaic: FALLING } });
    await db.prisma.contact.update({ where: { id: risingElsewhere.id }, data: { currentCarrierNaic: RISING } });

    for (const contact of [onRising, onFalling, risingElsewhere])
      await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: planner, now });

    const increaseRows = await db.prisma.scheduledEmail.findMany({
      where: { organizationId: org.id, emailType: "rate_increase" },
    });
    expect(
      increaseRows.map((row) => [
        row.contactId,
        row.scheduledSendDate.toISOString().slice(0, 10),
        row.eventDate?.toISOString().slice(0, 10),
        row.status,
      ]),
    ).toEqual([[onRising.id, "2026-12-18", "2027-01-01", "pending"]]);
  });

  it("leaves the increase out when the organization switched rate-increase outreach off", async () => {
    const org = await createOrganization(db.prisma, { now });
    await db.prisma.organization.update({ where: { id: org.id }, data: { outreachScheduleIncrease: false } });
    const contact = await createContact(db.prisma, org.id, { now, state: "TX" });
    await db.prisma.contact.update({ where: { id: contact.id }, data: { currentCarrierNaic: RISING } });
    await syncContactSchedule({ organizationId: org.id, contactId: contact.id, plan: planner, now });
    expect(
      await db.prisma.scheduledEmail.count({
        where: { contactId: contact.id, emailType: "rate_increase", status: "pending" },
      }),
    ).toBe(0);
  });

  it("after a book is loaded, queues a reschedule of exactly the organizations with a contact on a carrier whose increase is ahead", async () => {
    const affected = await createOrganization(db.prisma, { now });
    const unaffected = await createOrganization(db.prisma, { now });
    const contact = await createContact(db.prisma, affected.id, { now, state: "TX" });
    await db.prisma.contact.update({ where: { id: contact.id }, data: { currentCarrierNaic: RISING } });
    const other = await createContact(db.prisma, unaffected.id, { now, state: "TX" });
    await db.prisma.contact.update({ where: { id: other.id }, data: { currentCarrierNaic: FALLING } });

    await queueReschedulesForRateIncreases({ now });
    expect(await db.prisma.schedulerRun.count({ where: { organizationId: affected.id, status: "queued" } })).toBe(1);
    expect(await db.prisma.schedulerRun.count({ where: { organizationId: unaffected.id } })).toBe(0);
  });
});
