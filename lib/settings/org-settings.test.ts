import { GO_LIVE_MESSAGES } from "@/lib/trial/go-live";
import { NextRequest } from "next/server";
import { GET as getSettingsRoute } from "@/app/api/settings/route";
import { GET as getOrgRoute, PUT as putOrgRoute } from "@/app/api/settings/org/route";
import { GET as carriersRoute } from "@/app/api/settings/carriers/route";
import { GET as giRoute } from "@/app/api/settings/gi-recommendations/route";
import { GET as riderRangesRoute } from "@/app/api/settings/rider-price-ranges/[state]/route";
import { GET as outreachDelayRoute } from "@/app/api/settings/outreach-delay/route";
import { GET as selfServiceRoute } from "@/app/api/self-service-info/route";
import { GET as detailsRoute } from "@/app/api/org/[slug]/details/route";
import { GET as logoRoute } from "@/app/api/org/[slug]/logo/route";
import { getEnv } from "@/lib/env";
import { tenantDb } from "@/lib/db";
import { LOGO_MAX_BYTES } from "@/lib/settings/logo";
import { SETTINGS_MESSAGES, type OrgSettingsInput } from "@/lib/settings/org-settings-schema";
import { getOrgSettings, updateOrgSettings } from "@/lib/settings/org-settings";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();

let ipCounter = 0;
function req(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  headers.set("x-forwarded-for", `203.0.113.${++ipCounter % 250}`);
  return new NextRequest(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x01, 0x02,
]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

async function signedIn(options: { isAdmin?: boolean; isAgent?: boolean } = {}) {
  const org = await createOrganization(db.prisma, { now });
  const user = await createUser(db.prisma, org.id, {
    now,
    isAdmin: options.isAdmin ?? true,
    isAgent: options.isAgent ?? true,
  });
  const { cookie } = await createSession(db.prisma, user.id, { now });
  return { org, user, cookie };
}

function validSettings(overrides: Partial<OrgSettingsInput> = {}): OrgSettingsInput {
  return {
    carrierContracts: ["Aetna", "Humana"],
    stateLicenses: ["TX", "MN"],
    stateCarrierSettings: [{ state: "TX", carrier: "Aetna", active: false, targetGI: true }],
    allowAgentSettings: true,
    emailSendBirthday: true,
    emailSendPolicyAnniversary: false,
    emailSendAep: true,
    smartSendEnabled: true,
    brandName: "Lone Star Medigap",
    primaryColor: "#112233",
    secondaryColor: "#445566",
    phone: "5125550188",
    website: "https://www.lonestar.test/",
    signature: "The Lone Star team",
    orgSignature: true,
    redirectUrl: "calendly.com/lonestar",
    forceOrgSenderDetails: false,
    hideMedicareAdvantage: true,
    contactPreferences: { calendarEnabled: true, phoneEnabled: false, callbackEnabled: true },
    contactOutreachDelayYears: 2,
    householdWindowDays: 7,
    smsEnabled: false,
    outreachTypes: { birthday: true, enrollmentAnniversary: false, scheduleIncrease: true, aep: true },
    failedUnderwritingOutreach: { enabled: true, frequency: "annual", timing: "pre_aep" },
    mnDefaultRiders: ["part_b_deductible"],
    wiDefaultRiders: [],
    maDefaultRiders: ["foreign_travel", "home_health"],
    ...overrides,
    // The Email Settings switches and outreachTypes are one switch each: the form sends them alike.
    ...(overrides.outreachTypes
      ? {}
      : {
          outreachTypes: {
            birthday: overrides.emailSendBirthday ?? true,
            enrollmentAnniversary: overrides.emailSendPolicyAnniversary ?? false,
            scheduleIncrease: true,
            aep: overrides.emailSendAep ?? true,
          },
        }),
  };
}

const put = (cookie: string, body: unknown) =>
  putOrgRoute(req("/api/settings/org", { method: "PUT", cookie, body }), ctx());

beforeAll(async () => {
  await db.prisma.carrier.createMany({
    data: [
      { naic: "72052", name: "Aetna", groupName: "Aetna" },
      { naic: "12634", name: "Humana Insurance Co", groupName: "Humana" },
      { naic: "60052", name: "Humana Health Plan", groupName: "Humana" },
      { naic: "60534", name: "Allstate", groupName: "Allstate", isActive: false },
    ],
  });
});

describe("GET /api/settings and GET /api/settings/org", () => {
  it("answers the defaults of a new organization, with brandName falling back to its name", async () => {
    const { org, cookie } = await signedIn();
    const res = await getSettingsRoute(req("/api/settings", { cookie }), ctx());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      orgSettings: {
        carrierContracts: [],
        stateLicenses: [],
        stateCarrierSettings: [],
        allowAgentSettings: false,
        emailSendBirthday: true,
        emailSendPolicyAnniversary: true,
        emailSendAep: true,
        smartSendEnabled: false,
        brandName: org.name,
        primaryColor: "#6B46C1",
        secondaryColor: "#9F7AEA",
        phone: "",
        postalAddress: "",
        website: "",
        signature: "",
        orgSignature: false,
        redirectUrl: "",
        forceOrgSenderDetails: true,
        hideMedicareAdvantage: false,
        contactPreferences: { calendarEnabled: true, phoneEnabled: true, callbackEnabled: true },
        contactOutreachDelayYears: 1,
        householdWindowDays: 7,
        smsEnabled: false,
        outreachTypes: { birthday: true, enrollmentAnniversary: true, scheduleIncrease: true, aep: true },
        failedUnderwritingOutreach: { enabled: false, frequency: "annual", timing: "birthday" },
        mnDefaultRiders: ["part_a_deductible", "part_b_excess"],
        wiDefaultRiders: ["part_a_deductible", "part_b_excess"],
        maDefaultRiders: [],
        logo: null,
        logoUrl: null,
        hasLogo: false,
      },
    });
    const orgRes = await getOrgRoute(req("/api/settings/org", { cookie }), ctx());
    expect(await orgRes.json()).toMatchObject({
      success: true,
      orgName: org.name,
      slug: org.slug,
      logo: null,
      orgSettings: { brandName: org.name },
    });
  });

  it("answers 401 without a session and 403 to an agent who is not an admin", async () => {
    expect((await getSettingsRoute(req("/api/settings"), ctx())).status).toBe(401);
    const agent = await signedIn({ isAdmin: false });
    for (const res of [
      await getSettingsRoute(req("/api/settings", { cookie: agent.cookie }), ctx()),
      await getOrgRoute(req("/api/settings/org", { cookie: agent.cookie }), ctx()),
      await put(agent.cookie, { settings: validSettings() }),
    ]) {
      expect(res.status).toBe(403);
    }
    const row = await db.prisma.organization.findUniqueOrThrow({ where: { id: agent.org.id } });
    expect(row.carrierContracts).toEqual([]);
  });
});

