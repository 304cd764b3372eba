/**
 * The contract between the outreach rules (lib/outreach-schedule, pure) and the rows that carry them out
 * (lib/outreach): what the planner is given and what it answers. Dates are calendar dates
 * "YYYY-MM-DD" in the organization's time zone; the send time of day is applied by lib/outreach.
 */

export const EMAIL_TYPES = [
  "birthday",
  "effective_date",
  "aep",
  "post_window",
  "initial_blast",
  "go_live_welcome",
  "rate_increase",
  "followup_1_cold",
  "followup_2_clicked_no_hq",
  "followup_3_hq_no_yes",
  "followup_4_hq_with_yes",
  "failed_underwriting",
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

/** Lower wins when two emails compete for one contact's cap (domain-rules.md A.1). */
export const EMAIL_PRIORITY: Record<EmailType, number> = {
  birthday: 10,
  effective_date: 20,
  rate_increase: 25,
  aep: 30,
  initial_blast: 35,
  go_live_welcome: 35,
  post_window: 40,
  failed_underwriting: 45,
  followup_1_cold: 50,
  followup_2_clicked_no_hq: 50,
  followup_3_hq_no_yes: 50,
  followup_4_hq_with_yes: 50,
};

/** What the planner knows about one contact. */
export type PlanContact = {
  id: string;
  state: string | null;
  birthDate: string | null;
  /** The current policy's effective date: its anniversary drives effective_date emails. */
  effectiveDate: string | null;
  createdAt: Date;
  /** Unsubscribed or marked do-not-contact: nothing is planned. */
  optedOut: boolean;
  /** Current carrier's NAIC group key (lib/carriers/resolve-carrier.ts), for rate-increase matching. */
  currentCarrierNaic: string | null;
  /** Contacts outside the book (eligibility placeholders, unconfirmed self-signups: lib/contacts/book.ts) and contacts without a real email get nothing. */
  isPlaceholder: boolean;
  /** The assigned agent's state licences; empty or absent: the agent has set none (the organization's apply). */
  agentStateLicenses?: readonly string[];
};

/** The organization's outreach settings that the rules read. */
export type PlanOrganization = {
  timezone: string;
  /** The states the organization is licensed in; empty or absent: none set yet, no restriction. */
  stateLicenses?: readonly string[];
  /** The local time of day emails go out (Organization.sendTimeHour/Minute; default 08:30). */
  sendTime?: { hour: number; minute: number };
  /** Outreach types switched on; a type that is absent counts as on (the settings default every type on). */
  enabled: Partial<Record<EmailType, boolean>>;
  /** Months after a policy starts before effective_date emails begin (11, 23 or 35). */
  effectiveDateOutreachDelayMonths: number;
  /** Trial: emails still planned, lib/outreach sends them in test mode. */
  isLive: boolean;
  wentLiveAt: Date | null;
  /** Failed-underwriting outreach. */
  failedUnderwriting: {
    enabled: boolean;
    timing: "birthday" | "pre_aep" | "enrollment_anniversary" | "schedule_increase";
    /**
     * SmartSend (Settings; docs/outreach-rules.md): the states where the failed-underwriting email may go,
     * those with a carrier marked Target GI (smartSendStates in lib/settings/state-carrier-settings.ts).
     * Absent or null: SmartSend is off and the email follows the settings above alone.
     */
    smartSendStates?: readonly string[] | null;
  };
  /** Size class for the daily cap. */
  contactCount: number;
  // Scheduler settings (Organization columns of the same names); absent = the default of domain-rules A.
  /** Days before the birthday (default 14). */
  birthdayDaysBefore?: number;
  /** Days before the policy anniversary (default 30). */
  effectiveDateDaysBefore?: number;
  /** Exclusion windows are extended this many days before they open (default 60). */
  preExclusionBufferDays?: number;
  /** Per-state override of preExclusionBufferDays: { CA: 45 }. */
  stateBufferDays?: Record<string, number>;
  /** At most this many emails (follow-ups exempt) in any frequencyPeriodDays days (defaults 3 and 30). */
  maxEmailsPerPeriod?: number;
  frequencyPeriodDays?: number;
  /** Catch-up email after an exclusion window (default on; enabled.post_window also switches it off). */
  enablePostWindowEmails?: boolean;
  /** Contacts who failed underwriting get no emails but AEP (default off; see docs/outreach-rules.md). */
  excludeFailedUnderwritingGlobal?: boolean;
  /** Contacts with no state still get emails (default on); off: they get none. */
  sendWithoutZipcodeForUniversal?: boolean;
  /** A confirmed household due within this many days gets one email (default 7; 0: off). */
  householdWindowDays?: number;
};

/** One state's switching rule (state_switch_rules), as lib/quotes/switch-window.ts also reads it. */
export type PlanStateRule = {
  state: string;
  ruleType: "birthday" | "anniversary" | "year_round";
  anchor: "birthday" | "birth_month_start" | "policy_anniversary" | "none";
  windowStartDaysBefore: number;
  windowLengthDays: number;
  ageMin: number | null;
  ageMax: number | null;
};

/** What has already happened to the contact (sent emails, clicks, health answers). */
export type PlanHistory = {
  sent: { emailType: string; sentDate: string; id: string }[];
  /** The latest quote click / view, per sent email id when known. */
  clicks: { date: string; scheduledEmailId: string | null }[];
  health: { date: string; hasConditions: boolean } | null;
  /**
   * The contact's emails a household email to their partner covered (lib/outreach-schedule/household.ts): each
   * counts as sent on its own date for "already sent" (no catch-up follows), and toward no frequency cap.
   */
  householdCovered?: { emailType: string; date: string }[];
};

/** A filed rate increase that concerns this contact (carrier and state match). */
export type PlanRateIncrease = {
  /** The NAIC the increase was filed under. */
  carrierNaic: string;
  /** Its NAIC group key: the increase concerns every contact whose carrier is in that group (default: the NAIC itself). */
  carrierGroup?: string;
  state: string;
  increaseDate: string;
};

export type PlanInput = {
  contact: PlanContact;
  organization: PlanOrganization;
  stateRule: PlanStateRule | null;
  history: PlanHistory;
  rateIncreases: PlanRateIncrease[];
  /** The planner looks this many days ahead (default 365). */
  horizonDays?: number;
  now: Date;
};

export type PlannedEmail = {
  emailType: EmailType;
  sendDate: string;
  priority: number;
  /** The date the email is about (birthday, anniversary, increase date…). */
  eventDate: string | null;
  /** For follow-ups: the sent email they follow. */
  parentEmailId?: string | null;
  metadata?: Record<string, unknown>;
  /**
   * The dates (inclusive) the load balancer may move this email to without breaking a rule: outside
   * every exclusion window, not before today or the email's earliest date, not after its event.
   * Absent: the email stays on sendDate.
   */
  movableWithin?: { from: string; to: string };
};

export type SkippedEmail = { emailType: EmailType; date: string; skipReason: string };

export type Plan = {
  planned: PlannedEmail[];
  skipped: SkippedEmail[];
  /** Dates of already-sent emails that count toward the frequency cap (follow-ups excluded), for balanceDailyLoad. */
  capHistory?: string[];
};

/** One contact's plan, as balanceDailyLoad takes and returns them for a whole organization. */
export type ContactPlan = { contactId: string; plan: Plan };
