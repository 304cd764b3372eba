export { planContactEmails } from "@/lib/outreach-schedule/plan";
export { SCHEDULE_DEFAULTS, FOLLOW_UP_TYPES, FOLLOW_UP_PARENT_TYPES } from "@/lib/outreach-schedule/defaults";
export { SKIP_REASONS, unlicensedStateOf } from "@/lib/outreach-schedule/gates";
export {
  balanceDailyLoad,
  dailyCapFor,
  sizeProfileFor,
  SIZE_PROFILES,
  MIN_DAILY_CAP,
  type BalanceOptions,
  type SizeProfile,
} from "@/lib/outreach-schedule/balance";
export {
  exclusionWindows,
  exclusionAt,
  exclusionReason,
  statutoryWindowContaining,
  statutoryWindowInYear,
  type ExclusionWindow,
} from "@/lib/outreach-schedule/windows";
export {
  applyFrequencyLimit,
  fitsFrequencyLimit,
  FREQUENCY_LIMIT_REASON,
  DEFAULT_FREQUENCY_LIMIT,
  type FrequencyLimit,
} from "@/lib/outreach-schedule/frequency";
export * from "@/lib/outreach-schedule/types";
