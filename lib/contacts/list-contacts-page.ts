import "server-only";
import type { Db, TenantDb, TxClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { BOOK_CONTACT_SQL } from "@/lib/contacts/book";

/** The columns of a contact the list shows, with its assigned agent and owner by name. */
export const contactListSelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phoneNumber: true,
  state: true,
  zipCode: true,
  currentCarrier: true,
  planType: true,
  effectiveDate: true,
  birthDate: true,
  status: true,
  agentId: true,
  contactOwnerId: true,
  lastEmailedAt: true,
  createdAt: true,
  agent: { select: { id: true, firstName: true, lastName: true } },
  contactOwner: { select: { id: true, firstName: true, lastName: true } },
} satisfies Prisma.ContactSelect;

/** A contact as the list's select reads it from the database (list-contacts-view's ContactListRow is the browser's shape). */
export type ContactListRecord = Prisma.ContactGetPayload<{ select: typeof contactListSelect }>;

/** One row of a contact-list page as the database gives it, before the list adds its marks. */
export type ContactPageRow = ContactListRecord & {
  /** The assigned agent's licensed states (the list's "outside licensed states" mark). */
  agentStateLicenses: string[];
  /** The newest quote view / health answer in the recent-activity window, or null. */
  lastQuoteViewedAt: Date | null;
  lastHealthCompletedAt: Date | null;
};

/**
 * Which page to read: the rows of known ids (a slice of the search candidates, or ids found by a filtered
 * walk), or the `limit` rows after `skip` in the list's order among the listed contacts holding `term`.
 */
export type ContactPageSource = { ids: string[] } | { skip: number; limit: number };

export type ContactPageQuery = {
  db: TenantDb | Db | TxClient;
  organizationId: string;
  /** Set for an agent who is not an admin: only their own contacts. */
  agentId: string | null;
  /** The escaped LIKE fragment (escapeLikePattern of the normalized term), or undefined for no search. */
  likeFragment: string | undefined;
  /** The recent-activity window of lastQuoteViewedAt and lastHealthCompletedAt. */
  since: Date;
  now: Date;
  source: ContactPageSource;
};

type RawPageRow = Omit<ContactPageRow, "agent" | "contactOwner" | "agentStateLicenses"> & {
  agentFirstName: string | null;
  agentLastName: string | null;
  agentStateLicenses: string[] | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
};

/**
 * listedContactWhere in SQL: the organization, the book (BOOK_CONTACT_SQL) and, for an agent who is not an admin
 * (`agentId`), their own contacts. Unqualified, its columns name the innermost `contacts` of the query it is in.
 */
export function listedContactSql(organizationId: string, agentId: string | null): Prisma.Sql {
  const own = agentId === null ? Prisma.empty : Prisma.sql` AND agent_id = ${agentId}::uuid`;
  return Prisma.sql`organization_id = ${organizationId}::uuid AND ${BOOK_CONTACT_SQL}${own}`;
}

