import { offeredAgentContact } from "@/lib/profile/profile-schema";
import { logoUrl } from "@/lib/settings/logo-rules";
import { safeHttpUrl } from "@/lib/validation/http-url";
import { brandColor, brandNameOf } from "@/lib/organizations/brand";

/**
 * Who an outreach email is from, white-labelled per the organization's sender settings. Pure: the
 * same rule as lib/quotes/send-quote-email.ts — the contact's agent signs unless the organization
 * forces its own details ("Organization Only") or the agent chose the organization's.
 */

export type OutreachSender = {
  /** The agency's display name (brand name, else name): the header and the From name. */
  brandName: string;
  /** The agency's primary colour (#RRGGBB): header bar and buttons. */
  brandColor: string;
  /** Absolute URL of the agency's logo (shown instead of the name in the header), or null. */
  logoUrl?: string | null;
  /** Who signs: the agent's full name, or the brand name in organization mode. */
  senderName: string;
  senderPhone?: string | null;
  /** Multi-line signature; when empty the email signs with senderName and brandName. */
  signature?: string | null;
  /** The agent's (or agency's) calendar link, offered as "Pick a time to talk". */
  bookingUrl?: string | null;
  /** Replies reach the agent (the caller sets replyTo). */
  canReply?: boolean;
};

export type SenderOrganization = {
  name: string;
  brandName: string | null;
  slug: string;
  primaryColor: string;
  phone: string | null;
  signature: string;
  orgSignature: boolean;
  forceOrgSenderDetails: boolean;
  /** The agency's booking link. */
  redirectUrl: string | null;
  logoMimeType: string | null;
  logoUpdatedAt: Date | null;
};

export type SenderAgent = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  signature: string;
  bookingLink: string | null;
  /** The agent's profile options: clients see the agent's phone / booking link only while they are on. */
  phoneEnabled: boolean;
  calendarEnabled: boolean;
  useOrgSenderDetails: boolean;
  isActive?: boolean;
};

/**
 * The sender props for a template plus the envelope: `fromName` (display name for From) and `replyTo`
 * (the agent's address, or null in organization mode). `agent` is the contact's agent; pass null when
 * there is none (or it is inactive): the organization then signs.
 */
export function resolveOutreachSender({
  organization,
  agent,
  appUrl,
}: {
  organization: SenderOrganization;
  agent: SenderAgent | null;
  appUrl: string;
}): {
  sender: OutreachSender;
  fromName: string;
  replyTo: string | null;
} {
  const brandName = brandNameOf(organization);
  const activeAgent = agent && agent.isActive !== false ? offeredAgentContact(agent) : null;
  const useOrg = !activeAgent || organization.forceOrgSenderDetails || activeAgent.useOrgSenderDetails;
  const agentName = activeAgent ? `${activeAgent.firstName} ${activeAgent.lastName}`.trim() : "";
  const senderName = useOrg || !agentName ? brandName : agentName;
  const sender: OutreachSender = {
    brandName,
    brandColor: brandColor(organization.primaryColor),
    logoUrl: emailLogoUrl(organization, appUrl),
    senderName,
    senderPhone: useOrg ? organization.phone : (activeAgent?.phone ?? organization.phone),
    signature: useOrg || organization.orgSignature ? organization.signature : activeAgent?.signature,
    bookingUrl: safeHttpUrl(useOrg ? organization.redirectUrl : (activeAgent?.bookingLink ?? organization.redirectUrl)),
    canReply: !useOrg,
  };
  return {
    sender,
    fromName: useOrg ? brandName : `${senderName} - ${brandName}`,
    replyTo: useOrg ? null : (activeAgent?.email ?? null),
  };
}

/** The agency's uploaded logo as an absolute URL an email can load; null without one. */
export function emailLogoUrl(
  organization: { slug: string; logoMimeType: string | null; logoUpdatedAt: Date | null },
  appUrl: string,
): string | null {
  return organization.logoMimeType ? `${appUrl}${logoUrl(organization.slug, organization.logoUpdatedAt)}` : null;
}
