import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SampleAgencyReadyEmail } from "@/lib/email/templates/sample-agency-ready-email";
import { resetEnvForTests } from "@/lib/env";
import { EmailSendError, resetEmailTransportForTests, sendEmail } from "@/lib/email/send";
import { loginLinkUrl, sendLoginLinkEmail } from "@/lib/auth/magic-link";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();

const now = new Date("2026-03-02T15:00:00Z");
/** A user and the sign-in link emailed to them; the stored row and the link. */
async function sendSignInLink(token: string) {
  const org = await createOrganization(db.prisma, { now });
  const user = await createUser(db.prisma, org.id, { now, isAdmin: true });
  await sendLoginLinkEmail({ identifier: user.email, token });
  const row = await db.prisma.outboxEmail.findFirstOrThrow({
    where: { originalTo: user.email, tags: { path: ["category"], equals: "login_link" } },
  });
  return { row, url: loginLinkUrl(org.slug, token) };
}

const email = (key: string, extra: Partial<Parameters<typeof sendEmail>[0]> = {}) => ({
  to: "sam@agency.test",
  subject: "Your sample agency is ready",
  react: SampleAgencyReadyEmail({
    productName: "Gapwise",
    firstName: "Sam",
    agencyName: "Sample Agency",
    contactCount: 300,
    appUrl: "http://localhost:3000/dashboard",
  }),
  idempotencyKey: key,
  ...extra,
});

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
  resetEmailTransportForTests();
}

