import OutboxPage from "@/app/dev/outbox/page";
import { resetEnvForTests } from "@/lib/env";
import { DEV_ACCESS_HEADER } from "@/lib/dev-tools/dev-access-rule";
import { setupTestDatabase } from "@/lib/testing/db";

setupTestDatabase();

// The page reads the request through next/headers; each test sets what the request carries.
const request = { headers: new Headers(), cookies: new Map<string, { value: string }>() };
jest.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({ get: (name: string) => request.cookies.get(name) }),
}));

const KEY = "outbox-key-for-the-page-test-0123";
const savedVars = [
  "APP_ENV",
  "APP_URL",
  "DATABASE_URL",
  "AUTH_SECRET",
  "RESEND_API_KEY",
  "INNGEST_EVENT_KEY",
  "INNGEST_SIGNING_KEY",
  "ELIGIBILITY_ENCRYPTION_KEY",
  "OUTBOX_ACCESS_KEY",
  "SERVED_BY",
];
const saved = Object.fromEntries(savedVars.map((k) => [k, process.env[k]]));

function setEnv(vars: Record<string, string>) {
  Object.assign(process.env, vars);
  resetEnvForTests();
}

const render = () => OutboxPage({ searchParams: Promise.resolve({}) });
const notFound = { digest: expect.stringContaining("404") };

describe("/dev/outbox", () => {
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    request.headers = new Headers();
    request.cookies.clear();
    resetEnvForTests();
  });

  it("does not exist in production, even for the key or localhost", async () => {
    setEnv({
      APP_ENV: "production",
      APP_URL: "https://app.gapwise.example",
      DATABASE_URL: "postgresql://u:p@127.0.0.1:1/x",
      AUTH_SECRET: "a".repeat(32),
      RESEND_API_KEY: "re_x",
      INNGEST_EVENT_KEY: "e",
      INNGEST_SIGNING_KEY: "s",
      ELIGIBILITY_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
      SERVED_BY: "npm-start",
    });
    request.headers = new Headers({ host: "localhost:3000" });
    await expect(render()).rejects.toMatchObject(notFound);
  });

  it("answers 404 to a request from elsewhere without the key", async () => {
    setEnv({ OUTBOX_ACCESS_KEY: KEY });
    request.headers = new Headers({ host: "preview.gapwise.example", "x-forwarded-for": "203.0.113.9" });
    await expect(render()).rejects.toMatchObject(notFound);
    request.headers.set(DEV_ACCESS_HEADER, "not-the-key-but-long-enough-000");
    await expect(render()).rejects.toMatchObject(notFound);
  });

  it("renders for the key holder", async () => {
    setEnv({ OUTBOX_ACCESS_KEY: KEY });
    request.headers = new Headers({ host: "preview.gapwise.example", [DEV_ACCESS_HEADER]: KEY });
    await expect(render()).resolves.toBeTruthy();
  });

  it("renders for this machine when npm start serves it", async () => {
    setEnv({ SERVED_BY: "npm-start" });
    request.headers = new Headers({ host: "localhost:3000" });
    await expect(render()).resolves.toBeTruthy();
  });
});
