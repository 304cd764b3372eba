import "server-only";
import { prisma } from "@/lib/db";
import { loadCarrierResolver } from "@/lib/carriers/carrier-resolver";

/**
 * Contacts written before every path set the carrier's NAIC group (manual entry, edit, CSV import and
 * self-signup left it empty) get it from their carrier text, with the same resolver those paths use.
 * Only contacts with a carrier text and no NAIC are touched; a text the carriers table does not know
 * stays without one. Every organization at once (owner client: a maintenance pass, like the seed that
 * runs it), one UPDATE per distinct carrier text set. Returns how many contacts got a NAIC. Their
 * rate-increase emails are planned by the next reschedule (the nightly pass, or loading a rate book).
 */
export async function backfillContactCarrierNaics(): Promise<number> {
  const texts = await prisma.$queryRaw<{ current_carrier: string }[]>`
    SELECT DISTINCT current_carrier FROM contacts WHERE current_carrier IS NOT NULL AND current_carrier_naic IS NULL`;
  if (texts.length === 0) return 0;
  const carriers = await loadCarrierResolver();
  const resolved = texts
    .map(({ current_carrier: text }) => [text, carriers.resolve(text)] as const)
    .filter(([, naic]) => naic !== null);
  if (resolved.length === 0) return 0;
  return prisma.$executeRaw`
    UPDATE contacts AS c SET current_carrier_naic = m.naic
    FROM unnest(${resolved.map(([text]) => text)}::text[], ${resolved.map(([, naic]) => naic)}::text[]) AS m(carrier, naic)
    WHERE c.current_carrier = m.carrier AND c.current_carrier_naic IS NULL`;
}
