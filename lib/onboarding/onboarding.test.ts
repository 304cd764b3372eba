import { NextRequest } from "next/server";
import { POST as agentsRoute } from "@/app/api/onboarding/agents/route";
import { POST as companyRoute } from "@/app/api/onboarding/company/route";
import { POST as completeRoute } from "@/app/api/onboarding/complete/route";
import { POST as licensingRoute } from "@/app/api/onboarding/licensing/route";
import { GET as resumeRoute } from "@/app/api/onboarding/resume/route";
import { PUT as putSettingsRoute } from "@/app/api/settings/org/route";
import { PLANS } from "@/lib/billing/plans";
import { resetEnvForTests } from "@/lib/env";
import { getOnboardingState } from "@/lib/onboarding/get-onboarding-state";
import { ONBOARDING_MESSAGES } from "@/lib/onboarding/onboarding-schema";
import { loadSettingsPageData } from "@/lib/settings/settings-page-data";
import {
  canOpenStep,
  nextOnboardingStep,
  parseStep,
  stepPosition,
  stepsForPlan,
  wizardStartStep,
} from "@/lib/onboarding/onboarding-steps";
import { defaultStateCarrierSettings } from "@/lib/onboarding/save-onboarding-licensing";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();

// 1×1 PNG and the first bytes of a JPEG.
const PNG_DATA_URL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const JPEG_DATA_URL = `data:image/png;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]).toString("base64")}`;

let n = 0;
const req = (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
  new NextRequest(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
const ctx = () => ({ params: Promise.resolve({}) });
const post = (
  route: (r: NextRequest, c: ReturnType<typeof ctx>) => Promise<Response>,
  path: string,
  cookie: string,
  body: unknown = {},
) => route(req(path, { method: "POST", cookie, body }), ctx());

const company = (overrides: Record<string, unknown> = {}) => ({
  companyName: "Lone Star Medigap",
  companyPhone: "(512) 555-0188",
  companyWebsite: "https://www.lonestar.test/",
  bookingLink: "calendly.com/lonestar",
  ...overrides,
});
const licensing = (overrides: Record<string, unknown> = {}) => ({
  selectedCarriers: ["Aetna", "Humana"],
  stateLicenses: ["TX", "OK"],
  useSmartSend: true,
  contactOutreachDelayYears: 2,
  outreachTypes: { birthday: true, enrollmentAnniversary: false, scheduleIncrease: true, aep: true },
  failedUnderwritingOutreach: { enabled: true, frequency: "annual", timing: "pre_aep" },
  ...overrides,
});
const newAgent = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Ann",
  lastName: "Lee",
  email: `ann${++n}.${Date.now()}@agency.test`,
  phone: "5125550100",
  ...overrides,
});

beforeAll(async () => {
  for (const { id, ...data } of PLANS)
    await db.prisma.subscriptionTier.upsert({ where: { id }, create: { id, ...data }, update: data });
  const carriers: [string, string][] = [
    ["72052", "Aetna"],
    ["78700", "Aetna"],
    ["12634", "Humana"],
    ["61727", "Cigna"],
  ];
  for (const [naic, name] of carriers) {
    await db.prisma.carrier.upsert({ where: { naic }, create: { naic, name, groupName: name }, update: {} });
  }
});

async function agency(plan: "basic" | "pro" | "enterprise" | null = "pro") {
  const organization = await createOrganization(db.prisma, { now });
  const tier = PLANS.find((p) => p.id === plan);
  await db.prisma.organization.update({
    where: { id: organization.id },
    data: {
      subscriptionTierId: plan,
      agentLimit: tier?.agentLimit ?? 1,
      billingDisabled: true,
      subscriptionStatus: "active",
    },
  });
  const admin = await createUser(db.prisma, organization.id, {
    now,
    isAdmin: true,
    isAgent: true,
    email: `admin${++n}.${Date.now()}@agency.test`,
  });
  const { cookie } = await createSession(db.prisma, admin.id, { now });
  return { organization, admin, cookie };
}

const org = (id: string) => db.prisma.organization.findUniqueOrThrow({ where: { id } });
const audits = (organizationId: string, action: string) =>
  db.prisma.auditLog.findMany({ where: { organizationId, action } });