describe("PUT /api/settings/org", () => {
  it("saves every setting, answers the saved settings, and reads them back (round trip)", async () => {
    const { org, cookie } = await signedIn();
    const res = await put(cookie, { settings: validSettings() });
    expect(res.status).toBe(200);
    const saved = (await res.json()).orgSettings;
    expect(saved).toMatchObject({
      carrierContracts: ["Aetna", "Humana"],
      stateLicenses: ["TX", "MN"],
      brandName: "Lone Star Medigap",
      website: "www.lonestar.test",
      redirectUrl: "https://calendly.com/lonestar",
      contactPreferences: { calendarEnabled: true, phoneEnabled: false, callbackEnabled: true },
      contactOutreachDelayYears: 2,
      outreachTypes: { birthday: true, enrollmentAnniversary: false, scheduleIncrease: true, aep: true },
      failedUnderwritingOutreach: { enabled: true, frequency: "annual", timing: "pre_aep" },
      mnDefaultRiders: ["part_b_deductible"],
      wiDefaultRiders: [],
      maDefaultRiders: ["foreign_travel", "home_health"],
    });
    // Defaults for every licensed state × contracted carrier; the saved one keeps its values.
    expect(saved.stateCarrierSettings).toEqual([
      { state: "TX", carrier: "Aetna", active: false, targetGI: true },
      { state: "TX", carrier: "Humana", active: true, targetGI: false },
      { state: "MN", carrier: "Aetna", active: true, targetGI: false },
      { state: "MN", carrier: "Humana", active: true, targetGI: false },
    ]);

    const again = await (await getSettingsRoute(req("/api/settings", { cookie }), ctx())).json();
    expect(again.orgSettings).toEqual(saved);

    const row = await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect(row).toMatchObject({
      brandName: "Lone Star Medigap",
      phone: "5125550188",
      website: "www.lonestar.test",
      redirectUrl: "https://calendly.com/lonestar",
      calendarEnabled: true,
      phoneEnabled: false,
      callbackEnabled: true,
      outreachEnrollmentAnniversary: false,
      outreachAep: true,
      failedUnderwritingOutreachEnabled: true,
      failedUnderwritingOutreachTiming: "pre_aep",
      contactOutreachDelayYears: 2,
      forceOrgSenderDetails: false,
      hideMedicareAdvantage: true,
      allowAgentSettings: true,
      smartSendEnabled: true,
      orgSignature: true,
    });
  });

  it("keeps the postal address for the email footer: set, left alone when a client omits it, cleared with an empty string", async () => {
    const { org, cookie } = await signedIn();
    const address = "Lee Insurance, 12 Elm St, Dallas, TX 75201";
    expect((await put(cookie, { settings: validSettings({ postalAddress: address }) })).status).toBe(200);
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).postalAddress).toBe(address);
    await put(cookie, { settings: validSettings() });
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).postalAddress).toBe(address);
    await put(cookie, { settings: validSettings({ postalAddress: "  " }) });
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).postalAddress).toBeNull();
    expect((await put(cookie, { settings: validSettings({ postalAddress: "x".repeat(301) }) })).status).toBe(422);
  });

  it("refuses to clear the postal address once live (422 on the field): live emails show it (#18 point 17)", async () => {
    const { org, cookie } = await signedIn();
    const address = "Lee Insurance, 12 Elm St, Dallas, TX 75201";
    await put(cookie, { settings: validSettings({ postalAddress: address }) });
    await db.prisma.organization.update({ where: { id: org.id }, data: { demoMode: false } });
    const res = await put(cookie, { settings: validSettings({ postalAddress: "" }) });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      error: { code: "validation_failed", fields: { postalAddress: [GO_LIVE_MESSAGES.postalAddressKept] } },
    });
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).postalAddress).toBe(address);
    const changed = "Lee Insurance, 14 Elm St, Dallas, TX 75201";
    expect((await put(cookie, { settings: validSettings({ postalAddress: changed }) })).status).toBe(200);
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).postalAddress).toBe(changed);
  });

  it("saves the household window on the caller's organization only, queues a reschedule, and refuses a bad value or a non-admin", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const windowOf = async (id: string) =>
      (await db.prisma.organization.findUniqueOrThrow({ where: { id } })).householdWindowDays;
    expect([await windowOf(a.org.id), await windowOf(b.org.id)]).toEqual([7, 7]);
    await put(a.cookie, { settings: validSettings() });
    // Any queued run is taken by the runner; this save must queue its own.
    await db.prisma.schedulerRun.deleteMany({ where: { organizationId: a.org.id } });

    const res = await put(a.cookie, { settings: validSettings({ householdWindowDays: 14 }) });
    expect(res.status).toBe(200);
    expect((await res.json()).orgSettings.householdWindowDays).toBe(14);
    expect([await windowOf(a.org.id), await windowOf(b.org.id)]).toEqual([14, 7]);
    expect(await db.prisma.schedulerRun.count({ where: { organizationId: a.org.id, status: "queued" } })).toBe(1);
    const audit = await db.prisma.auditLog.findFirstOrThrow({
      where: { organizationId: a.org.id, action: "settings.updated" },
      orderBy: { createdAt: "desc" },
    });
    expect((audit.metadata as { changedKeys: string[] }).changedKeys).toEqual(["householdWindowDays"]);
    // 0 turns it off; it reads back as saved.
    await put(a.cookie, { settings: validSettings({ householdWindowDays: 0 }) });
    const shown = await (await getSettingsRoute(req("/api/settings", { cookie: a.cookie }), ctx())).json();
    expect(shown.orgSettings.householdWindowDays).toBe(0);

    for (const bad of [-1, 31, 2.5, "x"]) {
      const refused = await put(a.cookie, {
        settings: validSettings({ householdWindowDays: bad as number }),
      });
      expect(refused.status).toBe(422);
      expect((await refused.json()).error.fields["settings.householdWindowDays"]).toEqual([
        SETTINGS_MESSAGES.householdWindowDays,
      ]);
    }
    expect(await windowOf(a.org.id)).toBe(0);
    // The column keeps the same bounds (organizations_household_window_days_check).
    for (const bad of [-1, 31])
      await expect(
        db.prisma.organization.update({ where: { id: a.org.id }, data: { householdWindowDays: bad } }),
      ).rejects.toThrow(/household_window_days_check/);

    // An agent who is not an admin gets what every other setting gives them: 403, nothing written.
    const agent = await createUser(db.prisma, b.org.id, { now, isAdmin: false, isAgent: true });
    const { cookie } = await createSession(db.prisma, agent.id, { now });
    expect((await put(cookie, { settings: validSettings({ householdWindowDays: 21 }) })).status).toBe(403);
    expect([await windowOf(a.org.id), await windowOf(b.org.id)]).toEqual([0, 7]);
  });

  it("saves texting (smsEnabled, off by default) on the caller's organization only and queues a reschedule each way, like the other outreach settings", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const smsOf = async (id: string) => (await db.prisma.organization.findUniqueOrThrow({ where: { id } })).smsEnabled;
    expect([await smsOf(a.org.id), await smsOf(b.org.id)]).toEqual([false, false]);
    await put(a.cookie, { settings: validSettings() });
    const queued = () => db.prisma.schedulerRun.count({ where: { organizationId: a.org.id, status: "queued" } });
    const lastChangedKeys = async () =>
      (
        (
          await db.prisma.auditLog.findFirstOrThrow({
            where: { organizationId: a.org.id, action: "settings.updated" },
            orderBy: { createdAt: "desc" },
          })
        ).metadata as { changedKeys: string[] }
      ).changedKeys;

    for (const smsEnabled of [true, false]) {
      // Any queued run is taken by the runner; this save must queue its own (texts are planned by the reschedule).
      await db.prisma.schedulerRun.deleteMany({ where: { organizationId: a.org.id } });
      const res = await put(a.cookie, { settings: validSettings({ smsEnabled }) });
      expect(res.status).toBe(200);
      expect((await res.json()).orgSettings.smsEnabled).toBe(smsEnabled);
      expect([await smsOf(a.org.id), await smsOf(b.org.id)]).toEqual([smsEnabled, false]);
      expect(await queued()).toBe(1);
      expect(await lastChangedKeys()).toEqual(["smsEnabled"]);
      const shown = await (await getSettingsRoute(req("/api/settings", { cookie: a.cookie }), ctx())).json();
      expect(shown.orgSettings.smsEnabled).toBe(smsEnabled);
    }

    const refused = await put(a.cookie, { settings: validSettings({ smsEnabled: "yes" as unknown as boolean }) });
    expect(refused.status).toBe(422);
    expect(Object.keys((await refused.json()).error.fields)).toEqual(["settings.smsEnabled"]);
    const agent = await createUser(db.prisma, b.org.id, { now, isAdmin: false, isAgent: true });
    const { cookie } = await createSession(db.prisma, agent.id, { now });
    expect((await put(cookie, { settings: validSettings({ smsEnabled: true }) })).status).toBe(403);
    expect([await smsOf(a.org.id), await smsOf(b.org.id)]).toEqual([false, false]);
  });

  it("writes one audit row listing the changed keys, and none when nothing changed", async () => {
    const { org, user, cookie } = await signedIn();
    await put(cookie, { settings: validSettings() });
    await put(cookie, { settings: validSettings({ emailSendAep: false, brandName: "Renamed Agency" }) });
    await put(cookie, { settings: validSettings({ emailSendAep: false, brandName: "Renamed Agency" }) });
    const rows = await db.prisma.auditLog.findMany({
      where: { organizationId: org.id },
      orderBy: { createdAt: "asc" },
    });
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      action: "settings.updated",
      entityType: "organization",
      entityId: org.id,
      actorUserId: user.id,
    });
    expect((rows[1]!.metadata as { changedKeys: string[] }).changedKeys.sort()).toEqual([
      "brandName",
      "emailSendAep",
      "outreachTypes",
    ]);
  });

  it("Email Settings are the switches the planner obeys: one stored value per email type, refused when the two names disagree", async () => {
    const { org, cookie } = await signedIn();
    expect(
      (
        await put(cookie, {
          settings: validSettings({ emailSendBirthday: false, emailSendPolicyAnniversary: true, emailSendAep: false }),
        })
      ).status,
    ).toBe(200);
    const row = await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    // The columns lib/outreach/reschedule-contact.ts gives the planner as enabled.birthday / effective_date / aep.
    expect([row.outreachBirthday, row.outreachEnrollmentAnniversary, row.outreachAep]).toEqual([false, true, false]);
    const shown = (await (await getSettingsRoute(req("/api/settings", { cookie }), ctx())).json()).orgSettings;
    expect([shown.emailSendBirthday, shown.emailSendPolicyAnniversary, shown.emailSendAep]).toEqual([
      false,
      true,
      false,
    ]);
    expect([shown.outreachTypes.birthday, shown.outreachTypes.enrollmentAnniversary, shown.outreachTypes.aep]).toEqual([
      false,
      true,
      false,
    ]);

    const disagreeing = await put(cookie, {
      settings: {
        ...validSettings(),
        emailSendBirthday: true,
        outreachTypes: { birthday: false, enrollmentAnniversary: false, scheduleIncrease: true, aep: true },
      },
    });
    expect(disagreeing.status).toBe(422);
    expect((await disagreeing.json()).error.fields).toEqual({
      "settings.emailSendBirthday": [SETTINGS_MESSAGES.sameSwitch],
    });
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).outreachBirthday).toBe(false);
  });

  it.each([
    ["no carrier", { carrierContracts: [] }, "settings.carrierContracts", SETTINGS_MESSAGES.carrierRequired],
    ["calendar on without a link", { redirectUrl: "" }, "settings.redirectUrl", SETTINGS_MESSAGES.calendarLinkRequired],
    [
      "a javascript: booking link",
      { redirectUrl: "javascript://%0aalert(1)" },
      "settings.redirectUrl",
      "Enter a valid link, like https://calendly.com/your-agency",
    ],
    [
      "a data: booking link",
      { redirectUrl: "data:text/html,x" },
      "settings.redirectUrl",
      "Enter a valid link, like https://calendly.com/your-agency",
    ],
    [
      "a line break in the agency name",
      { brandName: "Lee\r\nBcc: x@y.z" },
      "settings.brandName",
      "Please remove line breaks and other control characters.",
    ],
    [
      "no contact method",
      { contactPreferences: { calendarEnabled: false, phoneEnabled: false, callbackEnabled: false } },
      "settings.contactPreferences",
      SETTINGS_MESSAGES.contactMethodRequired,
    ],
    ["a short phone", { phone: "512555" }, "settings.phone", "Please enter a 10-digit phone number"],
    ["a bad website", { website: "not a website" }, "settings.website", "Enter a website like www.agency.com"],
    ["no agency name", { brandName: "  " }, "settings.brandName", "Agency name is required"],
    ["a bad colour", { primaryColor: "purple" }, "settings.primaryColor", "Use a colour like #6B46C1"],
  ])("refuses %s with 422 and the spec's message", async (_name, overrides, field, message) => {
    const { org, cookie } = await signedIn();
    const res = await put(cookie, { settings: validSettings(overrides as Partial<OrgSettingsInput>) });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.fields[field]).toContain(message);
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).carrierContracts).toEqual([]);
  });

  it("refuses a carrier that is not in the carrier list (or is disabled) with 422", async () => {
    const { cookie } = await signedIn();
    for (const name of ["Acme Mutual", "Allstate"]) {
      const res = await put(cookie, { settings: validSettings({ carrierContracts: ["Aetna", name] }) });
      expect(res.status).toBe(422);
      expect((await res.json()).error).toMatchObject({
        code: "validation_failed",
        message: `Unknown carrier: ${name}`,
        fields: { carrierContracts: [`Unknown carrier: ${name}`] },
      });
    }
  });

  it("stores a logo by its content (a PNG declared as JPEG is a PNG), serves it with cache headers and an ETag, and removes it", async () => {
    const { org, cookie } = await signedIn();
    const res = await put(cookie, { settings: validSettings(), logo: dataUrl("image/jpeg", PNG) });
    expect(res.status).toBe(200);
    const saved = (await res.json()).orgSettings;
    const row = await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect(row.logoMimeType).toBe("image/png");
    expect(Buffer.from(row.logo!)).toEqual(PNG);
    expect(saved).toMatchObject({
      hasLogo: true,
      logoUrl: `/api/org/${org.slug}/logo?v=${row.logoUpdatedAt!.getTime()}`,
    });
    expect(saved.logo).toBe(saved.logoUrl);

    const audit = await db.prisma.auditLog.findFirstOrThrow({
      where: { organizationId: org.id },
      orderBy: { createdAt: "desc" },
    });
    expect((audit.metadata as { changedKeys: string[] }).changedKeys).toContain("logo");

    const image = await logoRoute(req(`/api/org/${org.slug}/logo`), ctx({ slug: org.slug }));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("public, max-age=300, stale-while-revalidate=86400");
    const etag = image.headers.get("etag")!;
    expect(etag).toBe(`"logo-${row.logoUpdatedAt!.getTime()}"`);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);

    const notModified = await logoRoute(
      req(`/api/org/${org.slug}/logo`, { headers: { "if-none-match": etag } }),
      ctx({ slug: org.slug }),
    );
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(notModified.headers.get("cache-control")).toBe("public, max-age=300, stale-while-revalidate=86400");
    const stale = await logoRoute(
      req(`/api/org/${org.slug}/logo`, { headers: { "if-none-match": '"logo-1"' } }),
      ctx({ slug: org.slug }),
    );
    expect(stale.status).toBe(200);

    // Keeping (logo absent) changes nothing; null removes it.
    await put(cookie, { settings: validSettings({ emailSendAep: false }) });
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).logoMimeType).toBe("image/png");
    const removed = await put(cookie, { settings: validSettings({ emailSendAep: false }), logo: null });
    expect((await removed.json()).orgSettings).toMatchObject({ hasLogo: false, logo: null, logoUrl: null });
    expect((await logoRoute(req(`/api/org/${org.slug}/logo`), ctx({ slug: org.slug }))).status).toBe(404);
  });

  it("refuses a text file declared as image/png (422) and a logo over 1 MB (413), saving nothing", async () => {
    const { org, cookie } = await signedIn();
    const text = await put(cookie, {
      settings: validSettings(),
      logo: dataUrl("image/png", Buffer.from("just some text, not a picture")),
    });
    expect(text.status).toBe(422);
    expect((await text.json()).error).toMatchObject({
      message: "The logo must be a PNG or JPEG image.",
      fields: { logo: ["The logo must be a PNG or JPEG image."] },
    });
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES + 1 - PNG.length)]);
    const tooBig = await put(cookie, { settings: validSettings(), logo: dataUrl("image/png", big) });
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error.message).toBe("The logo must be 1 MB or smaller.");
    const row = await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect(row.logo).toBeNull();
    expect(row.carrierContracts).toEqual([]);
  });

  it("an admin of another organization only ever reads and changes their own organization", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await put(a.cookie, { settings: validSettings({ brandName: "Agency A" }) });
    // B reads B (not A), and B's save lands on B only.
    const readByB = await (await getSettingsRoute(req("/api/settings", { cookie: b.cookie }), ctx())).json();
    expect(readByB.orgSettings.brandName).toBe(b.org.name);
    const orgByB = await (await getOrgRoute(req("/api/settings/org", { cookie: b.cookie }), ctx())).json();
    expect(orgByB).toMatchObject({ orgName: b.org.name, slug: b.org.slug });
    await put(b.cookie, {
      settings: validSettings({ brandName: "Agency B", carrierContracts: ["Humana"] }),
      logo: dataUrl("image/png", PNG),
    });
    const rowA = await db.prisma.organization.findUniqueOrThrow({ where: { id: a.org.id } });
    const rowB = await db.prisma.organization.findUniqueOrThrow({ where: { id: b.org.id } });
    expect(rowA).toMatchObject({ brandName: "Agency A", carrierContracts: ["Aetna", "Humana"], logo: null });
    expect(rowB).toMatchObject({ brandName: "Agency B", carrierContracts: ["Humana"], logoMimeType: "image/png" });
    // A body cannot point the write elsewhere: unknown keys (an organizationId) are ignored.
    await put(b.cookie, {
      organizationId: a.org.id,
      settings: validSettings({ brandName: "Hijack", organizationId: a.org.id } as Partial<OrgSettingsInput>),
    });
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: a.org.id } })).brandName).toBe("Agency A");
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: b.org.id } })).brandName).toBe("Hijack");
    // And the tenant wall: reading A's settings through B's tenant client finds nothing.
    await expect(getOrgSettings({ db: tenantDb(b.org.id), organizationId: a.org.id })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(
      updateOrgSettings({
        organizationId: b.org.id,
        actorUserId: b.user.id,
        settings: { ...(await getOrgSettings({ db: tenantDb(a.org.id), organizationId: a.org.id })) },
      }),
    ).resolves.toMatchObject({
      brandName: "Agency A",
    });
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: a.org.id } })).brandName).toBe("Agency A");
  });

  it("accepts a body with a logo near 1 MB (the route allows ~1.5 MB)", async () => {
    const { cookie } = await signedIn();
    const nearly = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES - PNG.length)]);
    const res = await put(cookie, { settings: validSettings(), logo: dataUrl("image/png", nearly) });
    expect(res.status).toBe(200);
  });
});

