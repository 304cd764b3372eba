import "server-only";
import { prisma } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { PlanRateIncrease } from "@/lib/outreach-schedule/types";
import { isoDate } from "@/lib/calendar/calendar-date";

/**
 * Filed rate increases, read from the active rate book (issue #7 item 7): a carrier's filing in a
 * state that takes effect on a future date and whose premiums are, on average over the cells both
 * filings price (same plan, area, age, gender, tobacco), higher than the filing it follows. A new
 * filing that lowers or keeps premiums is not an increase, and a carrier's first filing in a state has
 * nothing to compare with. The planner turns each one into a rate_increase email 14 days before its
 * date for the contacts whose current carrier is that carrier in that state.
 *
 * Reference data (no organization, no row-level security): read with the owner client.
 */

export type FiledRateIncrease = PlanRateIncrease & {
  /** Average new/old premium ratio over the matching cells (1.07 = 7% higher). */
  averageRatio: number;
};

/** Filings already in force are past news; a year and a bit ahead covers the planner's horizon. */
const LOOKAHEAD_DAYS = 400;

export async function findFiledRateIncreases({ now }: { now: Date }): Promise<FiledRateIncrease[]> {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const until = new Date(from.getTime() + LOOKAHEAD_DAYS * 86_400_000);
  const rows = await prisma.$queryRaw<
    { carrier_naic: string; state: string; effective_date: Date; average_ratio: number }[]
  >(Prisma.sql`
    SELECT f.carrier_naic, f.state, f.effective_date, avg(c.rate_cents::float8 / p.rate_cents)::float8 AS average_ratio
    FROM rate_filings f
    JOIN rate_books b ON b.id = f.rate_book_id AND b.is_active
    JOIN LATERAL (
      SELECT prev.id FROM rate_filings prev
      WHERE prev.rate_book_id = f.rate_book_id AND prev.carrier_naic = f.carrier_naic AND prev.state = f.state AND prev.effective_date < f.effective_date
      ORDER BY prev.effective_date DESC LIMIT 1
    ) previous ON true
    JOIN rate_cells c ON c.filing_id = f.id
    JOIN rate_cells p ON p.filing_id = previous.id AND p.plan = c.plan AND p.area_code = c.area_code AND p.age = c.age
                     AND p.gender IS NOT DISTINCT FROM c.gender AND p.tobacco = c.tobacco AND p.rate_cents > 0
    WHERE f.effective_date > ${from}::date AND f.effective_date <= ${until}::date
    GROUP BY f.carrier_naic, f.state, f.effective_date
    HAVING avg(c.rate_cents::float8 / p.rate_cents) > 1
    ORDER BY f.effective_date, f.state, f.carrier_naic`);
  return rows.map((row) => ({
    carrierNaic: row.carrier_naic,
    state: row.state.toUpperCase(),
    increaseDate: isoDate(row.effective_date),
    averageRatio: row.average_ratio,
  }));
}
