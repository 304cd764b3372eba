import { EMAIL_PRIORITY, type EmailType, type PlanContact, type PlanOrganization } from "@/lib/outreach-schedule/types";

/**
 * One email the rules would like to send, before the shared gates (lib/outreach-schedule/gates.ts), the exclusion
 * windows and the frequency cap decide whether and when it goes. Each email type has its own generator
 * in this folder: a small pure function of the contact, the organization and `today`.
 */
export type Candidate = {
  emailType: EmailType;
  idealDay: number;
  eventDay: number | null;
  /** The earliest day the email may go (the balancer never moves it before). */
  earliestDay: number;
  /** The last day the email still makes sense (its event); later it is dropped. */
  deadlineDay: number;
  priority: number;
  parentEmailId?: string;
  metadata?: Record<string, unknown>;
  /** One-shot emails (blast, welcome) are never sent twice. */
  once?: boolean;
};

/** What every generator reads. Days are day numbers (lib/outreach-schedule/calendar.ts) in the organization's time zone. */
export type CandidateContext = {
  contact: PlanContact;
  organization: PlanOrganization;
  timeZone: string;
  /** Today, in the organization's time zone. */
  today: number;
  /** The years whose events the generators look at: the year before today to the one after the horizon. */
  firstYear: number;
  lastYear: number;
};

export function candidate(emailType: EmailType, c: Omit<Candidate, "emailType" | "priority">): Candidate {
  return { emailType, priority: EMAIL_PRIORITY[emailType], ...c };
}

export function monthDay(date: string): { month: number; day: number } {
  return { month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}
