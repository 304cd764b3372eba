/**
 * The quote-link text message (issue #20 point 3), pure: one SMS segment of at most 160 GSM-7 characters, with the
 * agency's name first (CTIA: every message names its program), the contact's short tracked link, and
 * "Reply STOP to opt out". Anything outside GSM-7 (curly quotes, dashes, emoji, accents GSM-7 lacks) is replaced
 * or dropped, so the carrier never falls back to UCS-2, whose segment holds only 70 characters.
 *
 *   "Sunrise Insurance: Hi Ann! A birthday check on your Medicare Supplement: https://app.example.com/s/Ab3dE5gH9k Reply STOP to opt out"
 *
 * The link is a short link, `${APP_URL}/s/<10 letters and digits>` (shortLinkUrl): a full quote link (32 random bytes
 * and a tracking id) would take half the message. The redirect route that resolves it is not built yet.
 */

/** One SMS segment in GSM-7. */
export const SMS_MAX_LENGTH = 160;
export const SMS_OPT_OUT_TEXT = "Reply STOP to opt out";
/** Letters and digits of a short link's code: 62^10 ≈ 8 × 10^17 codes. */
export const SHORT_LINK_CODE_LENGTH = 10;
const SHORT_LINK_CODE = new RegExp(`^[A-Za-z0-9]{${SHORT_LINK_CODE_LENGTH}}$`);

// GSM 03.38: the basic set (one septet each) and the extension table (escape + one septet: two each).
const GSM7_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const GSM7_EXTENSION = new Set("^{}\\[~]|€\f");

/** Look-alikes that people and word processors type, as their GSM-7 form. */
const REPLACEMENTS: [RegExp, string][] = [
  [/[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"'],
  [/[\u2010-\u2015\u2212]/g, "-"],
  [/\u2026/g, "..."],
  [/[\u2022\u00B7]/g, "-"],
  [/[\u2122\u00AE\u00A9]/g, ""],
];

/** True when every character of `text` is in GSM-7 (basic or extension). */
export function isGsm7(text: string): boolean {
  for (const char of text) if (!GSM7_BASIC.has(char) && !GSM7_EXTENSION.has(char)) return false;
  return true;
}

/** Septets `text` takes in GSM-7 (an extension character takes two); null when it is not GSM-7 text. */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM7_BASIC.has(char)) length += 1;
    else if (GSM7_EXTENSION.has(char)) length += 2;
    else return null;
  }
  return length;
}

/**
 * `text` in GSM-7, on one line: look-alike punctuation replaced, accents GSM-7 lacks taken off (ê → e, ç → c), every
 * run of whitespace or control characters one space, and whatever is left outside GSM-7 (emoji, other scripts) dropped.
 */
export function toGsm7(text: string): string {
  let replaced = text;
  for (const [pattern, replacement] of REPLACEMENTS) replaced = replaced.replace(pattern, replacement);
  let out = "";
  for (const char of replaced.replace(/[\s\p{Cc}]+/gu, " ")) {
    if (GSM7_BASIC.has(char) || GSM7_EXTENSION.has(char)) out += char;
    else {
      const bare = char.normalize("NFD").replace(/\p{M}/gu, "");
      if (isGsm7(bare)) out += bare;
    }
  }
  return out.replace(/ {2,}/g, " ").trim();
}

/** The short link of a code: `${appUrl}/s/${code}`. */
export function shortLinkUrl(appUrl: string, code: string): string {
  if (!SHORT_LINK_CODE.test(code))
    throw new Error(`A short link code is ${SHORT_LINK_CODE_LENGTH} letters and digits.`);
  return `${appUrl.replace(/\/$/, "")}/s/${code}`;
}

/** What each quote-link text says between the agency's name and the link, by the outreach email type it stands for. */
export const SMS_LINES = {
  birthday: "A birthday check on your Medicare Supplement:",
  effective_date: "Your policy anniversary is coming up. New quotes:",
  aep: "A quick Medicare Supplement check this fall:",
  rate_increase: "A rate increase is on the way. Compare quotes:",
  post_window: "Your updated Medicare Supplement quotes:",
  go_live_welcome: "Your Medicare Supplement quotes are ready:",
  initial_blast: "See what your coverage could cost:",
  followup_1_cold: "Did you get a chance to look at your quotes?",
  followup_2_clicked_no_hq: "See if you qualify in about 2 minutes:",
  followup_3_hq_no_yes: "Your next step is ready:",
  followup_4_hq_with_yes: "Let's look at your options together:",
  failed_underwriting: "Your yearly Medicare Supplement check-in:",
  /** An agent's Send Quote. */
  quote: "Your Medicare Supplement quotes:",
} as const;

export type SmsMessageType = keyof typeof SMS_LINES;

export function isSmsMessageType(value: string): value is SmsMessageType {
  return Object.hasOwn(SMS_LINES, value);
}

/** The shortest a brand name is cut to when the message would not fit otherwise. */
const MIN_BRAND_LENGTH = 12;

/**
 * The quote-link text: "<Brand>: Hi <First>! <line> <link> Reply STOP to opt out", in GSM-7, at most 160 characters.
 * What gives way when it would be longer, in this order: the greeting, then the brand name (cut, down to 12
 * characters), then the line (the shortest one). The link and the opt-out text are never cut; a link too long to fit
 * even so throws (a configuration problem: APP_URL of over 80 characters).
 */
export function quoteLinkSms({
  type,
  brandName,
  firstName,
  shortUrl,
}: {
  type: SmsMessageType;
  brandName: string;
  firstName?: string | null;
  shortUrl: string;
}): string {
  if (!isGsm7(shortUrl) || /\s/.test(shortUrl)) throw new Error("A short link is GSM-7 text without spaces.");
  const brand = toGsm7(brandName) || "Your agent";
  const first = toGsm7(firstName ?? "");
  const compose = (name: string, greeting: string, line: string) =>
    `${name}: ${greeting}${line} ${shortUrl} ${SMS_OPT_OUT_TEXT}`;
  const fits = (text: string) => (gsm7Length(text) ?? Infinity) <= SMS_MAX_LENGTH;
  const line = SMS_LINES[type];
  const greetings = first ? [`Hi ${first}! `, ""] : [""];
  for (const greeting of greetings) {
    const text = compose(brand, greeting, line);
    if (fits(text)) return text;
  }
  for (const fallbackLine of [line, SMS_LINES.quote]) {
    for (let length = brand.length; length >= Math.min(brand.length, MIN_BRAND_LENGTH); length -= 1) {
      const text = compose(brand.slice(0, length).trimEnd(), "", fallbackLine);
      if (fits(text)) return text;
    }
  }
  throw new Error(`A quote-link text does not fit ${SMS_MAX_LENGTH} characters with this link.`);
}
