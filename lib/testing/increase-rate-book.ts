import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A rate book directory (lib/quotes/RATE-BOOK-FORMAT.md) for rate-increase tests: each filing is one
 * carrier in one state from a date, plan G at ages 65 and 70 (the 70 cell 2,000 cents above the 65
 * one), statewide. Two filings of a carrier in a state with a higher second rate make an increase.
 */
export type IncreaseBookFiling = { key: string; naic: string; state: string; date: string; rateCents: number };

export function writeIncreaseRateBook(name: string, filings: readonly IncreaseBookFiling[]): string {
  const dir = mkdtempSync(join(tmpdir(), "rate-increase-book-"));
  const areas = [...new Set(filings.map((f) => `${f.naic},${f.state},state,${f.state},R`))];
  const files: Record<string, string> = {
    "rate_book.csv": `name,source,is_sample,notes\n${name},unit test,1,`,
    "filings.csv": [
      "filing_key,carrier_naic,state,effective_date,rating_method,policy_fee_cents,plan_design_note",
      ...filings.map((f) => `${f.key},${f.naic},${f.state},${f.date},attained_age,0,`),
    ].join("\n"),
    "areas.csv": ["carrier_naic,state,kind,code,area_code", ...areas].join("\n"),
    "cells.csv": [
      "filing_key,plan,area_code,age,gender,tobacco,rate_cents,household_rate_cents",
      ...filings.flatMap((f) => [`${f.key},G,R,65,,0,${f.rateCents},`, `${f.key},G,R,70,,0,${f.rateCents + 2000},`]),
    ].join("\n"),
    "household_discounts.csv": "filing_key,pct_bps,category,description",
    "riders.csv": "filing_key,rider_id,plan,area_code,age,rate_cents",
  };
  for (const [file, body] of Object.entries(files)) writeFileSync(join(dir, file), body.trim() + "\n");
  return dir;
}
