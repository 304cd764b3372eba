import "server-only";
import { AppError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record-audit";
import { isUniqueViolation } from "@/lib/contacts/create-contact";
import { contactNotFound, visibleContactWhere } from "@/lib/contacts/get-contact";
import { contactVisibilityWhere, type ContactViewer } from "@/lib/contacts/list-contacts";
import { tenantTransaction, type TenantDb, type TxClient } from "@/lib/db";
import { HOUSEHOLD_MESSAGES, type HouseholdView } from "@/lib/households/household-schema";
import { orderedPair } from "@/lib/households/pairing";
import { rescheduleContactsNow } from "@/lib/outreach/triggers";

/**
 * What an agent does with households (docs/households.md): see a contact's pairing, link two contacts
 * explicitly, confirm a suggestion, undo (dismiss) a suggestion or a pairing.
 *
 * Who: any member, on contacts they may see (lib/contacts/get-contact.ts): an admin the whole organization,
 * an agent their own contacts. A household is the viewer's only when BOTH its contacts are: an agent never
 * learns the name of another agent's contact through a pairing, and another organization's ids are 404.
 * A contact is in at most one confirmed household: confirming or linking locks both contacts' rows, and
 * refuses (409) when either is already confirmed with someone else; the partial unique indexes of the
 * migration stand behind it.
 */

const partnerSelect = { select: { id: true, firstName: true, lastName: true } } as const;
const HOUSEHOLD_SELECT = {
  id: true,
  kind: true,
  status: true,
  contactAId: true,
  contactBId: true,
  confirmedById: true,
  confirmedAt: true,
  createdAt: true,
  updatedAt: true,
  contactA: partnerSelect,
  contactB: partnerSelect,
} as const;

type HouseholdRow = {
  id: string;
  kind: HouseholdView["kind"];
  status: HouseholdView["status"];
  contactAId: string;
  contactBId: string;
  confirmedById: string | null;
  confirmedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  contactA: HouseholdView["partner"];
  contactB: HouseholdView["partner"];
};

function toView(row: HouseholdRow, fromContactId?: string): HouseholdView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    partner: row.contactAId === fromContactId ? row.contactB : row.contactA,
    contactIds: [row.contactAId, row.contactBId],
    confirmedById: row.confirmedById,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const householdNotFound = () => new AppError("not_found", HOUSEHOLD_MESSAGES.notFound);

/** How many of these contacts the viewer may see (the contact pages' rule: contactVisibilityWhere). */
async function visibleCount(db: TenantDb | TxClient, organizationId: string, ids: string[], viewer: ContactViewer) {
  return db.contact.count({ where: { AND: [contactVisibilityWhere(organizationId, viewer), { id: { in: ids } }] } });
}

/** GET /api/contacts/{id}/household: the confirmed household, else the open suggestion, else null. */
export async function getContactHousehold({
  db,
  organizationId,
  viewer,
  contactId,
}: {
  db: TenantDb;
  organizationId: string;
  viewer: ContactViewer;
  contactId: string;
}): Promise<HouseholdView | null> {
  const contact = await db.contact.findFirst({
    where: visibleContactWhere(organizationId, contactId, viewer),
    select: { id: true },
  });
  if (!contact) throw contactNotFound();
  const rows = await db.household.findMany({
    where: {
      organizationId,
      status: { in: ["confirmed", "suggested"] },
      OR: [{ contactAId: contact.id }, { contactBId: contact.id }],
    },
    select: HOUSEHOLD_SELECT,
    orderBy: { updatedAt: "desc" },
  });
  // The confirmed household first, then the newest suggestion. Sorted here, not by ORDER BY status: the
  // enum's order is its declaration's (suggested before confirmed), not the alphabet's.
  rows.sort((x, y) => Number(y.status === "confirmed") - Number(x.status === "confirmed"));
  for (const row of rows) {
    const partnerId = row.contactAId === contact.id ? row.contactBId : row.contactAId;
    if ((await visibleCount(db, organizationId, [partnerId], viewer)) === 1) return toView(row, contact.id);
  }
  return null;
}

/** What the contact list shows beside a name: the contact's confirmed household, else its open suggestion. */
export type HouseholdMark = { status: "confirmed" | "suggested"; partner: HouseholdView["partner"] };

/**
 * The list's household marks for one page of contacts, in one query: pairs whose two contacts the viewer may
 * both see (contactVisibilityWhere on each side, the rule of getContactHousehold), a confirmed pair before a
 * suggestion. Contacts with neither are absent from the map.
 */
export async function listHouseholdMarks({
  db,
  organizationId,
  viewer,
  contactIds,
}: {
  db: TenantDb;
  organizationId: string;
  viewer: ContactViewer;
  contactIds: string[];
}): Promise<Map<string, HouseholdMark>> {
  const marks = new Map<string, HouseholdMark>();
  if (contactIds.length === 0) return marks;
  const visible = contactVisibilityWhere(organizationId, viewer);
  const rows = await db.household.findMany({
    where: {
      organizationId,
      status: { in: ["confirmed", "suggested"] },
      OR: [{ contactAId: { in: contactIds } }, { contactBId: { in: contactIds } }],
      contactA: { is: visible },
      contactB: { is: visible },
    },
    select: { status: true, contactAId: true, contactBId: true, contactA: partnerSelect, contactB: partnerSelect },
    orderBy: { updatedAt: "desc" },
  });
  const keep = (contactId: string, mark: HouseholdMark) => {
    const held = marks.get(contactId);
    // A confirmed household wins over a suggestion; among equals, the newest (the rows' order).
    if (!held || (held.status === "suggested" && mark.status === "confirmed")) marks.set(contactId, mark);
  };
  for (const row of rows) {
    const status = row.status === "confirmed" ? "confirmed" : "suggested";
    keep(row.contactAId, { status, partner: row.contactB });
    keep(row.contactBId, { status, partner: row.contactA });
  }
  return marks;
}

/** Locks both contacts (in id order, so two requests cannot deadlock) and refuses a second confirmed household. */
async function assertFreeToConfirm(tx: TxClient, organizationId: string, a: string, b: string) {
  await tx.$queryRaw`SELECT id FROM contacts WHERE organization_id = ${organizationId}::uuid AND id IN (${a}::uuid, ${b}::uuid) ORDER BY id FOR UPDATE`;
  const other = await tx.household.findFirst({
    where: {
      organizationId,
      status: "confirmed",
      OR: [{ contactAId: { in: [a, b] } }, { contactBId: { in: [a, b] } }],
      NOT: { contactAId: a, contactBId: b },
    },
    select: { id: true },
  });
  if (other) throw new AppError("conflict", HOUSEHOLD_MESSAGES.alreadyPaired);
}

async function writeConfirmed<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", HOUSEHOLD_MESSAGES.alreadyPaired);
    throw error;
  }
}

