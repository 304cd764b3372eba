import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { loadRateBook } from "@/lib/quotes/load-rate-book";

/** A tiny TX book: six community-rated carriers, plans F/G/N. Epsilon (not contracted) is the cheapest. */
export const CARRIERS = [
  { naic: "10001", name: "Alpha", groupName: "Alpha", g: 15000 },
  { naic: "10002", name: "Beta", groupName: "Beta", g: 12000 },
  { naic: "10003", name: "Gamma", groupName: "Gamma", g: 14000 },
  { naic: "10004", name: "Delta", groupName: "Delta", g: 13000 },
  { naic: "10005", name: "Epsilon", groupName: "Epsilon", g: 11000 },
  { naic: "10006", name: "Zeta", groupName: "Zeta", g: 16000 },
];

function writeBook(): string {
  const dir = mkdtempSync(join(tmpdir(), "compare-book-"));
  const files: Record<string, string> = {
    "rate_book.csv": "name,source,is_sample,notes\nCompare test book,unit test,1,",
    "filings.csv": [
      "filing_key,carrier_naic,state,effective_date,rating_method,policy_fee_cents,plan_design_note",
      ...CARRIERS.map((c) => `K${c.naic},${c.naic},TX,2025-01-01,community,0,`),
    ].join("\n"),
    "areas.csv": ["carrier_naic,state,kind,code,area_code", ...CARRIERS.map((c) => `${c.naic},TX,state,TX,R`)].join(
      "\n",
    ),
    "cells.csv": [
      "filing_key,plan,area_code,age,gender,tobacco,rate_cents,household_rate_cents",
      ...CARRIERS.flatMap((c) => [
        `K${c.naic},G,R,0,,0,${c.g},${c.naic === "10001" ? c.g - 1500 : ""}`,
        `K${c.naic},G,R,0,,1,${c.g + 2000},`,
        `K${c.naic},N,R,0,,0,${c.g - 3000},`,
        `K${c.naic},F,R,0,,0,${c.g + 4000},`,
      ]),
    ].join("\n"),
    "household_discounts.csv": "filing_key,pct_bps,category,description\nK10001,1000,Roommate,10%",
    "riders.csv": "filing_key,rider_id,plan,area_code,age,rate_cents",
  };
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body.trim() + "\n");
  return dir;
}

/** Loads the tiny book (and its carriers) into a test database, as the active sample book. */
export async function loadTinyTexasBook(prisma: PrismaClient) {
  await prisma.carrier.createMany({ data: CARRIERS.map(({ naic, name, groupName }) => ({ naic, name, groupName })) });
  await loadRateBook({ dir: writeBook() });
}
