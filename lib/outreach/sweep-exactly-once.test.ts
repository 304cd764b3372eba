import { randomUUID } from "node:crypto";
import { sendEmail } from "@/lib/email/send";
import { outreachIdempotencyKey, STALE_SENDING_MINUTES } from "@/lib/outreach/rules";
import { claimDueEmails, runSweep, sendScheduledEmail, type SendFunction } from "@/lib/outreach/sweep";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createUser } from "@/lib/testing/factories";

/**
 * Issue #7 "Done when — Exactly once": two sweepers run concurrently over due emails with crashes
 * injected mid-batch, then a recovery sweep runs; every email is delivered exactly once (counted per
 * idempotency key, both in the outbox and as provider deliveries) and none is lost.
 *
 * 5,000 emails on a real PostgreSQL server (TEST_DATABASE_URL). PGlite runs every query of both
 * sweepers through one in-process connection, so there the default is 1,000 to keep the suite quick;
 * OUTREACH_EXACTLY_ONCE_EMAILS=5000 runs the full count on PGlite too.
 */
const EMAILS = Number(process.env.OUTREACH_EXACTLY_ONCE_EMAILS ?? (process.env.TEST_DATABASE_URL ? 5000 : 1000));

const db = setupTestDatabase();
const now = new Date("2026-06-01T15:00:00Z");

async function seed() {
  // Two organizations, one live and one in its trial: the claim works across tenants.
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
  const contacts = Array.from({ length: EMAILS }, (_, i) => ({
    id: randomUUID(),
    organizationId: orgs[i % 2]!.id,
    firstName: `Pat${i}`,
    lastName: "Sweep",
    email: `pat-${i}-${randomUUID().slice(0, 8)}@example.test`,
  }));
  for (let i = 0; i < contacts.length; i += 1000)
    await db.prisma.contact.createMany({ data: contacts.slice(i, i + 1000) });
  const emails = contacts.map((contact, i) => ({
    id: randomUUID(),
    organizationId: contact.organizationId,
    contactId: contact.id,
    emailType: "birthday",
    scheduledSendDate: new Date("2026-06-01T00:00:00Z"),
    scheduledSendAt: new Date(now.getTime() - 60_000 - (i % 97) * 1000),
    status: "pending" as const,
    sendMode: "production" as const,
    idempotencyKey: outreachIdempotencyKey({ contactId: contact.id, emailType: "birthday", sendDate: "2026-06-01" }),
  }));
  for (let i = 0; i < emails.length; i += 1000)
    await db.prisma.scheduledEmail.createMany({ data: emails.slice(i, i + 1000) });
  return emails;
}

