import {
  catchUpDay,
  dayNumber,
  DEFAULT_TIME_ZONE,
  isoDate,
  localDate,
  stableHash,
  yearOfDay,
} from "@/lib/outreach-schedule/calendar";
import { DEFAULT_FREQUENCY_LIMIT, fitsFrequencyLimit } from "@/lib/outreach-schedule/frequency";
import { FOLLOW_UP_TYPES } from "@/lib/outreach-schedule/defaults";
import {
  dailyCapFor,
  ED_SHARE_OF_CAP,
  OVERAGE_THRESHOLD,
  sizeProfileFor,
  sortedIndex,
  type BalanceOptions,
} from "@/lib/outreach-schedule/balance";
import type { ContactPlan, EmailType, PlannedEmail } from "@/lib/outreach-schedule/types";

/**
 * The test oracle of balance.ts: balanceDailyLoad as it was written first, one object per planned email
 * for the whole organization (about 2 KB a contact with its plans). The compact DailyLoadBook must give
 * exactly the same days (balance.compact.test.ts compares them over random books); nothing but tests
 * imports this file.
 */

type Slot = {
  owner: Owner;
  email: PlannedEmail;
  day: number;
  from: number | null;
  to: number | null;
  exempt: boolean;
  /** Where the slot sits in its day's load list: a move takes it out in O(1). */
  index: number;
};

type Owner = { contactId: string; slots: Slot[]; history: number[] };

export function referenceBalanceDailyLoad(plans: readonly ContactPlan[], options: BalanceOptions): ContactPlan[] {
  const today = dayNumber(localDate(options.now, options.timeZone || DEFAULT_TIME_ZONE));
  const profile = sizeProfileFor(options.contactCount ?? plans.length);
  const cap = options.dailyCap ?? dailyCapFor(options.contactCount ?? plans.length);
  const limit = options.frequency ?? DEFAULT_FREQUENCY_LIMIT;

  const owners: Owner[] = plans.map(({ contactId, plan }) => {
    const owner: Owner = { contactId, slots: [], history: (plan.capHistory ?? []).map(dayNumber) };
    owner.slots = plan.planned.map((email) => ({
      owner,
      email,
      day: dayNumber(email.sendDate),
      from: email.movableWithin ? dayNumber(email.movableWithin.from) : null,
      to: email.movableWithin ? dayNumber(email.movableWithin.to) : null,
      exempt: FOLLOW_UP_TYPES.has(email.emailType),
      index: -1,
    }));
    return owner;
  });
  const slots = owners.flatMap((owner) => owner.slots);

  const load = new Map<number, Slot[]>();
  const add = (slot: Slot) => {
    const list = load.get(slot.day);
    if (list) {
      slot.index = list.length;
      list.push(slot);
    } else {
      slot.index = 0;
      load.set(slot.day, [slot]);
    }
  };
  for (const slot of slots) add(slot);

  const canMove = (slot: Slot, day: number): boolean => {
    if (slot.from === null || slot.to === null || day < today || day < slot.from || day > slot.to || day === slot.day)
      return false;
    const others = slot.owner.slots.filter((other) => other !== slot);
    if (others.some((other) => other.day === day && other.email.emailType === slot.email.emailType)) return false;
    if (slot.exempt) return true;
    const counted = [...slot.owner.history, ...others.filter((other) => !other.exempt).map((other) => other.day)].sort(
      (a, b) => a - b,
    );
    return !counted.includes(day) && fitsFrequencyLimit(counted, day, limit);
  };
  // The order of a day's list does not matter (the cap step sorts it), so a move swaps the last slot into the hole.
  const move = (slot: Slot, day: number) => {
    const list = load.get(slot.day)!;
    const last = list.pop()!;
    if (last !== slot) {
      list[slot.index] = last;
      last.index = slot.index;
    }
    slot.day = day;
    add(slot);
  };
  const byContact = (a: Slot, b: Slot) =>
    a.owner.contactId < b.owner.contactId ? -1 : a.owner.contactId > b.owner.contactId ? 1 : 0;

  // 1. Past due (the plan is older than today): a fixed slot in the next 7 days (A.8 catch-up).
  for (const slot of slots.filter((s) => s.day < today).sort(byContact)) {
    const target = Math.min(catchUpDay(`${slot.owner.contactId}:${slot.email.emailType}`, today), slot.to ?? today);
    if (canMove(slot, target)) move(slot, target);
  }

  // 2. Effective-date smoothing: on a day with too many, each moves by hash(contact-type-year) mod W − W/2.
  const edLimit = Math.max(1, Math.min(options.edSoftLimit ?? profile.edSoftLimit, Math.floor(cap * ED_SHARE_OF_CAP)));
  const width = options.smoothingDays ?? profile.smoothingDays;
  const edDays = new Map<number, Slot[]>();
  for (const slot of slots) {
    if (slot.email.emailType !== ("effective_date" satisfies EmailType) || slot.day < today) continue;
    const onDay = edDays.get(slot.day);
    if (onDay) onDay.push(slot);
    else edDays.set(slot.day, [slot]);
  }
  for (const [day, onDay] of [...edDays].sort(([a], [b]) => a - b)) {
    if (onDay.length <= edLimit) continue;
    for (const slot of onDay.sort(byContact)) {
      const jitter =
        (stableHash(`${slot.owner.contactId}-effective_date-${yearOfDay(day)}`) % width) - Math.floor(width / 2);
      if (jitter !== 0 && canMove(slot, day + jitter)) move(slot, day + jitter);
    }
  }

  // 3. Daily cap: a day over cap × 1.2 keeps its `cap` most important emails; the rest go to the next day with room.
  const threshold = Math.floor(cap * OVERAGE_THRESHOLD);
  const days = [...load.keys()].filter((day) => day >= today).sort((a, b) => a - b);
  for (let i = 0; i < days.length; i++) {
    const day = days[i]!;
    const onDay = load.get(day) ?? [];
    if (onDay.length <= threshold) continue;
    const overflow = [...onDay]
      .sort(
        (a, b) =>
          a.email.priority - b.email.priority || byContact(a, b) || (a.email.emailType < b.email.emailType ? -1 : 1),
      )
      .slice(cap);
    for (const slot of overflow) {
      for (let target = day + 1; slot.to !== null && target <= slot.to; target++) {
        if ((load.get(target)?.length ?? 0) >= cap || !canMove(slot, target)) continue;
        if (!load.has(target)) days.splice(sortedIndex(days, target), 0, target);
        move(slot, target);
        break;
      }
    }
  }

  return plans.map(({ contactId, plan }, index) => {
    const owner = owners[index]!;
    const planned = owner.slots
      .map((slot) =>
        isoDate(slot.day) === slot.email.sendDate ? slot.email : { ...slot.email, sendDate: isoDate(slot.day) },
      )
      .sort((a, b) => (a.sendDate < b.sendDate ? -1 : a.sendDate > b.sendDate ? 1 : a.priority - b.priority));
    return { contactId, plan: { ...plan, planned } };
  });
}
