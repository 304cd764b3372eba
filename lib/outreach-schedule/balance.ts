import {
  catchUpDay,
  dayNumber,
  DEFAULT_TIME_ZONE,
  isoDate,
  localDate,
  stableHash,
  yearOfDay,
} from "@/lib/outreach-schedule/calendar";
import { DEFAULT_FREQUENCY_LIMIT, fitsFrequencyLimit, type FrequencyLimit } from "@/lib/outreach-schedule/frequency";
import { FOLLOW_UP_TYPES } from "@/lib/outreach-schedule/defaults";
import type { ContactPlan, EmailType, Plan, PlannedEmail } from "@/lib/outreach-schedule/types";

/**
 * An organization's daily load (domain-rules A.8), over the plans of all its contacts: past-due emails
 * spread over the next 7 days, effective-date clusters (policies start on the 1st) smoothed with a
 * deterministic jitter, and days over the daily cap relieved by moving the lowest-priority emails to
 * the next day with room. An email moves only inside its `movableWithin` range (outside every
 * exclusion window, before its event) and only where the contact's frequency cap still holds, so
 * balancing never breaks a rule planContactEmails enforced.
 */

export type SizeProfile = {
  name: "small" | "medium" | "large" | "enterprise";
  /** Profiles apply below this many contacts. */
  belowContacts: number;
  dailyCapPercent: number;
  /** Effective-date emails a day before smoothing starts (further limited to 30% of the daily cap). */
  edSoftLimit: number;
  /** Width of the effective-date jitter: 3 days = −1 … +1. */
  smoothingDays: number;
};

/** REC (domain-rules A.8, OES size_profiles.ml): the size profiles of the newest scheduler. */
export const SIZE_PROFILES: readonly SizeProfile[] = [
  { name: "small", belowContacts: 10_000, dailyCapPercent: 20, edSoftLimit: 50, smoothingDays: 3 },
  { name: "medium", belowContacts: 100_000, dailyCapPercent: 10, edSoftLimit: 200, smoothingDays: 5 },
  { name: "large", belowContacts: 500_000, dailyCapPercent: 7, edSoftLimit: 500, smoothingDays: 7 },
  { name: "enterprise", belowContacts: Infinity, dailyCapPercent: 5, edSoftLimit: 1_000, smoothingDays: 10 },
];

/** A small book still sends a normal day's mail: 20% of 30 contacts would be 6 a day. */
export const MIN_DAILY_CAP = 20;
/** A day is relieved only when it exceeds the cap by 20% (A.8 overage threshold). */
export const OVERAGE_THRESHOLD = 1.2;
/** Effective-date emails may fill at most 30% of a day's cap before they are smoothed. */
export const ED_SHARE_OF_CAP = 0.3;

export function sizeProfileFor(contactCount: number): SizeProfile {
  return (
    SIZE_PROFILES.find((profile) => contactCount < profile.belowContacts) ?? SIZE_PROFILES[SIZE_PROFILES.length - 1]!
  );
}

/** Emails an organization sends a day at most: its profile's share of its contacts, never under MIN_DAILY_CAP. */
export function dailyCapFor(contactCount: number): number {
  return Math.max(MIN_DAILY_CAP, Math.ceil((contactCount * sizeProfileFor(contactCount).dailyCapPercent) / 100));
}

export type BalanceOptions = {
  now: Date;
  timeZone?: string;
  /** The organization's contacts (its size profile); default: the number of plans. */
  contactCount?: number;
  /** Default: dailyCapFor(contactCount). */
  dailyCap?: number;
  edSoftLimit?: number;
  smoothingDays?: number;
  frequency?: FrequencyLimit;
};

/** What a planned email carries besides the balance's columns (type, day, priority, movable range). */
export type EmailDetails = Pick<PlannedEmail, "eventDate" | "parentEmailId" | "metadata">;

export const emailDetails = ({ eventDate, parentEmailId, metadata }: PlannedEmail): EmailDetails => ({
  eventDate,
  ...(parentEmailId ? { parentEmailId } : {}),
  ...(metadata ? { metadata } : {}),
});

type IntArray = Int32Array | Int16Array | Uint16Array | Uint8Array;
type IntArrayType<A extends IntArray> = new (length: number) => A;