describe("sendEmail through the outbox (embedded default)", () => {
  it("renders the template with working links, the footer, and stores it once per idempotency key", async () => {
    const first = await sendEmail(email("k-outbox-1", { unsubscribeUrl: "http://localhost:3000/unsubscribe/t1" }));
    const second = await sendEmail(email("k-outbox-1"));
    expect(first).toMatchObject({ status: "stored", transport: "outbox" });
    expect(second).toMatchObject({ status: "duplicate", id: first.id });
    const rows = await db.prisma.outboxEmail.findMany({ where: { idempotencyKey: "k-outbox-1" } });
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.html).toContain('href="http://localhost:3000/dashboard"');
    expect(row.html).toContain("Gapwise, 100 Main Street, Austin, TX 78701");
    expect(row.text).toContain("Unsubscribe: http://localhost:3000/unsubscribe/t1");
    expect(row.headers).toEqual({
      "List-Unsubscribe": "<http://localhost:3000/unsubscribe/t1>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("puts the one-click endpoint (and a mailto, when given) in List-Unsubscribe, the page link in the footer", async () => {
    await sendEmail(
      email("k-one-click", {
        unsubscribeUrl: "http://localhost:3000/unsubscribe?t=abc",
        oneClickUnsubscribeUrl: "http://localhost:3000/api/unsubscribe?t=abc",
        unsubscribeMailto: "unsubscribe@agency.test",
      }),
    );
    const row = await db.prisma.outboxEmail.findUniqueOrThrow({ where: { idempotencyKey: "k-one-click" } });
    expect(row.headers).toEqual({
      "List-Unsubscribe": "<http://localhost:3000/api/unsubscribe?t=abc>, <mailto:unsubscribe@agency.test>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(row.html).toContain('href="http://localhost:3000/unsubscribe?t=abc"');
  });

  it("sends once when the same key races", async () => {
    const results = await Promise.all([
      sendEmail(email("k-race")),
      sendEmail(email("k-race")),
      sendEmail(email("k-race")),
    ]);
    expect(results.filter((r) => r.status === "stored")).toHaveLength(1);
    expect(await db.prisma.outboxEmail.count({ where: { idempotencyKey: "k-race" } })).toBe(1);
  });

  it("keeps a sign-in link whole: the outbox is its delivery (and /dev/outbox shows it)", async () => {
    const token = "f".repeat(64);
    const { row, url } = await sendSignInLink(token);
    expect(row.html).toContain(url);
    expect(row.text).toContain(url);
  });

  it("redirects to the test address with [TEST] in the subject", async () => {
    await sendEmail(email("k-test-mode", { testAddress: "qa@agency.test" }));
    const row = await db.prisma.outboxEmail.findUniqueOrThrow({ where: { idempotencyKey: "k-test-mode" } });
    expect(row).toMatchObject({
      to: "qa@agency.test",
      originalTo: "sam@agency.test",
      subject: "[TEST] Your sample agency is ready",
      testMode: true,
    });
  });
});

describe("sendEmail through Resend (RESEND_API_KEY set), against a local fake", () => {
  let server: Server;
  const received: { body: Record<string, unknown>; idempotencyKey?: string; auth?: string }[] = [];
  let failNext = false;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        if (failNext) {
          failNext = false;
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ name: "internal_server_error", message: "boom", statusCode: 500 }));
          return;
        }
        received.push({
          body: JSON.parse(raw),
          idempotencyKey: req.headers["idempotency-key"] as string,
          auth: req.headers.authorization,
        });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ id: `re_msg_${received.length}` }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    setEnv({
      RESEND_API_KEY: "re_test_key",
      RESEND_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    setEnv({ RESEND_API_KEY: undefined, RESEND_BASE_URL: undefined });
    await new Promise((r) => server.close(r));
  });

  it("posts the rendered email with the idempotency key, records it, and sends a key once", async () => {
    const first = await sendEmail(email("k-resend-1"));
    const again = await sendEmail(email("k-resend-1"));
    expect(first).toMatchObject({ status: "sent", transport: "resend", providerMessageId: "re_msg_1" });
    expect(again.status).toBe("duplicate");
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ idempotencyKey: "k-resend-1", auth: "Bearer re_test_key" });
    expect(received[0]!.body).toMatchObject({ to: "sam@agency.test", subject: "Your sample agency is ready" });
    expect(String(received[0]!.body.html)).toContain("Sample Agency");
    const row = await db.prisma.outboxEmail.findUniqueOrThrow({ where: { idempotencyKey: "k-resend-1" } });
    expect(row).toMatchObject({ status: "sent", transport: "resend", providerMessageId: "re_msg_1" });
  });

  it("delivers a sign-in link whole but stores it redacted: a reader of outbox_emails cannot sign in", async () => {
    const token = "0123456789abcdef".repeat(4);
    const { row, url } = await sendSignInLink(token);
    const delivered = received.at(-1)!.body as { html: string; text: string };
    expect(delivered.html).toContain(url);
    expect(delivered.text).toContain(url);
    expect(row).toMatchObject({ transport: "resend", status: "sent" });
    for (const stored of [row.html, row.text ?? ""]) {
      expect(stored).not.toContain(token);
      expect(stored).toContain(url.replace(token, "[redacted]"));
    }
    expect(JSON.stringify(await db.query("SELECT * FROM outbox_emails WHERE id = $1", [row.id]))).not.toContain(token);
  });

  it("hands the provider one-line headers whatever the names held (a CR/LF in a contact's name never starts a header)", async () => {
    await sendEmail(
      email("k-resend-crlf", {
        subject: "Pat\r\nBcc: victim@example.com\r\n\r\n<b>body</b>, your quotes",
        from: '"Ann\r\nBcc: x@y.z" <hello@gapwise.test>',
        replyTo: "ann@agency.test\r\nX-Evil: 1",
      }),
    );
    const body = received.at(-1)!.body as { subject: string; from: string; reply_to: string };
    expect(body).toMatchObject({
      subject: "Pat Bcc: victim@example.com <b>body</b>, your quotes",
      from: '"Ann Bcc: x@y.z" <hello@gapwise.test>',
      reply_to: "ann@agency.test X-Evil: 1",
    });
    const row = await db.prisma.outboxEmail.findUniqueOrThrow({ where: { idempotencyKey: "k-resend-crlf" } });
    expect([row.subject, row.from, row.replyTo].join("|")).not.toMatch(/[\r\n]/);
  });

  describe("on a preview deployment", () => {
    const preview = {
      APP_ENV: "preview",
      APP_URL: "https://preview.gapwise.example",
      DATABASE_URL: "postgresql://u:p@127.0.0.1:1/x",
      CRON_SECRET: "c".repeat(32),
      AUTH_SECRET: "a".repeat(32),
      ELIGIBILITY_ENCRYPTION_KEY: Buffer.alloc(32, 2).toString("base64"),
    };
    afterEach(() =>
      setEnv({
        ...Object.fromEntries(Object.keys(preview).map((k) => [k, undefined])),
        APP_ENV: "test",
        EMAIL_TEST_ADDRESS: undefined,
      }),
    );

    it("holds a consumer email in the outbox, marked [PREVIEW], although a Resend key is set", async () => {
      setEnv(preview);
      const before = received.length;
      const result = await sendEmail(email("k-preview-held", { to: "pat.consumer@example.com" }));
      expect(result).toMatchObject({ status: "stored", transport: "outbox" });
      expect(received).toHaveLength(before); // nothing reached the provider
      const row = await db.prisma.outboxEmail.findUniqueOrThrow({ where: { idempotencyKey: "k-preview-held" } });
      expect(row).toMatchObject({
        transport: "outbox",
        status: "stored",
        subject: "[PREVIEW] Your sample agency is ready",
        to: "pat.consumer@example.com",
      });
    });

    it("sends through Resend only to EMAIL_TEST_ADDRESS when one is set", async () => {
      setEnv({ ...preview, EMAIL_TEST_ADDRESS: "qa@gapwise.example" });
      await sendEmail(email("k-preview-tester", { to: "pat.consumer@example.com" }));
      expect(received.at(-1)!.body).toMatchObject({
        to: "qa@gapwise.example",
        subject: "[PREVIEW] [TEST] Your sample agency is ready",
      });
    });
  });

  it("marks a provider failure as failed and lets a retry with the same key go through", async () => {
    failNext = true;
    await expect(sendEmail(email("k-resend-retry"))).rejects.toBeInstanceOf(EmailSendError);
    expect(
      (await db.prisma.outboxEmail.findUniqueOrThrow({ where: { idempotencyKey: "k-resend-retry" } })).status,
    ).toBe("failed");
    const retry = await sendEmail(email("k-resend-retry"));
    expect(retry.status).toBe("sent");
    const row = await db.prisma.outboxEmail.findUniqueOrThrow({ where: { idempotencyKey: "k-resend-retry" } });
    expect(row).toMatchObject({ status: "sent", attemptCount: 2 });
  });
});
