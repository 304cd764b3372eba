/** A numbered page, or a gap shown as an ellipsis. */
export type PageItem = number | "ellipsis-start" | "ellipsis-end";

export const MAX_PAGES_WITHOUT_ELLIPSIS = 7;

/**
 * The numbered buttons of the contact list's pagination (client-side.md §2): every page when there
 * are at most 7; otherwise 7 slots — the first and last page, the current page with its neighbours,
 * and an ellipsis for each gap.
 *   1 2 3 4 5 … 20   |   1 … 9 10 11 … 20   |   1 … 16 17 18 19 20
 */
export function paginationItems(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  if (totalPages <= MAX_PAGES_WITHOUT_ELLIPSIS) return Array.from({ length: totalPages }, (_, i) => i + 1);
  if (page <= 4) return [1, 2, 3, 4, 5, "ellipsis-end", totalPages];
  if (page >= totalPages - 3)
    return [1, "ellipsis-start", totalPages - 4, totalPages - 3, totalPages - 2, totalPages - 1, totalPages];
  return [1, "ellipsis-start", page - 1, page, page + 1, "ellipsis-end", totalPages];
}

/** The list's total as shown: "1,450", or "2,000+" when a broad search was not counted past 2,000. */
export function totalLabel(total: number, totalCapped = false): string {
  return `${total.toLocaleString("en-US")}${totalCapped ? "+" : ""}`;
}

/** "Showing X to Y of Z results": the 1-based range of rows on this page. */
export function shownRange(page: number, limit: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * limit + 1;
  return { from: Math.min(from, total), to: Math.min(page * limit, total) };
}
