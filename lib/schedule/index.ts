export { planContactEmails } from "@/lib/schedule/plan";
export { SCHEDULE_DEFAULTS, FOLLOW_UP_TYPES, FOLLOW_UP_PARENT_TYPES } from "@/lib/schedule/defaults";
export { SKIP_REASONS, unlicensedStateOf } from "@/lib/schedule/gates";
export { balanceDailyLoad, dailyCapFor, sizeProfileFor, SIZE_PROFILES, MIN_DAILY_CAP, type BalanceOptions, type SizeProfile } from "@/lib/schedule/balance";
export { exclusionWindows, exclusionAt, exclusionReason, statutoryWindowContaining, statutoryWindowInYear, type ExclusionWindow } from "@/lib/schedule/windows";
export { applyFrequencyLimit, fitsFrequencyLimit, FREQUENCY_LIMIT_REASON, DEFAULT_FREQUENCY_LIMIT, type FrequencyLimit } from "@/lib/schedule/frequency";
export * from "@/lib/schedule/types";
