import { NextRequest } from "next/server";
import { POST as completeWalkthroughRoute } from "@/app/api/profile/complete-walkthrough/route";
import { GET as getProfileRoute, PUT as putProfileRoute } from "@/app/api/profile/route";
import {
  PROFILE_MESSAGES,
  formatPhoneInput,
  normalizeBookingLink,
  phoneDigits,
  profileChanged,
  validateProfile,
  type ProfileFormValues,
} from "@/lib/profile/profile-schema";
import { getSessionUser } from "@/lib/auth/session";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();

const request = (path: string, cookie: string, method = "GET", body?: unknown) =>
  new NextRequest(`http://localhost${path}`, {
    method,
    headers: { cookie, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });

/** An agent (not an admin) of an agency that, unless told otherwise, lets agents edit their own settings. */
async function agentOf(options: { forceOrgSenderDetails?: boolean; allowAgentSettings?: boolean } = {}) {
  const org = await createOrganization(db.prisma, { now });
  await db.prisma.organization.update({
    where: { id: org.id },
    data: { allowAgentSettings: options.allowAgentSettings ?? true },
  });
  if (options.forceOrgSenderDetails !== undefined)
    await db.prisma.organization.update({
      where: { id: org.id },
      data: { forceOrgSenderDetails: options.forceOrgSenderDetails },
    });
  const user = await createUser(db.prisma, org.id, { now });
  const { cookie } = await createSession(db.prisma, user.id, { now });
  return { org, user, cookie };
}

const values = (overrides: Partial<ProfileFormValues> = {}): ProfileFormValues => ({
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@lee.test",
  phone: "5125550188",
  signature: "",
  bookingLink: "",
  useOrgSenderDetails: false,
  phoneEnabled: true,
  calendarEnabled: false,
  ...overrides,
});

describe("profile rules (pure)", () => {
  it.each<[string, Partial<ProfileFormValues>, boolean, ReturnType<typeof validateProfile>]>([
    ["valid with phone", {}, false, {}],
    [
      "booking on, link empty",
      { calendarEnabled: true, bookingLink: "" },
      false,
      { bookingLink: PROFILE_MESSAGES.calendarLinkRequired },
    ],
    [
      "booking on, link only https://",
      { calendarEnabled: true, bookingLink: "https://" },
      false,
      { bookingLink: PROFILE_MESSAGES.calendarLinkRequired },
    ],
    [
      "booking on, link not a URL",
      { calendarEnabled: true, bookingLink: "https://nope" },
      false,
      { bookingLink: PROFILE_MESSAGES.bookingLinkInvalid },
    ],
    [
      "booking on with a link",
      { calendarEnabled: true, bookingLink: "calendly.com/ann", phoneEnabled: false },
      false,
      {},
    ],
    [
      "neither option",
      { phoneEnabled: false, calendarEnabled: false },
      false,
      { contactMethods: PROFILE_MESSAGES.contactMethodRequired },
    ],
    ["neither option, org is the sender", { phoneEnabled: false, calendarEnabled: false }, true, {}],
    [
      "neither option, agent uses the org's details",
      { phoneEnabled: false, calendarEnabled: false, useOrgSenderDetails: true },
      false,
      {},
    ],
    ["phone on, only +1", { phone: "+1" }, false, { phone: PROFILE_MESSAGES.phoneInvalid }],
    [
      "phone of 9 digits",
      { phone: "512555018", phoneEnabled: false, calendarEnabled: true, bookingLink: "https://cal.com/a" },
      false,
      { phone: PROFILE_MESSAGES.phoneInvalid },
    ],
    [
      "phone empty, phone option off",
      { phone: "", phoneEnabled: false, calendarEnabled: true, bookingLink: "https://cal.com/a" },
      false,
      {},
    ],
    [
      "names required",
      { firstName: " ", lastName: "" },
      false,
      { firstName: PROFILE_MESSAGES.firstNameRequired, lastName: PROFILE_MESSAGES.lastNameRequired },
    ],
  ])("%s", (_name, overrides, forceOrgSenderDetails, expected) => {
    expect(validateProfile(values(overrides), { forceOrgSenderDetails })).toEqual(expected);
  });

  it.each([
    ["+1", "", "+1"],
    ["+1 512", "512", "+1 512"],
    ["+1 (512) 555-0188", "5125550188", "+1 (512) 555-0188"],
    ["5125550188", "5125550188", "(512) 555-0188"],
    ["15125550188", "5125550188", "(512) 555-0188"],
    ["512-555-01889999", "5125550188", "(512) 555-0188"],
  ])("phone %s → digits %s, shown %s", (input, digits, shown) => {
    expect(phoneDigits(input).slice(0, 10)).toBe(digits);
    expect(formatPhoneInput(input)).toBe(shown);
  });

  it("normalizes booking links and compares saved values", () => {
    expect(normalizeBookingLink("https://")).toBe("");
    expect(normalizeBookingLink(" calendly.com/ann ")).toBe("https://calendly.com/ann");
    expect(profileChanged(values(), values({ phone: "(512) 555-0188" }))).toBe(false);
    expect(profileChanged(values(), values({ firstName: "Anne" }))).toBe(true);
  });
});

describe("GET and PUT /api/profile", () => {
  it("answers the caller's own profile and the organization's sender mode", async () => {
    const { org, user, cookie } = await agentOf({ forceOrgSenderDetails: false });
    const res = await getProfileRoute(request("/api/profile", cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      profile: { id: user.id, email: user.email, phone: "", bookingLink: "" },
      organization: { slug: org.slug, forceOrgSenderDetails: false },
    });
  });

  it("persists the profile and audits the change", async () => {
    const { org, user, cookie } = await agentOf({ forceOrgSenderDetails: false });
    const body = {
      firstName: " Ann ",
      lastName: "Lee",
      email: user.email,
      phone: "+1 (512) 555-0188",
      signature: "Ann Lee, Agent",
      booking_link: "calendly.com/ann",
      useOrgSenderDetails: false,
      phoneEnabled: true,
      calendarEnabled: true,
    };
    const res = await putProfileRoute(request("/api/profile", cookie, "PUT", body));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      success: true,
      profile: { firstName: "Ann", phone: "5125550188", bookingLink: "https://calendly.com/ann" },
    });
    const saved = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(saved).toMatchObject({
      firstName: "Ann",
      lastName: "Lee",
      name: "Ann Lee",
      phone: "5125550188",
      signature: "Ann Lee, Agent",
      bookingLink: "https://calendly.com/ann",
      useOrgSenderDetails: false,
      phoneEnabled: true,
      calendarEnabled: true,
      email: user.email,
    });
    const audit = await db.prisma.auditLog.findFirstOrThrow({
      where: { organizationId: org.id, action: "profile.updated" },
    });
    expect(audit).toMatchObject({ actorUserId: user.id, entityId: user.id });
    expect((audit.metadata as { changed: string[] }).changed).toEqual(
      expect.arrayContaining(["firstName", "phone", "bookingLink", "calendarEnabled"]),
    );
  });

  it("a saved name is the session's name on the very next request (the session memory forgets the caller)", async () => {
    const { user, cookie } = await agentOf();
    const token = cookie.split("=")[1]!;
    expect((await getSessionUser(token))?.firstName).toBe(user.firstName); // now remembered for seconds
    const body = { ...values({ firstName: "Renamed", email: user.email }), booking_link: "" };
    expect((await putProfileRoute(request("/api/profile", cookie, "PUT", body))).status).toBe(200);
    expect((await getSessionUser(token))?.firstName).toBe("Renamed");
  });

  it("refuses an email change and keeps the address", async () => {
    const { user, cookie } = await agentOf();
    const res = await putProfileRoute(
      request("/api/profile", cookie, "PUT", { firstName: "Ann", lastName: "Lee", email: "new@elsewhere.test" }),
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: {
        code: "validation_failed",
        message: "Email cannot be edited.",
        fields: { email: ["Email cannot be edited."] },
      },
    });
    const saved = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(saved).toMatchObject({ email: user.email, firstName: "Test" });
    // The same address (any case) is accepted; leaving it out is fine too.
    expect(
      (
        await putProfileRoute(
          request("/api/profile", cookie, "PUT", {
            firstName: "Ann",
            lastName: "Lee",
            email: user.email.toUpperCase(),
          }),
        )
      ).status,
    ).toBe(200);
    expect(
      (await putProfileRoute(request("/api/profile", cookie, "PUT", { firstName: "Ann", lastName: "Lee" }))).status,
    ).toBe(200);
  });

  it("answers the spec's messages for invalid call-to-action settings", async () => {
    const { cookie } = await agentOf({ forceOrgSenderDetails: false });
    const base = { firstName: "Ann", lastName: "Lee", phone: "", useOrgSenderDetails: false };
    const noLink = await putProfileRoute(
      request("/api/profile", cookie, "PUT", {
        ...base,
        phoneEnabled: false,
        calendarEnabled: true,
        booking_link: "https://",
      }),
    );
    expect(noLink.status).toBe(422);
    expect((await noLink.json()).error.message).toBe(PROFILE_MESSAGES.calendarLinkRequired);
    const none = await putProfileRoute(
      request("/api/profile", cookie, "PUT", { ...base, phoneEnabled: false, calendarEnabled: false }),
    );
    expect(none.status).toBe(422);
    expect((await none.json()).error.fields).toEqual({ contactMethods: [PROFILE_MESSAGES.contactMethodRequired] });
  });

  it("refuses a booking link that is not http(s), whether or not the calendar option is on", async () => {
    const { user, cookie } = await agentOf({ forceOrgSenderDetails: false });
    for (const calendar of [
      { useOrgSenderDetails: false, phoneEnabled: true, calendarEnabled: true },
      { useOrgSenderDetails: true, phoneEnabled: true, calendarEnabled: false },
    ]) {
      for (const link of ["javascript:alert(1)", "javascript://%0aalert(1)", "data:text/html,x"]) {
        const res = await putProfileRoute(
          request("/api/profile", cookie, "PUT", {
            firstName: "Ann",
            lastName: "Lee",
            phone: "5125550188",
            booking_link: link,
            ...calendar,
          }),
        );
        expect([link, res.status, (await res.json()).error.fields]).toEqual([
          link,
          422,
          { bookingLink: [PROFILE_MESSAGES.bookingLinkInvalid] },
        ]);
      }
    }
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).bookingLink).toBeNull();
  });

  it("ignores call-to-action changes when the organization is the sender", async () => {
    const { user, cookie } = await agentOf({ forceOrgSenderDetails: true });
    const res = await putProfileRoute(
      request("/api/profile", cookie, "PUT", {
        firstName: "Ann",
        lastName: "Lee",
        phone: "5125550188",
        booking_link: "https://cal.com/ann",
        useOrgSenderDetails: false,
        phoneEnabled: false,
        calendarEnabled: false,
      }),
    );
    expect(res.status).toBe(200);
    const saved = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(saved).toMatchObject({
      firstName: "Ann",
      phone: "5125550188",
      bookingLink: null,
      useOrgSenderDetails: true,
      phoneEnabled: true,
      calendarEnabled: false,
    });
  });

  it("without allowAgentSettings an agent cannot change their call-to-action (403, nothing written) but can still edit their name; an admin can", async () => {
    const { org, user, cookie } = await agentOf({ allowAgentSettings: false, forceOrgSenderDetails: false });
    const shown = await (await getProfileRoute(request("/api/profile", cookie))).json();
    expect(shown.organization).toMatchObject({ forceOrgSenderDetails: false, callToActionEditable: false });
    const change = {
      firstName: "Ann",
      lastName: "Lee",
      phone: "5125550188",
      booking_link: "https://cal.com/ann",
      useOrgSenderDetails: false,
      phoneEnabled: true,
      calendarEnabled: true,
    };
    const refused = await putProfileRoute(request("/api/profile", cookie, "PUT", change));
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toEqual({ code: "forbidden", message: PROFILE_MESSAGES.callToActionManaged });
    expect(await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      firstName: "Test",
      bookingLink: null,
      calendarEnabled: false,
    });
    // The same form with the call-to-action as it was: the name is saved.
    const before = shown.profile;
    const nameOnly = await putProfileRoute(
      request("/api/profile", cookie, "PUT", {
        firstName: "Ann",
        lastName: "Lee",
        phone: before.phone,
        booking_link: before.bookingLink,
        useOrgSenderDetails: before.useOrgSenderDetails,
        phoneEnabled: before.phoneEnabled,
        calendarEnabled: before.calendarEnabled,
      }),
    );
    expect(nameOnly.status).toBe(200);
    // The agency's admin may.
    const admin = await createUser(db.prisma, org.id, { now, isAdmin: true });
    const adminCookie = (await createSession(db.prisma, admin.id, { now })).cookie;
    expect(
      (await (await getProfileRoute(request("/api/profile", adminCookie))).json()).organization.callToActionEditable,
    ).toBe(true);
    expect((await putProfileRoute(request("/api/profile", adminCookie, "PUT", change))).status).toBe(200);
    // Allowed: the agent may too.
    await db.prisma.organization.update({ where: { id: org.id }, data: { allowAgentSettings: true } });
    expect((await putProfileRoute(request("/api/profile", cookie, "PUT", change))).status).toBe(200);
  });

  it("only ever changes the caller's own user", async () => {
    const mine = await agentOf();
    const admin = await createUser(db.prisma, mine.org.id, { now, isAdmin: true });
    const colleague = await createUser(db.prisma, mine.org.id, { now });
    const other = await agentOf();
    const otherAdmin = await createUser(db.prisma, other.org.id, { now, isAdmin: true });
    const { cookie } = await createSession(db.prisma, otherAdmin.id, { now });
    // An id or email in the body does not choose the user: the session does.
    await putProfileRoute(
      request("/api/profile", cookie, "PUT", {
        id: mine.user.id,
        firstName: "Hacked",
        lastName: "Name",
        email: otherAdmin.email,
      }),
    );
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: mine.user.id } })).firstName).toBe("Test");
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: otherAdmin.id } })).firstName).toBe("Hacked");
    const adminSession = await createSession(db.prisma, admin.id, { now });
    await putProfileRoute(
      request("/api/profile", adminSession.cookie, "PUT", { firstName: "Boss", lastName: "Admin" }),
    );
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: colleague.id } })).firstName).toBe("Test");
    expect(await db.prisma.auditLog.count({ where: { organizationId: mine.org.id, actorUserId: otherAdmin.id } })).toBe(
      0,
    );
  });

  it("answers 401 without a session", async () => {
    expect((await getProfileRoute(request("/api/profile", ""))).status).toBe(401);
    expect((await putProfileRoute(request("/api/profile", "", "PUT", { firstName: "A", lastName: "B" }))).status).toBe(
      401,
    );
  });
});

describe("POST /api/profile/complete-walkthrough", () => {
  it("sets the caller's flag (idempotent, audited once) and nobody else's", async () => {
    const { org, user, cookie } = await agentOf();
    const colleague = await createUser(db.prisma, org.id, { now });
    const other = await agentOf();
    const first = await completeWalkthroughRoute(request("/api/profile/complete-walkthrough", cookie, "POST"));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true });
    expect((await completeWalkthroughRoute(request("/api/profile/complete-walkthrough", cookie, "POST"))).status).toBe(
      200,
    );
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).hasCompletedWalkthrough).toBe(true);
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: colleague.id } })).hasCompletedWalkthrough).toBe(
      false,
    );
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: other.user.id } })).hasCompletedWalkthrough).toBe(
      false,
    );
    expect(
      await db.prisma.auditLog.count({ where: { organizationId: org.id, action: "user.walkthrough_completed" } }),
    ).toBe(1);
  });

  it("answers 401 without a session", async () => {
    expect((await completeWalkthroughRoute(request("/api/profile/complete-walkthrough", "", "POST"))).status).toBe(401);
  });
});