describe("onboarding steps (pure)", () => {
  it("skips the agents step for the basic plan", () => {
    expect(stepsForPlan("basic")).toEqual(["personal", "company", "licensing", "payment"]);
    expect(stepsForPlan("pro")).toEqual(["personal", "company", "licensing", "agents", "payment"]);
    expect(nextOnboardingStep({ savedStep: 2, plan: "basic" })).toBe("payment");
    expect(nextOnboardingStep({ savedStep: 2, plan: "pro" })).toBe("agents");
    expect(nextOnboardingStep({ savedStep: 0, plan: "pro" })).toBe("company");
    // the wizard opens on Personal Details until the company step is saved
    expect(wizardStartStep({ savedStep: 0, plan: "basic" })).toBe("personal");
    expect(wizardStartStep({ savedStep: 1, plan: "basic" })).toBe("licensing");
    expect(wizardStartStep({ savedStep: 2, plan: "pro" })).toBe("agents");
  });

  it("counts Choose Plan as step 1: 5 steps on the basic plan, 6 otherwise", () => {
    expect(stepPosition("personal", stepsForPlan("basic"))).toEqual({ position: 2, total: 5 });
    expect(stepPosition("payment", stepsForPlan("basic"))).toEqual({ position: 5, total: 5 });
    expect(stepPosition("personal", stepsForPlan("pro"))).toEqual({ position: 2, total: 6 });
    expect(stepPosition("agents", stepsForPlan("pro"))).toEqual({ position: 5, total: 6 });
    expect(stepPosition("payment", stepsForPlan("enterprise"))).toEqual({ position: 6, total: 6 });
  });

  it("opens only reached steps of the plan and reads ?step=", () => {
    expect(canOpenStep({ step: "personal", savedStep: 0, plan: "basic" })).toBe(true);
    expect(canOpenStep({ step: "personal", savedStep: 2, plan: "pro" })).toBe(true);
    expect(canOpenStep({ step: "company", savedStep: 0, plan: "pro" })).toBe(true);
    expect(parseStep("personal")).toBe("personal");
    expect(canOpenStep({ step: "licensing", savedStep: 0, plan: "pro" })).toBe(false);
    expect(canOpenStep({ step: "company", savedStep: 2, plan: "pro" })).toBe(true);
    expect(canOpenStep({ step: "agents", savedStep: 2, plan: "basic" })).toBe(false);
    expect(parseStep("agents")).toBe("agents");
    expect(parseStep("2")).toBe("licensing");
    expect(parseStep("nope")).toBeNull();
  });
  it("builds state × carrier settings and keeps saved flags", () => {
    expect(
      defaultStateCarrierSettings({
        states: ["TX"],
        carriers: ["Aetna", "Humana"],
        existing: [{ state: "TX", carrier: "Aetna", active: false, targetGI: true }],
      }),
    ).toEqual([
      { state: "TX", carrier: "Aetna", active: false, targetGI: true },
      { state: "TX", carrier: "Humana", active: true, targetGI: false },
    ]);
  });
});

