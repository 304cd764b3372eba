import { readFileSync } from "node:fs";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { PUT as putOrgSettings } from "@/app/api/settings/org/route";
import { SAMPLE_AGENCY_SLUG, seedDemoAgency, seedReferenceData } from "@/lib/demo/seed-demo-agency";
import { loadSettingsPageData } from "@/lib/settings/settings-page-data";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// Sessions are checked against the wall clock; the records are stamped with it.
const now = new Date();

/** What the settings page shows, saved back as it is by `userId`: the PUT's status and error. */
async function saveBackUnchanged(organizationId: string, userId: string) {
  const { cookie } = await createSession(db.prisma, userId, { now });
  const { settings } = await loadSettingsPageData({ organizationId });
  const response = await putOrgSettings(
    new NextRequest("http://localhost/api/settings/org", {
      method: "PUT",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ settings }),
    }),
    { params: Promise.resolve({}) },
  );
  const body = await response.json();
  return {
    status: response.status,
    error: body.error,
    before: settings,
    after: (await loadSettingsPageData({ organizationId })).settings,
  };
}

describe("an agency's settings save back unchanged", () => {
  it("for the sample agency, as seeded", async () => {
    await seedReferenceData();
    await seedDemoAgency({ now: new Date("2026-06-15T12:00:00Z") });
    const admin = await db.prisma.user.findFirstOrThrow({
      where: { organization: { slug: SAMPLE_AGENCY_SLUG }, isAdmin: true },
    });
    const { status, error, before, after } = await saveBackUnchanged(admin.organizationId, admin.id);
    expect([status, error]).toEqual([200, undefined]);
    expect(after).toEqual(before);
  });

  it("for an agency left with the calendar option on and no link, once the data migration has run (where the option showed nothing)", async () => {
    const migration = readFileSync(
      join(process.cwd(), "prisma/migrations/20261124140000_calendar_off_without_booking_link/migration.sql"),
      "utf8",
    );
    const stuck = async (data: {
      forceOrgSenderDetails: boolean;
      phoneEnabled?: boolean;
      callbackEnabled?: boolean;
    }) => {
      const org = await createOrganization(db.prisma, { now });
      await db.prisma.organization.update({
        where: { id: org.id },
        data: { carrierContracts: ["Aetna"], stateLicenses: ["TX"], calendarEnabled: true, redirectUrl: null, ...data },
      });
      return org.id;
    };
    const orgOnly = await stuck({ forceOrgSenderDetails: true });
    const agentChoice = await stuck({ forceOrgSenderDetails: false });
    const calendarOnly = await stuck({ forceOrgSenderDetails: true, phoneEnabled: false, callbackEnabled: false });
    const admin = await createUser(db.prisma, orgOnly, { now, isAdmin: true });
    expect((await saveBackUnchanged(orgOnly, admin.id)).status).toBe(422);

    await db.prisma.$executeRawUnsafe(migration);

    const calendar = async (id: string) =>
      (await db.prisma.organization.findUniqueOrThrow({ where: { id } })).calendarEnabled;
    expect([await calendar(orgOnly), await calendar(agentChoice), await calendar(calendarOnly)]).toEqual([
      false,
      true,
      true,
    ]);
    expect((await saveBackUnchanged(orgOnly, admin.id)).status).toBe(200);
  });
});
