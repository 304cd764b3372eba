import { NextRequest } from "next/server";
import { POST as choosePlanRoute } from "@/app/api/choose-plan/route";
import { POST as createContactRoute } from "@/app/api/contacts/create/route";
import { POST as bulkImportRoute } from "@/app/api/contacts/bulk-import/route";
import { mePayload, getCurrentAccount } from "@/lib/auth/current-account";
import { loadPlanLimitNotice } from "@/lib/billing/limit-notice";
import { PLANS } from "@/lib/billing/plans";
import { formatDollars, monthlyPrice } from "@/lib/billing/pricing";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";
import { importRow, jsonRequest, numbered, seedImportCarriers } from "@/lib/testing/import-fixtures";

/**
 * #16 point 8: the public pricing is the model ($100/month including 300 contacts, then $0.33 per
 * contact per month, metered), so no plan caps contacts. Basic takes its 301st contact through every
 * write path an agency uses, and that contact is priced, not refused (docs/billing.md).
 */
const db = setupTestDatabase();
// The routes read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();
const ctx = { params: Promise.resolve({}) };

beforeAll(async () => {
  for (const { id, ...data } of PLANS)
    await db.prisma.subscriptionTier.upsert({ where: { id }, create: { id, ...data }, update: data });
  await seedImportCarriers(db.prisma);
});

async function basicAgencyWith300Contacts() {
  const org = await createOrganization(db.prisma, { now });
  const admin = await createUser(db.prisma, org.id, { now, isAdmin: true, isAgent: true });
  await db.prisma.organization.update({ where: { id: org.id }, data: { defaultAgentId: admin.id } });
  const { cookie, sessionToken } = await createSession(db.prisma, admin.id, { now });
  // Basic is chosen the way an agency chooses it (billing off: recorded at once with the tier's limits).
  const chosen = await choosePlanRoute(
    new NextRequest("http://localhost/api/choose-plan", {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ plan: "basic", orgSlug: org.slug }),
    }),
    ctx,
  );
  expect(chosen.status).toBe(200);
  await db.prisma.contact.createMany({
    data: Array.from({ length: 300 }, (_, i) => ({
      organizationId: org.id,
      firstName: "Pat",
      lastName: `Book ${i}`,
      email: `book-${i}-${org.id}@example.test`,
      state: "TX",
      createdAt: now,
      updatedAt: now,
    })),
  });
  return { org, cookie, sessionToken };
}

describe("Basic is not capped at 300 contacts: the 301st is accepted and billed", () => {
  it("POST /api/contacts/create accepts the 301st contact on Basic; the account stays in good standing with no banner", async () => {
    const { org, cookie, sessionToken } = await basicAgencyWith300Contacts();
    expect(await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })).toMatchObject({
      subscriptionTierId: "basic",
      agentLimit: 1,
      contactLimit: -1,
      extraContacts: 0,
    });

    const res = await createContactRoute(
      jsonRequest("/api/contacts/create", {
        cookie,
        body: { firstName: "Three", lastName: "Hundred One", email: `c301-${org.id}@example.test` },
      }),
      ctx,
    );
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(true);
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(301);

    const { accountStatus } = await mePayload((await getCurrentAccount(sessionToken))!);
    expect(accountStatus).toMatchObject({ status: "good_standing", contactLimit: -1, currentContactCount: 301 });
    expect(
      await loadPlanLimitNotice(await db.prisma.organization.findUniqueOrThrow({ where: { id: org.id } })),
    ).toBeNull();
    // What the 301 contacts cost: the $100 base plus one contact at $0.33.
    expect(
      formatDollars(monthlyPrice({ contacts: accountStatus.currentContactCount }).monthlyTotalCents, {
        alwaysCents: true,
      }),
    ).toBe("$100.33");
  });

  it("the CSV import (POST /api/contacts/bulk-import) takes contacts 301 and 302 on Basic", async () => {
    const { org, cookie } = await basicAgencyWith300Contacts();
    const res = await bulkImportRoute(
      jsonRequest("/api/contacts/bulk-import", {
        cookie,
        body: { overwriteExisting: false, agentId: null, contacts: numbered([importRow(), importRow()]) },
      }),
      ctx,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, newContacts: 2 });
    expect(await db.prisma.contact.count({ where: { organizationId: org.id } })).toBe(302);
    expect(monthlyPrice({ contacts: 302 }).monthlyTotalCents).toBe(10_066);
  });
});
