/**
 * A contact's pipeline status as people read it. The stored value is a code ("New", "temp",
 * "requested_follow_up", …; prisma/schema.prisma Contact.status); every screen and the export show
 * the label from here, never the code. Pure: safe in the browser bundle.
 */

/**
 * Under the contact's Emails Opened: why it can read 0 while the dashboard counts a view. Opens come
 * from a tracking image that many mail apps block; a view is counted when the quote link is opened.
 */
export const EMAIL_OPENS_CAPTION =
  "Opens are undercounted: many mail apps block the tracking image. A quote view (the dashboard's View Count) is counted when the client opens the quote link.";

/** The codes the product writes, each with its label. */
export const CONTACT_STATUS_LABELS: Readonly<Record<string, string>> = {
  New: "New",
  temp: "Health questions only",
  requested_follow_up: "Requested a follow-up",
};

/** The label for a status code; a code not listed reads as words ("called_back" → "Called back"). */
export function contactStatusLabel(status: string | null | undefined): string {
  const code = (status ?? "").trim();
  if (!code) return "New";
  const known = CONTACT_STATUS_LABELS[code];
  if (known) return known;
  const words = code.replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
