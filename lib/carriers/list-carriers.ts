import "server-only";
import { prisma } from "@/lib/db";

/**
 * The carriers an agency can contract with, as the licensing and settings screens list them: one
 * entry per carrier group (the name stored in carrierContracts), with the NAIC codes it covers.
 */
export async function listCarrierOptions() {
  const rows = await prisma.carrier.findMany({
    where: { isActive: true },
    select: { naic: true, name: true, groupName: true },
    orderBy: [{ name: "asc" }, { naic: "asc" }],
  });
  const byName = new Map<string, string[]>();
  for (const row of rows) {
    const name = row.groupName ?? row.name;
    byName.set(name, [...(byName.get(name) ?? []), row.naic]);
  }
  return [...byName.entries()].map(([name, naics]) => ({ name, naics })).sort((a, b) => a.name.localeCompare(b.name));
}

export type CarrierOption = Awaited<ReturnType<typeof listCarrierOptions>>[number];