describe("GET /api/settings/carriers and /api/settings/gi-recommendations", () => {
  it("lists the active carrier groups with their NAICs, and the agency's contracted carriers", async () => {
    const { cookie, org } = await signedIn({ isAdmin: false });
    await db.prisma.organization.update({ where: { id: org.id }, data: { carrierContracts: ["Humana"] } });
    const body = await (await carriersRoute(req("/api/settings/carriers", { cookie }), ctx())).json();
    expect(body).toEqual({
      success: true,
      carriers: [
        { name: "Aetna", naics: ["72052"] },
        { name: "Humana", naics: ["60052", "12634"] },
      ],
      contracted: ["Humana"],
    });
  });

  it("lists GI recommendations by carrier group (empty when there are none)", async () => {
    const { cookie } = await signedIn();
    expect(await (await giRoute(req("/api/settings/gi-recommendations", { cookie }), ctx())).json()).toEqual({
      success: true,
      recommendations: [],
    });
    await db.prisma.giRecommendation.createMany({
      data: [
        { state: "TX", carrierNaic: "12634" },
        { state: "TX", carrierNaic: "60052" },
        { state: "FL", carrierNaic: "72052" },
      ],
    });
    expect(await (await giRoute(req("/api/settings/gi-recommendations", { cookie }), ctx())).json()).toEqual({
      success: true,
      recommendations: [
        { state: "FL", carrier: "Aetna" },
        { state: "TX", carrier: "Humana" },
      ],
    });
    await db.prisma.giRecommendation.deleteMany({});
  });
});