/** The statement readContactPage sends (exported so that a test can EXPLAIN it as the tenant). */
export function contactPageSql({
  organizationId,
  agentId,
  likeFragment,
  since,
  now,
  source,
}: Omit<ContactPageQuery, "db">): Prisma.Sql {
  const conditions = [listedContactSql(organizationId, agentId)];
  if (likeFragment !== undefined) conditions.push(Prisma.sql`search_text LIKE ${`%${likeFragment}%`}`);
  if ("ids" in source) conditions.push(Prisma.sql`id = ANY(${source.ids}::uuid[])`);
  const window = "ids" in source ? Prisma.empty : Prisma.sql`OFFSET ${source.skip}::int LIMIT ${source.limit}::int`;

  return Prisma.sql`
    WITH page AS MATERIALIZED (
      SELECT id, last_name, first_name FROM contacts
       WHERE ${Prisma.join(conditions, " AND ")}
       ORDER BY last_name, first_name, id ${window}
    )
    SELECT c.id::text AS "id", c.first_name AS "firstName", c.last_name AS "lastName", c.email,
           c.phone_number AS "phoneNumber", c.state, c.zip_code AS "zipCode",
           c.current_carrier AS "currentCarrier", c.plan_type AS "planType",
           c.effective_date AS "effectiveDate", c.birth_date AS "birthDate", c.status,
           c.agent_id::text AS "agentId", c.contact_owner_id::text AS "contactOwnerId",
           c.last_emailed_at AS "lastEmailedAt", c.created_at AS "createdAt",
           agent.first_name AS "agentFirstName", agent.last_name AS "agentLastName",
           agent.state_licenses AS "agentStateLicenses",
           owner.first_name AS "ownerFirstName", owner.last_name AS "ownerLastName",
           (SELECT max(t.clicked_at) FROM tracking_clicks t
             WHERE t.contact_id = c.id AND t.organization_id = ${organizationId}::uuid
               AND t.clicked_at >= ${since} AND t.clicked_at <= ${now}) AS "lastQuoteViewedAt",
           (SELECT max(e.created_at) FROM eligibility_answers e
             WHERE e.contact_id = c.id AND e.organization_id = ${organizationId}::uuid
               AND e.created_at >= ${since} AND e.created_at <= ${now}) AS "lastHealthCompletedAt"
      FROM page
      JOIN contacts c ON c.id = page.id
      LEFT JOIN users agent ON agent.id = c.agent_id
      LEFT JOIN users owner ON owner.id = c.contact_owner_id
     ORDER BY page.last_name, page.first_name, page.id`;
}

/**
 * One statement for a page of the contact list: the page's ids (a walk of the name order, or the ids given),
 * their rows, the assigned agent and the owner, and the newest quote view and health answer in the window.
 * Prisma's nested select sends five statements one after another for the same page (the contacts, then each
 * relation), and a broad search sent one more for the page's ids before them. At 1,000,000 contacts the one
 * statement took the slowest term of the bench (`garc`) from 117.7–130.7 to 98.7–110.3 ms p50 (three
 * alternated runs; issue #19 point 4, performance.md "Contact list query").
 *
 * The page's where is listedContactWhere's plus the search, in SQL: the organization, the book
 * (BOOK_CONTACT_SQL, the predicate of the partial name-order index the walk reads), an agent's own contacts,
 * and the term; read as the tenant, so row-level security applies as to every list query. The walk is
 * MATERIALIZED so that the planner keeps it the index-only walk of contacts_book_order_search_idx (the partial
 * index's predicate is proven with the status as a parameter: list-contacts.test.ts checks the plan), and joins
 * the rows to the page's ids only.
 */
export async function readContactPage({ db, ...query }: ContactPageQuery): Promise<ContactPageRow[]> {
  if ("ids" in query.source && query.source.ids.length === 0) return [];
  const rows = await db.$queryRaw<RawPageRow[]>(contactPageSql(query));
  return rows.map(({ agentFirstName, agentLastName, agentStateLicenses, ownerFirstName, ownerLastName, ...row }) => ({
    ...row,
    agent:
      row.agentId !== null && agentFirstName !== null
        ? { id: row.agentId, firstName: agentFirstName, lastName: agentLastName ?? "" }
        : null,
    contactOwner:
      row.contactOwnerId !== null && ownerFirstName !== null
        ? { id: row.contactOwnerId, firstName: ownerFirstName, lastName: ownerLastName ?? "" }
        : null,
    agentStateLicenses: agentStateLicenses ?? [],
  }));
}

/**
 * The statement that counts the viewer's listed contacts when the list has neither a filter nor a search (the
 * list as it opens): the book's size, or an agent's share of it. For an admin it is an index-only count of
 * contacts_book_count_idx (migration 20261130130000_contacts_book_count_index: the organization's key over the
 * book's rows only, ~7 MB at 1,000,000 contacts) instead of a scan of the organization's rows, which at
 * 1,000,000 contacts set the first page's time (performance.md, Contact list query). Exported so that a test
 * can EXPLAIN it as the tenant.
 */
export function listedCountSql(organizationId: string, agentId: string | null): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS n FROM contacts WHERE ${listedContactSql(organizationId, agentId)}`;
}

/** How many contacts the list shows with neither a filter nor a search (listedCountSql). */
export async function countListedContacts(
  db: TenantDb | Db | TxClient,
  organizationId: string,
  agentId: string | null,
): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>(listedCountSql(organizationId, agentId));
  return row?.n ?? 0;
}
