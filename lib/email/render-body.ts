import type { ReactElement } from "react";
import { render, toPlainText } from "@react-email/render";

/** An email's body as it is sent: the HTML, and the plain text derived from that HTML. */
export type EmailBody = { html: string; text: string };

/**
 * The one render of an email template. The plain text is what render(…, { plainText: true }) derives
 * from the same HTML, so the template is rendered once, not twice.
 */
export async function renderEmailBody(react: ReactElement): Promise<EmailBody> {
  const html = await render(react);
  return { html, text: toPlainText(html) };
}
