import type { PlanContact, PlanOrganization } from "@/lib/outreach-schedule/types";

/**
 * The planner tests' usual subjects: a Texas contact (no state window) born 1955-07-01 and added long ago, and a
 * live organization in Chicago with every email type on. Tests spread their own changes over these.
 */
export const TEXAS_CONTACT: PlanContact = {
  id: "contact-1",
  state: "TX",
  birthDate: "1955-07-01",
  effectiveDate: null,
  createdAt: new Date("2020-01-01T12:00:00Z"),
  optedOut: false,
  currentCarrierNaic: null,
  isPlaceholder: false,
};

export const LIVE_ORGANIZATION: PlanOrganization = {
  timezone: "America/Chicago",
  enabled: {},
  effectiveDateOutreachDelayMonths: 11,
  isLive: true,
  wentLiveAt: null,
  failedUnderwriting: { enabled: false, timing: "birthday" },
  contactCount: 300,
};