type ActionOptions = { organizationId: string; viewer: ContactViewer; now: Date };

/**
 * A household confirmed or undone changes both people's outreach (the household window: one email for two,
 * lib/outreach-schedule/household.ts): both are re-planned at once. It never fails the action (a failed re-plan
 * queues the organization's reschedule).
 */
async function replanBoth(organizationId: string, view: HouseholdView, now: Date) {
  await rescheduleContactsNow({ organizationId, contactIds: view.contactIds, now });
}

/** POST /api/contacts/{id}/household {partnerId}: an explicit spouse/partner link, confirmed by its maker. */
export async function linkHousehold({
  organizationId,
  viewer,
  now,
  contactId,
  partnerId,
}: ActionOptions & { contactId: string; partnerId: string }): Promise<HouseholdView> {
  const view = await tenantTransaction(organizationId, async (tx) => {
    if ((await visibleCount(tx, organizationId, [contactId], viewer)) !== 1) throw contactNotFound();
    if (contactId.toLowerCase() === partnerId.toLowerCase())
      throw new AppError("validation_failed", HOUSEHOLD_MESSAGES.samePerson, {
        fields: { partnerId: [HOUSEHOLD_MESSAGES.samePerson] },
      });
    if ((await visibleCount(tx, organizationId, [partnerId], viewer)) !== 1)
      throw new AppError("not_found", HOUSEHOLD_MESSAGES.partnerNotFound, {
        fields: { partnerId: [HOUSEHOLD_MESSAGES.partnerNotFound] },
      });
    const [a, b] = orderedPair(contactId, partnerId);
    await assertFreeToConfirm(tx, organizationId, a, b);
    const confirmed = { kind: "explicit", status: "confirmed", confirmedById: viewer.id, confirmedAt: now } as const;
    const row = await writeConfirmed(() =>
      tx.household.upsert({
        where: { organizationId_contactAId_contactBId: { organizationId, contactAId: a, contactBId: b } },
        create: { organizationId, contactAId: a, contactBId: b, ...confirmed, createdAt: now, updatedAt: now },
        update: { ...confirmed, updatedAt: now },
        select: HOUSEHOLD_SELECT,
      }),
    );
    await recordAudit(tx, {
      organizationId,
      actorUserId: viewer.id,
      action: "household.linked",
      entityType: "household",
      entityId: row.id,
      metadata: { contactIds: [a, b] },
    });
    return toView(row, contactId.toLowerCase());
  });
  await replanBoth(organizationId, view, now);
  return view;
}