describe("GET /api/settings/rider-price-ranges/{state}", () => {
  it("answers an empty list for MN, WI and MA while the rate book has no riders, and 404 elsewhere", async () => {
    const { cookie } = await signedIn();
    for (const state of ["MN", "WI", "MA", "mn"]) {
      const res = await riderRangesRoute(req(`/api/settings/rider-price-ranges/${state}`, { cookie }), ctx({ state }));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, riders: [] });
    }
    for (const state of ["TX", "XX", "minnesota"]) {
      expect(
        (await riderRangesRoute(req(`/api/settings/rider-price-ranges/${state}`, { cookie }), ctx({ state }))).status,
      ).toBe(404);
    }
  });

  it("computes each rider's lowest and highest price (cents) from the active rate book's MN filings", async () => {
    const { cookie } = await signedIn();
    const book = await db.prisma.rateBook.create({ data: { name: "Sample", isSample: true } });
    const inactive = await db.prisma.rateBook.create({ data: { name: "Old", isActive: false } });
    const mn = await db.prisma.rateFiling.create({
      data: {
        rateBookId: book.id,
        carrierNaic: "72052",
        state: "MN",
        effectiveDate: new Date("2026-01-01"),
        ratingMethod: "attained_age",
      },
    });
    const mnOld = await db.prisma.rateFiling.create({
      data: {
        rateBookId: inactive.id,
        carrierNaic: "72052",
        state: "MN",
        effectiveDate: new Date("2025-01-01"),
        ratingMethod: "attained_age",
      },
    });
    const wi = await db.prisma.rateFiling.create({
      data: {
        rateBookId: book.id,
        carrierNaic: "72052",
        state: "WI",
        effectiveDate: new Date("2026-01-01"),
        ratingMethod: "attained_age",
      },
    });
    await db.prisma.riderRate.createMany({
      data: [
        { filingId: mn.id, riderId: "part_b_excess", rateCents: 1200 },
        { filingId: mn.id, riderId: "part_b_excess", rateCents: 900, age: 65 },
        { filingId: mn.id, riderId: "part_a_deductible", rateCents: 3500 },
        { filingId: mnOld.id, riderId: "part_a_deductible", rateCents: 1 },
        { filingId: wi.id, riderId: "home_health", rateCents: 700 },
      ],
    });
    const body = await (
      await riderRangesRoute(req("/api/settings/rider-price-ranges/MN", { cookie }), ctx({ state: "MN" }))
    ).json();
    expect(body).toEqual({
      success: true,
      riders: [
        { id: "part_a_deductible", name: "Part A deductible", priceRange: { min: 3500, max: 3500 } },
        { id: "part_b_excess", name: "Part B excess", priceRange: { min: 900, max: 1200 } },
      ],
    });
    await db.prisma.rateBook.deleteMany({});
  });
});

