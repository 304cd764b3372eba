import { backfillContactCarrierNaics } from "@/lib/carriers/backfill-carrier-naic";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization } from "@/lib/testing/factories";

const db = setupTestDatabase();
const now = new Date("2026-11-22T15:00:00Z");

beforeAll(async () => {
  await db.prisma.carrier.createMany({
    data: [
      { naic: "71412", name: "Mutual of Omaha", groupName: "Mutual of Omaha", aliases: ["mutual of omaha"] },
      { naic: "13100", name: "Mutual of Omaha", groupName: "Mutual of Omaha", aliases: ["mutual of omaha"] },
    ],
  });
});

describe("backfillContactCarrierNaics", () => {
  it("gives contacts written without a NAIC their carrier's group, in every organization, and leaves the rest alone", async () => {
    const orgs = [await createOrganization(db.prisma, { now }), await createOrganization(db.prisma, { now })];
    const contact = async (
      organizationId: string,
      currentCarrier: string | null,
      currentCarrierNaic: string | null,
    ) => {
      const row = await createContact(db.prisma, organizationId, { now });
      await db.prisma.contact.update({ where: { id: row.id }, data: { currentCarrier, currentCarrierNaic } });
      return row.id;
    };
    const typed = await contact(orgs[0]!.id, "mutual of omaha", null);
    const otherOrg = await contact(orgs[1]!.id, "Mutual of Omaha", null);
    const alreadySet = await contact(orgs[0]!.id, "Mutual of Omaha", "71412");
    const unknown = await contact(orgs[0]!.id, "Local Mutual", null);
    const none = await contact(orgs[0]!.id, null, null);

    expect(await backfillContactCarrierNaics()).toBe(2);
    const stored = new Map(
      (await db.prisma.contact.findMany({ select: { id: true, currentCarrierNaic: true } })).map((c) => [
        c.id,
        c.currentCarrierNaic,
      ]),
    );
    expect([typed, otherOrg, alreadySet, unknown, none].map((id) => stored.get(id))).toEqual([
      "13100",
      "13100",
      "71412",
      null,
      null,
    ]);
    expect(await backfillContactCarrierNaics()).toBe(0);
  });
});
