import { balanceDailyLoad, DailyLoadBook, emailDetails, type BalanceOptions } from "@/lib/outreach-schedule/balance";
import { referenceBalanceDailyLoad } from "@/lib/outreach-schedule/balance.reference";
import { dayNumber, isoDate } from "@/lib/outreach-schedule/calendar";
import { EMAIL_PRIORITY, EMAIL_TYPES, type ContactPlan, type PlannedEmail } from "@/lib/outreach-schedule/types";
import { seededRandom } from "@/lib/random/seeded-random";

/**
 * Property: the compact balancer (DailyLoadBook, columns of numbers) moves exactly the emails the
 * object-per-email algorithm it replaced moves, to exactly the same days, over random books crowded
 * enough that every pass acts: past-due emails (catch-up), effective-date clusters (smoothing), days
 * over the cap, frequency-cap histories, follow-ups, a contact's duplicate emails, contacts in any id
 * order and ids that repeat. Seeded: every run checks the same books.
 */

const now = new Date("2026-05-01T15:00:00Z"); // May 1 in Chicago
const today = dayNumber("2026-05-01");

function randomBook(seed: number): { plans: ContactPlan[]; options: BalanceOptions } {
  const random = seededRandom(seed);
  const contacts = random.int(1, 400);
  // A few busy days, so that days overflow and effective dates cluster.
  const busyDays = Array.from({ length: random.int(1, 6) }, () => today + random.int(-10, 60));
  const dayNear = () => (random.chance(0.6) ? random.pick(busyDays) : today + random.int(-15, 90));
  const ids = Array.from({ length: contacts }, (_, i) =>
    random.chance(0.7)
      ? `${random.int(0, 0xffffff).toString(16).padStart(6, "0")}-contact-${i}`
      : `repeated-${random.int(0, 5)}`,
  );
  if (random.chance(0.4)) ids.sort();
  const plans = ids.map((contactId): ContactPlan => {
    const planned = Array.from({ length: random.int(0, 5) }, (): PlannedEmail => {
      const emailType = random.chance(0.4) ? "effective_date" : random.pick(EMAIL_TYPES);
      const sendDay = dayNear();
      const movable = random.chance(0.75);
      const from = sendDay - random.int(0, 20);
      const to = sendDay + random.int(0, 40);
      return {
        emailType,
        sendDate: isoDate(sendDay),
        priority: random.chance(0.8) ? EMAIL_PRIORITY[emailType] : random.int(1, 60),
        eventDate: random.chance(0.5) ? isoDate(to) : null,
        ...(movable ? { movableWithin: { from: isoDate(from), to: isoDate(to) } } : {}),
        ...(random.chance(0.1) ? { metadata: { anniversary: random.int(1, 5) } } : {}),
        ...(random.chance(0.1) ? { parentEmailId: `sent-${random.int(1, 9)}` } : {}),
      };
    });
    if (planned.length > 0 && random.chance(0.1)) planned.push({ ...planned[0]! }); // a duplicate email
    const capHistory = Array.from({ length: random.int(0, 3) }, () => isoDate(today - random.int(1, 40)));
    return { contactId, plan: { planned, skipped: [], ...(random.chance(0.9) ? { capHistory } : {}) } };
  });
  const options: BalanceOptions = {
    now,
    contactCount: random.chance(0.5) ? undefined : random.int(contacts, 200_000),
    dailyCap: random.chance(0.7) ? random.int(1, 40) : undefined,
    edSoftLimit: random.chance(0.5) ? random.int(1, 20) : undefined,
    smoothingDays: random.chance(0.5) ? random.int(1, 11) : undefined,
    frequency: random.chance(0.3) ? { max: random.int(1, 4), periodDays: random.int(5, 40) } : undefined,
  };
  return { plans, options };
}

const movedEmails = (before: ContactPlan[], after: ContactPlan[]) =>
  after.reduce((moves, { plan }, i) => {
    const days = new Set(before[i]!.plan.planned.map((e) => e.sendDate));
    return moves + plan.planned.filter((e) => !days.has(e.sendDate)).length;
  }, 0);

