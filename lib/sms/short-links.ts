import "server-only";
import { prisma } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { quoteLinkUrl, quoteTrackingId } from "@/lib/quotes/quote-links";
import { SHORT_LINK_CODE_LENGTH } from "@/lib/sms/template";
import { clickTrackingUrl } from "@/lib/tracking/email-tracking";

const CODE = new RegExp(`^[A-Za-z0-9]{${SHORT_LINK_CODE_LENGTH}}$`);

/**
 * Where a text's short link (`/s/<code>`, issue #20 point 3) leads. The code names one quote link (quote_links.short_code,
 * written by the sweep under the text's fence); the visitor goes through the same click tracker as an email's link
 * (a TrackingClick under the text's tracking id, a "clicked" event), then to the quote page with its `tid`.
 * Like a quote token, the code is looked up without tenant context (the public side knows no organization); the rest
 * comes from the row it found. An unknown, malformed or expired code leads to the quote page's "not found" answer,
 * and the answer never depends on which of those it was.
 */
export async function shortLinkTarget({ code, now }: { code: string; now: Date }): Promise<string> {
  const notFound = `${getEnv().appUrl}/compare?id=expired`;
  if (!CODE.test(code)) return notFound;
  const link = await prisma.quoteLink.findUnique({
    where: { shortCode: code },
    select: { token: true, organizationId: true, contactId: true, createdAt: true, expiresAt: true },
  });
  if (!link || (link.expiresAt && link.expiresAt.getTime() <= now.getTime())) return notFound;
  const trackingId = quoteTrackingId(link);
  const target = `${quoteLinkUrl(link.token)}&tid=${encodeURIComponent(trackingId)}`;
  const text = await prisma.scheduledEmail.findFirst({
    where: { organizationId: link.organizationId, trackingId, status: "sent" },
    select: { id: true },
  });
  return text ? clickTrackingUrl(text.id, target) : target;
}
