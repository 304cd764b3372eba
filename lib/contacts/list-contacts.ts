import "server-only";
import { unlicensedStateOf } from "@/lib/outreach-schedule/gates";
import type { Db, TenantDb, TxClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  CONTACT_PAGE_SIZES,
  DEFAULT_CONTACT_PAGE_SIZE,
  normalizeSearchTerm,
  UNASSIGNED_AGENT,
  type ContactPageSize,
} from "@/lib/contacts/list-contacts-query";
import { bookContactWhere } from "@/lib/contacts/book";
import { SEARCH_CHANGES_MAX } from "@/lib/contacts/search-chunks";
import {
  contactListSelect,
  countListedContacts,
  listedContactSql,
  readContactPage,
  type ContactListRecord,
  type ContactPageRow,
  type ContactPageSource,
} from "@/lib/contacts/list-contacts-page";

export {
  listContactsQuerySchema,
  normalizeSearchTerm,
  type ListContactsQuery,
} from "@/lib/contacts/list-contacts-query";

/** "Quote (30d)" and "Health (30d)" on the contact list look back this far from `now`. */
export const RECENT_ACTIVITY_DAYS = 30;

export type ContactViewer = { id: string; isAdmin: boolean };

export type ListContactsInput = {
  /** Normally tenantDb(organizationId); the where carries organizationId anyway (first wall, rls.md). */
  db: TenantDb | Db | TxClient;
  organizationId: string;
  viewer: ContactViewer;
  search?: string;
  states?: string[];
  carriers?: string[];
  /** Admins only; ignored for agents, who only ever see their own contacts. May hold "unassigned". */
  agentIds?: string[];
  page?: number;
  limit?: number;
  /** Age bounds in whole years on `now`'s UTC calendar date (age_min / age_max); contacts without a birth date drop out. */
  ageMin?: number;
  ageMax?: number;
  hasViewedQuoteRecently?: boolean;
  hasCompletedHealthRecently?: boolean;
  now: Date;
  /** At most this many candidate ids for a search without a state or carrier filter (SEARCH_CANDIDATE_LIMIT); 0 keeps the plain LIKE (tests and bench compare the two). */
  searchCandidateLimit?: number;
};

export type ContactListItem = ContactListRecord & {
  /** In a state outside the agency's (or the assigned agent's) licences: automatic outreach skips it. */
  outsideLicensedStates: boolean;
  hasViewedQuoteRecently: boolean;
  hasCompletedHealthRecently: boolean;
  lastQuoteViewedAt: Date | null;
  lastHealthCompletedAt: Date | null;
};

export type ListContactsResult = {
  contacts: ContactListItem[];
  /** The filtered set's size; with totalCapped, a lower bound: more than this many match (a broad search). */
  total: number;
  totalCapped: boolean;
  page: number;
  limit: ContactPageSize;
};

/** The values the Carrier and State checklists offer: what the viewer's contacts actually hold. */
export type ContactFilterOptions = { states: string[]; carriers: string[] };

/**
 * Who may see which contacts: always one organization (house rule: every where carries it, RLS is
 * only the second wall), and an agent who is not an admin only the contacts assigned to them. Every
 * contact read for a signed-in user (list, export, bulk actions) should start from this fragment.
 */
export function contactVisibilityWhere(organizationId: string, viewer: ContactViewer): Prisma.ContactWhereInput {
  return viewer.isAdmin ? { organizationId } : { organizationId, agentId: viewer.id };
}

/** What the contact list, its filters and stat cards and the export show: the viewer's part of the book (lib/contacts/book.ts). */
export function listedContactWhere(organizationId: string, viewer: ContactViewer): Prisma.ContactWhereInput {
  return { AND: [contactVisibilityWhere(organizationId, viewer), bookContactWhere(organizationId)] };
}

/**
 * Prisma passes `contains` through as LIKE '%term%' without escaping, so a typed "%" or "_" would
 * match anything; backslash is PostgreSQL's default LIKE escape.
 */