it(`sends each of ${EMAILS} due emails exactly once, with two concurrent sweepers, crashes mid-batch and a recovery`, async () => {
  const emails = await seed();
  const keys = new Set(emails.map((e) => e.idempotencyKey));

  // Deliveries the send path actually made (a "duplicate" answer is not a delivery), per idempotency key.
  const deliveries = new Map<string, number>();
  const counted: SendFunction = async (input) => {
    const result = await sendEmail(input);
    if (result.status !== "duplicate")
      deliveries.set(input.idempotencyKey, (deliveries.get(input.idempotencyKey) ?? 0) + 1);
    return result;
  };

  // Sweeper A: every 23rd send is accepted by the provider, then the call fails (a reset connection).
  let aCalls = 0;
  const acceptedThenFailed: SendFunction = async (input) => {
    const result = await counted(input);
    aCalls += 1;
    if (aCalls % 23 === 0) throw new Error("connection reset after the provider accepted");
    return result;
  };

  // Sweeper B: sends one batch, then dies in the middle of the next: some of its sends reach the
  // provider but the process is gone before it records them (those calls never return), and the rest
  // of its claimed batch is never started.
  // B claims its two batches before sending the first: A claims its next batch while it sends the current
  // one, so a B that claimed only after its first batch could find nothing left to die with.
  const dying = async () => {
    const first = await claimDueEmails({ limit: 100, now });
    const batch = await claimDueEmails({ limit: 100, now });
    for (const email of first)
      await sendScheduledEmail({ id: email.id, organizationId: email.organizationId, now, send: counted });
    const [done, dies] = [Math.floor(batch.length * 0.4), Math.floor(batch.length * 0.2)];
    for (const email of batch.slice(0, done))
      await sendScheduledEmail({ id: email.id, organizationId: email.organizationId, now, send: counted });
    let reachedProvider = 0;
    let allReached!: () => void;
    const died = new Promise<void>((resolve) => (allReached = resolve));
    const deliverThenDie: SendFunction = async (input) => {
      await counted(input);
      reachedProvider += 1;
      if (reachedProvider === dies) allReached();
      return new Promise(() => {});
    };
    for (const email of batch.slice(done, done + dies))
      void sendScheduledEmail({ id: email.id, organizationId: email.organizationId, now, send: deliverThenDie });
    if (dies > 0) await died;
    return { claimed: batch.length, leftSending: batch.length - done };
  };

  const [a, b] = await Promise.all([
    runSweep({
      now,
      batchSize: 50,
      maxBatches: Number.MAX_SAFE_INTEGER,
      concurrency: 2,
      send: acceptedThenFailed,
      replan: false,
    }),
    dying(),
  ]);
  expect(b.claimed).toBeGreaterThanOrEqual(50); // B really died with a batch in hand
  expect(a.retried).toBeGreaterThan(0);

  // The crashes left work behind: rows stuck "sending" (B died) and rows waiting for a retry (A).
  const stuck = await db.prisma.scheduledEmail.count({
    where: { idempotencyKey: { in: [...keys] }, status: "sending" },
  });
  const retrying = await db.prisma.scheduledEmail.count({
    where: { idempotencyKey: { in: [...keys] }, status: "pending" },
  });
  expect(stuck).toBe(b.leftSending);
  expect(retrying).toBe(a.retried);

  // Recovery: a sweep after the stale-claim timeout (and after the first backoff) takes everything over.
  const recovery = await runSweep({
    now: new Date(now.getTime() + (STALE_SENDING_MINUTES + 1) * 60_000),
    batchSize: 100,
    maxBatches: Number.MAX_SAFE_INTEGER,
    send: counted,
    replan: false,
  });
  expect(recovery.claimed).toBe(stuck + retrying);

  const rows = await db.prisma.scheduledEmail.groupBy({
    by: ["status"],
    where: { idempotencyKey: { in: [...keys] } },
    _count: true,
  });
  expect(rows).toEqual([{ status: "sent", _count: EMAILS }]);

  // Exactly once, counted by idempotency key: one outbox row and one provider delivery per email.
  const outbox = await db.query<{ idempotency_key: string; n: number }>(
    "SELECT idempotency_key, count(*)::int AS n FROM outbox_emails WHERE idempotency_key = ANY($1) GROUP BY idempotency_key",
    [[...keys]],
  );
  expect(outbox).toHaveLength(EMAILS);
  expect(outbox.every((r) => r.n === 1)).toBe(true);
  expect(deliveries.size).toBe(EMAILS);
  expect([...deliveries.values()].every((n) => n === 1)).toBe(true);
  expect([...deliveries.keys()].every((k) => keys.has(k))).toBe(true);

  // And recorded once: one "sent" event per email.
  const events = await db.query<{ n: number; distinct_emails: number }>(
    "SELECT count(*)::int AS n, count(DISTINCT scheduled_email_id)::int AS distinct_emails FROM email_events WHERE type = 'sent' AND scheduled_email_id = ANY($1::uuid[])",
    [emails.map((e) => e.id)],
  );
  expect(events).toEqual([{ n: EMAILS, distinct_emails: EMAILS }]);
}, 600_000);
