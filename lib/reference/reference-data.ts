import { join } from "node:path";

/**
 * Where the reference data lives (data/reference/, with a README per data set). The one place that names
 * these files, so a refresh renames a file here only. Paths are from the project root (process.cwd() for
 * `next start`, jest, scripts and serverless functions alike); next.config.ts ships the folder with every
 * server function.
 */
const REFERENCE_DIR = join(process.cwd(), "data", "reference");

export const REFERENCE_FILES = {
  zipCounty: join(REFERENCE_DIR, "zip-county", "zip_county_hud_2023q1.csv"),
  carrierGroups: join(REFERENCE_DIR, "carriers", "carrier_naic_groups.json"),
  csgCompanies: join(REFERENCE_DIR, "carriers", "csg_medsupp_companies.csv"),
  stateSwitchRules: join(REFERENCE_DIR, "state-switch-rules", "state_medigap_switch_rules.json"),
  householdDiscounts: join(REFERENCE_DIR, "household-discounts", "household_discount_rules.csv"),
  ageCurve: join(REFERENCE_DIR, "age-curve", "medigap_avg_premium_by_age_2018.csv"),
} as const;
