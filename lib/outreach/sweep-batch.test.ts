import { randomUUID } from "node:crypto";
import { createElement, Fragment } from "react";
import { resetEnvForTests } from "@/lib/env";
import { resetEmailTransportForTests } from "@/lib/email/send";
import { renderEmailBody } from "@/lib/email/render-body";
import { sendEmailBatch } from "@/lib/email/send-batch";
import { startFakeResendServer, tagValue, type FakeResendServer } from "@/lib/email/fake-resend-server";
import { outreachIdempotencyKey, STALE_SENDING_MINUTES } from "@/lib/outreach/rules";
import { claimDueEmails, runSweep, sendClaimedEmails } from "@/lib/outreach/sweep";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createUser } from "@/lib/testing/factories";

/**
 * Issue #19 point 2: the sweep sends through the provider's batch call against a fake Resend that rate-limits
 * (429 with Retry-After), drops connections after accepting a batch, answers 500 before accepting another,
 * and a sweeper that dies after its batch went out. Every due row ends sent, and the provider delivered each
 * exactly once (counted per scheduled email, whose idempotency key is its own).
 */

const db = setupTestDatabase();
const now = new Date("2026-06-01T15:00:00Z");
const EMAILS = 430;

let fake: FakeResendServer;
const savedEnv = { key: process.env.RESEND_API_KEY, url: process.env.RESEND_BASE_URL };

function pointResendAt(url: string | undefined) {
  if (url) {
    process.env.RESEND_API_KEY = "re_test_fake";
    process.env.RESEND_BASE_URL = url;
  } else {
    if (savedEnv.key === undefined) delete process.env.RESEND_API_KEY;
    else process.env.RESEND_API_KEY = savedEnv.key;
    if (savedEnv.url === undefined) delete process.env.RESEND_BASE_URL;
    else process.env.RESEND_BASE_URL = savedEnv.url;
  }
  resetEnvForTests();
  resetEmailTransportForTests();
}

afterEach(async () => {
  pointResendAt(undefined);
  await fake?.close();
});

async function seed(count: number) {
  const orgs: { id: string }[] = [];
  for (const live of [true, false]) {
    const org = await createOrganization(db.prisma, { now });
    if (live)
      await db.prisma.organization.update({
        where: { id: org.id },
        data: { demoMode: false, wentLiveAt: new Date("2026-05-01T00:00:00Z") },
      });
    await createUser(db.prisma, org.id, { now, isAdmin: true });
    orgs.push(org);
  }
  const contacts = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    organizationId: orgs[i % 2]!.id,
    firstName: `Pat${i}`,
    lastName: "Batch",
    email: `pat-${i}-${randomUUID().slice(0, 8)}@example.test`,
  }));
  await db.prisma.contact.createMany({ data: contacts });
  const emails = contacts.map((contact, i) => ({
    id: randomUUID(),
    organizationId: contact.organizationId,
    contactId: contact.id,
    emailType: "birthday",
    scheduledSendDate: new Date("2026-06-01T00:00:00Z"),
    scheduledSendAt: new Date(now.getTime() - 60_000 - (i % 89) * 1000),
    status: "pending" as const,
    sendMode: "production" as const,
    idempotencyKey: outreachIdempotencyKey({ contactId: contact.id, emailType: "birthday", sendDate: "2026-06-01" }),
  }));
  await db.prisma.scheduledEmail.createMany({ data: emails });
  return emails;
}

/** Retry-After is honored, at a fifth of its length (the fake's bucket refills in real time; more 429s follow). */
const quickSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms / 5));

it(`sends ${EMAILS} due emails through batch calls exactly once despite 429s, dropped answers, 500s and a dead sweeper`, async () => {
  fake = await startFakeResendServer({
    requestsPerSecond: 4,
    burst: 1,
    // The 2nd new batch is delivered but its answer never arrives; the 4th fails before anything is delivered.
    dropConnectionAfterAccepting: ({ callNumber }) => callNumber === 2,
    failBeforeAccepting: ({ callNumber }) => callNumber === 4,
  });
  pointResendAt(fake.url);
  const emails = await seed(EMAILS);
  const sendBatch = (inputs: Parameters<typeof sendEmailBatch>[0]) => sendEmailBatch(inputs, { sleep: quickSleep });

  // A sweeper dies after its first batch reached the provider: its rows stay "sending", never marked.
  const dying = await claimDueEmails({ limit: 100, now });
  let died!: () => void;
  const gone = new Promise<void>((resolve) => (died = resolve));
  void sendClaimedEmails({
    claimed: dying,
    now,
    sendBatch: async (inputs) => {
      await sendBatch(inputs);
      died();
      return new Promise(() => {});
    },
  });
  await gone;

  // The live sweeper, minute after minute (past the first retry's backoff and the stale-claim timeout).
  const minutesLater = [0, 6, STALE_SENDING_MINUTES + 1, 40, 90];
  const results = [];
  for (const m of minutesLater)
    results.push(
      await runSweep({
        now: new Date(now.getTime() + m * 60_000),
        batchSize: 200,
        maxBatches: 10,
        sendBatch,
        replan: false,
      }),
    );
  expect(results[0]!.retried).toBeGreaterThanOrEqual(200); // the dropped and the failed batch: retried later
  expect(results.reduce((n, r) => n + r.errors, 0)).toBe(0);

  const statuses = await db.prisma.scheduledEmail.groupBy({
    by: ["status"],
    where: { id: { in: emails.map((e) => e.id) } },
    _count: true,
  });
  expect(statuses).toEqual([{ status: "sent", _count: EMAILS }]);

  // What the fake went through, and what it delivered: each scheduled email once.
  expect(fake.counters.rateLimited).toBeGreaterThan(0);
  expect(fake.counters.dropped).toBe(1);
  expect(fake.counters.failed).toBe(1);
  expect(fake.counters.replayed).toBeGreaterThanOrEqual(1); // the dropped batch, sent again under its key
  expect(fake.counters.refused).toBe(0); // a batch sent again is byte for byte the first
  const perEmail = fake.deliveriesPer((d) => tagValue(d, "scheduled_email_id"));
  expect(perEmail.size).toBe(EMAILS);
  expect([...perEmail.values()].filter((n) => n !== 1)).toEqual([]);
  expect(fake.deliveries).toHaveLength(EMAILS);
  const batchCalls = await db.query<{ batches: number }>(
    "SELECT count(DISTINCT batch_key)::int AS batches FROM outbox_emails WHERE batch_key LIKE 'batch:%'",
  );
  expect(batchCalls[0]!.batches).toBeLessThanOrEqual(Math.ceil(EMAILS / 100) + 2);

  const events = await db.query<{ n: number; distinct_emails: number }>(
    "SELECT count(*)::int AS n, count(DISTINCT scheduled_email_id)::int AS distinct_emails FROM email_events WHERE type = 'sent' AND scheduled_email_id = ANY($1::uuid[])",
    [emails.map((e) => e.id)],
  );
  expect(events).toEqual([{ n: EMAILS, distinct_emails: EMAILS }]);
}, 300_000);