/** The household by id, if the viewer may see both its contacts (404 otherwise, another organization's too). */
async function visibleHouseholdOrThrow(tx: TxClient, organizationId: string, id: string, viewer: ContactViewer) {
  const row = await tx.household.findFirst({ where: { id, organizationId }, select: HOUSEHOLD_SELECT });
  if (!row || (await visibleCount(tx, organizationId, [row.contactAId, row.contactBId], viewer)) !== 2)
    throw householdNotFound();
  return row;
}

/** POST /api/households/{id}/confirm: the agent confirms a suggestion (or takes back a dismissal). */
export async function confirmHousehold({
  organizationId,
  viewer,
  now,
  householdId,
}: ActionOptions & { householdId: string }): Promise<HouseholdView> {
  const view = await tenantTransaction(organizationId, async (tx) => {
    const existing = await visibleHouseholdOrThrow(tx, organizationId, householdId, viewer);
    if (existing.status === "confirmed") return toView(existing);
    await assertFreeToConfirm(tx, organizationId, existing.contactAId, existing.contactBId);
    const row = await writeConfirmed(() =>
      tx.household.update({
        where: { id: existing.id, organizationId },
        data: { status: "confirmed", confirmedById: viewer.id, confirmedAt: now, updatedAt: now },
        select: HOUSEHOLD_SELECT,
      }),
    );
    await recordAudit(tx, {
      organizationId,
      actorUserId: viewer.id,
      action: "household.confirmed",
      entityType: "household",
      entityId: row.id,
      metadata: { kind: row.kind, from: existing.status },
    });
    return toView(row);
  });
  await replanBoth(organizationId, view, now);
  return view;
}

/**
 * POST /api/households/{id}/dismiss: undo. A suggestion is dismissed (and not suggested again while the two
 * share that address); a confirmed pairing or an explicit link is undone the same way.
 */
export async function dismissHousehold({
  organizationId,
  viewer,
  now,
  householdId,
}: ActionOptions & { householdId: string }): Promise<HouseholdView> {
  const view = await tenantTransaction(organizationId, async (tx) => {
    const existing = await visibleHouseholdOrThrow(tx, organizationId, householdId, viewer);
    if (existing.status === "dismissed") return toView(existing);
    const row = await tx.household.update({
      where: { id: existing.id, organizationId },
      data: { status: "dismissed", confirmedById: null, confirmedAt: null, updatedAt: now },
      select: HOUSEHOLD_SELECT,
    });
    await recordAudit(tx, {
      organizationId,
      actorUserId: viewer.id,
      action: "household.dismissed",
      entityType: "household",
      entityId: row.id,
      metadata: { kind: row.kind, from: existing.status },
    });
    return toView(row);
  });
  await replanBoth(organizationId, view, now);
  return view;
}
