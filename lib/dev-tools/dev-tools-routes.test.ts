import { NextRequest } from "next/server";
import { POST as grantAccess } from "@/app/api/dev/access/route";
import { POST as runOutreach } from "@/app/api/dev/outreach/run/route";
import { resetEnvForTests } from "@/lib/env";
import { DEV_ACCESS_COOKIE, DEV_ACCESS_HEADER } from "@/lib/dev-tools/dev-access-rule";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes check sessions against the wall clock, so the records are written at the real moment.
const KEY = "preview-outbox-key-0123456789abcdef";
const PREVIEW_HOST = "gapwise-git-feature.vercel.app";

function call(
  handler: (req: NextRequest) => Promise<Response>,
  path: string,
  { headers = {}, body = {} }: { headers?: Record<string, string>; body?: unknown } = {},
) {
  return handler(
    new NextRequest(`https://${PREVIEW_HOST}${path}`, {
      method: "POST",
      headers: { host: PREVIEW_HOST, "content-type": "application/json", "x-forwarded-for": "203.0.113.7", ...headers },
      body: JSON.stringify(body),
    }),
  );
}

describe("/api/dev/* outside localhost", () => {
  beforeEach(() => {
    process.env.OUTBOX_ACCESS_KEY = KEY;
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.OUTBOX_ACCESS_KEY;
    resetEnvForTests();
  });

  it("answers 404 in the error shape without the key, before any sign-in check", async () => {
    const res = await call(runOutreach, "/api/dev/outreach/run");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: expect.any(String) } });
  });

  it("answers 404 to an admin of a real agency (a session is not a key)", async () => {
    const org = await createOrganization(db.prisma, { now: new Date() });
    const admin = await createUser(db.prisma, org.id, { now: new Date(), isAdmin: true });
    const { cookie } = await createSession(db.prisma, admin.id, { now: new Date() });
    expect((await call(runOutreach, "/api/dev/outreach/run", { headers: { cookie } })).status).toBe(404);
  });

  it("lets the key holder through to the call's own checks (sign-in first)", async () => {
    const res = await call(runOutreach, "/api/dev/outreach/run", { headers: { [DEV_ACCESS_HEADER]: KEY } });
    expect(res.status).toBe(401);
  });

  it("lets the sample agency's admin through", async () => {
    const org = await createOrganization(db.prisma, { now: new Date() });
    await db.prisma.organization.update({ where: { id: org.id }, data: { isSampleData: true } });
    const admin = await createUser(db.prisma, org.id, { now: new Date(), isAdmin: true });
    const { cookie } = await createSession(db.prisma, admin.id, { now: new Date() });
    const res = await call(runOutreach, "/api/dev/outreach/run", { headers: { cookie }, body: { sendNext: 0 } });
    expect(res.status).toBe(200);
  });

  it("POST /api/dev/access sets an httpOnly cookie for the right key only, and answers a wrong one like a missing route", async () => {
    const wrong = await call(grantAccess, "/api/dev/access", { body: { key: "wrong-key-wrong-key-wrong-key" } });
    expect(wrong.status).toBe(404);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const right = await call(grantAccess, "/api/dev/access", { body: { key: KEY } });
    expect(right.status).toBe(200);
    const setCookie = right.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain(`${DEV_ACCESS_COOKIE}=`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).not.toContain(KEY);
    const cookieValue = setCookie.split(";")[0]!;
    expect((await call(runOutreach, "/api/dev/outreach/run", { headers: { cookie: cookieValue } })).status).toBe(401);
  });

  it("answers 404 to /api/dev/access when no key is configured", async () => {
    delete process.env.OUTBOX_ACCESS_KEY;
    resetEnvForTests();
    expect((await call(grantAccess, "/api/dev/access", { body: { key: KEY } })).status).toBe(404);
  });
});
