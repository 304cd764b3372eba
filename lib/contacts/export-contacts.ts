import "server-only";
import { tenantDb, type TenantDb } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  contactListWhere,
  RECENT_ACTIVITY_DAYS,
  type ContactViewer,
  type ListContactsQuery,
} from "@/lib/contacts/list-contacts";
import { isoDate, todayInZone } from "@/lib/calendar/calendar-date";
import { toCsv, type CsvCell } from "@/lib/contacts/import/write-csv";
import { contactStatusLabel } from "@/lib/contacts/contact-status";

/**
 * GET /api/contacts/export (admins): every contact the list's filters select (all pages), with its
 * quote and health status, as a CSV download named contacts-YYYY-MM-DD.csv (the organization's date).
 * Rows are read in keyset batches, in the list's order (last name, first name, id), and written by
 * toCsv (every value quoted; a cell starting with = + - @, tab or CR gets a leading ' so a
 * spreadsheet shows it as text rather than running it as a formula).
 */

export const EXPORT_COLUMNS = [
  "First Name",
  "Last Name",
  "Email",
  "Phone Number",
  "State",
  "ZIP Code",
  "County",
  "Current Carrier",
  "Plan Type",
  "Effective Date",
  "Birth Date",
  "Gender",
  "Tobacco User",
  "Agent",
  "Status",
  "Quote Viewed (30d)",
  "Health Completed (30d)",
  "Last Quote Viewed",
  "Last Health Completed",
  "Created",
] as const;

const BATCH_SIZE = 1000;

const exportSelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phoneNumber: true,
  state: true,
  zipCode: true,
  county: true,
  currentCarrier: true,
  planType: true,
  effectiveDate: true,
  birthDate: true,
  gender: true,
  tobaccoUser: true,
  status: true,
  createdAt: true,
  agent: { select: { firstName: true, lastName: true } },
  trackingClicks: {
    orderBy: { clickedAt: "desc" },
    take: 1,
    select: { clickedAt: true },
  },
  eligibilityAnswers: {
    orderBy: { createdAt: "desc" },
    take: 1,
    select: { createdAt: true },
  },
} satisfies Prisma.ContactSelect;

export type ExportContactsOptions = {
  organizationId: string;
  viewer: ContactViewer;
  /** The list's filters; page and limit are ignored (the export is every page). */
  query: Partial<ListContactsQuery>;
  now: Date;
  db?: TenantDb;
};

export type ContactsExport = {
  filename: string;
  csv: string;
  rowCount: number;
};

export async function exportContacts({
  organizationId,
  viewer,
  query,
  now,
  db = tenantDb(organizationId),
}: ExportContactsOptions): Promise<ContactsExport> {
  const { page: _page, limit: _limit, ...filters } = query;
  const where = contactListWhere({ ...filters, organizationId, viewer, now });
  const since = new Date(now.getTime() - RECENT_ACTIVITY_DAYS * 86_400_000);
  const recent = (at: Date | undefined) => (at !== undefined && at >= since && at <= now ? "Yes" : "No");

  const organization = await db.organization.findFirst({
    where: { id: organizationId },
    select: { timezone: true },
  });
  const chunks = [toCsv([EXPORT_COLUMNS])];
  let cursor: string | undefined;
  let rowCount = 0;
  for (;;) {
    const batch = await db.contact.findMany({
      where,
      orderBy: [{ lastName: "asc" }, { firstName: "asc" }, { id: "asc" }],
      take: BATCH_SIZE,
      ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
      select: {
        ...exportSelect,
        trackingClicks: {
          ...exportSelect.trackingClicks,
          where: { organizationId },
        },
        eligibilityAnswers: {
          ...exportSelect.eligibilityAnswers,
          where: { organizationId },
        },
      },
    });
    const rows = batch.map((c): CsvCell[] => {
      const lastViewed = c.trackingClicks[0]?.clickedAt;
      const lastHealth = c.eligibilityAnswers[0]?.createdAt;
      return [
        c.firstName,
        c.lastName,
        c.email,
        c.phoneNumber,
        c.state,
        c.zipCode,
        c.county,
        c.currentCarrier,
        c.planType,
        isoDate(c.effectiveDate),
        isoDate(c.birthDate),
        c.gender,
        c.tobaccoUser ? "Yes" : "No",
        c.agent ? `${c.agent.firstName} ${c.agent.lastName}`.trim() : "",
        contactStatusLabel(c.status),
        recent(lastViewed),
        recent(lastHealth),
        lastViewed?.toISOString(),
        lastHealth?.toISOString(),
        c.createdAt.toISOString(),
      ];
    });
    if (rows.length > 0) chunks.push(toCsv(rows));
    rowCount += batch.length;
    if (batch.length < BATCH_SIZE) break;
    cursor = batch[batch.length - 1]!.id;
  }

  const today = todayInZone(now, organization?.timezone ?? "America/Chicago");
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents).
  return {
    filename: `contacts-${today}.csv`,
    csv: `\uFEFF${chunks.join("")}`,
    rowCount,
  };
}
