import { z } from "zod";

/**
 * Rules for free text the app accepts, shared by the forms, the routes and the send path. Pure: safe
 * in the browser bundle.
 *
 * - Control characters (C0, DEL, C1) and the Unicode line and paragraph separators never belong in a
 *   one-line value such as a name: in an email header a CR/LF starts a new header.
 * - A lone UTF-16 surrogate is not text: PostgreSQL refuses it in JSON (a 500 from the audit log),
 *   and encoders replace it silently elsewhere. Every request's values are checked by the wrapper
 *   (`illFormedTextPaths`); what the app writes itself is made well formed (`toWellFormedText`).
 */

export const TEXT_MESSAGES = {
  controlCharacters: "Please remove line breaks and other control characters.",
  illFormed: "Contains characters that are not valid text.",
} as const;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

/** One line: every run of control characters becomes a space; spaces collapsed and trimmed. */
export function oneLine(value: string): string {
  return value.replace(CONTROL_RUNS, " ").replace(/ {2,}/g, " ").trim();
}

/** True unless the string holds a lone surrogate (String.prototype.isWellFormed, which not every runtime has). */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

const isAcceptedText = (value: string) => isWellFormedText(value) && !value.includes("\u0000");

/** Lone surrogates replaced by U+FFFD (String.prototype.toWellFormed). */
export function toWellFormedText(value: string): string {
  return value.replace(LONE_SURROGATES, "\uFFFD");
}

/**
 * The paths ("settings.brandName", "contacts.3.firstName"; "_" for the value itself) of every string in
 * a parsed JSON value, query or params object that is not text the database can hold, object keys
 * included: a lone surrogate, or NUL (PostgreSQL refuses "\u0000" in text and jsonb alike, which made
 * a 500 of the CSV import). Empty when all is text.
 */
export function illFormedTextPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === "string") return isAcceptedText(value) ? [] : [path.length ? path.join(".") : "_"];
  if (Array.isArray(value)) return value.flatMap((item, index) => illFormedTextPaths(item, [...path, String(index)]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) =>
      isAcceptedText(key) ? illFormedTextPaths(item, [...path, key]) : [[...path, storableText(key)].join(".")],
    );
  }
  return [];
}

/** A one-line text field (a person's or an agency's name): refuses control characters. */
export function singleLine<T extends z.ZodType<string>>(schema: T, message: string = TEXT_MESSAGES.controlCharacters) {
  return schema.refine((value) => !hasControlCharacters(value), { error: message });
}

/** A string jsonb accepts: well formed, and without NUL (PostgreSQL refuses "\u0000" in jsonb and text). */
function storableText(value: string): string {
  return toWellFormedText(value).replace(/\u0000/g, "\uFFFD");
}

/** A JSON value PostgreSQL stores whatever its strings held: every string, keys included, made storable. */
export function toStorableJson<T>(value: T): T {
  if (typeof value === "string") return storableText(value) as T;
  if (Array.isArray(value)) return value.map((item) => toStorableJson(item)) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [storableText(key), toStorableJson(item)]),
    ) as T;
  }
  return value;
}
