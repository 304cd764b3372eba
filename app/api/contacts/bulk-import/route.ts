import { NextResponse, type NextRequest } from "next/server";
import { AppError } from "@/lib/api/errors";
import { withOrg } from "@/lib/api/handler";
import { bulkImportContacts } from "@/lib/contacts/import/bulk-import";
import { bulkImportRequestSchema, IMPORT_MESSAGES, MAX_IMPORT_BODY_BYTES } from "@/lib/contacts/import/import-types";

export const dynamic = "force-dynamic";
// Up to 200,000 rows in one transaction.
export const maxDuration = 300;

const importContacts = withOrg(
  ({ user, organizationId, body }) => bulkImportContacts({ organizationId, user, request: body, now: new Date() }),
  { body: bulkImportRequestSchema, maxBodyBytes: MAX_IMPORT_BODY_BYTES },
);

/**
 * POST /api/contacts/bulk-import {contacts, overwriteExisting, agentId} → {success, message, totalRows,
 * newContacts, updatedContacts, …} (client-side §7). The wrapper's generic 413 gets the import's text.
 */
export async function POST(req: NextRequest, ctx?: { params: Promise<Record<string, string | string[] | undefined>> }) {
  const res = await importContacts(req, ctx);
  if (res.status !== 413) return res;
  return NextResponse.json(new AppError("payload_too_large", IMPORT_MESSAGES.tooLarge).toBody(), { status: 413, headers: res.headers });
}
