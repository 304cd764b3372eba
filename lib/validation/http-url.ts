import { z } from "zod";

/**
 * Links people click that an agency or an agent typed (booking links, the organization's redirect URL):
 * http(s) only, everywhere one is stored and everywhere one is shown. Typed without a scheme
 * ("calendly.com/ann") they get https://; any other scheme (javascript:, data:, mailto:) is refused,
 * never prefixed into something that parses. Pure: the forms, the routes and the email templates share it.
 */

/** A scheme other than http(s) at the start ("javascript:", "data:"); "localhost:3000" is a host and port. */
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;
const HTTP_SCHEME = /^https?:\/\//i;

/** The link as it will be stored: "" for none (empty, or only the "https://" a form seeds), https:// in front of a bare host. */
export function withHttpScheme(value: string): string {
  const text = value.trim();
  if (text === "" || /^https?:\/\/$/i.test(text)) return "";
  if (HTTP_SCHEME.test(text) || OTHER_SCHEME.test(text)) return text;
  return `https://${text}`;
}

/** An absolute http(s) URL with a dotted host (or localhost), no credentials, no white space or control characters. */
export function isHttpUrl(value: string): boolean {
  if (!HTTP_SCHEME.test(value) || /[\s\u0000-\u001f\u007f-\u009f]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      !url.username &&
      !url.password &&
      (url.hostname.includes(".") || url.hostname === "localhost")
    );
  } catch {
    return false;
  }
}

/** A stored link as a safe href: the normalized http(s) URL, or null for none or anything else. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  const link = withHttpScheme(value ?? "");
  return link && isHttpUrl(link) ? new URL(link).toString() : null;
}

/** The zod field for such a link: "" for none, else an http(s) URL (https:// added to a bare host); anything else is refused with `message`. */
export function httpUrlField(message: string, max = 2000) {
  return z
    .string({ error: message })
    .max(max, { error: message })
    .transform(withHttpScheme)
    .refine((link) => link === "" || isHttpUrl(link), { error: message });
}