it("a batch refused for one address goes out as single sends: the other emails are sent, that one fails", async () => {
  fake = await startFakeResendServer();
  pointResendAt(fake.url);
  const emails = await seed(6);
  const bad = emails[2]!; // of the live organization: its email goes to the contact itself
  await db.prisma.contact.update({ where: { id: bad.contactId }, data: { email: "bad@refused.test" } });
  // The fake refuses nothing by itself: a provider that refuses one recipient is simulated by a proxy batch function.
  const refusing = async (inputs: Parameters<typeof sendEmailBatch>[0]) => {
    const original = globalThis.fetch;
    globalThis.fetch = async (url, init) => {
      const body = typeof init?.body === "string" ? init.body : "";
      if (body.includes("bad@refused.test"))
        return new Response(
          JSON.stringify({ statusCode: 422, name: "validation_error", message: "Invalid `to` field." }),
          {
            status: 422,
            headers: { "content-type": "application/json" },
          },
        );
      return original(url, init);
    };
    try {
      return await sendEmailBatch(inputs);
    } finally {
      globalThis.fetch = original;
    }
  };
  const result = await runSweep({ now, sendBatch: refusing, replan: false });
  expect(result).toMatchObject({ claimed: 6, sent: 5, failed: 1 });
  const badRow = await db.prisma.scheduledEmail.findUniqueOrThrow({ where: { id: bad.id } });
  expect(badRow).toMatchObject({ status: "failed", lastError: "recipient_refused" });
  expect(fake.deliveries.map((d) => tagValue(d, "scheduled_email_id")).sort()).toEqual(
    emails
      .filter((e) => e.id !== bad.id)
      .map((e) => e.id)
      .sort(),
  );
});

it("each email of a claimed batch carries its body rendered once per template, equal to its own render", async () => {
  const emails = await seed(24);
  await db.prisma.contact.updateMany({
    where: { id: emails[3]!.contactId },
    data: { firstName: `Zoë "Z" O'Neil & <Co>` },
  });
  const sent: Parameters<typeof sendEmailBatch>[0][number][] = [];
  const { outcomes } = await sendClaimedEmails({
    claimed: await claimDueEmails({ limit: 24, now }),
    now,
    sendBatch: async (inputs) => {
      sent.push(...inputs);
      return inputs.map((_, i) => ({ id: `stored-${i}`, status: "stored" as const, transport: "outbox" as const }));
    },
  });
  expect(outcomes.filter((o) => o.outcome === "sent")).toHaveLength(24);
  expect(sent).toHaveLength(24);
  for (const input of sent) expect(input.rendered).toEqual(await renderEmailBody(input.react));
  expect(sent.some((input) => input.rendered?.html.includes("Zoë &quot;Z&quot; O&#x27;Neil &amp; &lt;Co&gt;"))).toBe(
    true,
  );
});

it("a batch sent again after a lost answer is the same bytes, even with half an emoji (stored as U+FFFD) in it", async () => {
  fake = await startFakeResendServer({ dropConnectionAfterAccepting: ({ callNumber }) => callNumber === 1 });
  pointResendAt(fake.url);
  const halfEmoji = "\ud83c"; // the first half of 🎂: a name or a subject cut at the wrong place
  const inputs = [1, 2].map((n) => ({
    to: `pat-${n}@example.test`,
    subject: `Happy birthday, Pat ${halfEmoji}`,
    react: createElement(Fragment), // unused: the body comes rendered
    rendered: { html: `<html><body><p>Pat ${halfEmoji} ${n}</p></body></html>`, text: `Pat ${halfEmoji} ${n}` },
    idempotencyKey: `half-emoji:${n}:${randomUUID()}`,
  }));
  const quickSleep = async () => undefined;
  const first = await sendEmailBatch(inputs, { sleep: quickSleep });
  expect(first.every((outcome) => outcome instanceof Error)).toBe(true); // the answer was lost
  const again = await sendEmailBatch(inputs, { sleep: quickSleep });
  expect(again.map((outcome) => (outcome instanceof Error ? outcome.message : outcome.status))).toEqual([
    "sent",
    "sent",
  ]);
  expect(fake.counters.replayed).toBe(1); // the provider recognized the same batch under the same key
  expect(fake.counters.refused).toBe(0); // a different body under that key would have been refused (409)
  expect(fake.deliveries).toHaveLength(2);
});
