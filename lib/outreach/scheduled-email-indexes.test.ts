import { Prisma } from "@/lib/generated/prisma/client";
import { emailTypesSql } from "@/lib/dashboard/metrics";
import { outreachIdempotencyKey } from "@/lib/outreach/rules";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization } from "@/lib/testing/factories";

/**
 * #19 point 2: every claim and every send updates a scheduled_emails row's status, which the sweep's partial
 * indexes name, so no such update is HOT: each writes an entry into every index of the table (30 million rows
 * at scale). So every index here has a reader, named beside it: a new index needs one, and an index whose
 * readers are gone is dropped, as (status, scheduled_send_at) was once the claim read the partial indexes.
 */

const db = setupTestDatabase();

const READERS: Record<string, string> = {
  scheduled_emails_pkey: "a row by id: the sweep's fences and reads, tracking redirects, webhooks' tagged id",
  scheduled_emails_idempotency_key_key:
    "unique: one row per idempotency key; partial: an outreach key is unique through the row's own key",
  scheduled_emails_contact_id_email_type_scheduled_send_date_key:
    "unique: the reschedule's rows; a contact's rows (activity, unsubscribe, re-plan history)",
  scheduled_emails_organization_id_scheduled_send_date_idx: "dashboard: upcoming emails, scheduled per day",
  scheduled_emails_organization_id_status_sent_at_idx:
    "contact stats: a trial's [TEST] copies; partial: sent rows only",
  scheduled_emails_organization_id_email_type_sent_at_idx:
    "dashboard: sends by type and period (emailTypesSql); partial: sent rows only",
  scheduled_emails_parent_email_id_idx: "the follow-ups' foreign key (ON DELETE SET NULL); partial: set rows only",
  scheduled_emails_tracking_id_idx: "quote views: whether a visit is a trial's [TEST] copy; partial: set rows only",
  scheduled_emails_provider_message_id_idx:
    "Resend webhooks: the email of a provider message id; partial: set rows only",
  scheduled_emails_pending_due_idx: "the sweep's claim: due pending rows in send order",
  scheduled_emails_sending_claimed_idx: "the sweep's takeover (and failing) of stale claims",
};

it("keeps only indexes with a reader: every claim and send writes an entry into each", async () => {
  const indexes = await db.prisma.$queryRaw<{ name: string }[]>`
    SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'scheduled_emails'`;
  expect(indexes.map((index) => index.name).sort()).toEqual(Object.keys(READERS).sort());
});

it("indexes the columns set only on sent emails and follow-ups where they are set, and their lookups still use them", async () => {
  // A reschedule's pending rows have no provider message id, tracking id or parent: they write no entry in these.
  const sparse = {
    scheduled_emails_provider_message_id_idx: "provider_message_id",
    scheduled_emails_tracking_id_idx: "tracking_id",
    scheduled_emails_parent_email_id_idx: "parent_email_id",
  };
  for (const [index, column] of Object.entries(sparse)) {
    const [definition] = await db.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE indexname = $1", [
      index,
    ]);
    expect(definition?.indexdef).toContain(`WHERE (${column} IS NOT NULL)`);
    // The readers look a value up as a bound parameter (Prisma's `where`): the predicate is still proven.
    await db.query("BEGIN");
    try {
      await db.query("SET LOCAL enable_seqscan = off");
      const plan = await db.query<{ "QUERY PLAN": string }>(
        `EXPLAIN SELECT id FROM scheduled_emails WHERE ${column} = $1`,
        [column === "parent_email_id" ? "00000000-0000-4000-8000-000000000000" : "x"],
      );
      expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain(index);
    } finally {
      await db.query("ROLLBACK");
    }
  }
});

