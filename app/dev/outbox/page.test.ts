import OutboxPage from "@/app/dev/outbox/page";
import { resetEnvForTests } from "@/lib/env";
import { setupTestDatabase } from "@/lib/testing/db";

setupTestDatabase();

const productionVars = ["APP_URL", "DATABASE_URL", "AUTH_SECRET", "RESEND_API_KEY", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "ELIGIBILITY_ENCRYPTION_KEY"];

describe("/dev/outbox", () => {
  afterEach(() => {
    for (const key of productionVars) delete process.env[key];
    process.env.APP_ENV = "test";
    resetEnvForTests();
  });

  it("does not exist in production", async () => {
    process.env.APP_ENV = "production";
    Object.assign(process.env, {
      APP_URL: "https://app.gapwise.example",
      DATABASE_URL: "postgresql://u:p@127.0.0.1:1/x",
      AUTH_SECRET: "a".repeat(32),
          RESEND_API_KEY: "re_x",
      INNGEST_EVENT_KEY: "e",
      INNGEST_SIGNING_KEY: "s",
      ELIGIBILITY_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
    });
    resetEnvForTests();
    await expect(OutboxPage({ searchParams: Promise.resolve({}) })).rejects.toMatchObject({ digest: expect.stringContaining("404") });
  });

  it("renders in development and test", async () => {
    await expect(OutboxPage({ searchParams: Promise.resolve({}) })).resolves.toBeTruthy();
  });
});
