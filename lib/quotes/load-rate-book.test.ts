import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prisma } from "@/lib/db";
import { setupTestDatabase } from "@/lib/testing/db";
import { loadRateBook, RateBookLoadError } from "@/lib/quotes/load-rate-book";

const db = setupTestDatabase();

function writeBook(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "rate-book-"));
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body.trim() + "\n");
  return dir;
}

const GOOD = {
  "rate_book.csv": "name,source,is_sample,notes\nLoader book,test,1,",
  "filings.csv":
    "filing_key,carrier_naic,state,effective_date,rating_method,policy_fee_cents,plan_design_note\nA,11111,TX,2025-01-01,attained_age,2500,\nM,11111,MN,2025-01-01,community,,MN plans",
  "areas.csv": "carrier_naic,state,kind,code,area_code\n11111,TX,zip3,787,A\n11111,TX,state,TX,R\n11111,MN,state,MN,R",
  "cells.csv": [
    "filing_key,plan,area_code,age,gender,tobacco,rate_cents,household_rate_cents",
    "A,G,A,65,M,0,12000,",
    "A,G,A,65,F,0,11000,",
    "A,G,R,65,M,0,13000,12000",
    "M,MN_BASIC,R,0,,0,9000,",
  ].join("\n"),
  "household_discounts.csv": "filing_key,pct_bps,category,description\nA,700,Roommate,",
  "riders.csv":
    "filing_key,rider_id,plan,area_code,age,rate_cents\nM,part_a_deductible,,,,3500\nM,part_b_excess,MN_BASIC,R,,4242",
};

async function counts() {
  const [row] = await db.query<Record<string, number>>(`SELECT
    (SELECT count(*)::int FROM rate_books) AS books, (SELECT count(*)::int FROM rating_areas) AS areas,
    (SELECT count(*)::int FROM rate_filings) AS filings, (SELECT count(*)::int FROM rate_cells) AS cells,
    (SELECT count(*)::int FROM household_discounts) AS discounts, (SELECT count(*)::int FROM rider_rates) AS riders`);
  return row;
}

async function errorsOf(files: Record<string, string>): Promise<string[]> {
  try {
    await loadRateBook({ dir: writeBook(files) });
  } catch (error) {
    if (error instanceof RateBookLoadError) return error.errors;
    throw error;
  }
  throw new Error("expected a RateBookLoadError");
}

beforeAll(async () => {
  await prisma.carrier.createMany({ data: [{ naic: "11111", name: "Alpha", groupName: "Alpha" }] });
});

