"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { formatPhone } from "@/lib/phone/phone";
import {
  CONTACT_MESSAGES,
  emailTypeLabel,
  type ContactDetail,
  type ContactPageData,
  type EmailTrackingRecord,
  type FollowUpView,
} from "@/lib/contacts/contact-schema";
import { deleteContactRequest, sendQuoteEmailRequest } from "@/components/contacts/contact-form/contact-api";
import {
  ContactFormModal,
  type ContactFormAgent,
  type ContactFormUser,
} from "@/components/contacts/contact-form/contact-form-modal";
import { DeleteContactDialog } from "@/components/contacts/detail/delete-contact-dialog";
import { SendQuoteDialog } from "@/components/contacts/detail/send-quote-dialog";
import { healthOutcome } from "@/components/contacts/detail/health-answers";
import { HealthAssessmentModal } from "@/components/contacts/detail/health-assessment-modal";
import { QuoteLinkPanel } from "@/components/contacts/detail/quote-link-panel";
import { HouseholdPanel } from "@/components/contacts/detail/household-panel";
import { SmsConsentPanel } from "@/components/contacts/detail/sms-consent-panel";
import { QUOTE_LINK_DAYS } from "@/lib/quotes/quote-link-rules";
import { contactStatusLabel, EMAIL_OPENS_CAPTION } from "@/lib/contacts/contact-status";
import { CONTACT_OWNER_CAPTION } from "@/lib/contacts/contact-fields";
import { Button } from "@/components/ui/button";
import { ScrollArea } from "@/components/ui/table";

export type ContactDetailViewProps = {
  /** Everything the page shows, or null when loading failed (then `error` says why). */
  data: ContactPageData | null;
  error?: string | null;
  agents: ContactFormAgent[];
  /** Every carrier the product knows, for the edit form's Current Carrier list. */
  knownCarriers?: string[];
  /** The agency's contracted carriers, listed first in the edit form. */
  agencyCarriers?: string[];
  currentUser: ContactFormUser;
  /**
   * The organization is in its trial: Send Quote goes to the sender's own address (no confirmation needed), and the
   * notice says so. Live (false): Send Quote asks first, since it emails the client.
   */
  isTrial?: boolean;
  /** Follow-up requests shown before "Show all" (§9: 2). */
  followUpsShown?: number;
};

/** §4 Contact detail modal states: none, edit, delete confirmation, health results. */
type Modal = "none" | "edit" | "delete" | "health" | "send";

const FOLLOW_UPS_SHOWN = 2;
const SENT_NOTICE_MS = 5000;

const card = "rounded-xl bg-white shadow-sm ring-1 ring-gray-200";

