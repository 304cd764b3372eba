import "server-only";
import { prisma } from "@/lib/db";
import { toCsv } from "@/lib/contacts/import/write-csv";
import { householdRuleText, type HouseholdRule } from "@/lib/quotes/household-rules";

/**
 * GET /api/data/public/hhd.csv: the household-discount rules as a file (state, carrier, rule text),
 * one row per state and carrier, from the same rows the compare page reads. Public reference data:
 * no organization's information is in it.
 */
export async function householdRulesCsv(): Promise<string> {
  const rows = await prisma.householdDiscount.findMany({
    where: { filingId: null, carrierLabel: { not: null } },
    orderBy: [{ state: "asc" }, { carrierLabel: "asc" }],
  });
  const lines = rows.map((row) => {
    const rule: HouseholdRule = {
      ...row,
      state: row.state ?? "",
      carrierLabel: row.carrierLabel ?? "",
      extras: (row.extras ?? {}) as HouseholdRule["extras"],
    };
    const carrier = rule.carrierLabel.replace(/\s*\(.*\)$/, "");
    return [rule.state, rule.carrierLabel, rule.eligibility ?? "", householdRuleText(rule, carrier) ?? ""];
  });
  return toCsv([["state", "carrier", "eligibility", "rule"], ...lines]);
}
