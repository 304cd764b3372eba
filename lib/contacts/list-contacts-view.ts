/**
 * The contact list as it travels to the browser: GET /api/contacts answers with it and the /contacts
 * page hands it to its client table, so both speak one shape. Calendar dates (birth, effective) are
 * "YYYY-MM-DD"; instants are ISO strings. Pure: types and a mapper, safe in the browser bundle.
 */

import { isoDate } from "@/lib/calendar/calendar-date";

export type ContactPersonRef = { id: string; firstName: string; lastName: string };

/** The contact's household as the list marks it (docs/households.md): confirmed, or an open suggestion. */
export type ContactListHousehold = { status: "confirmed" | "suggested"; partner: ContactPersonRef };

export type ContactListRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** 10 digits or null. */
  phoneNumber: string | null;
  state: string | null;
  zipCode: string | null;
  currentCarrier: string | null;
  planType: string | null;
  effectiveDate: string | null;
  birthDate: string | null;
  status: string;
  agentId: string | null;
  contactOwnerId: string | null;
  /** The assigned agent. */
  agent: ContactPersonRef | null;
  /** The agent who owns the relationship (may differ from the assigned agent). */
  contactOwner: ContactPersonRef | null;
  lastEmailedAt: string | null;
  createdAt: string;
  /** In a state outside the agency's (or the assigned agent's) licences: automatic outreach skips it. */
  outsideLicensedStates: boolean;
  /** A quote link click in the last 30 days (the Quote column and the Quote (30d) toggle). */
  hasViewedQuoteRecently: boolean;
  /** Health questions answered in the last 30 days (the Health column and the Health (30d) toggle). */
  hasCompletedHealthRecently: boolean;
  lastQuoteViewedAt: string | null;
  lastHealthCompletedAt: string | null;
  /** Confirmed household or open suggestion, when the viewer may see both contacts; else null. */
  household: ContactListHousehold | null;
};

export type ContactListFilterOptions = { states: string[]; carriers: string[] };

/** GET /api/contacts → contacts, total, page, limit, filterOptions (client-side.md §3). */
export type ContactListResponse = {
  contacts: ContactListRow[];
  total: number;
  /** A broad search: more than `total` contacts match, and they were not all counted (the list shows "2,000+"). */
  totalCapped: boolean;
  page: number;
  limit: number;
  filterOptions: ContactListFilterOptions;
};

type DateLike = Date | null;

export type ContactListSource = Omit<
  ContactListRow,
  | "effectiveDate"
  | "birthDate"
  | "lastEmailedAt"
  | "createdAt"
  | "lastQuoteViewedAt"
  | "lastHealthCompletedAt"
  | "household"
> & {
  effectiveDate: DateLike;
  birthDate: DateLike;
  lastEmailedAt: DateLike;
  createdAt: Date;
  lastQuoteViewedAt: DateLike;
  lastHealthCompletedAt: DateLike;
};

const instant = (date: DateLike): string | null => (date ? date.toISOString() : null);

export function toContactListRow(
  contact: ContactListSource,
  household: ContactListHousehold | null = null,
): ContactListRow {
  return {
    id: contact.id,
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    phoneNumber: contact.phoneNumber,
    state: contact.state,
    zipCode: contact.zipCode,
    currentCarrier: contact.currentCarrier,
    planType: contact.planType,
    effectiveDate: isoDate(contact.effectiveDate),
    birthDate: isoDate(contact.birthDate),
    status: contact.status,
    agentId: contact.agentId,
    contactOwnerId: contact.contactOwnerId,
    agent: contact.agent,
    contactOwner: contact.contactOwner,
    lastEmailedAt: instant(contact.lastEmailedAt),
    createdAt: contact.createdAt.toISOString(),
    outsideLicensedStates: contact.outsideLicensedStates,
    hasViewedQuoteRecently: contact.hasViewedQuoteRecently,
    hasCompletedHealthRecently: contact.hasCompletedHealthRecently,
    lastQuoteViewedAt: instant(contact.lastQuoteViewedAt),
    lastHealthCompletedAt: instant(contact.lastHealthCompletedAt),
    household,
  };
}

/** The spec's words for the list's bulk actions (client-side.md §8). */
export const CONTACT_LIST_MESSAGES = {
  deleteFailed: "Failed to delete contact",
  reassignFailed: "Failed to reassign contacts",
  selectAgent: "Please select an agent to reassign contacts to",
  contactNotFound: "Contact not found",
  agentNotFound: "Agent not found",
} as const;

/** Most contacts one bulk delete or reassign accepts (the largest page is 250). */
export const MAX_BULK_CONTACTS = 1000;

const plural = (count: number) => `${count} contact${count === 1 ? "" : "s"}`;
export const contactCountLabel = plural;
export const deletedMessage = (count: number) => `Successfully deleted ${plural(count)}`;
export const reassignedMessage = (count: number) => `Successfully reassigned ${plural(count)}`;