describe("GET /api/settings/outreach-delay and GET /api/self-service-info/", () => {
  it.each([
    [1, 11],
    [2, 23],
    [3, 35],
  ])("%i year(s) → %i months", async (years, months) => {
    const { org, cookie } = await signedIn({ isAdmin: false });
    await db.prisma.organization.update({ where: { id: org.id }, data: { contactOutreachDelayYears: years } });
    const body = await (await outreachDelayRoute(req("/api/settings/outreach-delay", { cookie }), ctx())).json();
    expect(body).toEqual({ success: true, contactOutreachDelayYears: years, contactOutreachDelayMonths: months });
  });

  it("gives the organization's self-onboarding link (each caller their own)", async () => {
    const a = await signedIn({ isAdmin: false });
    const b = await signedIn();
    const bodyA = await (await selfServiceRoute(req("/api/self-service-info/", { cookie: a.cookie }), ctx())).json();
    const bodyB = await (await selfServiceRoute(req("/api/self-service-info/", { cookie: b.cookie }), ctx())).json();
    expect(bodyA).toEqual({ success: true, selfOnboardingUrl: `${getEnv().appUrl}/self-onboarding/${a.org.slug}` });
    expect(bodyB.selfOnboardingUrl).toBe(`${getEnv().appUrl}/self-onboarding/${b.org.slug}`);
    expect((await selfServiceRoute(req("/api/self-service-info/"), ctx())).status).toBe(401);
  });
});