export function escapeLikePattern(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function recentSince(now: Date): Date {
  return new Date(now.getTime() - RECENT_ACTIVITY_DAYS * 86_400_000);
}

/**
 * The calendar date `years` years before `today` (UTC midnight, the form @db.Date columns take); a
 * 29 February that the target year lacks becomes the 28th, so a leap-day "today" never shifts by one.
 */
function yearsBefore(today: Date, years: number): Date {
  const y = today.getUTCFullYear() - years;
  const m = today.getUTCMonth();
  const d = today.getUTCDate();
  const date = new Date(Date.UTC(y, m, d));
  return date.getUTCMonth() === m ? date : new Date(Date.UTC(y, m + 1, 0));
}

/** birthDate bounds for "age between ageMin and ageMax" on `now`'s date: age ≥ n ⇔ born on or before today − n years. */
export function birthDateRangeForAges(
  now: Date,
  ageMin?: number,
  ageMax?: number,
): Prisma.DateTimeNullableFilter | undefined {
  if (ageMin === undefined && ageMax === undefined) return undefined;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const range: Prisma.DateTimeNullableFilter = { not: null };
  if (ageMin !== undefined) range.lte = yearsBefore(today, ageMin);
  if (ageMax !== undefined) range.gt = yearsBefore(today, ageMax + 1);
  return range;
}

function pageSize(limit: number | undefined): ContactPageSize {
  return (CONTACT_PAGE_SIZES as readonly number[]).includes(limit ?? NaN)
    ? (limit as ContactPageSize)
    : DEFAULT_CONTACT_PAGE_SIZE;
}

/** The where of the list: visibility plus the filters. Exported so that "select all N" bulk actions act on exactly the listed set. */
export function contactListWhere(
  input: Omit<ListContactsInput, "db" | "page" | "limit" | "searchCandidateLimit">,
): Prisma.ContactWhereInput {
  const { organizationId, viewer, states, carriers, agentIds, now } = input;
  const and: Prisma.ContactWhereInput[] = [listedContactWhere(organizationId, viewer)];

  const term = normalizeSearchTerm(input.search);
  // search_text is already lower-case (trigger), so a plain LIKE '%term%' is right and is the form
  // the pg_trgm GIN index can serve; mode "insensitive" would only add lower() work.
  if (term) and.push({ searchText: { contains: escapeLikePattern(term) } });
  if (states && states.length > 0) and.push({ state: { in: states } });
  if (carriers && carriers.length > 0) and.push({ currentCarrier: { in: carriers } });

  if (viewer.isAdmin && agentIds && agentIds.length > 0) {
    const ids = agentIds.filter((id) => id !== UNASSIGNED_AGENT);
    const agentOr: Prisma.ContactWhereInput[] = [];
    if (ids.length > 0) agentOr.push({ agentId: { in: ids } });
    if (ids.length < agentIds.length) agentOr.push({ agentId: null });
    and.push({ OR: agentOr });
  }

  const birthDate = birthDateRangeForAges(now, input.ageMin, input.ageMax);
  if (birthDate) and.push({ birthDate });

  const since = recentSince(now);
  if (input.hasViewedQuoteRecently)
    and.push({ trackingClicks: { some: { organizationId, clickedAt: { gte: since, lte: now } } } });
  if (input.hasCompletedHealthRecently)
    and.push({ eligibilityAnswers: { some: { organizationId, createdAt: { gte: since, lte: now } } } });

  return { AND: and };
}

/**
 * A search whose term more of the organization's contacts hold than this keeps the plain LIKE filter:
 * the ids read, sent back and looked up again grow with the matches, while the scan they save does not.
 * Measured (performance.md, Contact list query, term by term): ~1,800 candidates were 6× faster than the
 * scan of a 1,000,000-contact book and even with a 100,000-contact one; ~3,000 were slower there.
 * It is also where the list stops counting a search's matches: beyond it the total reads "2,000+".
 */
export const SEARCH_CANDIDATE_LIMIT = 2_000;

/**
 * What the candidate probe found: the matching ids, or that there are more than the limit, then with the ids of
 * the page asked for when the organization's search chunks could find it (contact_search_page; lib/contacts/
 * search-chunks.ts).
 */
export type SearchCandidates = { ids: string[] } | { overLimit: true; pageIds?: string[] };

/** The page a probe should also find when more than the limit match: `take` matches after `skip`, in the list's order. */
export type SearchPageWanted = { skip: number; take: number };

/**
 * The ids of the viewer's listed contacts (the book; an agent's own) whose search text holds `term`, in the
 * list's order (last name, first name, id), read through the trigram index by the SECURITY DEFINER function
 * contact_search_candidates (migrations 20261125030000_contact_search_candidates,
 * 20261125043902_contact_list_search_index and 20261129201500_contact_search_candidates_in_list_order): under
 * row-level security PostgreSQL will not use LIKE as an index condition, so without it a search with no state
 * filter scans the whole book. `overLimit` when more than `limit` match (a term most of the book holds is told
 * apart from the first entries in name order, before any trigram bitmap is built). Undefined for a client that
 * is not this organization's tenant (the function answers only app.org_id's rows, and the owner's client sets none).
 */
export async function searchCandidates(
  db: TenantDb | Db | TxClient,
  organizationId: string,
  viewer: ContactViewer,
  term: string,
  limit = SEARCH_CANDIDATE_LIMIT,
  page?: SearchPageWanted,
): Promise<SearchCandidates | undefined> {
  const agent = viewer.isAdmin ? null : viewer.id;
  // One round trip: the page is looked for only when the probe found more than the limit (OFFSET 0 keeps the
  // probe a subquery evaluated once, not an expression the planner could copy into the CASE).
  const [row] = await db.$queryRaw<{ tenant: string | null; ids: string[] | null; page: string[] | null }[]>`
    SELECT p.tenant, p.ids,
           CASE WHEN p.ids IS NULL AND ${page !== undefined} THEN
             contact_search_page(${term}, ${agent}::uuid, ${page?.skip ?? 0}::int, ${page?.take ?? 0}::int,
                                 ${SEARCH_CHANGES_MAX}::int)::text[]
           END AS page
      FROM (SELECT app_current_org()::text AS tenant,
                   contact_search_candidates(${term}, ${agent}::uuid, ${limit}::int)::text[] AS ids
            OFFSET 0) p`;
  if (!row || row.tenant !== organizationId.toLowerCase()) return undefined;
  if (row.ids !== null) return { ids: row.ids };
  return row.page === null ? { overLimit: true } : { overLimit: true, pageIds: row.page };
}

/** No filter but the search itself: what contact_search_candidates matches is exactly what the list shows. */
function onlySearchFilters(input: ListContactsInput): boolean {
  return (
    !(input.states?.length || input.carriers?.length) &&
    !(input.viewer.isAdmin && input.agentIds?.length) &&
    input.ageMin === undefined &&
    input.ageMax === undefined &&
    !input.hasViewedQuoteRecently &&
    !input.hasCompletedHealthRecently
  );
}

const LIST_ORDER = [
  { lastName: "asc" },
  { firstName: "asc" },
  { id: "asc" },
] satisfies Prisma.ContactOrderByWithRelationInput[];

/**
 * One page of the contact list (client-side.md, Contact list page and GET /api/contacts), ordered by
 * last name, first name, id (id makes the order total, so pages never overlap), with the total count
 * of the filtered set. The page and the count run concurrently.
 *
 * A search without a state or carrier filter is served through the candidate probe (searchCandidates):
 *  - up to SEARCH_CANDIDATE_LIMIT matches: the ids come in the list's order, so with no other filter the
 *    total is their number and the page reads only its own slice of them; with other filters the page and
 *    the count read only those ids;
 *  - more: the total is not counted past the limit (`totalCapped`, "2,000+"), and the page's ids are found
 *    first by an index-only walk of the book's name-order index (contacts_book_order_search_idx: partial, the
 *    book's rows only, search_text and agent_id included), then only their rows are read; reading whole rows
 *    along the walk cost ~500 ms at 1,000,000 contacts when the matches sit late in the order (performance.md,
 *    Contact list query). With no other filter and an organization that has search chunks (lib/contacts/
 *    search-chunks.ts), the page's ids come with the probe instead: only the runs of the name order whose text
 *    holds the term are walked.
 * With no filter but the search (or none at all), the page is one statement (readContactPage): the walk or
 * the slice, the rows, their agent and owner and the recent activity, instead of Prisma's five.
 */
export async function listContacts(input: ListContactsInput): Promise<ListContactsResult> {
  const { db, organizationId, now } = input;
  const page = Math.max(1, Math.floor(input.page ?? 1));
  const limit = pageSize(input.limit);
  const term = normalizeSearchTerm(input.search);
  // A state or carrier filter is an equality the (organization_id, state|current_carrier) index serves under
  // row-level security: it already narrows the scan, and measured at 100,000 contacts the candidate ids
  // only added their own cost to it (performance.md, Contact list query).
  const narrowedByIndex = (input.states?.length ?? 0) > 0 || (input.carriers?.length ?? 0) > 0;
  const candidateLimit = narrowedByIndex ? 0 : (input.searchCandidateLimit ?? SEARCH_CANDIDATE_LIMIT);
  const skip = (page - 1) * limit;
  // With no filter but the search, a broad term's page can come with the probe (the search chunks).
  const pageWanted = onlySearchFilters(input) ? { skip, take: limit } : undefined;
  const candidates =
    term && candidateLimit > 0
      ? await searchCandidates(db, organizationId, input.viewer, term, candidateLimit, pageWanted)
      : undefined;
  const candidateIds = candidates && "ids" in candidates ? candidates.ids : undefined;
  const overLimit = candidates !== undefined && "overLimit" in candidates;
  const chunkedPageIds = candidates && "overLimit" in candidates ? candidates.pageIds : undefined;
  // The ids only narrow: the where still holds the LIKE and every other filter, read as the tenant under
  // row-level security, so a wrong id could never add a row (another organization's least of all); and
  // the function answers every match of the term, so none is lost either.
  const where: Prisma.ContactWhereInput = candidateIds
    ? { AND: [contactListWhere(input), { id: { in: candidateIds } }] }
    : contactListWhere(input);
  const since = recentSince(now);
  const contact = db.contact;

  const countMatches = async (): Promise<{ total: number; totalCapped: boolean }> => {
    if (!term && onlySearchFilters(input)) {
      const agentId = input.viewer.isAdmin ? null : input.viewer.id;
      return { total: await countListedContacts(db, organizationId, agentId), totalCapped: false };
    }
    if (candidateIds && onlySearchFilters(input)) return { total: candidateIds.length, totalCapped: false };
    if (overLimit && onlySearchFilters(input)) return { total: candidateLimit, totalCapped: true };
    if (overLimit) {
      // Other filters may leave fewer than the limit: count, but never past it.
      const upTo = await contact.count({ where, take: candidateLimit + 1 });
      return upTo > candidateLimit ? { total: candidateLimit, totalCapped: true } : { total: upTo, totalCapped: false };
    }
    return { total: await contact.count({ where }), totalCapped: false };
  };

  const pageSelect = {
    ...contactListSelect,
    agent: { select: { ...contactListSelect.agent.select, stateLicenses: true } },
    // Only the newest click/answer in the window: enough for the Quote/Health checks on each row.
    trackingClicks: {
      where: { organizationId, clickedAt: { gte: since, lte: now } },
      orderBy: { clickedAt: "desc" },
      take: 1,
      select: { clickedAt: true },
    },
    eligibilityAnswers: {
      where: { organizationId, createdAt: { gte: since, lte: now } },
      orderBy: { createdAt: "desc" },
      take: 1,
      select: { createdAt: true },
    },
  } satisfies Prisma.ContactSelect;

  // With no filter but the search (the common case: the list as it opens, or a search box), the where is
  // listedContactWhere's and the term, which readContactPage states in SQL: the page is one statement.
  const pageOf = (source: ContactPageSource) =>
    readContactPage({
      db,
      organizationId,
      agentId: input.viewer.isAdmin ? null : input.viewer.id,
      likeFragment: term ? escapeLikePattern(term) : undefined,
      since,
      now,
      source,
    });

  const readPage = async (): Promise<ContactPageRow[]> => {
    if (onlySearchFilters(input)) {
      // The candidate ids come in the list's order and are exactly the list: the page is a slice of them. A broad
      // term's page ids came with the probe when the search chunks found them; otherwise (no term, a broad term
      // without chunks, or no probe) the page is found by walking the name order.
      if (candidateIds) return pageOf({ ids: candidateIds.slice(skip, skip + limit) });
      return chunkedPageIds ? pageOf({ ids: chunkedPageIds }) : pageOf({ skip, limit });
    }
    if (overLimit) {
      // Other filters on a broad term: the page's ids under the whole where, then their rows.
      const pageIds = await contact.findMany({ where, orderBy: LIST_ORDER, skip, take: limit, select: { id: true } });
      return pageOf({ ids: pageIds.map((row) => row.id) });
    }
    const rows = await contact.findMany({ where, orderBy: LIST_ORDER, skip, take: limit, select: pageSelect });
    return rows.map(({ trackingClicks, eligibilityAnswers, agent, ...row }) => ({
      ...row,
      agent: agent ? { id: agent.id, firstName: agent.firstName, lastName: agent.lastName } : null,
      agentStateLicenses: agent?.stateLicenses ?? [],
      lastQuoteViewedAt: trackingClicks[0]?.clickedAt ?? null,
      lastHealthCompletedAt: eligibilityAnswers[0]?.createdAt ?? null,
    }));
  };

  const [rows, { total, totalCapped }, organization] = await Promise.all([
    readPage(),
    countMatches(),
    db.organization.findFirst({ where: { id: organizationId }, select: { stateLicenses: true } }),
  ]);

  const contacts = rows.map(({ agentStateLicenses, ...row }) => ({
    ...row,
    // The planner's rule (lib/outreach-schedule/plan.ts), so the list marks exactly the contacts outreach skips.
    outsideLicensedStates:
      unlicensedStateOf(
        { state: row.state, agentStateLicenses },
        { stateLicenses: organization?.stateLicenses ?? [] },
      ) !== null,
    hasViewedQuoteRecently: row.lastQuoteViewedAt !== null,
    hasCompletedHealthRecently: row.lastHealthCompletedAt !== null,
  }));
  return { contacts, total, totalCapped, page, limit };
}

/**
 * filterOptions of GET /api/contacts: the distinct states and carriers among the contacts the viewer
 * may see (not only the filtered page, so a checklist never hides the way back). One statement, one tenant
 * operation instead of two (each is a transaction of its own, issue #19 point 6). Every request of the contact
 * list asks for them, so their cost must not follow the book: for an admin each list is a skip scan of its
 * (organization_id, state|current_carrier) index, one step per distinct value (the next value above the last,
 * the first entry of the book that holds it), ~60 steps however large the book; the GROUP BY it replaced read
 * every row of the organization (~530 ms at 1,000,000 contacts, 6 ms this way; performance.md, Contact list
 * query). An agent who is not an admin keeps the GROUP BY over their own contacts, which the
 * (organization_id, agent_id) index finds: each step of a skip scan would pass every other agent's entries.
 * The where is listedContactWhere's in SQL: the organization, the book (BOOK_CONTACT_SQL) and, for an agent who
 * is not an admin, their own contacts; row-level security applies as to every tenant query.
 */
export async function listContactFilterOptions({
  db,
  organizationId,
  viewer,
}: {
  db: TenantDb;
  organizationId: string;
  viewer: ContactViewer;
}): Promise<ContactFilterOptions> {
  const visible = listedContactSql(organizationId, viewer.isAdmin ? null : viewer.id);
  const rows = await db.$queryRaw<{ list: "state" | "carrier"; value: string }[]>(
    viewer.isAdmin
      ? Prisma.sql`
    WITH RECURSIVE states(value) AS (
      (SELECT state FROM contacts WHERE ${visible} AND state IS NOT NULL ORDER BY state LIMIT 1)
      UNION ALL
      SELECT (SELECT c.state FROM contacts c WHERE ${visible} AND c.state > s.value ORDER BY c.state LIMIT 1)
        FROM states s WHERE s.value IS NOT NULL
    ), carriers(value) AS (
      (SELECT current_carrier FROM contacts WHERE ${visible} AND current_carrier IS NOT NULL
        ORDER BY current_carrier LIMIT 1)
      UNION ALL
      SELECT (SELECT c.current_carrier FROM contacts c WHERE ${visible} AND c.current_carrier > s.value
               ORDER BY c.current_carrier LIMIT 1)
        FROM carriers s WHERE s.value IS NOT NULL
    )
    SELECT 'state' AS list, value FROM states WHERE value IS NOT NULL
    UNION ALL
    SELECT 'carrier' AS list, value FROM carriers WHERE value IS NOT NULL
    ORDER BY list DESC, value`
      : Prisma.sql`
    SELECT 'state' AS list, state AS value FROM contacts
     WHERE ${visible} AND state IS NOT NULL GROUP BY state
    UNION ALL
    SELECT 'carrier' AS list, current_carrier AS value FROM contacts
     WHERE ${visible} AND current_carrier IS NOT NULL GROUP BY current_carrier
    ORDER BY list DESC, value`,
  );
  const present = (value: string): boolean => value.trim() !== "";
  return {
    states: rows.filter((row) => row.list === "state" && present(row.value)).map((row) => row.value),
    carriers: rows.filter((row) => row.list === "carrier" && present(row.value)).map((row) => row.value),
  };
}
