import "server-only";
import { tenantDb, type TenantDb } from "@/lib/db";
import { listedContactWhere, type ContactViewer } from "@/lib/contacts/list-contacts";

/**
 * The four stat cards above the contact list (client-side.md §2 "Contact list page"). Every figure
 * counts only what the viewer may see — the organization's contacts for an admin, their own for an
 * agent, without eligibility placeholders (listedContactWhere) — over all time, without the list's filters:
 *
 * - totalContacts:   contacts the viewer sees.
 * - quotesSent:      QuoteLink rows (personalized quote links generated for a contact: manual "send
 *                    quote", outreach emails and "generate quote link" all create one) whose contact
 *                    the viewer sees. Anonymous links (no contact) are not counted, nor the links of a
 *                    trial's [TEST] copies (sent to the agent, not the contact: the email's metadata
 *                    names its link, quoteLinkId).
 * - quotesViewed:    contacts the viewer sees with at least one TrackingClick (opened a quote link).
 * - healthQuestions: contacts the viewer sees with at least one EligibilityAnswer (answered the
 *                    health questionnaire).
 *
 * Viewed and Health count contacts, not clicks or answers, so they never exceed Total Contacts.
 */
export type ContactStats = { totalContacts: number; quotesSent: number; quotesViewed: number; healthQuestions: number };

export const EMPTY_CONTACT_STATS: ContactStats = {
  totalContacts: 0,
  quotesSent: 0,
  quotesViewed: 0,
  healthQuestions: 0,
};

export type GetContactStatsOptions = {
  organizationId: string;
  viewer: ContactViewer;
  /** The tenant client; pages leave it out and get tenantDb(organizationId). */
  db?: TenantDb;
};

/** How many contacts the viewer's list holds (0: the dashboard offers to import or add some). */
export async function countListedContacts({
  organizationId,
  viewer,
  db = tenantDb(organizationId),
}: GetContactStatsOptions): Promise<number> {
  return db.contact.count({ where: listedContactWhere(organizationId, viewer) });
}

export async function getContactStats({
  organizationId,
  viewer,
  db = tenantDb(organizationId),
}: GetContactStatsOptions): Promise<ContactStats> {
  const visible = listedContactWhere(organizationId, viewer);
  // A trial sends [TEST] copies for a few contacts only (lib/trial/trial-sample.ts), so this list stays short.
  const testCopies = await db.scheduledEmail.findMany({
    // sentAt set: what the (organization, status, sent_at) index holds (a sent row always has it).
    where: { organizationId, sendMode: "test", status: "sent", sentAt: { not: null }, contact: { is: visible } },
    select: { metadata: true },
  });
  const testLinkIds = testCopies.flatMap(({ metadata }) => {
    const id =
      metadata && typeof metadata === "object" && !Array.isArray(metadata)
        ? (metadata as Record<string, unknown>).quoteLinkId
        : undefined;
    return typeof id === "string" ? [id] : [];
  });
  const [totalContacts, quotesSent, quotesViewed, healthQuestions] = await Promise.all([
    db.contact.count({ where: visible }),
    db.quoteLink.count({
      where: {
        organizationId,
        contact: { is: visible },
        ...(testLinkIds.length ? { id: { notIn: testLinkIds } } : {}),
      },
    }),
    db.contact.count({ where: { AND: [visible, { trackingClicks: { some: { organizationId } } }] } }),
    db.contact.count({ where: { AND: [visible, { eligibilityAnswers: { some: { organizationId } } }] } }),
  ]);
  return { totalContacts, quotesSent, quotesViewed, healthQuestions };
}