/**
 * A growable column of integers of one width (a whole book's emails without one object each). It grows by a
 * quarter: a million contacts' emails are a few million entries, and a column twice the size it needs
 * would be tens of MB of nothing.
 */
class IntColumn<A extends IntArray = Int32Array> {
  private values: A;
  length = 0;
  constructor(
    private readonly type: IntArrayType<A>,
    capacity = 1_024,
  ) {
    this.values = new type(Math.max(16, Math.ceil(capacity)));
  }
  push(value: number) {
    if (this.length === this.values.length) {
      const grown = new this.type(Math.ceil(this.values.length * 1.25));
      grown.set(this.values as never);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
  /** The filled part (shares memory with the column: writes through it are the column's). */
  view(): A {
    return this.values.subarray(0, this.length) as A;
  }
  get byteLength(): number {
    return this.values.byteLength;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/**
 * Contact ids, a lowercase UUID packed in 16 bytes (a million ids: 16 MB, not the ~64 MB of strings);
 * any other id kept as it is. An id comes back as the same string.
 */
class IdColumn {
  private bytes: Uint8Array;
  private readonly others = new Map<number, string>();
  length = 0;
  /** Whether every id so far came in ascending order (a keyset read), so that add order is id order. */
  ascending = true;
  private last: string | null = null;
  constructor(capacity: number) {
    this.bytes = new Uint8Array(16 * Math.max(16, capacity));
  }
  push(id: string) {
    if (this.last !== null && !(this.last < id)) this.ascending = false;
    this.last = id;
    const at = this.length++;
    if (!UUID.test(id)) {
      this.others.set(at, id);
      return;
    }
    if (16 * this.length > this.bytes.length) {
      const grown = new Uint8Array(16 * Math.ceil(this.length * 1.25));
      grown.set(this.bytes);
      this.bytes = grown;
    }
    const hex = id.replaceAll("-", "");
    for (let i = 0; i < 16; i++) this.bytes[16 * at + i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  }
  get byteLength(): number {
    return this.bytes.byteLength;
  }
  get(at: number): string {
    const other = this.others.get(at);
    if (other !== undefined) return other;
    const b = this.bytes;
    const o = 16 * at;
    const h = (from: number, to: number) => {
      let text = "";
      for (let i = from; i < to; i++) text += HEX[b[o + i]!];
      return text;
    };
    return `${h(0, 4)}-${h(4, 6)}-${h(6, 8)}-${h(8, 10)}-${h(10, 16)}`;
  }
}

/**
 * Days are held as days since 1970-01-01 in 16 bits (up to 2149); a movable range's bound of 0 means
 * movableWithin is absent: the email stays where it is. No send date or movable range is 1970-01-01.
 */
const FIXED = 0;
const MAX_DAY = 0xffff;
const dayOf = (date: string): number => {
  const day = dayNumber(date);
  if (!(day > FIXED && day <= MAX_DAY))
    throw new RangeError(`DailyLoadBook: ${date} is outside 1970-01-02 to 2149-06-06`);
  return day;
};

/**
 * An organization's plans held for balancing (domain-rules A.8) in columns indexed by email number: per
 * planned email its contact, day, movable range, priority and type, per contact its emails (a contiguous
 * run) and its frequency-cap history, and the contact ids (16 bytes a UUID). 13 bytes an email (a 4-byte
 * contact number, three 2-byte days, a 2-byte priority, a 1-byte type) and 24 a contact, so a reschedule can
 * balance a book of a million contacts (3.3 million emails, about 70 MB) whose plans it does not keep
 * (lib/outreach).
 *
 * add() each contact's plan, balance() once, then balancedPlan() gives a contact's plan with the days
 * the balance chose. The result is exactly that of the object-per-email algorithm it replaced
 * (balance.reference.ts, the test oracle): the same passes over the same lists in the same order.
 */
export class DailyLoadBook {
  private readonly ids: IdColumn;
  private readonly emailStart: IntColumn;
  private readonly historyStart: IntColumn;
  private readonly history = new IntColumn(Int32Array);
  private readonly owner: IntColumn;
  private readonly day: IntColumn<Uint16Array>;
  private readonly from: IntColumn<Uint16Array>;
  private readonly to: IntColumn<Uint16Array>;
  private readonly priority: IntColumn<Int16Array>;
  private readonly type: IntColumn<Uint8Array>;
  private readonly typeNumbers = new Map<string, number>();
  private readonly typeNames: string[] = [];
  private balanced = false;

  /** expectedEmails, expectedContacts: guesses at the book's size, so that the columns rarely grow. */
  constructor(expectedEmails = 1_024, expectedContacts = expectedEmails / 2) {
    this.ids = new IdColumn(expectedContacts);
    this.emailStart = new IntColumn(Int32Array, expectedContacts + 1);
    this.historyStart = new IntColumn(Int32Array, expectedContacts + 1);
    this.owner = new IntColumn(Int32Array, expectedEmails);
    this.day = new IntColumn(Uint16Array, expectedEmails);
    this.from = new IntColumn(Uint16Array, expectedEmails);
    this.to = new IntColumn(Uint16Array, expectedEmails);
    this.priority = new IntColumn(Int16Array, expectedEmails);
    this.type = new IntColumn(Uint8Array, expectedEmails);
    this.emailStart.push(0);
    this.historyStart.push(0);
  }

  get contacts(): number {
    return this.ids.length;
  }

  /** The memory the columns hold (their capacity, filled or not). */
  get byteLength(): number {
    return [
      this.ids,
      this.emailStart,
      this.historyStart,
      this.history,
      this.owner,
      this.day,
      this.from,
      this.to,
      this.priority,
      this.type,
    ].reduce((bytes, column) => bytes + column.byteLength, 0);
  }

  /** Adds one contact's plan; returns its number in the book (the order of add calls). */
  add(contactId: string, plan: Plan): number {
    if (this.balanced) throw new Error("DailyLoadBook: add after balance");
    const number = this.ids.length;
    this.ids.push(contactId);
    for (const email of plan.planned) {
      if (!Number.isInteger(email.priority) || email.priority < -0x8000 || email.priority > 0x7fff)
        throw new RangeError(`DailyLoadBook: priority ${email.priority} is not a 16-bit integer`);
      this.owner.push(number);
      this.day.push(dayOf(email.sendDate));
      this.from.push(email.movableWithin ? dayOf(email.movableWithin.from) : FIXED);
      this.to.push(email.movableWithin ? dayOf(email.movableWithin.to) : FIXED);
      this.priority.push(email.priority);
      this.type.push(this.typeNumber(email.emailType));
    }
    this.emailStart.push(this.owner.length);
    for (const date of plan.capHistory ?? []) this.history.push(dayNumber(date));
    this.historyStart.push(this.history.length);
    return number;
  }

  private typeNumber(emailType: string): number {
    let number = this.typeNumbers.get(emailType);
    if (number === undefined) {
      number = this.typeNames.length;
      if (number > 0xff) throw new RangeError("DailyLoadBook: more than 256 email types");
      this.typeNumbers.set(emailType, number);
      this.typeNames.push(emailType);
    }
    return number;
  }

  /**
   * Contact order as the balance compares them (by id): the add order when ids came ascending (a
   * keyset read), else a dense rank, equal ids sharing one.
   */
  private contactRanks(): Int32Array {
    const rank = new Int32Array(this.ids.length);
    if (this.ids.ascending) {
      for (let i = 0; i < rank.length; i++) rank[i] = i;
      return rank;
    }
    const ids = Array.from({ length: rank.length }, (_, i) => this.ids.get(i));
    const order = Array.from(ids.keys()).sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
    let current = -1;
    for (let i = 0; i < order.length; i++) {
      if (i === 0 || ids[order[i - 1]!] !== ids[order[i]!]) current++;
      rank[order[i]!] = current;
    }
    return rank;
  }

  /** Moves emails between days: catch-up of past-due emails, effective-date smoothing, daily cap. */
  balance(options: BalanceOptions): void {
    if (this.balanced) throw new Error("DailyLoadBook: balance runs once");
    this.balanced = true;
    const contactCount = options.contactCount ?? this.ids.length;
    const today = dayNumber(localDate(options.now, options.timeZone || DEFAULT_TIME_ZONE));
    const profile = sizeProfileFor(contactCount);
    const cap = options.dailyCap ?? dailyCapFor(contactCount);
    const limit = options.frequency ?? DEFAULT_FREQUENCY_LIMIT;

    const ids = this.ids;
    const owner = this.owner.view();
    const day = this.day.view();
    const from = this.from.view();
    const to = this.to.view();
    const priority = this.priority.view();
    const type = this.type.view();
    const emailStart = this.emailStart.view();
    const historyStart = this.historyStart.view();
    const history = this.history.view();
    const count = day.length;
    const rank = this.contactRanks();
    const typeNames = this.typeNames;
    const exempt = typeNames.map((name) => FOLLOW_UP_TYPES.has(name as EmailType));
    const alphabetical = [...typeNames].sort();
    const nameOrder = typeNames.map((name) => alphabetical.indexOf(name));
    const effectiveDate = this.typeNumbers.get("effective_date" satisfies EmailType) ?? -1;

    // Each day's emails; an email's place in its day's list, so that a move takes it out in O(1).
    const load = new Map<number, number[]>();
    const place = new Int32Array(count);
    const add = (email: number) => {
      const list = load.get(day[email]!);
      if (list) {
        place[email] = list.length;
        list.push(email);
      } else {
        place[email] = 0;
        load.set(day[email]!, [email]);
      }
    };
    for (let email = 0; email < count; email++) add(email);

    const canMove = (email: number, target: number): boolean => {
      const start = from[email]!;
      const end = to[email]!;
      if (start === FIXED || end === FIXED || target < today || target < start || target > end || target === day[email])
        return false;
      const contact = owner[email]!;
      const first = emailStart[contact]!;
      const last = emailStart[contact + 1]!;
      for (let other = first; other < last; other++)
        if (other !== email && day[other] === target && type[other] === type[email]) return false;
      if (exempt[type[email]!]) return true;
      const counted: number[] = [];
      for (let h = historyStart[contact]!; h < historyStart[contact + 1]!; h++) counted.push(history[h]!);
      for (let other = first; other < last; other++)
        if (other !== email && !exempt[type[other]!]) counted.push(day[other]!);
      counted.sort((a, b) => a - b);
      return !counted.includes(target) && fitsFrequencyLimit(counted, target, limit);
    };
    // The order of a day's list does not matter (the cap step sorts it), so a move swaps the last email into the hole.
    const move = (email: number, target: number) => {
      const list = load.get(day[email]!)!;
      const last = list.pop()!;
      if (last !== email) {
        list[place[email]!] = last;
        place[last] = place[email]!;
      }
      day[email] = target;
      add(email);
    };
    const byContact = (a: number, b: number) => rank[owner[a]!]! - rank[owner[b]!]!;
    // A stable sort by contact: emails of one contact keep their order.
    const byContactThenNumber = (a: number, b: number) => byContact(a, b) || a - b;

    // 1. Past due (the plan is older than today): a fixed slot in the next 7 days (A.8 catch-up).
    const pastDue: number[] = [];
    for (let email = 0; email < count; email++) if (day[email]! < today) pastDue.push(email);
    for (const email of pastDue.sort(byContactThenNumber)) {
      const key = `${ids.get(owner[email]!)}:${typeNames[type[email]!]}`;
      const target = Math.min(catchUpDay(key, today), to[email] === FIXED ? today : to[email]!);
      if (canMove(email, target)) move(email, target);
    }

    // 2. Effective-date smoothing: on a day with too many, each moves by hash(contact-type-year) mod W − W/2.
    const edLimit = Math.max(
      1,
      Math.min(options.edSoftLimit ?? profile.edSoftLimit, Math.floor(cap * ED_SHARE_OF_CAP)),
    );
    const width = options.smoothingDays ?? profile.smoothingDays;
    const edDays = new Map<number, number[]>();
    for (let email = 0; email < count; email++) {
      if (type[email] !== effectiveDate || day[email]! < today) continue;
      const onDay = edDays.get(day[email]!);
      if (onDay) onDay.push(email);
      else edDays.set(day[email]!, [email]);
    }
    for (const [edDay, onDay] of [...edDays].sort(([a], [b]) => a - b)) {
      if (onDay.length <= edLimit) continue;
      for (const email of onDay.sort(byContactThenNumber)) {
        const jitter =
          (stableHash(`${ids.get(owner[email]!)}-effective_date-${yearOfDay(edDay)}`) % width) - Math.floor(width / 2);
        if (jitter !== 0 && canMove(email, edDay + jitter)) move(email, edDay + jitter);
      }
    }
    edDays.clear();

    // 3. Daily cap: a day over cap × 1.2 keeps its `cap` most important emails; the rest go to the next day with room.
    const threshold = Math.floor(cap * OVERAGE_THRESHOLD);
    const days = [...load.keys()].filter((d) => d >= today).sort((a, b) => a - b);
    for (let i = 0; i < days.length; i++) {
      const current = days[i]!;
      const onDay = load.get(current) ?? [];
      if (onDay.length <= threshold) continue;
      const overflow = [...onDay]
        .sort(
          (a, b) =>
            priority[a]! - priority[b]! || byContact(a, b) || (nameOrder[type[a]!]! < nameOrder[type[b]!]! ? -1 : 1),
        )
        .slice(cap);
      for (const email of overflow) {
        const end = to[email]!;
        for (let target = current + 1; end !== FIXED && target <= end; target++) {
          if ((load.get(target)?.length ?? 0) >= cap || !canMove(email, target)) continue;
          if (!load.has(target)) days.splice(sortedIndex(days, target), 0, target);
          move(email, target);
          break;
        }
      }
    }
  }

  /** The contact's plan (the one added as number `contact`, or an equal copy) with the balanced days, sorted by date then priority. */
  balancedPlan(contact: number, plan: Plan): Plan {
    if (!this.balanced) throw new Error("DailyLoadBook: balancedPlan before balance");
    const first = this.emailStart.view()[contact]!;
    const last = this.emailStart.view()[contact + 1]!;
    if (last - first !== plan.planned.length) throw new Error("DailyLoadBook: not the plan that was added");
    const day = this.day.view();
    const planned = plan.planned
      .map((email, i) => {
        const date = isoDate(day[first + i]!);
        return date === email.sendDate ? email : { ...email, sendDate: date };
      })
      .sort((a, b) => (a.sendDate < b.sendDate ? -1 : a.sendDate > b.sendDate ? 1 : a.priority - b.priority));
    return { ...plan, planned };
  }

  /**
   * The contact's planned emails at their balanced days, rebuilt from the columns and `details` (what
   * the columns do not hold, per email in the order they were added), sorted as balancedPlan sorts them:
   * a reschedule keeps only the details between its passes.
   */
  balancedEmails(contact: number, details: readonly EmailDetails[]): PlannedEmail[] {
    if (!this.balanced) throw new Error("DailyLoadBook: balancedEmails before balance");
    const first = this.emailStart.view()[contact]!;
    if (this.emailStart.view()[contact + 1]! - first !== details.length)
      throw new Error("DailyLoadBook: not the emails that were added");
    const [day, from, to, priority, type] = [this.day, this.from, this.to, this.priority, this.type].map((c) =>
      c.view(),
    );
    return details
      .map(({ eventDate, parentEmailId, metadata }, i): PlannedEmail => {
        const email = first + i;
        return {
          emailType: this.typeNames[type![email]!] as EmailType,
          sendDate: isoDate(day![email]!),
          priority: priority![email]!,
          eventDate,
          ...(parentEmailId ? { parentEmailId } : {}),
          ...(metadata ? { metadata } : {}),
          ...(from![email] !== FIXED
            ? { movableWithin: { from: isoDate(from![email]!), to: isoDate(to![email]!) } }
            : {}),
        };
      })
      .sort((a, b) => (a.sendDate < b.sendDate ? -1 : a.sendDate > b.sendDate ? 1 : a.priority - b.priority));
  }

  contactId(contact: number): string {
    return this.ids.get(contact);
  }
}

/** Balances a set of plans held as objects (one page of contacts, the tests): DailyLoadBook over them. */
export function balanceDailyLoad(plans: readonly ContactPlan[], options: BalanceOptions): ContactPlan[] {
  const book = new DailyLoadBook(plans.length * 4, plans.length);
  for (const { contactId, plan } of plans) book.add(contactId, plan);
  book.balance(options);
  return plans.map(({ contactId, plan }, contact) => ({ contactId, plan: book.balancedPlan(contact, plan) }));
}

export function sortedIndex(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
