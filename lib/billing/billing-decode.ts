import { formatShortDate } from "@/lib/calendar/date-format";

/**
 * The browser's checks of billing answers (agency-side.md §5: "Dates in server responses must be ISO
 * 8601 date only", "Unknown invoice status: {value}"). Pure and client-safe: a server that drifts
 * (a timestamp where a date belongs, a Stripe status we do not map) shows a precise text instead of a
 * page that renders nonsense.
 */

export const DECODE_MESSAGES = {
  notIsoDate: "Expected a date in ISO 8601 format",
  dateTime: "Expected a date only, not a date and time",
  invalidDate: "Invalid date format",
  unknownInvoiceStatus: (value: string) => `Unknown invoice status: ${value}`,
} as const;

export class DecodeError extends Error {}

export const INVOICE_STATUSES = ["pending", "paid", "failed"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export function decodeInvoiceStatus(value: unknown): InvoiceStatus {
  if (typeof value === "string" && (INVOICE_STATUSES as readonly string[]).includes(value))
    return value as InvoiceStatus;
  throw new DecodeError(DECODE_MESSAGES.unknownInvoiceStatus(String(value)));
}

/** "2026-11-01" → the same string; a date and time, a non-date or an impossible day is refused. */
export function decodeIsoDate(value: unknown): string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(value)) throw new DecodeError(DECODE_MESSAGES.notIsoDate);
  if (value.length > 10)
    throw new DecodeError(/^\d{4}-\d{2}-\d{2}T/.test(value) ? DECODE_MESSAGES.dateTime : DECODE_MESSAGES.notIsoDate);
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    throw new DecodeError(DECODE_MESSAGES.invalidDate);
  return value;
}

/** §9 "Date display format MMM dd, yyyy": "2026-12-05" → "Dec 05, 2026". */
export function formatDisplayDate(isoDate: string): string {
  return formatShortDate(decodeIsoDate(isoDate));
}
