import { DEFAULT_CONTACT_PAGE_SIZE } from "@/lib/contacts/list-contacts-query";

/**
 * The /contacts URL from the list's state (client-side.md §2 Routes): page only when above 1, limit
 * only when not 100, search, carriers and states as comma lists, agents as comma ids, age_min,
 * age_max, hasViewedQuoteRecently=true, hasCompletedHealthRecently=true. listContactsQuerySchema reads
 * it back. Pure: used by the client table and the export link.
 */

export type ContactListFilters = {
  search?: string;
  states?: string[];
  carriers?: string[];
  /** Agent ids and/or "unassigned". */
  agentIds?: string[];
  ageMin?: number;
  ageMax?: number;
  hasViewedQuoteRecently?: boolean;
  hasCompletedHealthRecently?: boolean;
  page?: number;
  limit?: number;
};

const commaList = (items: string[] | undefined) =>
  (items ?? []).map((item) => item.trim()).filter((item) => item !== "");

/** The query string without "?" ("" when there is nothing to say). Commas between items stay literal. */
export function contactListQueryString(
  filters: ContactListFilters,
  { paging = true }: { paging?: boolean } = {},
): string {
  const parts: string[] = [];
  const add = (key: string, value: string) => parts.push(`${key}=${value}`);
  if (paging) {
    if (filters.page !== undefined && Math.floor(filters.page) > 1) add("page", String(Math.floor(filters.page)));
    if (filters.limit !== undefined && filters.limit !== DEFAULT_CONTACT_PAGE_SIZE) add("limit", String(filters.limit));
  }
  const search = filters.search?.trim();
  if (search) add("search", encodeURIComponent(search));
  const list = (key: string, items: string[] | undefined) => {
    const values = commaList(items);
    if (values.length > 0) add(key, values.map(encodeURIComponent).join(","));
  };
  list("carriers", filters.carriers);
  list("states", filters.states);
  list("agents", filters.agentIds);
  if (filters.ageMin !== undefined) add("age_min", String(filters.ageMin));
  if (filters.ageMax !== undefined) add("age_max", String(filters.ageMax));
  if (filters.hasViewedQuoteRecently) add("hasViewedQuoteRecently", "true");
  if (filters.hasCompletedHealthRecently) add("hasCompletedHealthRecently", "true");
  return parts.join("&");
}

/** Whether any filter or search narrows the list (then an empty page is not an empty book). */
export function hasContactListFilters(filters: ContactListFilters): boolean {
  return contactListQueryString(filters, { paging: false }) !== "";
}

/** "/contacts" plus the query string. */
export function contactListHref(filters: ContactListFilters): string {
  const query = contactListQueryString(filters);
  return query ? `/contacts?${query}` : "/contacts";
}

/** The Export CSV link: the same filters, every page. */
export function contactExportHref(filters: ContactListFilters): string {
  const query = contactListQueryString(filters, { paging: false });
  return query ? `/api/contacts/export?${query}` : "/api/contacts/export";
}