/** "Mar 14, 1958" from "1958-03-14" (a calendar date: no time zone shift). */
export function formatCalendarDate(value: string | null): string {
  if (!value) return "—";
  const [y, m, d] = value.slice(0, 10).split("-").map(Number);
  if (!y || !m || !d) return value;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

const formatInstant = (value: string | null) =>
  value ? new Date(value).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" }) : "—";

/** Whole years from a birth date to today (local calendar). */
export function ageOn(birthDate: string | null, today: Date): number | null {
  if (!birthDate) return null;
  const [y, m, d] = birthDate.split("-").map(Number);
  if (!y || !m || !d) return null;
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age >= 0 ? age : null;
}

const personName = (person: { firstName: string; lastName: string; email: string } | null) =>
  person ? `${person.firstName} ${person.lastName}`.trim() || person.email : null;
const initials = (contact: Pick<ContactDetail, "firstName" | "lastName">) =>
  `${contact.firstName.charAt(0)}${contact.lastName.charAt(0)}`.toUpperCase() || "?";

const STATUS_STYLES: Record<EmailTrackingRecord["send_status"], string> = {
  sent: "bg-blue-50 text-blue-700 ring-blue-200",
  opened: "bg-green-50 text-green-700 ring-green-200",
  failed: "bg-red-50 text-red-700 ring-red-200",
  scheduled: "bg-amber-50 text-amber-700 ring-amber-200",
};
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const FOLLOW_UP_LABELS: Record<string, string> = {
  accept: "Accepted quote",
  decline: "Declined quote",
  general: "General request",
  callback: "Callback request",
};

function Section({
  title,
  action,
  children,
  id,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <section aria-labelledby={id} className={card}>
      <div className="flex items-center justify-between gap-4 border-b border-gray-100 px-5 py-4">
        <h2 id={id} className="text-base font-semibold text-gray-900">
          {title}
        </h2>
        {action}
      </div>
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}

function Detail({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="mt-1 text-sm text-gray-900">{children}</dd>
    </div>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-gray-50 px-4 py-6 text-center text-sm text-gray-500">{children}</p>;
}

/** Loading failed: the server's message (default "An error occurred") and a Back button. */
export function ContactLoadError({ message }: { message?: string | null }) {
  const router = useRouter();
  const back = () => {
    if (window.history.length > 1) router.back();
    else router.push("/contacts");
  };
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <div role="alert" className={`${card} w-full px-6 py-10`}>
        <h1 className="text-xl font-semibold text-gray-900">{CONTACT_MESSAGES.loadFailed}</h1>
        <p className="mt-2 text-sm text-gray-600">{message || "An error occurred"}</p>
        <Button onClick={back} className="mt-6">
          Back
        </Button>
      </div>
    </main>
  );
}

function FollowUpList({ followUps, shown }: { followUps: FollowUpView[]; shown: number }) {
  const [expanded, setExpanded] = useState(false);
  if (followUps.length === 0) return <Empty>No follow-up requests.</Empty>;
  const visible = expanded ? followUps : followUps.slice(0, shown);
  return (
    <>
      <ul className="divide-y divide-gray-100">
        {visible.map((item) => (
          <li key={item.id} className="flex items-start justify-between gap-4 py-3">
            <div>
              <p className="text-sm font-medium text-gray-900">
                {FOLLOW_UP_LABELS[item.type] ?? capitalize(item.type)}
              </p>
              {item.contactPhone ? (
                <p className="mt-0.5 text-sm text-gray-600">
                  Call back{item.contactName ? ` ${item.contactName}` : ""} at{" "}
                  <a href={`tel:${item.contactPhone}`} className="font-medium text-brand-600 hover:text-brand-700">
                    {formatPhone(item.contactPhone)}
                  </a>
                </p>
              ) : null}
              {item.message ? <p className="mt-0.5 text-sm text-gray-600">{item.message}</p> : null}
            </div>
            <div className="shrink-0 text-right">
              <p className="text-sm text-gray-500">{formatInstant(item.date)}</p>
              {item.handledAt ? <p className="text-xs text-green-700">Handled</p> : null}
            </div>
          </li>
        ))}
      </ul>
      {followUps.length > shown ? (
        <Button variant="link" className="mt-2" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
          {expanded ? "Show less" : `Show all ${followUps.length} requests`}
        </Button>
      ) : null}
    </>
  );
}

/**
 * Contact Details (client-side.md §2): profile, summary, email activity, future activity (next 90
 * days), follow-up requests (2, expandable), health assessment, and the Send Quote, Edit Contact and
 * Delete actions.
 */
export function ContactDetailView({
  data,
  error,
  agents,
  knownCarriers = [],
  agencyCarriers = [],
  currentUser,
  isTrial = false,
  followUpsShown = FOLLOW_UPS_SHOWN,
}: ContactDetailViewProps) {
  const router = useRouter();
  const [contact, setContact] = useState<ContactDetail | null>(data?.contact ?? null);
  // After router.refresh() (a quote sent, an edit saved) the server's contact replaces the one shown, so the
  // summary's "Last emailed" moves without a reload (React's "adjust state when a prop changes" pattern).
  const [loadedContact, setLoadedContact] = useState(data?.contact);
  if (data?.contact !== loadedContact) {
    setLoadedContact(data?.contact);
    setContact(data?.contact ?? null);
  }
  const [modal, setModal] = useState<Modal>("none");
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [quote, setQuote] = useState<{ state: "idle" | "sending" | "sent" | "failed"; message?: string }>({
    state: "idle",
  });

  useEffect(() => {
    if (quote.state !== "sent") return;
    const timer = setTimeout(() => setQuote({ state: "idle" }), SENT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [quote.state]);

  if (!data || !contact) return <ContactLoadError message={error} />;
  const { trackingRecords, scheduledEmails, eligibility, followUps } = data;

  const name = `${contact.firstName} ${contact.lastName}`.trim();
  const age = ageOn(contact.birthDate, new Date());
  const activity = trackingRecords.filter((r) => r.send_status !== "scheduled");
  // The summary counts emails; a text (email type "sms_…", lib/outreach/text-rows.ts) is listed in the activity only.
  const emails = activity.filter((r) => !r.email_type.startsWith("sms_"));
  const sentCount = emails.filter((r) => r.send_status === "sent" || r.send_status === "opened").length;
  const openedCount = emails.filter((r) => r.send_status === "opened").length;
  const upcomingEmails = scheduledEmails.filter((r) => !r.email_type.startsWith("sms_")).length;
  const outcome = healthOutcome(eligibility);
  const healthLabel =
    outcome === "not_completed"
      ? "Not completed"
      : outcome === "issues"
        ? "Health issues identified"
        : "All checks passed";

  async function sendQuote() {
    if (!contact) return;
    setQuote({ state: "sending" });
    setNotice(null);
    const result = await sendQuoteEmailRequest(contact.id);
    setModal("none");
    if (result.ok && result.body.success !== false) {
      setQuote({ state: "sent" });
      // The server's words: "Quote email sent", or, in a trial, that it went to the sender's own address.
      setNotice(result.body.message ?? "Quote email sent");
      // The summary's counts and Email Activity come from the server: read them again, without a reload.
      router.refresh();
    } else setQuote({ state: "failed", message: (!result.ok && result.message) || "Failed to send quote email" });
  }

  async function confirmDelete() {
    if (!contact) return;
    setDeleting(true);
    setDeleteError(null);
    const result = await deleteContactRequest(contact.id);
    if (result.ok) {
      router.push("/contacts");
      return;
    }
    setDeleting(false);
    setDeleteError(result.status === 404 && result.message ? result.message : CONTACT_MESSAGES.deleteFailed);
  }

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <Link
        href="/contacts"
        className="inline-flex items-center gap-1 text-sm font-medium text-gray-500 hover:text-gray-700"
      >
        <span aria-hidden="true">←</span> Back to Contacts
      </Link>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold text-gray-900">Contact Details</h1>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => (isTrial ? void sendQuote() : setModal("send"))}
            disabled={quote.state === "sending" || quote.state === "sent"}
          >
            {quote.state === "sending" ? (
              <>
                <span aria-hidden="true">
                  <Spinner className="h-4 w-4" label="" />
                </span>
                Sending
              </>
            ) : quote.state === "sent" ? (
              "Email Sent"
            ) : (
              "Send Quote"
            )}
          </Button>
          <Button variant="secondary" onClick={() => setModal("edit")}>
            Edit Contact
          </Button>
          <Button variant="danger-outline" onClick={() => setModal("delete")}>
            Delete
          </Button>
        </div>
      </div>
      {quote.state === "failed" ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {quote.message}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="mt-3 rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {notice}
        </p>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-1">
          <section aria-label="Profile" className={`${card} p-5`}>
            <div className="flex items-center gap-4">
              <div
                aria-hidden="true"
                className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-semibold text-brand-700"
              >
                {initials(contact)}
              </div>
              <div className="min-w-0">
                <p className="truncate text-lg font-semibold text-gray-900">{name}</p>
                <p className="truncate text-sm text-gray-600">{contact.email}</p>
                {contact.phoneNumber ? (
                  <p className="text-sm text-gray-600">{formatPhone(contact.phoneNumber)}</p>
                ) : null}
              </div>
            </div>
            <dl className="mt-5 grid grid-cols-2 gap-4">
              <Detail label="Birth Date">
                {formatCalendarDate(contact.birthDate)}
                {age !== null ? <span className="text-gray-500"> ({age})</span> : null}
              </Detail>
              <Detail label="Gender">
                {contact.gender === "M" ? "Male" : contact.gender === "F" ? "Female" : "—"}
              </Detail>
              <Detail label="Tobacco User">{contact.tobaccoUser ? "Yes" : "No"}</Detail>
              <Detail label="Street Address" className="col-span-2">
                {contact.streetAddress ? [contact.streetAddress, contact.addressUnit].filter(Boolean).join(", ") : "—"}
              </Detail>
              <Detail label="ZIP Code">{contact.zipCode ?? "—"}</Detail>
              <Detail label="County">{contact.county ?? "—"}</Detail>
              <Detail label="State">{contact.state ?? "—"}</Detail>
              <Detail label="Current Carrier">{contact.currentCarrier ?? "—"}</Detail>
              <Detail label="Plan Type">{contact.planType ?? "—"}</Detail>
              <Detail label="Effective Date">{formatCalendarDate(contact.effectiveDate)}</Detail>
              <Detail label="Status">{contactStatusLabel(contact.status)}</Detail>
              <Detail label="Assigned Agent">{personName(contact.agent) ?? "Default"}</Detail>
              <Detail label="Contact Owner">
                {personName(contact.contactOwner) ?? "—"}
                <span className="mt-0.5 block text-xs text-gray-600">{CONTACT_OWNER_CAPTION}</span>
              </Detail>
            </dl>
          </section>
          <HouseholdPanel
            contactId={contact.id}
            contactName={name || contact.email}
            household={data.household}
            onChanged={(message) => {
              setNotice(message);
              router.refresh();
            }}
          />
          <SmsConsentPanel
            contactId={contact.id}
            firstName={contact.firstName || name || contact.email}
            phoneNumber={contact.phoneNumber}
            onChanged={(message) => {
              setNotice(message);
              router.refresh();
            }}
          />
          <QuoteLinkPanel contactId={contact.id} contactName={name || contact.email} daysValid={QUOTE_LINK_DAYS} />
        </div>

        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="summary-title" className={card}>
            <h2 id="summary-title" className="sr-only">
              Summary
            </h2>
            <dl className="grid grid-cols-2 divide-gray-100 sm:grid-cols-4 sm:divide-x">
              {[
                ["Emails Sent", String(sentCount)],
                ["Emails Opened", String(openedCount)],
                ["Upcoming Emails", String(upcomingEmails)],
                ["Follow-up Requests", String(followUps.length)],
              ].map(([label, value]) => (
                <div key={label} className="px-5 py-4">
                  <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
                  <dd className="mt-1 text-2xl font-semibold text-gray-900">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="px-5 pb-3 text-xs text-gray-600">{EMAIL_OPENS_CAPTION}</p>
            <div className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-100 px-5 py-3 text-sm">
              <span className="text-gray-600">
                Last emailed: <span className="font-medium text-gray-900">{formatInstant(contact.lastEmailedAt)}</span>
              </span>
              <span className="text-gray-600">
                Added: <span className="font-medium text-gray-900">{formatInstant(contact.createdAt)}</span>
              </span>
            </div>
          </section>

          <Section
            id="health-title"
            title="Health Assessment"
            action={
              <Button variant="link" onClick={() => setModal("health")}>
                View Results
              </Button>
            }
          >
            <p className="flex items-center gap-2 text-sm">
              <span
                aria-hidden="true"
                className={`h-2.5 w-2.5 rounded-full ${outcome === "not_completed" ? "bg-gray-300" : outcome === "issues" ? "bg-red-500" : "bg-green-500"}`}
              />
              <span className="text-gray-900">{healthLabel}</span>
              {eligibility.completedAt ? (
                <span className="text-gray-500">· {formatInstant(eligibility.completedAt)}</span>
              ) : null}
            </p>
          </Section>

          <Section id="activity-title" title="Email Activity">
            {activity.length === 0 ? (
              <Empty>No emails have been sent to this contact yet.</Empty>
            ) : (
              <ScrollArea label="Sent emails table" className="-mx-5">
                <table className="min-w-full text-sm">
                  <thead className="text-left text-xs font-semibold uppercase tracking-wide text-gray-500">
                    <tr>
                      <th scope="col" className="px-5 py-2">
                        Date
                      </th>
                      <th scope="col" className="px-5 py-2">
                        Type
                      </th>
                      <th scope="col" className="px-5 py-2">
                        Status
                      </th>
                      <th scope="col" className="px-5 py-2">
                        Mode
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100">
                    {activity.map((record) => (
                      <tr key={record.id}>
                        <td className="px-5 py-2 text-gray-900">
                          {record.sent_at ? formatInstant(record.sent_at) : formatCalendarDate(record.scheduled_date)}
                        </td>
                        <td className="px-5 py-2 text-gray-900">{emailTypeLabel(record.email_type)}</td>
                        <td className="px-5 py-2">
                          <span
                            className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLES[record.send_status]}`}
                          >
                            {capitalize(record.send_status)}
                          </span>
                        </td>
                        <td className="px-5 py-2 text-gray-600">
                          {record.send_mode === "production" ? "Production" : "Test"}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollArea>
            )}
          </Section>

          <Section id="future-title" title="Future Activity">
            {scheduledEmails.length === 0 ? (
              <Empty>No upcoming emails scheduled for the next 90 days.</Empty>
            ) : (
              <ScrollArea label="Upcoming emails table" className="-mx-5">
                <table className="min-w-full text-sm">
                  <thead className="text-left text-xs font-semibold uppercase tracking-wide text-gray-500">
                    <tr>
                      <th scope="col" className="px-5 py-2">
                        Scheduled Date
                      </th>
                      <th scope="col" className="px-5 py-2">
                        Email Type
                      </th>
                      <th scope="col" className="px-5 py-2">
                        Status
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100">
                    {scheduledEmails.map((email) => (
                      <tr key={email.id}>
                        <td className="px-5 py-2 text-gray-900">{formatCalendarDate(email.scheduled_send_date)}</td>
                        <td className="px-5 py-2 text-gray-900">{emailTypeLabel(email.email_type)}</td>
                        <td className="px-5 py-2">
                          <span className="inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-700 ring-1 ring-amber-200">
                            Scheduled
                          </span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollArea>
            )}
          </Section>

          <Section id="follow-ups-title" title="Follow-up Requests">
            <FollowUpList followUps={followUps} shown={followUpsShown} />
          </Section>
        </div>
      </div>

      {modal === "edit" ? (
        <ContactFormModal
          mode="edit"
          contact={contact}
          agents={agents}
          knownCarriers={knownCarriers}
          agencyCarriers={agencyCarriers}
          currentUser={currentUser}
          onClose={() => setModal("none")}
          onSaved={(saved) => {
            setContact(saved);
            setModal("none");
            setNotice("Contact updated.");
            router.refresh();
          }}
        />
      ) : null}
      {modal === "delete" ? (
        <DeleteContactDialog
          contactName={name}
          busy={deleting}
          error={deleteError}
          onConfirm={confirmDelete}
          onClose={() => {
            setModal("none");
            setDeleteError(null);
          }}
        />
      ) : null}
      {modal === "send" ? (
        <SendQuoteDialog
          contactName={name}
          email={contact.email}
          busy={quote.state === "sending"}
          onConfirm={() => void sendQuote()}
          onClose={() => setModal("none")}
        />
      ) : null}
      {modal === "health" ? (
        <HealthAssessmentModal
          contactName={contact.firstName || name}
          eligibility={eligibility}
          onClose={() => setModal("none")}
        />
      ) : null}
    </main>
  );
}
