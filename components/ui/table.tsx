import type { Key, ReactNode } from "react";
import { cx } from "@/components/ui/cx";
import { focusRing } from "@/components/ui/focus";

export type TableColumn<Row> = {
  /** The column header (a <th scope="col">). */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: "left" | "right";
  /** The first column of a row can be its header (<th scope="row">). */
  rowHeader?: boolean;
};

export type TableProps<Row> = {
  /** Names the table (<caption>) and its scroll region. */
  caption: string;
  /** Hide the caption visually (it still names the table). */
  captionHidden?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Shown in one full-width cell when there are no rows. */
  empty?: ReactNode;
  className?: string;
};

/**
 * A data table: caption, column headers with scope, and a scroll region that the keyboard can reach
 * (tabIndex 0, named by the caption) when the table is wider than the screen.
 */
export function Table<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  empty,
  className,
}: TableProps<Row>) {
  const alignClass = (align: "left" | "right" | undefined) => (align === "right" ? "text-right" : "text-left");
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={cx(
        "overflow-x-auto rounded-lg ring-1 ring-gray-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600",
        className,
      )}
    >
      <table className="min-w-full divide-y divide-gray-200 bg-white text-sm">
        <caption className={captionHidden ? "sr-only" : "px-4 py-3 text-left text-base font-semibold text-gray-900"}>
          {caption}
        </caption>
        <thead className="bg-gray-50">
          <tr>
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className={cx("px-4 py-3 font-semibold text-gray-800", alignClass(column.align))}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-6 text-center text-gray-600">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column, index) =>
                  column.rowHeader ? (
                    <th
                      key={index}
                      scope="row"
                      className={cx("px-4 py-3 font-medium text-gray-900", alignClass(column.align))}
                    >
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={index} className={cx("px-4 py-3 text-gray-800", alignClass(column.align))}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A region that scrolls sideways on a narrow screen: focusable and named, so a keyboard user can scroll it
 * (axe "scrollable-region-focusable"), with the kit's focus ring. For tables that are not built by Table.
 */
export function ScrollArea({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cx("overflow-x-auto", focusRing, className)}>
      {children}
    </div>
  );
}
