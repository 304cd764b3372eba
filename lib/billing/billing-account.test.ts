import { NextRequest } from "next/server";
import { GET as invoicesRoute } from "@/app/api/billing/invoices/route";
import { GET as downloadRoute } from "@/app/api/billing/invoices/[id]/download/route";
import { GET as paymentMethodRoute } from "@/app/api/billing/payment-method/route";
import { GET as planRoute } from "@/app/api/billing/plan/route";
import { POST as portalRoute } from "@/app/api/billing/portal/route";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";

/**
 * The billing page's calls answer only users with the billing flag (agency-side.md §2: "The link to
 * billing appears only for users with a billing flag"); the role does not matter. Billing is off here
 * (no Stripe keys), so a holder of the flag gets the empty answers.
 */
const db = setupTestDatabase();
// The routes read the clock; the sessions are stamped with it.
const now = new Date();

const req = (path: string, cookie: string, method = "GET") =>
  new NextRequest(`http://localhost${path}`, { method, headers: { cookie } });
const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });

async function userOf(organizationId: string, options: { isAdmin: boolean; canManageBilling: boolean }) {
  const user = await createUser(db.prisma, organizationId, { now, ...options });
  return (await createSession(db.prisma, user.id, { now })).cookie;
}

const calls = (cookie: string) => ({
  plan: () => planRoute(req("/api/billing/plan", cookie), ctx()),
  invoices: () => invoicesRoute(req("/api/billing/invoices", cookie), ctx()),
  paymentMethod: () => paymentMethodRoute(req("/api/billing/payment-method", cookie), ctx()),
  download: () => downloadRoute(req("/api/billing/invoices/in_123/download", cookie), ctx({ id: "in_123" })),
  portal: () => portalRoute(req("/api/billing/portal", cookie, "POST"), ctx()),
});

describe("billing calls need the billing flag", () => {
  it("an agent without the flag is refused 403 on the plan, invoices, payment method, invoice download and portal", async () => {
    const org = await createOrganization(db.prisma, { now });
    const agent = calls(await userOf(org.id, { isAdmin: false, canManageBilling: false }));
    for (const [name, call] of Object.entries(agent)) {
      const res = await call();
      // The portal is admin-only as well: the role check answers first, with the same status.
      expect([name, res.status, (await res.json()).error.code]).toEqual([name, 403, "forbidden"]);
    }
  });

  it("an admin without the flag is refused too; the flag, not the role, opens billing", async () => {
    const org = await createOrganization(db.prisma, { now });
    const admin = calls(await userOf(org.id, { isAdmin: true, canManageBilling: false }));
    for (const call of [admin.plan, admin.invoices, admin.paymentMethod, admin.download, admin.portal]) {
      const res = await call();
      expect(res.status).toBe(403);
      expect((await res.json()).error.message).toBe("Only users with billing access can see billing.");
    }

    const holder = calls(await userOf(org.id, { isAdmin: false, canManageBilling: true }));
    expect((await (await holder.plan()).json()).data).toMatchObject({ billingDisabled: true, contactCount: 0 });
    expect(await (await holder.invoices()).json()).toEqual({ data: [] });
    expect(await (await holder.paymentMethod()).json()).toEqual({ data: null });
    // Billing off: no customer, so no invoice to download.
    expect((await holder.download()).status).toBe(404);
  });
});