describe("POST /api/onboarding/company", () => {
  it("saves the company, normalises website and booking link, defaults the colours and advances the step, with an audit row", async () => {
    const { organization, admin, cookie } = await agency();
    const res = await post(companyRoute, "/api/onboarding/company", cookie, company());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, onboardingStep: 1, nextStep: "licensing" });
    expect(await org(organization.id)).toMatchObject({
      name: "Lone Star Medigap",
      brandName: "Lone Star Medigap",
      phone: "5125550188",
      website: "www.lonestar.test",
      redirectUrl: "https://calendly.com/lonestar",
      primaryColor: "#6B46C1",
      secondaryColor: "#9F7AEA",
      onboardingStep: 1,
      logo: null,
    });
    const [audit] = await audits(organization.id, "onboarding.company_saved");
    expect(audit).toMatchObject({ actorUserId: admin.id, entityType: "organization", entityId: organization.id });
  });

  it("refuses a company name holding a lone surrogate with 422 (it was a 500 from the audit log), and writes nothing", async () => {
    const { organization, cookie } = await agency();
    const res = await post(
      companyRoute,
      "/api/onboarding/company",
      cookie,
      company({ companyName: "Lone \uD800 Star" }),
    );
    expect(res.status).toBe(422);
    expect((await res.json()).error).toEqual({
      code: "validation_failed",
      message: "Contains characters that are not valid text.",
      fields: { companyName: ["Contains characters that are not valid text."] },
    });
    expect((await db.prisma.organization.findUniqueOrThrow({ where: { id: organization.id } })).name).not.toContain(
      "Lone",
    );
  });

  it("without a booking link, turns the calendar option off, so the settings it leaves save back unchanged", async () => {
    const { organization, cookie } = await agency();
    expect((await post(companyRoute, "/api/onboarding/company", cookie, company({ bookingLink: "" }))).status).toBe(
      200,
    );
    expect(await org(organization.id)).toMatchObject({
      redirectUrl: null,
      calendarEnabled: false,
      phoneEnabled: true,
      callbackEnabled: true,
    });
    expect((await post(licensingRoute, "/api/onboarding/licensing", cookie, licensing())).status).toBe(200);
    const { settings } = await loadSettingsPageData({ organizationId: organization.id });
    const saved = await putSettingsRoute(
      req("/api/settings/org", { method: "PUT", cookie, body: { settings } }),
      ctx(),
    );
    expect(saved.status).toBe(200);
    // With a link, the option is on.
    expect((await post(companyRoute, "/api/onboarding/company", cookie, company())).status).toBe(200);
    expect(await org(organization.id)).toMatchObject({
      redirectUrl: "https://calendly.com/lonestar",
      calendarEnabled: true,
    });
  });

  it("answers 422 with the field messages when name or phone is missing", async () => {
    const { organization, cookie } = await agency();
    const res = await post(
      companyRoute,
      "/api/onboarding/company",
      cookie,
      company({ companyName: "  ", companyPhone: "" }),
    );
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.fields.companyName).toEqual([ONBOARDING_MESSAGES.companyNameRequired]);
    expect(body.error.fields.companyPhone).toEqual([ONBOARDING_MESSAGES.phoneRequired]);
    const short = await (
      await post(companyRoute, "/api/onboarding/company", cookie, company({ companyPhone: "555-0188" }))
    ).json();
    expect(short.error.fields.companyPhone).toEqual([ONBOARDING_MESSAGES.phoneInvalid]);
    const colour = await (
      await post(companyRoute, "/api/onboarding/company", cookie, company({ primaryColor: "purple" }))
    ).json();
    expect(colour.error.fields.primaryColor).toEqual([ONBOARDING_MESSAGES.colorInvalid]);
    expect((await org(organization.id)).onboardingStep).toBe(0);
  });

  it("stores a PNG logo and refuses a JPEG (by content, whatever its declared type)", async () => {
    const { organization, cookie } = await agency();
    const ok = await post(
      companyRoute,
      "/api/onboarding/company",
      cookie,
      company({ logo: PNG_DATA_URL, primaryColor: "#112233", secondaryColor: "#abcdef" }),
    );
    expect(ok.status).toBe(200);
    const saved = await org(organization.id);
    expect(saved).toMatchObject({ logoMimeType: "image/png", primaryColor: "#112233", secondaryColor: "#ABCDEF" });
    expect(saved.logo?.length).toBeGreaterThan(0);
    expect(saved.logoUpdatedAt).toBeInstanceOf(Date);

    const jpeg = await post(
      companyRoute,
      "/api/onboarding/company",
      cookie,
      company({ logo: JPEG_DATA_URL, companyName: "Changed" }),
    );
    expect(jpeg.status).toBe(422);
    expect((await jpeg.json()).error).toMatchObject({ message: "PNG only", fields: { logo: ["PNG only"] } });
    expect((await org(organization.id)).name).toBe("Lone Star Medigap");
  });

  it("is for admins only, and needs a session", async () => {
    const { organization } = await agency();
    const agent = await createUser(db.prisma, organization.id, { now, isAdmin: false, isAgent: true });
    const { cookie } = await createSession(db.prisma, agent.id, { now });
    expect((await post(companyRoute, "/api/onboarding/company", cookie, company())).status).toBe(403);
    expect(
      (await companyRoute(req("/api/onboarding/company", { method: "POST", body: company() }), ctx())).status,
    ).toBe(401);
  });
});