describe("GET /api/org/{slug}/details", () => {
  it("answers the public details only: branding and contact, never settings or ids", async () => {
    const { org, cookie } = await signedIn();
    await put(cookie, { settings: validSettings(), logo: dataUrl("image/png", PNG) });
    const res = await detailsRoute(req(`/api/org/${org.slug}/details`), ctx({ slug: org.slug }));
    expect(res.status).toBe(200);
    const body = await res.json();
    const row = await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } });
    expect(body).toEqual({
      success: true,
      organization: {
        slug: org.slug,
        name: org.name,
        brandName: "Lone Star Medigap",
        logoUrl: `/api/org/${org.slug}/logo?v=${row.logoUpdatedAt!.getTime()}`,
        phone: "5125550188",
        website: "www.lonestar.test",
        redirectUrl: "https://calendly.com/lonestar",
        primaryColor: "#112233",
        secondaryColor: "#445566",
        contactPreferences: { calendarEnabled: true, phoneEnabled: false, callbackEnabled: true },
        hideMedicareAdvantage: true,
      },
    });
    const text = JSON.stringify(body);
    for (const secret of [org.id, "carrierContracts", "Aetna", "stateLicenses", "signature", "outreach"])
      expect(text).not.toContain(secret);
  });

  it("answers 404 for an unknown or malformed slug, and another organization's slug shows only that organization's public details", async () => {
    expect((await detailsRoute(req("/api/org/no-such-agency/details"), ctx({ slug: "no-such-agency" }))).status).toBe(
      404,
    );
    expect((await detailsRoute(req("/api/org/Bad%20Slug/details"), ctx({ slug: "Bad Slug" }))).status).toBe(404);
    const a = await signedIn();
    const b = await signedIn();
    await put(a.cookie, { settings: validSettings({ brandName: "Agency A" }) });
    const bodyB = await (
      await detailsRoute(req(`/api/org/${b.org.slug}/details`, { cookie: a.cookie }), ctx({ slug: b.org.slug }))
    ).json();
    expect(bodyB.organization).toMatchObject({ slug: b.org.slug, brandName: b.org.name, logoUrl: null });
    expect(JSON.stringify(bodyB)).not.toContain("Agency A");
    expect(Object.keys(bodyB.organization).sort()).toEqual(
      [
        "brandName",
        "contactPreferences",
        "hideMedicareAdvantage",
        "logoUrl",
        "name",
        "phone",
        "primaryColor",
        "redirectUrl",
        "secondaryColor",
        "slug",
        "website",
      ].sort(),
    );
    expect((await logoRoute(req(`/api/org/${b.org.slug}/logo`), ctx({ slug: b.org.slug }))).status).toBe(404);
  });

  it("is rate-limited per client", async () => {
    const { org } = await signedIn();
    const from = (ip: string) =>
      new NextRequest(`http://localhost/api/org/${org.slug}/details`, { headers: { "x-forwarded-for": ip } });
    let last: Response | undefined;
    for (let i = 0; i < 301; i++) last = await detailsRoute(from("198.51.100.77"), ctx({ slug: org.slug }));
    expect(last!.status).toBe(429);
    expect((await detailsRoute(from("198.51.100.78"), ctx({ slug: org.slug }))).status).toBe(200);
  });
});
