import { z } from "zod";
import { isUuid } from "@/lib/validation/uuid";
import { nationalDigits } from "@/lib/phone/phone";

/**
 * The contact list's query string (GET /api/contacts and the /contacts page URL), parsed from the
 * URL form: comma lists, "true" flags, page/limit as numbers. Pure: no database, no clock.
 */

export const CONTACT_PAGE_SIZES = [50, 100, 250] as const;
export type ContactPageSize = (typeof CONTACT_PAGE_SIZES)[number];
export const DEFAULT_CONTACT_PAGE_SIZE: ContactPageSize = 100;

/** Agent filter value for contacts with no assigned agent. */
export const UNASSIGNED_AGENT = "unassigned";

// Bounds keep a hand-edited URL from turning into an enormous IN list or LIKE pattern.
const MAX_LIST_ITEMS = 100;
const MAX_SEARCH_LENGTH = 100;

const PHONE_LIKE = /^[\d\s().+-]+$/;

/** Letters PostgreSQL's unaccent rewrites that Unicode decomposition leaves whole. */
const WHOLE_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** Lower-case without accents, as the database's lower(unaccent(…)) keeps contacts.search_text. */
export function withoutAccents(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[ßæœøłđðþı]/g, (letter) => WHOLE_LETTERS[letter] ?? letter);
}

/**
 * Turns what the user typed into the fragment matched against contacts.search_text, which the
 * database keeps as lower(unaccent("first last email phone carrier")) with the phone as 10 bare
 * digits. So: trim, lower-case, drop accents (zoë finds Zoe and zoe finds Zoë), collapse inner
 * whitespace (the column has single spaces), and reduce a phone-looking term such as "(512) 555-01" to
 * its digits. Returns undefined when nothing searchable is left.
 */
export function normalizeSearchTerm(raw: string | undefined | null): string | undefined {
  if (raw == null) return undefined;
  const term = withoutAccents(raw.trim()).replace(/\s+/g, " ").slice(0, MAX_SEARCH_LENGTH);
  if (term === "") return undefined;
  if (PHONE_LIKE.test(term) && /\d/.test(term)) {
    // Stored numbers are 10 digits without the North American country code: "+1 512 555 0100" must still match.
    return nationalDigits(term);
  }
  return term;
}

function commaList<T extends z.ZodType<unknown, string>>(item: T) {
  return z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part !== ""),
    )
    .pipe(z.array(item).max(MAX_LIST_ITEMS));
}

/** An age bound in whole years (age_min / age_max in the URL); blank is no bound. */
const ageBound = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : Number(value)))
  .pipe(
    z
      .number({ error: "Ages are whole numbers of years." })
      .int("Ages are whole numbers of years.")
      .min(0)
      .max(130)
      .optional(),
  );

const flag = z
  .enum(["true", "false", ""])
  .optional()
  .transform((value) => value === "true");

export const listContactsQuerySchema = z
  .object({
    search: z
      .string()
      .optional()
      .transform((value) => normalizeSearchTerm(value)),
    states: commaList(
      z
        .string()
        .transform((s) => s.toUpperCase())
        .pipe(z.string().regex(/^[A-Z]{2}$/, "States are two-letter codes.")),
    ),
    carriers: commaList(z.string().max(200)),
    /** Agent ids (uuid) and/or "unassigned"; only honoured for admins. */
    agents: commaList(
      z.string().refine((s) => s === UNASSIGNED_AGENT || isUuid(s), 'Agents are user ids or "unassigned".'),
    ),
    page: z
      .string()
      .optional()
      .transform((value) => (value === undefined || value === "" ? 1 : Number(value)))
      .pipe(z.number().int().min(1).max(1_000_000)),
    limit: z
      .enum(["", ...CONTACT_PAGE_SIZES.map(String)] as [string, ...string[]])
      .optional()
      .transform((value): ContactPageSize => (value ? (Number(value) as ContactPageSize) : DEFAULT_CONTACT_PAGE_SIZE)),
    age_min: ageBound,
    age_max: ageBound,
    hasViewedQuoteRecently: flag,
    hasCompletedHealthRecently: flag,
  })
  .transform(({ agents, age_min, age_max, ...rest }) => ({
    ...rest,
    agentIds: agents,
    ageMin: age_min,
    ageMax: age_max,
  }));

export type ListContactsQuery = z.output<typeof listContactsQuerySchema>;
