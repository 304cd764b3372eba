import "server-only";
import { randomUUID } from "node:crypto";
import { prisma } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { RateBookRows } from "@/lib/quotes/rate-book/validate";

/**
 * Rate book loading, stage 3 of 3 (parse.ts → validate.ts → write): the validated rows in one
 * transaction. The book of the same name is deleted (cascading to its areas, filings, cells, discounts,
 * riders and carrier lines) and the new one written with multi-row INSERTs; a database failure rolls the whole load
 * back, so the old book stays. Loading the same files again leaves the same rate book (idempotent).
 */

const CHUNK_ROWS = 5_000;

function chunks<T>(rows: readonly T[], size = CHUNK_ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export type WriteRateBookOptions = {
  /** Make the written book the only active one (default true). */
  activate?: boolean;
  /** Interactive-transaction timeout in ms (default 300 000). */
  timeoutMs?: number;
};

/** Writes the book; answers its id and how many books of the same name it replaced. */
export async function writeRateBook(
  data: RateBookRows,
  options: WriteRateBookOptions = {},
): Promise<{ rateBookId: string; replaced: number }> {
  const rateBookId = randomUUID();
  const activate = options.activate ?? true;

  const replaced = await prisma.$transaction(
    async (tx) => {
      const deleted = await tx.rateBook.deleteMany({ where: { name: data.book.name } });
      if (activate) await tx.rateBook.updateMany({ where: { isActive: true }, data: { isActive: false } });
      await tx.rateBook.create({
        data: {
          id: rateBookId,
          name: data.book.name,
          source: data.book.source,
          isSample: data.book.isSample,
          notes: data.book.notes,
          isActive: activate,
        },
      });

      for (const part of chunks(data.areas)) {
        const values = part.map(
          (a) =>
            Prisma.sql`(${randomUUID()}::uuid, ${rateBookId}::uuid, ${a.naic}, ${a.state}, ${a.kind}::"RatingAreaKind", ${a.code}, ${a.areaCode})`,
        );
        await tx.$executeRaw`INSERT INTO rating_areas (id, rate_book_id, carrier_naic, state, kind, code, area_code) VALUES ${Prisma.join(values)}`;
      }
      for (const part of chunks(data.filings)) {
        const values = part.map(
          (f) =>
            Prisma.sql`(${f.id}::uuid, ${rateBookId}::uuid, ${f.naic}, ${f.state}, ${f.effectiveDate}::date, ${f.method}::"RatingMethod", ${f.policyFeeCents}::int, ${f.note})`,
        );
        await tx.$executeRaw`INSERT INTO rate_filings (id, rate_book_id, carrier_naic, state, effective_date, rating_method, policy_fee_cents, plan_design_note) VALUES ${Prisma.join(values)}`;
      }
      for (const part of chunks(data.cells)) {
        const values = part.map(
          (c) =>
            Prisma.sql`(${randomUUID()}::uuid, ${c.filingId}::uuid, ${c.plan}, ${c.areaCode}, ${c.age}::int, ${c.gender}::"Gender", ${c.tobacco}::boolean, ${c.rateCents}::int, ${c.householdRateCents}::int)`,
        );
        await tx.$executeRaw`INSERT INTO rate_cells (id, filing_id, plan, area_code, age, gender, tobacco, rate_cents, household_rate_cents) VALUES ${Prisma.join(values)}`;
      }
      for (const part of chunks(data.discounts)) {
        const values = part.map(
          (d) =>
            Prisma.sql`(${randomUUID()}::uuid, ${d.filingId}::uuid, ${d.naic}, ${d.state}, ${d.pctBps}::int, ${d.category}, ${d.description})`,
        );
        await tx.$executeRaw`INSERT INTO household_discounts (id, filing_id, carrier_naic, state, pct_bps, category, description) VALUES ${Prisma.join(values)}`;
      }
      for (const part of chunks(data.riders)) {
        const values = part.map(
          (r) =>
            Prisma.sql`(${randomUUID()}::uuid, ${r.filingId}::uuid, ${r.riderId}, ${r.plan}, ${r.areaCode}, ${r.age}::int, ${r.rateCents}::int)`,
        );
        await tx.$executeRaw`INSERT INTO rider_rates (id, filing_id, rider_id, plan, area_code, age, rate_cents) VALUES ${Prisma.join(values)}`;
      }
      if (data.carriers.length > 0)
        await tx.rateBookCarrier.createMany({
          data: data.carriers.map((c) => ({ rateBookId, carrierNaic: c.naic, amBestRating: c.amBestRating })),
        });
      return deleted.count;
    },
    { timeout: options.timeoutMs ?? 300_000, maxWait: 30_000 },
  );
  return { rateBookId, replaced };
}
