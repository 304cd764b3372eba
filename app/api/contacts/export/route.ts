import { withOrg } from "@/lib/api/handler";
import { exportContacts } from "@/lib/contacts/export-contacts";
import { listContactsQuerySchema } from "@/lib/contacts/list-contacts-query";

export const dynamic = "force-dynamic";

// GET /api/contacts/export?{the list's filters} → contacts-YYYY-MM-DD.csv (admins only).
export const GET = withOrg(
  async ({ user, organizationId, db, query }) => {
    const { filename, csv } = await exportContacts({ db, organizationId, viewer: user, query, now: new Date() });
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "no-store",
      },
    });
  },
  { query: listContactsQuerySchema, roles: ["admin"] },
);
