import type { ContactListRow, ContactPersonRef } from "@/lib/contacts/list-contacts-view";
import { formatPhone, nationalDigits } from "@/lib/phone/phone";

/** How the contact list shows its cells (client-side.md §2 "Contact list page", §9). Pure. */

export const EMAIL_DISPLAY_LENGTH = 30;

/** Emails are cut at 30 characters plus "..." (§9). */
export function truncateEmail(email: string, max = EMAIL_DISPLAY_LENGTH): string {
  return email.length > max ? `${email.slice(0, max)}...` : email;
}

/** 10 digits as (512) 555-0100; anything else as stored; nothing as a dash. */
export function formatPhoneNumber(phone: string | null): string {
  if (!phone) return "—";
  const ten = nationalDigits(phone);
  return ten.length === 10 ? formatPhone(ten) : phone;
}

/** Two letters for the avatar: first and last initials. */
export function initials(firstName: string, lastName: string): string {
  const letters = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
  return letters || "?";
}

const personName = (person: ContactPersonRef | null | undefined) =>
  person ? `${person.firstName} ${person.lastName}`.trim() : "";

/**
 * The Agent column: the assigned agent, then the contact's owner, then the organization's default
 * agent (who receives contacts without an agent), else "Default".
 */
export function contactAgentLabel(
  contact: Pick<ContactListRow, "agent" | "contactOwner">,
  defaultAgentName: string | null | undefined,
): string {
  return personName(contact.agent) || personName(contact.contactOwner) || defaultAgentName?.trim() || "Default";
}

/** "YYYY-MM-DD" as MM/DD/YYYY; nothing as a dash. */
export function formatCalendarDate(date: string | null): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : "—";
}