describe("DailyLoadBook against the reference balancer", () => {
  test("300 random books: the same days for every email, in the same order", () => {
    let moved = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const { plans, options } = randomBook(seed);
      const expected = referenceBalanceDailyLoad(plans, options);
      expect(balanceDailyLoad(plans, options)).toEqual(expected);
      moved += movedEmails(plans, expected);
    }
    // The books are crowded enough that the balance has work to do (else the comparison proves little).
    expect(moved).toBeGreaterThan(1_000);
  });

  test("a plan added, then read back from an equal copy (a reschedule's second pass), gets the same days", () => {
    const { plans, options } = randomBook(7);
    const book = new DailyLoadBook();
    for (const { contactId, plan } of plans) book.add(contactId, plan);
    book.balance(options);
    const copies = JSON.parse(JSON.stringify(plans)) as ContactPlan[];
    expect(copies.map(({ contactId, plan }, i) => ({ contactId, plan: book.balancedPlan(i, plan) }))).toEqual(
      referenceBalanceDailyLoad(plans, options),
    );
  });

  test("the emails rebuilt from the columns and the details a reschedule keeps are the reference's, ids packed or not", () => {
    for (const seed of [3, 11, 29, 41]) {
      const { plans, options } = randomBook(seed);
      // Half the books with UUID ids (packed in 16 bytes), in ascending order as a keyset read gives them.
      const uuids = seed % 2 === 1;
      const book = new DailyLoadBook();
      const named = plans.map(({ contactId, plan }, i) => ({
        contactId: uuids
          ? `${String(i).padStart(8, "0")}-aaaa-4bbb-8ccc-${contactId.slice(0, 6).padEnd(12, "0")}`
          : contactId,
        plan,
      }));
      for (const { contactId, plan } of named) book.add(contactId, plan);
      book.balance(options);
      const stored = JSON.parse(JSON.stringify(named.map(({ plan }) => plan.planned.map(emailDetails)))) as ReturnType<
        typeof emailDetails
      >[][];
      const rebuilt = stored.map((details, i) => ({
        contactId: book.contactId(i),
        planned: book.balancedEmails(i, details),
      }));
      const expected = referenceBalanceDailyLoad(named, options).map(({ contactId, plan }) => ({
        contactId,
        planned: plan.planned,
      }));
      expect(rebuilt).toEqual(expected);
    }
  });

  test("refuses a plan other than the one added, and a second balance", () => {
    const book = new DailyLoadBook();
    const planned: PlannedEmail[] = [{ emailType: "birthday", sendDate: "2026-06-01", priority: 10, eventDate: null }];
    book.add("c1", { planned, skipped: [] });
    book.balance({ now });
    expect(() => book.balancedPlan(0, { planned: [], skipped: [] })).toThrow(/not the plan/);
    expect(() => book.balancedEmails(0, [])).toThrow(/not the emails/);
    expect(() => book.balance({ now })).toThrow(/once/);
    expect(book.balancedPlan(0, { planned, skipped: [] }).planned).toEqual(planned);
  });

  test("holds an email in 13 bytes and a contact in 24 (ids packed), with room to spare of at most a quarter", () => {
    const contacts = 2_000;
    const book = new DailyLoadBook(contacts * 3, contacts);
    const planned: PlannedEmail[] = ["birthday", "aep", "effective_date"].map((emailType, i) => ({
      emailType: emailType as PlannedEmail["emailType"],
      sendDate: isoDate(today + 10 * i),
      priority: 10 + i,
      eventDate: null,
      movableWithin: { from: isoDate(today), to: isoDate(today + 40) },
    }));
    for (let i = 0; i < contacts; i++)
      book.add(`${String(i).padStart(8, "0")}-aaaa-4bbb-8ccc-000000000000`, { planned, skipped: [] });
    const history = 1_024 * 4; // the cap-history column's first allocation (these plans have none)
    expect(book.byteLength).toBe(contacts * 3 * 13 + (contacts + 1) * 2 * 4 + contacts * 16 + history);
    // Past its guess, a column grows by a quarter, not by half or double.
    for (let i = 0; i < contacts / 10; i++) book.add(`extra-${i}`, { planned, skipped: [] });
    expect(book.byteLength).toBeLessThanOrEqual(
      1.25 * (contacts * 3 * 13 + (contacts + 1) * 2 * 4 + contacts * 16) + 64,
    );
  });

  test("refuses a day or a priority its columns cannot hold, rather than wrapping it", () => {
    const email: PlannedEmail = { emailType: "birthday", sendDate: "2026-06-01", priority: 10, eventDate: null };
    expect(() =>
      new DailyLoadBook().add("c1", { planned: [{ ...email, sendDate: "2150-01-01" }], skipped: [] }),
    ).toThrow(RangeError);
    expect(() =>
      new DailyLoadBook().add("c1", {
        planned: [{ ...email, movableWithin: { from: "1970-01-01", to: "2026-06-02" } }],
        skipped: [],
      }),
    ).toThrow(RangeError);
    expect(() => new DailyLoadBook().add("c1", { planned: [{ ...email, priority: 40_000 }], skipped: [] })).toThrow(
      RangeError,
    );
    expect(() => new DailyLoadBook().add("c1", { planned: [{ ...email, priority: 2.5 }], skipped: [] })).toThrow(
      RangeError,
    );
  });
});
