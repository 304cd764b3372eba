import { randomUUID } from "node:crypto";
import { renderEmailBody, type EmailBody } from "@/lib/email/render-body";
import { isOutreachEmailType, OUTREACH_WORDING_FIELDS } from "@/lib/email/templates/outreach";
import { renderOutreachEmail, type OutreachEmailInput, type RenderedOutreachEmail } from "@/lib/outreach/render";

/**
 * Rendering a React Email template was most of the sweep's CPU per email (#19 point 2: 3.81 ms per email),
 * yet an organization's emails in a batch differ mostly in the contact's first name and links. So each
 * distinct template (email type, sender, whether it has an open pixel, and the fields its words depend
 * on: OUTREACH_WORDING_FIELDS) is rendered once per renderer, with placeholder tokens where the first name
 * and the links go; each email is that render with its own values put in: escaped as React escapes text
 * and attributes in the HTML, as they are in the plain text (the text conversion decodes them back).
 *
 * A value that React or the text conversion would not print unchanged (a name that is blank, padded, holds
 * control characters or runs of whitespace, a link that is not http(s)) gets a render of its own, as does a
 * type without an outreach template. render-once.test.ts proves the result byte for byte equal to a
 * render per email.
 */

export type PersonalizedOutreachEmail = RenderedOutreachEmail & { body: EmailBody };

type PersonalField = "firstName" | "quoteUrl" | "openPixelUrl";

// Letters and digits only, so React and the text conversion print them as they are; random per process,
// so no agency's name or signature can hold one.
const nonce = randomUUID().replaceAll("-", "");
const TOKENS: Record<PersonalField, string> = {
  firstName: `gwname${nonce}`,
  quoteUrl: `gwquote${nonce}`,
  openPixelUrl: `gwpixel${nonce}`,
};
const FIELD_OF_TOKEN = new Map(Object.entries(TOKENS).map(([field, token]) => [token, field as PersonalField]));
const TOKEN_PATTERN = new RegExp(`(${Object.values(TOKENS).join("|")})`);

/** React's escaping of text and attribute values (react-dom escapeTextForBrowser). */
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

// Words separated by single spaces, without zero-width spaces, lone surrogates or control characters: the
// text conversion collapses whitespace runs (the zero-width space counts as one), the stream React writes to
// replaces lone surrogates, and @react-email/render drops NULs on one of its two stream paths.
const PRINTED_AS_IS = /^[^\s\p{Cc}\u200b\p{Cs}]+(?: [^\s\p{Cc}\u200b\p{Cs}]+)*$/u;
const PLAIN_LINK = /^https?:\/\/[^\s\p{Cc}\u200b\p{Cs}]+$/u;

/** Whether every personal value of the email is printed unchanged, so a shared render can take it. */
function takesSharedRender({ firstName, quoteUrl, openPixelUrl }: OutreachEmailInput) {
  return PRINTED_AS_IS.test(firstName) && PLAIN_LINK.test(quoteUrl) && (!openPixelUrl || PLAIN_LINK.test(openPixelUrl));
}

/** A render split at its tokens: literal text at even indexes, the personal field's token at odd ones. */
type SplitBody = { html: string[]; text: string[] };

function fill(parts: readonly string[], value: (field: PersonalField) => string) {
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) out += value(FIELD_OF_TOKEN.get(parts[i]!)!) + parts[i + 1]!;
  return out;
}

export type OutreachRenderer = (input: OutreachEmailInput) => Promise<PersonalizedOutreachEmail>;

/**
 * A renderer for one organization's emails of one batch (its cache lives as long as the renderer).
 * `renderBody` is the one render (tests count its calls).
 */
export function outreachRenderer({ renderBody = renderEmailBody } = {}): OutreachRenderer {
  const shared = new Map<string, Promise<SplitBody>>();
  return async (input) => {
    const email = renderOutreachEmail(input);
    // A household email carries a second person's name and link: it is rendered on its own.
    if (!isOutreachEmailType(input.emailType) || !takesSharedRender(input) || input.household)
      return { ...email, body: await renderBody(email.react) };
    const wording = OUTREACH_WORDING_FIELDS[input.emailType].map((field) => input[field]);
    const key = JSON.stringify([input.emailType, input.sender, Boolean(input.openPixelUrl), wording]);
    let split = shared.get(key);
    if (!split) {
      const withTokens = renderOutreachEmail({
        ...input,
        firstName: TOKENS.firstName,
        quoteUrl: TOKENS.quoteUrl,
        openPixelUrl: input.openPixelUrl ? TOKENS.openPixelUrl : null,
      });
      split = renderBody(withTokens.react).then(({ html, text }) => ({
        html: html.split(TOKEN_PATTERN),
        text: text.split(TOKEN_PATTERN),
      }));
      shared.set(key, split);
    }
    const { html, text } = await split;
    const raw = (field: PersonalField) => input[field] ?? "";
    return { ...email, body: { html: fill(html, (field) => escapeHtml(raw(field))), text: fill(text, raw) } };
  };
}
