import { TZDate } from "@date-fns/tz";
import { dayNumber, DEFAULT_TIME_ZONE, localDate, stableHash } from "@/lib/outreach-schedule/calendar";
import { SCHEDULE_DEFAULTS as D } from "@/lib/outreach-schedule/defaults";
import { candidate, type Candidate, type CandidateContext } from "./candidate";

/**
 * The first email a contact gets: the initial blast (contacts added after go-live, or during the trial)
 * or the go-live welcome (everyone added before it). Each is sent once.
 */

/**
 * The first day whose send time (hour:minute, local) is at or after `earliest`: "72 hours after the contact
 * was added" is a promise about the instant the email goes, not its date (a contact added at 23:00 would
 * otherwise get it at 08:30 on the third day, 57.5 hours later).
 */
export function firstSendDayFrom(earliest: Date, timeZone: string, sendTime: { hour: number; minute: number }): number {
  // Every contact added before go-live asks it for the same instant (wentLiveAt), and the time-zone
  // arithmetic was a quarter of a whole-book plan's rule time (bench/schedule's CPU profile): remembered.
  const key = `${earliest.getTime()}|${timeZone}|${sendTime.hour}:${sendTime.minute}`;
  const known = firstSendDayCache.get(key);
  if (known !== undefined) return known;
  const day = dayNumber(localDate(earliest, timeZone));
  const local = new TZDate(earliest.getTime(), timeZone || DEFAULT_TIME_ZONE);
  const msIntoDay =
    ((local.getHours() * 60 + local.getMinutes()) * 60 + local.getSeconds()) * 1000 + local.getMilliseconds();
  const first = msIntoDay <= (sendTime.hour * 60 + sendTime.minute) * 60_000 ? day : day + 1;
  if (firstSendDayCache.size >= FIRST_SEND_DAY_CACHE_SIZE) firstSendDayCache.clear();
  firstSendDayCache.set(key, first);
  return first;
}

const FIRST_SEND_DAY_CACHE_SIZE = 10_000;
const firstSendDayCache = new Map<string, number>();

/** Whether the contact was in the book before the organization went live (they get the welcome, not the blast). */
export function addedBeforeGoLive(ctx: Pick<CandidateContext, "contact" | "organization">): boolean {
  const { wentLiveAt } = ctx.organization;
  return wentLiveAt !== null && ctx.contact.createdAt.getTime() < wentLiveAt.getTime();
}

/** Initial blast: 72 hours after the contact was added, on one of 3 days. None for contacts added before go-live. */
export function initialBlastCandidates(ctx: CandidateContext): Candidate[] {
  if (addedBeforeGoLive(ctx)) return [];
  const { contact, organization: org } = ctx;
  const start = firstSendDayFrom(
    new Date(contact.createdAt.getTime() + D.initialBlastDelayHours * 3_600_000),
    ctx.timeZone,
    org.sendTime ?? D.sendTime,
  );
  const ideal = start + (stableHash(`${contact.id}:initial_blast`) % D.initialBlastSpreadDays);
  return [
    candidate("initial_blast", {
      idealDay: ideal,
      eventDay: null,
      earliestDay: start,
      deadlineDay: start + D.initialBlastSpreadDays - 1 + D.moveSlackDays,
      once: true,
    }),
  ];
}

/**
 * Go-live welcome: contacts added before go-live, spread over 30 days from the first send time after going
 * live. A welcome on the go-live day at a send time already past would be a row planned before the go-live
 * instant, i.e. a trial ([TEST]) row, never the client's.
 */
export function goLiveWelcomeCandidates(ctx: CandidateContext): Candidate[] {
  const { wentLiveAt } = ctx.organization;
  if (!wentLiveAt || !addedBeforeGoLive(ctx)) return [];
  const start = firstSendDayFrom(wentLiveAt, ctx.timeZone, ctx.organization.sendTime ?? D.sendTime);
  const ideal = start + (stableHash(`${ctx.contact.id}:go_live_welcome`) % D.goLiveSpreadDays);
  return [
    candidate("go_live_welcome", {
      idealDay: ideal,
      eventDay: null,
      earliestDay: start,
      deadlineDay: start + D.goLiveSpreadDays - 1 + D.moveSlackDays,
      once: true,
    }),
  ];
}
