import { STANDARD_PLAN_TYPES, type StandardPlanType } from "@/lib/contacts/contact-fields";

/**
 * Plan-type mapping for the CSV import (client-side §2 "Plan Type Mapping"): "G", "Plan G",
 * "plan g", "Medigap Plan G", "Plan G Select", "HDG", "HD-G", "High Deductible G", "G High Deductible"
 * → one of the 12 standard plans. Anything else that is not blank ("Advantage", "Part D", "PPO",
 * "Plan M") is "Other". Blank is null (no plan). Pure.
 */

const LETTERS = new Set(["a", "b", "c", "d", "f", "g", "k", "l", "n"]);

/** Words that say nothing about which plan it is. */
const NOISE = new Set([
  "plan",
  "plans",
  "medicare",
  "supplement",
  "supplemental",
  "supp",
  "sup",
  "medigap",
  "ms",
  "med",
  "select",
  "extra",
  "plus",
  "innovative",
  "standard",
  "std",
  "type",
  "policy",
  "insurance",
  "coverage",
  "letter",
]);

/** Words that mean it is not a Medigap lettered plan at all. */
const NOT_MEDIGAP = /\b(part|advantage|ppo|hmo|pffs|mapd|ma|pdp|snp|dsnp|drug|rx)\b/;

const BY_LOWER = new Map(STANDARD_PLAN_TYPES.map((p) => [p.toLowerCase(), p] as const));

export function mapPlanType(raw: string | null | undefined): StandardPlanType | null {
  const text = (raw ?? "").trim();
  if (!text) return null;
  const exact = BY_LOWER.get(text.toLowerCase().replace(/\s+/g, " "));
  if (exact) return exact;

  const n = text
    .toLowerCase()
    .replace(/high[\s-]*ded(uctible|\.)?/g, " hd ")
    .replace(/\bhi[\s-]*ded\b/g, " hd ")
    .replace(/[^a-z0-9+]+/g, " ")
    .trim();
  if (NOT_MEDIGAP.test(n)) return "Other";

  // Glued forms: "hdg", "ghd", "planhdf", "hdplang".
  const tokens = n
    .split(" ")
    .flatMap((t) => {
      const glued = /^(?:plan)?(?:hd(?:plan)?([fg])|([fg])hd)$/.exec(t);
      if (glued) return ["hd", (glued[1] ?? glued[2])!];
      const planLetter = /^plan([a-z])$/.exec(t);
      if (planLetter) return [planLetter[1]!];
      return [t.replace(/\+$/, "")];
    })
    .filter((t) => t && !NOISE.has(t));

  const highDeductible = tokens.includes("hd");
  const letters = tokens.filter((t) => t !== "hd");
  if (letters.length !== 1 || !LETTERS.has(letters[0]!)) return "Other";
  const letter = letters[0]!.toUpperCase();
  if (highDeductible)
    return letter === "F" ? "High Deductible Plan F" : letter === "G" ? "High Deductible Plan G" : "Other";
  return `Plan ${letter}` as StandardPlanType;
}

/**
 * A plan as a sentence names it ("Plan G", "High Deductible Plan G"), from any way it was written ("G",
 * "HDG", "Plan G"); null for Other, blank or anything that is not a lettered Medigap plan. Emails say
 * "your plan" then; never "Plan Other" or "Plan High Deductible Plan G".
 */
export function planTypeName(raw: string | null | undefined): string | null {
  const mapped = mapPlanType(raw);
  return mapped && mapped !== "Other" ? mapped : null;
}

/** A plan as a list shows it: its name, "Other plan" for Other, else the text as written. */
export function planTypeLabel(raw: string | null | undefined): string {
  const text = (raw ?? "").trim();
  const name = planTypeName(text);
  if (name) return name;
  return text.toLowerCase() === "other" ? "Other plan" : text;
}