describe("POST /api/onboarding/licensing", () => {
  it("saves carriers, states, SmartSend and outreach, builds the state carrier settings and advances the step", async () => {
    const { organization, admin, cookie } = await agency();
    await post(companyRoute, "/api/onboarding/company", cookie, company());
    const res = await post(licensingRoute, "/api/onboarding/licensing", cookie, licensing());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, onboardingStep: 2, nextStep: "agents" });
    const saved = await org(organization.id);
    expect(saved).toMatchObject({
      carrierContracts: ["Aetna", "Humana"],
      stateLicenses: ["OK", "TX"],
      smartSendEnabled: true,
      contactOutreachDelayYears: 2,
      outreachBirthday: true,
      outreachEnrollmentAnniversary: false,
      outreachScheduleIncrease: true,
      outreachAep: true,
      failedUnderwritingOutreachEnabled: true,
      failedUnderwritingOutreachFrequency: "annual",
      failedUnderwritingOutreachTiming: "pre_aep",
      onboardingStep: 2,
    });
    expect(saved.stateCarrierSettings).toHaveLength(4);
    expect((await audits(organization.id, "onboarding.licensing_saved"))[0]).toMatchObject({ actorUserId: admin.id });
  });

  it("needs at least one carrier from the list, known states, a timing of 1–3 and one outreach type", async () => {
    const { organization, cookie } = await agency();
    const none = await post(licensingRoute, "/api/onboarding/licensing", cookie, licensing({ selectedCarriers: [] }));
    expect(none.status).toBe(422);
    expect((await none.json()).error.fields.selectedCarriers).toEqual([ONBOARDING_MESSAGES.carrierRequired]);
    const unknown = await post(
      licensingRoute,
      "/api/onboarding/licensing",
      cookie,
      licensing({ selectedCarriers: ["Aetna", "Acme Mutual"] }),
    );
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).error.fields.selectedCarriers[0]).toContain("Acme Mutual");
    const badState = await post(
      licensingRoute,
      "/api/onboarding/licensing",
      cookie,
      licensing({ stateLicenses: ["TX", "PR"] }),
    );
    expect((await badState.json()).error.fields["stateLicenses.1"]).toBeDefined();
    const badDelay = await post(
      licensingRoute,
      "/api/onboarding/licensing",
      cookie,
      licensing({ contactOutreachDelayYears: 4 }),
    );
    expect(badDelay.status).toBe(422);
    const noTypes = await post(
      licensingRoute,
      "/api/onboarding/licensing",
      cookie,
      licensing({
        outreachTypes: { birthday: false, enrollmentAnniversary: false, scheduleIncrease: false, aep: false },
      }),
    );
    expect((await noTypes.json()).error.fields.outreachTypes).toEqual([ONBOARDING_MESSAGES.outreachTypeRequired]);
    expect((await org(organization.id)).carrierContracts).toEqual([]);
  });

  it("applies the onboarding defaults (SmartSend on, 1 year, all outreach types, failed underwriting off)", async () => {
    const { organization, cookie } = await agency();
    expect(
      (await post(licensingRoute, "/api/onboarding/licensing", cookie, { selectedCarriers: ["Cigna"] })).status,
    ).toBe(200);
    expect(await org(organization.id)).toMatchObject({
      carrierContracts: ["Cigna"],
      stateLicenses: [],
      smartSendEnabled: true,
      contactOutreachDelayYears: 1,
      outreachBirthday: true,
      outreachEnrollmentAnniversary: true,
      outreachScheduleIncrease: true,
      outreachAep: true,
      failedUnderwritingOutreachEnabled: false,
      failedUnderwritingOutreachTiming: "birthday",
    });
  });
});

