/** Event names and payloads: ids only (never personal data), the functions load the rest. */
export const EVENTS = {
  emailDue: "outreach/email.due",
  organizationChanged: "outreach/organization.changed",
} as const;

export type EmailDueData = { id: string; organizationId: string };
export type OrganizationChangedData = { organizationId: string };