describe("loadRateBook", () => {
  it("loads every file and is idempotent (same name replaces)", async () => {
    const dir = writeBook(GOOD);
    const first = await loadRateBook({ dir });
    expect(first).toMatchObject({
      name: "Loader book",
      isSample: true,
      replaced: 0,
      counts: { filings: 2, areas: 3, cells: 4, householdDiscounts: 1, riders: 2 },
    });
    const after = await counts();
    expect(after).toEqual({ books: 1, areas: 3, filings: 2, cells: 4, discounts: 1, riders: 2 });

    const second = await loadRateBook({ dir });
    expect(second.replaced).toBe(1);
    expect(second.rateBookId).not.toBe(first.rateBookId);
    expect(await counts()).toEqual(after);

    const cells = await db.query(
      `SELECT c.plan, c.area_code, c.age, c.gender::text AS gender, c.tobacco, c.rate_cents, c.household_rate_cents, to_char(f.effective_date, 'YYYY-MM-DD') AS eff, f.rating_method::text AS method, f.policy_fee_cents
       FROM rate_cells c JOIN rate_filings f ON f.id = c.filing_id ORDER BY c.plan, c.area_code, c.gender::text`,
    );
    expect(cells).toEqual([
      {
        plan: "G",
        area_code: "A",
        age: 65,
        gender: "F",
        tobacco: false,
        rate_cents: 11000,
        household_rate_cents: null,
        eff: "2025-01-01",
        method: "attained_age",
        policy_fee_cents: 2500,
      },
      {
        plan: "G",
        area_code: "A",
        age: 65,
        gender: "M",
        tobacco: false,
        rate_cents: 12000,
        household_rate_cents: null,
        eff: "2025-01-01",
        method: "attained_age",
        policy_fee_cents: 2500,
      },
      {
        plan: "G",
        area_code: "R",
        age: 65,
        gender: "M",
        tobacco: false,
        rate_cents: 13000,
        household_rate_cents: 12000,
        eff: "2025-01-01",
        method: "attained_age",
        policy_fee_cents: 2500,
      },
      {
        plan: "MN_BASIC",
        area_code: "R",
        age: 0,
        gender: null,
        tobacco: false,
        rate_cents: 9000,
        household_rate_cents: null,
        eff: "2025-01-01",
        method: "community",
        policy_fee_cents: 0,
      },
    ]);
  });

  it("reports line-numbered errors and writes nothing", async () => {
    const before = await counts();
    const errors = await errorsOf({
      ...GOOD,
      "filings.csv":
        "filing_key,carrier_naic,state,effective_date,rating_method,policy_fee_cents\nA,11111,TX,2025-01-01,attained_age,2500\nB,99999,TX,2025-02-30,monthly,-5\nA,11111,tx,2025-01-01,community,0",
      "cells.csv": [
        "filing_key,plan,area_code,age,gender,tobacco,rate_cents,household_rate_cents",
        "A,G,A,65,M,0,12000,",
        "A,Z,A,120,X,maybe,0,",
        "A,G,NOPE,65,M,0,12000,13000",
        "A,G,A,65,M,0,12500,",
        "Q,G,A,65,M,0,12000,",
      ].join("\n"),
      "areas.csv":
        "carrier_naic,state,kind,code,area_code\n11111,TX,zip3,7870,A\n11111,TX,zip3,787,A\n11111,TX,state,TX,R",
    });
    expect(errors).toEqual([
      "filings.csv line 3: unknown carrier NAIC 99999 (add it to carriers first)",
      'filings.csv line 3: effective_date "2025-02-30" must be a date YYYY-MM-DD',
      "filings.csv line 3: rating_method must be one of attained_age, issue_age, community",
      "filings.csv line 3: policy_fee_cents must be a whole number of cents 0–100000",
      'filings.csv line 4: duplicate filing_key "A"',
      'filings.csv line 4: state "tx" must be a 2-letter code',
      'areas.csv line 2: code "7870" is not a valid zip3',
      'cells.csv line 3: unknown plan "Z"',
      "cells.csv line 3: age must be 64–99",
      "cells.csv line 3: gender must be M, F or empty (unisex)",
      "cells.csv line 3: tobacco must be 0/1 or true/false",
      "cells.csv line 3: rate_cents must be a whole number of cents 1–10000000",
      'cells.csv line 4: area_code "NOPE" is not an area of 11111 in TX',
      "cells.csv line 4: household_rate_cents is above rate_cents",
      "cells.csv line 5: duplicate cell (same filing, plan, area, age, gender, tobacco)",
      'cells.csv line 6: unknown filing_key "Q"',
      'riders.csv line 2: unknown filing_key "M"',
      'riders.csv line 3: unknown filing_key "M"',
    ]);
    expect(await counts()).toEqual(before);
  });

  it("refuses missing files and columns", async () => {
    const { "cells.csv": _cells, ...withoutCells } = GOOD;
    expect(await errorsOf(withoutCells)).toEqual(["cells.csv: file is missing"]);
    expect(await errorsOf({ ...GOOD, "areas.csv": "carrier_naic,state,kind,code\n11111,TX,state,TX" })).toContain(
      "areas.csv line 1: missing column(s) area_code",
    );
    expect(
      await errorsOf({
        ...GOOD,
        "cells.csv": "filing_key,plan,area_code,age,gender,tobacco,rate_cents\nM,MN_BASIC,R,65,,0,9000",
      }),
    ).toEqual(["cells.csv line 2: a community-rated filing's cells have age 0"]);
  });

  it("rolls the whole load back when the database fails midway (the old book stays)", async () => {
    await loadRateBook({ dir: writeBook(GOOD) });
    const before = await counts();
    const bookId = (await db.query<{ id: string }>("SELECT id FROM rate_books"))[0]!.id;
    // Make the last INSERT of the load (rider_rates) fail for one rider price.
    await db.query(
      `CREATE FUNCTION test_fail_rider() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.rate_cents = 4343 THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`,
    );
    await db.query(
      `CREATE TRIGGER test_fail_rider BEFORE INSERT ON rider_rates FOR EACH ROW EXECUTE FUNCTION test_fail_rider()`,
    );
    try {
      await expect(
        loadRateBook({
          dir: writeBook({ ...GOOD, "riders.csv": "filing_key,rider_id,rate_cents\nM,part_a_deductible,4343" }),
        }),
      ).rejects.toThrow();
    } finally {
      await db.query("DROP TRIGGER test_fail_rider ON rider_rates");
    }
    expect(await counts()).toEqual(before);
    expect(await db.query<{ id: string; is_active: boolean }>("SELECT id, is_active FROM rate_books")).toEqual([
      { id: bookId, is_active: true },
    ]);
  });
});
