import { TZDate } from "@date-fns/tz";

/**
 * When a text message may reach a contact (issue #20 point 3), pure, `now` passed in: from 8:00 (inclusive) to
 * 21:00 (exclusive) in the contact's local time, the TCPA's calling hours (47 CFR 64.1200(c)(1)) kept for texts too.
 *
 * The contact's time zone comes from their state (smsTimeZonesOfState): one zone for most states; for a state that
 * spans zones (TN, TX, FL, …) all of its zones, and a text waits until it is inside the hours in EVERY one of them,
 * since the stored address does not say which side of the line the contact lives on. A contact without a known
 * state is judged in the organization's zone. See docs/operations.md "SMS (Twilio)".
 */

/** The first local hour a text may arrive. */
export const SMS_WINDOW_START_HOUR = 8;
/** The local hour from which no text may arrive (21:00 is already too late). */
export const SMS_WINDOW_END_HOUR = 21;

function localClock(instant: Date, timeZone: string) {
  const zoned = new TZDate(instant.getTime(), timeZone);
  return { zoned, minutes: zoned.getHours() * 60 + zoned.getMinutes() };
}

/** True when `instant` is between 8:00 (inclusive) and 21:00 (exclusive) on the wall clock of `timeZone`. */
export function smsAllowedAt(instant: Date, timeZone: string): boolean {
  const { minutes } = localClock(instant, timeZone);
  return minutes >= SMS_WINDOW_START_HOUR * 60 && minutes < SMS_WINDOW_END_HOUR * 60;
}

/**
 * The first instant at or after `instant` when a text may arrive in `timeZone`: `instant` itself inside the hours,
 * 8:00 the same local day before them, 8:00 the next local day after them. DST-safe: 8:00 is built on the local
 * calendar day (a 23- or 25-hour day moves the instant, not the wall clock), and no zone changes its clocks at 8:00.
 */
export function nextSmsWindow(instant: Date, timeZone: string): Date {
  if (smsAllowedAt(instant, timeZone)) return instant;
  const { zoned, minutes } = localClock(instant, timeZone);
  const dayOffset = minutes < SMS_WINDOW_START_HOUR * 60 ? 0 : 1;
  // The Date constructor's day overflow (31 + 1) rolls into the next month and year.
  const opening = new TZDate(
    zoned.getFullYear(),
    zoned.getMonth(),
    zoned.getDate() + dayOffset,
    SMS_WINDOW_START_HOUR,
    0,
    0,
    timeZone,
  );
  return new Date(opening.getTime());
}

/** True when `instant` is inside the hours in every one of `timeZones` (a contact whose state spans zones). */
export function smsAllowedInZones(instant: Date, timeZones: readonly string[]): boolean {
  return timeZones.every((zone) => smsAllowedAt(instant, zone));
}

/**
 * The first instant at or after `instant` inside the hours in every one of `timeZones`. Each step moves to the next
 * opening of a zone that is closed, so it ends within a few steps for zones a few hours apart (US states span at
 * most two adjacent zones); a set of zones whose hours never overlap throws rather than loop.
 */
export function nextSmsWindowInZones(instant: Date, timeZones: readonly string[]): Date {
  let at = instant;
  for (let step = 0; step < 8; step += 1) {
    const closed = timeZones.find((zone) => !smsAllowedAt(at, zone));
    if (!closed) return at;
    at = nextSmsWindow(at, closed);
  }
  throw new Error(`The SMS hours of ${timeZones.join(", ")} never overlap.`);
}

/**
 * The IANA zones of each state, DC and the inhabited territories: the zone(s) its people live in. Several zones:
 * the state is split (the minority zone's counties in the comment). Arizona keeps standard time all year
 * (America/Phoenix) except the Navajo Nation (America/Denver); Hawaii and Puerto Rico have no DST.
 */
export const STATE_TIME_ZONES: Readonly<Record<string, readonly string[]>> = {
  AL: ["America/Chicago"],
  AK: ["America/Anchorage", "America/Adak"], // Aleutians west of 169.5°W
  AZ: ["America/Phoenix", "America/Denver"], // Navajo Nation observes DST
  AR: ["America/Chicago"],
  CA: ["America/Los_Angeles"],
  CO: ["America/Denver"],
  CT: ["America/New_York"],
  DE: ["America/New_York"],
  DC: ["America/New_York"],
  FL: ["America/New_York", "America/Chicago"], // the western Panhandle
  GA: ["America/New_York"],
  HI: ["Pacific/Honolulu"],
  ID: ["America/Boise", "America/Los_Angeles"], // the northern Panhandle
  IL: ["America/Chicago"],
  IN: ["America/Indiana/Indianapolis", "America/Chicago"], // the northwest and southwest corners
  IA: ["America/Chicago"],
  KS: ["America/Chicago", "America/Denver"], // four western counties
  KY: ["America/New_York", "America/Chicago"], // the western half
  LA: ["America/Chicago"],
  ME: ["America/New_York"],
  MD: ["America/New_York"],
  MA: ["America/New_York"],
  MI: ["America/Detroit", "America/Menominee"], // four Upper Peninsula counties on Central time
  MN: ["America/Chicago"],
  MS: ["America/Chicago"],
  MO: ["America/Chicago"],
  MT: ["America/Denver"],
  NE: ["America/Chicago", "America/Denver"], // the western Panhandle
  NV: ["America/Los_Angeles", "America/Denver"], // West Wendover
  NH: ["America/New_York"],
  NJ: ["America/New_York"],
  NM: ["America/Denver"],
  NY: ["America/New_York"],
  NC: ["America/New_York"],
  ND: ["America/Chicago", "America/Denver"], // the southwest
  OH: ["America/New_York"],
  OK: ["America/Chicago"],
  OR: ["America/Los_Angeles", "America/Boise"], // most of Malheur County
  PA: ["America/New_York"],
  RI: ["America/New_York"],
  SC: ["America/New_York"],
  SD: ["America/Chicago", "America/Denver"], // the western half
  TN: ["America/New_York", "America/Chicago"], // Middle and West Tennessee on Central
  TX: ["America/Chicago", "America/Denver"], // El Paso and Hudspeth counties
  UT: ["America/Denver"],
  VT: ["America/New_York"],
  VA: ["America/New_York"],
  WA: ["America/Los_Angeles"],
  WV: ["America/New_York"],
  WI: ["America/Chicago"],
  WY: ["America/Denver"],
  PR: ["America/Puerto_Rico"],
  VI: ["America/St_Thomas"],
  GU: ["Pacific/Guam"],
  MP: ["Pacific/Saipan"],
  AS: ["Pacific/Pago_Pago"],
};

/**
 * The zones a contact's texts must respect: their state's (all of them for a split state), or the organization's
 * zone when the state is missing or unknown.
 */
export function smsTimeZonesOfState(state: string | null | undefined, organizationTimeZone: string): readonly string[] {
  const zones = state ? STATE_TIME_ZONES[state.trim().toUpperCase()] : undefined;
  return zones ?? [organizationTimeZone];
}