// #19 point 1: each foreign key costs every inserted row a lookup and a row lock (a full reschedule inserts
// hundreds of thousands). One key, (organization, contact), stands for the organization's and the contact's,
// and is stricter than they were: a row cannot name another organization's contact.
describe("scheduled_emails' foreign keys", () => {
  const NOW = new Date("2026-11-29T12:00:00Z");
  const insert = (organizationId: string, contactId: string, key: string, schedulerRunId: string | null = null) =>
    db.query(
      `INSERT INTO scheduled_emails (id, organization_id, contact_id, email_type, scheduled_send_date, scheduled_send_at,
                                     idempotency_key, scheduler_run_id, updated_at)
       VALUES (gen_random_uuid(), $1, $2, 'birthday', '2027-01-04', '2027-01-04T14:30:00Z', $3, $4, $5)`,
      [organizationId, contactId, key, schedulerRunId, NOW],
    );

  it("are the (organization, contact) key, the follow-ups' parent and the campaign, nothing else", async () => {
    const keys = await db.query<{ name: string; definition: string; validated: boolean }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS definition, convalidated AS validated FROM pg_constraint
        WHERE conrelid = 'scheduled_emails'::regclass AND contype = 'f' ORDER BY conname`,
    );
    expect(keys.map((key) => key.name)).toEqual([
      "scheduled_emails_campaign_instance_id_fkey",
      "scheduled_emails_organization_id_contact_id_fkey",
      "scheduled_emails_parent_email_id_fkey",
    ]);
    // Added NOT VALID and validated by the next migration: the existing rows are checked too.
    expect(keys.every((key) => key.validated)).toBe(true);
    expect(keys[1]!.definition).toContain(
      "FOREIGN KEY (organization_id, contact_id) REFERENCES contacts(organization_id, id) ON UPDATE CASCADE ON DELETE CASCADE",
    );
  });

  it("refuses a row that names another organization's contact, takes its own, and goes with the contact", async () => {
    const mine = await createOrganization(db.prisma, { now: NOW });
    const theirs = await createOrganization(db.prisma, { now: NOW });
    const contact = await createContact(db.prisma, mine.id, { now: NOW });
    const theirContact = await createContact(db.prisma, theirs.id, { now: NOW });
    await expect(insert(mine.id, theirContact.id, `fk-test:${theirContact.id}`)).rejects.toThrow(/foreign key/);
    // The run is a stamp: a run id that names no run (a run deleted since) does not refuse the row.
    await insert(mine.id, contact.id, `fk-test:${contact.id}`, "00000000-0000-4000-8000-000000000001");
    expect(await db.prisma.scheduledEmail.count({ where: { contactId: contact.id } })).toBe(1);
    await db.prisma.contact.delete({ where: { id: contact.id } });
    expect(await db.prisma.scheduledEmail.count({ where: { organizationId: mine.id } })).toBe(0);
  });
});

// #19 point 1: a reschedule's rows are pending (no sent_at) with an outreach key. Three indexes hold none of
// them (migration scheduled_emails_partial_sent_and_key_indexes); here is what each still does.
describe("the indexes a reschedule's pending rows write no entry in", () => {
  const NOW = new Date("2026-11-29T12:00:00Z");
  const insert = (
    organizationId: string,
    contactId: string,
    row: { key: string; emailType?: string; date?: string; sentAt?: Date | null },
  ) =>
    db.query(
      `INSERT INTO scheduled_emails (id, organization_id, contact_id, email_type, scheduled_send_date, scheduled_send_at,
                                     idempotency_key, status, sent_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, $4::date, $4::date::timestamptz, $5, CASE WHEN $6::timestamptz IS NULL THEN 'pending' ELSE 'sent' END::"ScheduledEmailStatus", $6, $7)`,
      [
        organizationId,
        contactId,
        row.emailType ?? "birthday",
        row.date ?? "2027-01-04",
        row.key,
        row.sentAt ?? null,
        NOW,
      ],
    );
  const definition = async (index: string) =>
    (await db.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE indexname = $1", [index]))[0]
      ?.indexdef;
  const planOf = async (sql: string, params: unknown[]) => {
    await db.query("BEGIN");
    try {
      await db.query("SET LOCAL enable_seqscan = off");
      return (await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, params))
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    } finally {
      await db.query("ROLLBACK");
    }
  };

  it("index sent rows by (organization, status | type, sent_at), and the dashboard's and contact stats' reads use them", async () => {
    for (const index of [
      "scheduled_emails_organization_id_status_sent_at_idx",
      "scheduled_emails_organization_id_email_type_sent_at_idx",
    ])
      expect(await definition(index)).toContain("WHERE (sent_at IS NOT NULL)");
    const org = await createOrganization(db.prisma, { now: NOW });
    // The dashboard's email types (its skip scan) reads the type index; without `sent_at IS NOT NULL` it could not.
    const types = Prisma.sql`WITH RECURSIVE ${emailTypesSql(org.id)} SELECT email_type FROM email_types`;
    expect(await planOf(types.text, types.values)).toContain("scheduled_emails_organization_id_email_type_sent_at_idx");
    // The period's sends: a sent_at range proves the index's predicate (bound parameters, as the dashboard passes).
    expect(
      await planOf(
        "SELECT contact_id FROM scheduled_emails WHERE organization_id = $1 AND email_type = ANY($2) AND sent_at >= $3 AND sent_at < $4",
        [org.id, ["birthday"], NOW, NOW],
      ),
    ).toMatch(/scheduled_emails_organization_id_(email_type|status)_sent_at_idx/);
    // Contact stats' [TEST] copies: sent rows, sent_at set.
    expect(
      await planOf(
        "SELECT metadata FROM scheduled_emails WHERE organization_id = $1 AND status = 'sent' AND sent_at IS NOT NULL AND send_mode = 'test'",
        [org.id],
      ),
    ).toContain("scheduled_emails_organization_id_status_sent_at_idx");
  });

  it("keep every idempotency key unique: an outreach key through the row's own (contact, type, date), any other by its index", async () => {
    expect(await definition("scheduled_emails_idempotency_key_key")).toContain(
      "WHERE (idempotency_key !~~ 'outreach:%'::text)",
    );
    const org = await createOrganization(db.prisma, { now: NOW });
    const contact = await createContact(db.prisma, org.id, { now: NOW });
    const outreach = outreachIdempotencyKey({ contactId: contact.id, emailType: "birthday", sendDate: "2027-01-04" });
    await insert(org.id, contact.id, { key: outreach });
    // The same outreach key is the same (contact, type, date): refused by that key.
    await expect(insert(org.id, contact.id, { key: outreach })).rejects.toThrow(
      /scheduled_emails_contact_id_email_type_scheduled_send_date_key/,
    );
    // A key of another kind (a welcome's, one per contact) on another day is refused by the key's own index.
    await insert(org.id, contact.id, {
      key: `onboarding-welcome:${contact.id}`,
      emailType: "onboarding_welcome",
      sentAt: NOW,
    });
    await expect(
      insert(org.id, contact.id, {
        key: `onboarding-welcome:${contact.id}`,
        emailType: "onboarding_welcome",
        date: "2027-01-05",
        sentAt: NOW,
      }),
    ).rejects.toThrow(/scheduled_emails_idempotency_key_key/);
    expect(await db.prisma.scheduledEmail.count({ where: { contactId: contact.id } })).toBe(2);
  });
});

describe("app_uuid_v7, the ids of a reschedule's rows", () => {
  it("is a version 7 UUID whose first 48 bits are the milliseconds it was made at, so later ids sort after", async () => {
    const [row] = await db.query<{ a: string; b: string; at: string }>(
      `SELECT app_uuid_v7()::text AS a, (SELECT pg_sleep(0.005))::text, (extract(epoch FROM clock_timestamp()) * 1000)::bigint::text AS at,
              (SELECT app_uuid_v7() FROM pg_sleep(0.005))::text AS b`,
    );
    const millis = (id: string) => parseInt(id.replace(/-/g, "").slice(0, 12), 16);
    for (const id of [row!.a, row!.b])
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Math.abs(millis(row!.a) - Number(row!.at))).toBeLessThan(1_000);
    expect(millis(row!.b)).toBeGreaterThan(millis(row!.a));
    expect(row!.b > row!.a).toBe(true);
  });
});
