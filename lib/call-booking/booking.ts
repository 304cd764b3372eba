import { displayPhone, telHref } from "@/lib/phone/phone";
import { safeHttpUrl } from "@/lib/validation/http-url";

/**
 * The schedule page's rules (domain-rules C "Schedule page"): which outcome a `status` means, the texts
 * of each outcome, and which of the three options (calendar, phone, callback) the visitor gets, with
 * which link and label. Pure: no server imports, safe in the browser bundle.
 */

export type ScheduleOutcome = "accept" | "decline" | "generic";
export type FollowUpKind = "accept" | "decline" | "general";

/** `status` accept or decline; anything else (or nothing) is the generic page. */
export function scheduleOutcome(status: unknown): ScheduleOutcome {
  return status === "accept" || status === "decline" ? status : "generic";
}

/** The FollowUpRequest type a callback from this outcome is stored as. */
export function followUpKind(outcome: ScheduleOutcome): FollowUpKind {
  return outcome === "generic" ? "general" : outcome;
}

export const OUTCOME_TEXT: Record<ScheduleOutcome, { title: string; heading: string; message: string }> = {
  accept: {
    title: "Good News!",
    heading: "Good News!",
    message:
      "Based on your answers, you look like a good candidate to switch plans. Let's schedule a follow-up to discuss your options or jump on a call now.",
  },
  decline: {
    title: "Medicare Advantage Follow-up",
    heading: "Here are some options...",
    message:
      "Based on your answers, a Medicare Advantage Plan may be a better fit for you. We'd love to help you explore your options and find a plan that's a perfect fit for your needs.",
  },
  generic: {
    title: "Let's Connect",
    heading: "Let's Connect",
    message: "Let's schedule a follow-up call to discuss your Medicare options and find the best plan for your needs.",
  },
};

/**
 * The decline outcome for an agency that hides Medicare Advantage (Settings → "Hide Medicare Advantage"):
 * the same page without steering the client to a plan type the agency does not offer.
 */
export const DECLINE_TEXT_WITHOUT_ADVANTAGE = {
  title: "Let's Talk About Your Options",
  heading: "Here are some options...",
  message:
    "Based on your answers, switching Medicare Supplement plans may not be easy right now. We'd love to help you explore your options and find a plan that's a perfect fit for your needs.",
} as const;

/** The texts of an outcome, for an agency that shows or hides Medicare Advantage. */
export function outcomeText(outcome: ScheduleOutcome, { hideMedicareAdvantage }: { hideMedicareAdvantage: boolean }) {
  return outcome === "decline" && hideMedicareAdvantage ? DECLINE_TEXT_WITHOUT_ADVANTAGE : OUTCOME_TEXT[outcome];
}

export const SCHEDULE_MESSAGES = {
  loading: "Loading your schedule page...",
  selectOption: "Select an Option Below",
  thankYouTitle: "Thank You",
  thankYouText: "We'll be in touch soon to discuss your options.",
  helpSomeoneElse: "Help someone else get started",
  requestCallback: "Request a Callback",
  sendCallback: "Request Callback",
  submitting: "Submitting...",
  /** §8: the server answered, but not with success. */
  callbackUnable: "Unable to request callback. Please try again.",
  /** §8: the request never got an answer (network). */
  callbackFailed: "Failed to request callback. Please try again.",
  noParameters: "No parameters provided. Please provide either a quote ID or organization ID.",
  /** The /error page knows this one (client-side.md redirect rules). */
  organizationNotFound: "Missing or invalid organization ID",
} as const;

// "javascript:…", "mailto:…"; but not "example.com:8080/…", where the colon starts a port.
/**
 * A booking link as a safe absolute URL: "https://" is added when the scheme is missing
 * ("calendly.com/x" → "https://calendly.com/x"); anything that is not http(s) afterwards (javascript:,
 * mailto:) or not a URL at all is refused, so a settings value can never become a script link.
 */
export const normalizeBookingUrl = safeHttpUrl;

export type ContactPreferences = { calendarEnabled: boolean; phoneEnabled: boolean; callbackEnabled: boolean };

export type ScheduleParties = {
  /** The organization forces its sender details (name, phone, booking link) on every page. */
  forceOrgSenderDetails: boolean;
  agent: { firstName: string; phone: string | null; bookingLink: string | null; useOrgSenderDetails: boolean } | null;
  organization: { phone: string | null; redirectUrl: string | null; contactPreferences: ContactPreferences };
};

/** Pages speak for the organization when it forces its details, the agent chose them, or there is no agent. */
export function usesOrgDetails({
  forceOrgSenderDetails,
  agent,
}: {
  forceOrgSenderDetails: boolean;
  agent: { useOrgSenderDetails: boolean } | null;
}): boolean {
  return forceOrgSenderDetails || !agent || agent.useOrgSenderDetails;
}

export type ScheduleOptions = {
  calendar: { url: string; label: string } | null;
  phone: { href: string; label: string } | null;
  callback: boolean;
};

/**
 * The options the page offers, each gated by the organization's contact preferences:
 * - calendar: the org's redirect URL when it speaks for itself, else the agent's booking link; no
 *   link, no button;
 * - phone: "Give <first name> a call: (xxx) xxx-xxxx" with the agent's phone when the agent speaks and
 *   has one, else "Call Now: …" with the organization's; no number, no button;
 * - callback: offered whenever the organization allows it.
 */
export function scheduleOptions(parties: ScheduleParties): ScheduleOptions {
  const { agent, organization } = parties;
  const { calendarEnabled, phoneEnabled, callbackEnabled } = organization.contactPreferences;
  const useOrg = usesOrgDetails(parties);

  let calendar: ScheduleOptions["calendar"] = null;
  if (calendarEnabled) {
    const url = normalizeBookingUrl(useOrg ? organization.redirectUrl : agent?.bookingLink);
    if (url)
      calendar = { url, label: useOrg || !agent ? "Schedule a Call" : `Schedule a Call with ${agent.firstName}` };
  }

  let phone: ScheduleOptions["phone"] = null;
  if (phoneEnabled) {
    const agentPhone = !useOrg && agent ? displayPhone(agent.phone) : null;
    const orgPhone = displayPhone(organization.phone);
    if (agentPhone && agent)
      phone = { href: telHref(agent.phone!), label: `Give ${agent.firstName} a call: ${agentPhone}` };
    else if (orgPhone) phone = { href: telHref(organization.phone!), label: `Call Now: ${orgPhone}` };
  }

  return { calendar, phone, callback: callbackEnabled };
}

/** "Help someone else get started": the organization's self-onboarding page, for the agent when known. */
export function selfOnboardingHref(orgSlug: string, agentId?: string | null): string {
  const base = `/self-onboarding/${encodeURIComponent(orgSlug)}`;
  return agentId ? `${base}?agentId=${encodeURIComponent(agentId)}` : base;
}

export { brandColor } from "@/lib/organizations/brand";

export type ScheduleBrand = { name: string; logoUrl: string | null; color: string };

/** What the schedule page's callback form starts with and sends along. */
export type CallbackDefaults = {
  /** The quote token the page was opened with; null on a generic (organization) link. */
  quoteId: string | null;
  /** The organization id or slug of a generic link. */
  orgId: string | null;
  status: string | null;
  planType: string | null;
  name: string;
  email: string;
  /** 10 digits, or "". */
  phone: string;
};

/** Everything the schedule page shows, decided on the server. */
export type ScheduleViewModel = {
  brand: ScheduleBrand;
  text: { heading: string; message: string };
  options: ScheduleOptions;
  callback: CallbackDefaults;
  /** "Help someone else get started". */
  thankYouHref: string;
};
