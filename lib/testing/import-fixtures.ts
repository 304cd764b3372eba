import { NextRequest } from "next/server";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ImportContactInput } from "@/lib/contacts/import/import-types";
import { createOrganization, createUser } from "@/lib/testing/factories";

/** Rows, agencies and carriers for the CSV import's tests (bulk-import, import-jobs). */

let seq = 0;

/** A valid row (unique email) with the given changes. */
export function importRow(overrides: Partial<ImportContactInput> = {}): ImportContactInput {
  seq++;
  return {
    rowNumber: seq + 1,
    firstName: "Ada",
    lastName: `Lovelace${seq}`,
    email: `ada${seq}.${Date.now()}@example.com`,
    phoneNumber: "(555) 010-0123",
    currentCarrier: "Humana",
    effectiveDate: "2027-01-01",
    birthDate: "12/10/1955",
    tobaccoUser: "No",
    gender: "F",
    zipCode: "78701",
    planType: "G",
    ...overrides,
  };
}

/** Spreadsheet line numbers in file order (data index + 2), from `first`. */
export const numbered = (rows: ImportContactInput[], first = 2) => rows.map((r, i) => ({ ...r, rowNumber: i + first }));

/** The two carriers the import tests map to (Humana, UnitedHealthcare with its aliases). */
export async function seedImportCarriers(prisma: PrismaClient) {
  for (const [naic, name, aliases] of [
    ["60052", "Humana", ["humana", "humana insurance company"]],
    ["79413", "UnitedHealthcare", ["unitedhealthcare", "uhc", "united healthcare"]],
  ] as const) {
    await prisma.carrier.upsert({
      where: { naic },
      create: { naic, name, groupName: name, aliases: [...aliases] },
      update: {},
    });
  }
}

/** An organization (no contact limit unless given) with an admin and a non-admin agent. */
export async function importAgency(
  prisma: PrismaClient,
  options: { now: Date; contactLimit?: number; extraContacts?: number },
) {
  const { now } = options;
  const org = await createOrganization(prisma, { now });
  await prisma.organization.update({
    where: { id: org.id },
    data: { contactLimit: options.contactLimit ?? -1, extraContacts: options.extraContacts ?? 0 },
  });
  const admin = await createUser(prisma, org.id, { now, isAdmin: true, isAgent: true });
  const agent = await createUser(prisma, org.id, { now, isAdmin: false, isAgent: true });
  return { org, admin, agent };
}

export const asImportUser = (u: { id: string; isAdmin: boolean; isAgent: boolean }) => ({
  id: u.id,
  isAdmin: u.isAdmin,
  isAgent: u.isAgent,
});

/** A request to a route handler: JSON body (a string is sent as is), session cookie, extra headers. */
export function jsonRequest(
  url: string,
  {
    method = "POST",
    body,
    cookie,
    headers = {},
  }: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  return new NextRequest(`http://localhost${url}`, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}
