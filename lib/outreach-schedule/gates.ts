import { addMonthsDay } from "@/lib/outreach-schedule/calendar";
import type { Candidate } from "@/lib/outreach-schedule/candidates/candidate";
import type { EmailType, PlanContact, PlanHistory, PlanOrganization } from "@/lib/outreach-schedule/types";

/**
 * The gates every candidate email passes, whatever its type (docs/outreach-rules.md): the contact has a
 * state (when the organization requires one), the organization and agent are licensed there, failed
 * underwriting withholds the marketing emails, and nothing but the effective-date email goes while the
 * policy is younger than the outreach delay. Exclusion windows (windows.ts) and the frequency cap
 * (frequency.ts) come after these.
 */

export const SKIP_REASONS = {
  noState: "No state for contact",
  notLicensed: (state: string) => `Not licensed in ${state}`,
  failedUnderwritingAnnual: "Failed underwriting: one email per year",
  failedUnderwritingExcluded: "Failed underwriting exclusion",
  smartSendNoGuaranteedIssue: (state: string | null) =>
    `SmartSend: no guaranteed-issue carrier in ${state ?? "the contact's state"}`,
  effectiveDateWindow: (months: number) => `Within ${months} months of the policy effective date`,
} as const;

/** The marketing emails a failed-underwriting rule replaces or withholds. */
export const MARKETING_TYPES: ReadonlySet<EmailType> = new Set([
  "birthday",
  "effective_date",
  "aep",
  "rate_increase",
  "initial_blast",
  "go_live_welcome",
]);

/**
 * The contact's state when automatic outreach may not go there: outside the organization's licensed states
 * or, when the assigned agent has licences set, outside the agent's. Null when licensed (or no state, or no
 * licences set yet). The contact list marks the same contacts (lib/contacts: licensedFor).
 */
export function unlicensedStateOf(
  contact: Pick<PlanContact, "state" | "agentStateLicenses">,
  org: Pick<PlanOrganization, "stateLicenses">,
): string | null {
  const state = contact.state?.trim().toUpperCase();
  if (!state) return null;
  const covers = (licences: readonly string[] | undefined) =>
    !licences?.length || licences.some((s) => s.toUpperCase() === state);
  return covers(org.stateLicenses) && covers(contact.agentStateLicenses) ? null : state;
}

/** The contact answered the health questions with conditions (failed underwriting). */
export const failedUnderwriting = (history: Pick<PlanHistory, "health">) => history.health?.hasConditions === true;

/** Failed underwriting replaces the marketing emails with one a year (the organization's setting is on). */
export const annualFailedUnderwriting = (
  history: Pick<PlanHistory, "health">,
  org: Pick<PlanOrganization, "failedUnderwriting">,
) => failedUnderwriting(history) && org.failedUnderwriting.enabled;

/** The gates of one contact: (candidate, the day it would go) → the skip reason, or null when it may go. */
export function contactGates(
  contact: PlanContact,
  org: PlanOrganization,
  history: Pick<PlanHistory, "health">,
): (candidate: Pick<Candidate, "emailType" | "metadata">, day: number) => string | null {
  const delayMonths = org.effectiveDateOutreachDelayMonths;
  const noState = !contact.state && org.sendWithoutZipcodeForUniversal === false;
  const unlicensedState = unlicensedStateOf(contact, org);
  const effectiveDateGateEnds = contact.effectiveDate ? addMonthsDay(contact.effectiveDate, delayMonths) : null;
  const failed = failedUnderwriting(history);
  const annual = annualFailedUnderwriting(history, org);
  const smartSendStates = org.failedUnderwriting.smartSendStates
    ? new Set(org.failedUnderwriting.smartSendStates)
    : null;

  return (candidate, day) => {
    if (noState) return SKIP_REASONS.noState;
    if (unlicensedState) return SKIP_REASONS.notLicensed(unlicensedState);
    if (typeof candidate.metadata?.skip === "string") return candidate.metadata.skip;
    // SmartSend: a contact who failed underwriting is written to only where a carrier takes them without it.
    if (
      candidate.emailType === "failed_underwriting" &&
      smartSendStates &&
      !(contact.state && smartSendStates.has(contact.state))
    )
      return SKIP_REASONS.smartSendNoGuaranteedIssue(contact.state);
    if (failed && MARKETING_TYPES.has(candidate.emailType)) {
      if (annual) return SKIP_REASONS.failedUnderwritingAnnual;
      if (org.excludeFailedUnderwritingGlobal && candidate.emailType !== "aep")
        return SKIP_REASONS.failedUnderwritingExcluded;
    }
    // Contacts whose policy started less than the delay ago are not contacted (client-side.md §1); the
    // effective_date email has its own rule (which anniversary is the first).
    if (candidate.emailType !== "effective_date" && effectiveDateGateEnds !== null && day < effectiveDateGateEnds)
      return SKIP_REASONS.effectiveDateWindow(delayMonths);
    return null;
  };
}
