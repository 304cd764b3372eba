import { createHash } from "node:crypto";
import type { DesiredRow } from "@/lib/outreach/rules";

/**
 * A page's schedule as one digest, so that a reschedule can tell that a page's stored rows already
 * are its desired rows without reading them back (the nightly run, where almost nothing changes).
 * PostgreSQL computes the digest of the stored rows (SCHEDULE_DIGEST_SQL in reschedule-contact.ts);
 * this file computes the same text for the desired rows. Each row is the JSON array
 * json_build_array(…)::text prints, with every field diffSchedule compares, so equal digests mean
 * JSON-equal rows: diffSchedule would find every row unchanged. Any difference in how a value is
 * printed (a number PostgreSQL prints otherwise, a key order) only makes the digests differ, and the
 * page then takes the full diff: never a wrong "unchanged".
 */

export type DigestRow = { contactId: string; row: DesiredRow };

/** A JSON value as PostgreSQL prints a jsonb: keys by length then bytes, ", " and ": " between items. */
export function jsonbText(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${jsonbText(v)}`).join(", ")}}`;
  }
  return JSON.stringify(value);
}

const text = (value: string | null) => (value === null ? "null" : JSON.stringify(value));

/** One row as json_build_array(contact, type, date, status, skip reason, priority, event date, send instant in ms, mode, parent, metadata)::text. */
export function digestRowText({ contactId, row }: DigestRow): string {
  return `[${text(contactId)}, ${text(row.emailType)}, ${text(row.sendDate)}, ${text(row.status)}, ${text(row.skipReason)}, ${row.priority}, ${text(row.eventDate)}, ${row.scheduledSendAt.getTime()}, ${text(row.sendMode)}, ${text(row.parentEmailId)}, ${jsonbText(row.metadata)}]`;
}

/** The rows in the digest's order: contact, then type, then date (the SQL orders uuids, "C"-collated text and dates the same way). */
const byKey = (a: DigestRow, b: DigestRow) =>
  compare(a.contactId, b.contactId) ||
  compare(a.row.emailType, b.row.emailType) ||
  compare(a.row.sendDate, b.row.sendDate);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** md5 of the rows' texts joined by newlines, in key order, with their count; "" for no rows (as the SQL's coalesce). */
export function scheduleDigest(rows: DigestRow[]): { rows: number; digest: string } {
  if (rows.length === 0) return { rows: 0, digest: "" };
  const joined = [...rows].sort(byKey).map(digestRowText).join("\n");
  return { rows: rows.length, digest: createHash("md5").update(joined).digest("hex") };
}
