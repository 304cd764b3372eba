import { oneLine } from "@/lib/validation/text";

/** Pure pieces of the send path: test-mode routing, header hygiene and the footer every email carries. */

/**
 * Where an email really goes and what its subject says. A test address (EMAIL_TEST_ADDRESS, or a trial's
 * agent) takes every email with "[TEST]"; a preview marks every subject "[PREVIEW]" (its transport keeps
 * the email in the outbox unless a test address is set, lib/env.ts).
 */
export function applyTestMode(
  message: { to: string; subject: string },
  testAddress: string | undefined,
  subjectPrefix = "",
) {
  const routed = testAddress
    ? {
        to: testAddress,
        subject: message.subject.startsWith("[TEST] ") ? message.subject : `[TEST] ${message.subject}`,
        isTest: true,
      }
    : { ...message, isTest: false };
  if (!subjectPrefix || routed.subject.startsWith(subjectPrefix)) return routed;
  return { ...routed, subject: `${subjectPrefix}${routed.subject}`, isTest: true };
}

/**
 * What goes into a header. A CR or LF in a value would end the header and start another (Bcc:, a second
 * body…), so every control character becomes a space: whatever a name holds, Subject, From and Reply-To
 * stay one line each. The send path applies it to every header it builds.
 */
export const headerText = oneLine;

/** "Name <address>" from the configured From, with a display name that cannot break out of its quotes or the header. */
export function fromWithName(configuredFrom: string, name: string): string {
  const address = /<([^>]+)>/.exec(configuredFrom)?.[1] ?? configuredFrom.trim();
  const safe = headerText(name)
    .replace(/["<>\\]/g, "")
    .trim();
  return safe ? `"${safe}" <${address}>` : configuredFrom;
}

/** The headers of one email, each value made one line (headerText). */
export function safeHeaders<
  T extends { subject: string; from: string; replyTo?: string; headers: Record<string, string> },
>(message: T): T {
  return {
    ...message,
    subject: headerText(message.subject),
    from: headerText(message.from),
    replyTo: message.replyTo === undefined ? undefined : headerText(message.replyTo) || undefined,
    headers: Object.fromEntries(
      Object.entries(message.headers).map(([name, value]) => [headerText(name), headerText(value)]),
    ),
  };
}

/** productName null: a white-label email (the agency's to its client), with no "Sent with …". */
type Footer = { postalAddress: string; productName: string | null; unsubscribeUrl?: string };

/** Footer text at 14px or more: readable on a phone (issue #18). */
export const FOOTER_FONT_SIZE_PX = 14;

const footerLead = ({ postalAddress, productName }: Footer) =>
  productName ? `Sent with ${productName} · ${postalAddress}` : postalAddress;

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

export function footerHtml({ postalAddress, productName, unsubscribeUrl }: Footer): string {
  const unsubscribe = unsubscribeUrl
    ? ` · <a href="${escapeHtml(unsubscribeUrl)}" style="color:#4b5563;text-decoration:underline">Unsubscribe</a>`
    : "";
  return (
    `<div data-email-footer style="margin:24px auto 0;max-width:560px;padding:16px 0;border-top:1px solid #e5e7eb;` +
    `font-family:Arial,sans-serif;font-size:${FOOTER_FONT_SIZE_PX}px;line-height:20px;color:#4b5563;text-align:center">` +
    `${escapeHtml(footerLead({ postalAddress, productName }))}${unsubscribe}</div>`
  );
}

export function footerText({ postalAddress, productName, unsubscribeUrl }: Footer): string {
  return [footerLead({ postalAddress, productName }), unsubscribeUrl ? `Unsubscribe: ${unsubscribeUrl}` : null]
    .filter(Boolean)
    .join("\n");
}

/** Puts `fragment` just before </body> (or at the end when the document has none). */
export function insertBeforeBodyEnd(html: string, fragment: string): string {
  const at = html.toLowerCase().lastIndexOf("</body>");
  return at === -1 ? html + fragment : html.slice(0, at) + fragment + html.slice(at);
}

export const REDACTED = "[redacted]";

/**
 * `text` with every secret (a sign-in link's token) replaced by "[redacted]", as written or
 * percent-encoded, so the stored copy of an email cannot be used to sign in. Secrets shorter than 8
 * characters are ignored (a short value would also erase ordinary text).
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const forms = [
    ...new Set(
      secrets.filter((secret) => secret.length >= 8).flatMap((secret) => [secret, encodeURIComponent(secret)]),
    ),
  ];
  return forms.reduce((redacted, form) => redacted.split(form).join(REDACTED), text);
}