describe("POST /api/onboarding/agents", () => {
  it("creates the new agents in one transaction with the agency's carriers and states, and advances the step", async () => {
    const { organization, admin, cookie } = await agency("pro");
    await post(licensingRoute, "/api/onboarding/licensing", cookie, licensing());
    const a = newAgent();
    const b = newAgent({ firstName: "Bo", lastName: "Diaz", phone: "(512) 555-0101" });
    const res = await post(agentsRoute, "/api/onboarding/agents", cookie, { agents: [a, b] });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, onboardingStep: 3, nextStep: "payment" });
    expect(body.agents.map((x: { email: string }) => x.email)).toEqual([a.email, b.email]);
    const users = await db.prisma.user.findMany({
      where: { organizationId: organization.id, email: { in: [a.email, b.email] } },
    });
    expect(users).toHaveLength(2);
    expect(
      users.every(
        (u) => u.isAgent && !u.isAdmin && u.carriers.join() === "Aetna,Humana" && u.stateLicenses.join() === "OK,TX",
      ),
    ).toBe(true);
    expect(await audits(organization.id, "agent.created")).toHaveLength(2);
    expect((await audits(organization.id, "onboarding.agents_saved"))[0]).toMatchObject({ actorUserId: admin.id });
    // Each new agent gets one invitation with a sign-in link; a refused batch (below) invites nobody.
    for (const agent of [a, b]) {
      const invitations = await db.prisma.outboxEmail.findMany({ where: { to: agent.email } });
      expect(invitations).toHaveLength(1);
      expect(invitations[0]!.subject).toMatch(/added you to .* on /);
      expect(invitations[0]!.html).toMatch(/\/auth\/verify\/[^/"]+\/[0-9a-f]{64}/);
    }
  });

  it("writes nothing when one of the agents is refused (taken email, missing phone, duplicates)", async () => {
    const { organization, cookie } = await agency("pro");
    const other = await agency("pro");
    const good = newAgent();
    const taken = await post(agentsRoute, "/api/onboarding/agents", cookie, {
      agents: [good, newAgent({ email: other.admin.email })],
    });
    expect(taken.status).toBe(409);
    expect(await db.prisma.user.count({ where: { email: good.email } })).toBe(0);
    expect(await db.prisma.outboxEmail.count({ where: { to: good.email } })).toBe(0);
    expect((await org(organization.id)).onboardingStep).toBe(0);

    const noPhone = await post(agentsRoute, "/api/onboarding/agents", cookie, { agents: [newAgent({ phone: "" })] });
    expect(noPhone.status).toBe(422);
    expect((await noPhone.json()).error.fields["agents.0.phone"]).toEqual([
      "Please fill out all fields, ensure email is valid, and select at least one role (admin or agent)",
    ]);
    const twice = await post(agentsRoute, "/api/onboarding/agents", cookie, { agents: [good, good] });
    expect((await twice.json()).error.fields["agents.1.email"]).toEqual([ONBOARDING_MESSAGES.duplicateAgentEmail]);
  });

  it("enforces the plan's agent seats", async () => {
    const { organization, cookie } = await agency("pro");
    const five = Array.from({ length: 5 }, () => newAgent());
    const res = await post(agentsRoute, "/api/onboarding/agents", cookie, { agents: five });
    expect(res.status).toBe(409);
    expect(await db.prisma.user.count({ where: { organizationId: organization.id } })).toBe(1);
  });

  it("is refused for the basic plan", async () => {
    const { organization, cookie } = await agency("basic");
    const res = await post(agentsRoute, "/api/onboarding/agents", cookie, { agents: [newAgent()] });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe(ONBOARDING_MESSAGES.agentsNotOnPlan);
    expect(await db.prisma.user.count({ where: { organizationId: organization.id } })).toBe(1);
  });

  it("advances with an empty list", async () => {
    const { organization, cookie } = await agency("enterprise");
    expect((await post(agentsRoute, "/api/onboarding/agents", cookie, { agents: [] })).status).toBe(200);
    expect((await org(organization.id)).onboardingStep).toBe(3);
  });
});

describe("GET /api/onboarding/resume", () => {
  it("answers the spec's fields, the next step and the saved values, for the caller's own email only", async () => {
    const { organization, admin, cookie } = await agency("pro");
    await post(companyRoute, "/api/onboarding/company", cookie, company({ logo: PNG_DATA_URL }));
    await post(licensingRoute, "/api/onboarding/licensing", cookie, licensing());
    const res = await resumeRoute(
      req(`/api/onboarding/resume?email=${encodeURIComponent(admin.email.toUpperCase())}`, { cookie }),
      ctx(),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      step: "agents",
      stepNumber: 3,
      onboardingComplete: false,
      organization: {
        id: organization.id,
        plan: "pro",
        onboardingStep: 2,
        companyName: "Lone Star Medigap",
        companyPhone: "5125550188",
        companyWebsite: "www.lonestar.test",
        bookingLink: "https://calendly.com/lonestar",
        primaryColor: "#6B46C1",
      },
      user: { id: admin.id, email: admin.email, isAdmin: true },
      agents: [{ id: admin.id, isCurrentUser: true }],
      carrierSettings: {
        selectedCarriers: ["Aetna", "Humana"],
        stateLicenses: ["OK", "TX"],
        useSmartSend: true,
        contactOutreachDelayYears: 2,
      },
    });
    expect(body.organization.logoUrl).toMatch(new RegExp(`^/api/org/${organization.slug}/logo\\?v=\\d+$`));
    expect(body.carrierOptions).toEqual(expect.arrayContaining(["Aetna", "Cigna", "Humana"]));

    const other = await agency("pro");
    const forbidden = await resumeRoute(
      req(`/api/onboarding/resume?email=${encodeURIComponent(other.admin.email)}`, { cookie }),
      ctx(),
    );
    expect(forbidden.status).toBe(403);
    expect(JSON.stringify(await forbidden.json())).not.toContain(other.organization.id);
  });

  it("starts a new agency at the company step with SmartSend proposed on", async () => {
    const { organization, admin } = await agency("basic");
    const state = await getOnboardingState({ organizationId: organization.id, userId: admin.id });
    expect(state).toMatchObject({
      step: "personal",
      steps: ["personal", "company", "licensing", "payment"],
      carrierSettings: { useSmartSend: true, selectedCarriers: [] },
    });
  });
});

