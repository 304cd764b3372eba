/** Event names and payloads: ids only (never personal data), the functions load the rest. */
export const EVENTS = {
  /** One claimed email (the sweep's fan-out before batches; still handled for events already queued). */
  emailDue: "outreach/email.due",
  /** Up to PROVIDER_BATCH_SIZE claimed emails, sent through one provider batch call. */
  emailsDue: "outreach/emails.due",
  organizationChanged: "outreach/organization.changed",
} as const;

export type EmailDueData = { id: string; organizationId: string };
export type EmailsDueData = { emails: EmailDueData[] };
export type OrganizationChangedData = { organizationId: string };
