"use client";

import { useId } from "react";
import { paginationItems, shownRange, totalLabel } from "@/components/contacts/list/pagination-items";
import { CONTACT_PAGE_SIZES } from "@/lib/contacts/list-contacts-query";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { Select } from "@/components/ui/input";

export type ContactPaginationProps = {
  page: number;
  limit: number;
  total: number;
  /** More than `total` match: "of 2,000+ results", and the pages stop at the total's. */
  totalCapped?: boolean;
  disabled?: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
};

/**
 * The list's pagination (client-side.md §2): Previous and Next on narrow screens; on wide screens
 * "Showing X to Y of Z results" with numbered pages (all of them up to 7, else ellipses). Page sizes
 * 50, 100, 250.
 */
export function ContactPagination({
  page,
  limit,
  total,
  totalCapped = false,
  disabled = false,
  onPage,
  onLimit,
}: ContactPaginationProps) {
  const sizeId = useId();
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const { from, to } = shownRange(page, limit, total);
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;

  // Rendered twice (narrow and wide layouts, one hidden by CSS): each copy needs its own id so that
  // "Per page" always names the select that is visible.
  const sizePicker = (variant: "narrow" | "wide") => (
    <div className="flex items-center gap-2 text-sm text-gray-700">
      <label htmlFor={`${sizeId}-${variant}`} className="whitespace-nowrap">
        Per page
      </label>
      <Select
        id={`${sizeId}-${variant}`}
        value={limit}
        disabled={disabled}
        onChange={(event) => onLimit(Number(event.target.value))}
        className="w-auto"
      >
        {CONTACT_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Select>
    </div>
  );

  return (
    <div className="flex flex-col gap-3 border-t border-gray-200 bg-white px-4 py-3 sm:px-6">
      {/* Narrow screens */}
      <div className="flex items-center justify-between gap-2 sm:hidden">
        <Button variant="secondary" disabled={disabled || !hasPrevious} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span className="text-sm text-gray-600">
          {page} / {totalPages}
        </span>
        <Button variant="secondary" disabled={disabled || !hasNext} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
      <div className="flex justify-center sm:hidden">{sizePicker("narrow")}</div>

      {/* Wide screens */}
      <div className="hidden items-center justify-between gap-4 sm:flex">
        <div className="flex items-center gap-6">
          <p className="text-sm text-gray-700" aria-live="polite">
            Showing <span className="font-medium">{from.toLocaleString("en-US")}</span> to{" "}
            <span className="font-medium">{to.toLocaleString("en-US")}</span> of{" "}
            <span className="font-medium">{totalLabel(total, totalCapped)}</span> results
          </p>
          {sizePicker("wide")}
        </div>
        <nav className="isolate inline-flex -space-x-px rounded-md shadow-sm" aria-label="Pagination">
          <Button
            variant="secondary"
            size="sm"
            className="rounded-r-none focus-visible:z-20"
            disabled={disabled || !hasPrevious}
            onClick={() => onPage(page - 1)}
            aria-label="Previous page"
          >
            <svg className="h-5 w-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M12.79 5.23a.75.75 0 0 1-.02 1.06L8.83 10l3.94 3.71a.75.75 0 1 1-1.04 1.08l-4.5-4.25a.75.75 0 0 1 0-1.08l4.5-4.25a.75.75 0 0 1 1.06.02Z"
                clipRule="evenodd"
              />
            </svg>
          </Button>
          {paginationItems(page, totalPages).map((item) =>
            typeof item === "number" ? (
              <Button
                key={item}
                variant={item === page ? "primary" : "secondary"}
                size="sm"
                disabled={disabled}
                aria-current={item === page ? "page" : undefined}
                aria-label={`Page ${item}`}
                onClick={() => item !== page && onPage(item)}
                className={cx("rounded-none focus-visible:z-20", item === page && "z-10")}
              >
                {item}
              </Button>
            ) : (
              <span
                key={item}
                className="relative inline-flex min-h-11 items-center px-3 text-sm font-semibold text-gray-600 ring-1 ring-inset ring-gray-400"
                aria-hidden="true"
              >
                ...
              </span>
            ),
          )}
          <Button
            variant="secondary"
            size="sm"
            className="rounded-l-none focus-visible:z-20"
            disabled={disabled || !hasNext}
            onClick={() => onPage(page + 1)}
            aria-label="Next page"
          >
            <svg className="h-5 w-5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M7.21 14.77a.75.75 0 0 1 .02-1.06L11.17 10 7.23 6.29a.75.75 0 1 1 1.04-1.08l4.5 4.25a.75.75 0 0 1 0 1.08l-4.5 4.25a.75.75 0 0 1-1.06-.02Z"
                clipRule="evenodd"
              />
            </svg>
          </Button>
        </nav>
      </div>
    </div>
  );
}