describe("POST /api/onboarding/complete", () => {
  afterEach(() => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_PUBLISHABLE_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_PRICE_ID;
    resetEnvForTests();
  });

  it("needs the earlier steps, then finishes setup and answers the dashboard redirect", async () => {
    const { organization, admin, cookie } = await agency("basic");
    const early = await post(completeRoute, "/api/onboarding/complete", cookie);
    expect(early.status).toBe(400);
    expect((await early.json()).error.message).toBe(ONBOARDING_MESSAGES.previousStepsFirst);
    await post(companyRoute, "/api/onboarding/company", cookie, company());
    await post(licensingRoute, "/api/onboarding/licensing", cookie, licensing());
    const res = await post(completeRoute, "/api/onboarding/complete", cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, redirectUrl: "/dashboard?payment_success=true" });
    expect(await org(organization.id)).toMatchObject({ onboardingCompleted: true, onboardingStep: 4 });
    expect((await audits(organization.id, "onboarding.completed"))[0]).toMatchObject({ actorUserId: admin.id });
    // Again: same answer, no second audit row.
    expect((await post(completeRoute, "/api/onboarding/complete", cookie)).status).toBe(200);
    expect(await audits(organization.id, "onboarding.completed")).toHaveLength(1);
    const state = await getOnboardingState({ organizationId: organization.id, userId: admin.id });
    expect(state).toMatchObject({ step: "complete", onboardingComplete: true });
  });

  it("answers 400 while payments run on Stripe", async () => {
    const { organization, cookie } = await agency("basic");
    await db.prisma.organization.update({ where: { id: organization.id }, data: { onboardingStep: 2 } });
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_PUBLISHABLE_KEY: "pk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PRICE_ID: "price_x",
    });
    resetEnvForTests();
    const res = await post(completeRoute, "/api/onboarding/complete", cookie);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe("Payment with Stripe is not available yet.");
    expect((await org(organization.id)).onboardingCompleted).toBe(false);
  });
});

describe("another organization's admin", () => {
  it("cannot read or change this organization: every call acts on their own", async () => {
    const mine = await agency("pro");
    const theirs = await agency("pro");
    await post(companyRoute, "/api/onboarding/company", theirs.cookie, company({ companyName: "Intruder Agency" }));
    await post(licensingRoute, "/api/onboarding/licensing", theirs.cookie, licensing({ selectedCarriers: ["Cigna"] }));
    await post(agentsRoute, "/api/onboarding/agents", theirs.cookie, { agents: [newAgent()] });
    await post(completeRoute, "/api/onboarding/complete", theirs.cookie);

    const untouched = await org(mine.organization.id);
    expect(untouched).toMatchObject({
      name: mine.organization.name,
      carrierContracts: [],
      onboardingStep: 0,
      onboardingCompleted: false,
    });
    expect(await db.prisma.user.count({ where: { organizationId: mine.organization.id } })).toBe(1);
    expect(await db.prisma.auditLog.count({ where: { organizationId: mine.organization.id } })).toBe(0);
    expect(await org(theirs.organization.id)).toMatchObject({ name: "Intruder Agency", onboardingCompleted: true });

    const peek = await resumeRoute(
      req(`/api/onboarding/resume?email=${encodeURIComponent(mine.admin.email)}`, { cookie: theirs.cookie }),
      ctx(),
    );
    expect(peek.status).toBe(403);
    const own = await (
      await resumeRoute(
        req(`/api/onboarding/resume?email=${encodeURIComponent(theirs.admin.email)}`, { cookie: theirs.cookie }),
        ctx(),
      )
    ).json();
    expect(own.organization.id).toBe(theirs.organization.id);
    expect(JSON.stringify(own)).not.toContain(mine.organization.id);
  });

  it("gets 404 from the tenant wall if a service is pointed at a foreign organization", async () => {
    const mine = await agency("pro");
    const theirs = await agency("pro");
    await expect(
      getOnboardingState({ organizationId: mine.organization.id, userId: theirs.admin.id }),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
