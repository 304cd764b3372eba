import { DEFAULT_TIME_ZONE } from "@/lib/outreach-schedule/calendar";
import type { EmailType } from "@/lib/outreach-schedule/types";

/** The defaults of domain-rules A (the REC lines) and of the issue. */
export const SCHEDULE_DEFAULTS = {
  timeZone: DEFAULT_TIME_ZONE,
  horizonDays: 365,
  birthdayDaysBefore: 14,
  effectiveDateDaysBefore: 30,
  rateIncreaseDaysBefore: 14,
  preExclusionBufferDays: 60,
  maxEmailsPerPeriod: 3,
  frequencyPeriodDays: 30,
  /** New contacts: the first email 72 hours after they are added, spread over 3 days. */
  initialBlastDelayHours: 72,
  initialBlastSpreadDays: 3,
  /** The local time of day emails go out when the organization sets none. */
  sendTime: { hour: 8, minute: 30 },
  /** After go-live every eligible contact gets the welcome email, spread over 30 days. */
  goLiveSpreadDays: 30,
  /** AEP campaign: September 1–30, one day per contact; the email is about AEP opening on Oct 15. */
  aepSpreadDays: 30,
  followUpDelayDays: 2,
  /** Follow-ups are planned for initial emails sent within this many days (A.9). */
  followUpLookbackDays: 35,
  /** An email whose ideal date passed is sent on a day of the next 7 while its event is ahead (A.8). */
  catchUpSpreadDays: 7,
  /** How far the load balancer may move an email from its ideal date. */
  moveSlackDays: 7,
  /** A sent email of the same type within this many days before the ideal date already covered the occurrence. */
  sentCoversDays: 90,
} as const;

export const FOLLOW_UP_TYPES: ReadonlySet<EmailType> = new Set([
  "followup_1_cold",
  "followup_2_clicked_no_hq",
  "followup_3_hq_no_yes",
  "followup_4_hq_with_yes",
]);

/** Emails a follow-up may follow (A.9, plus the welcome and blast: they carry the first quote link). */
export const FOLLOW_UP_PARENT_TYPES: ReadonlySet<string> = new Set([
  "birthday",
  "effective_date",
  "aep",
  "post_window",
  "rate_increase",
  "initial_blast",
  "go_live_welcome",
]);
