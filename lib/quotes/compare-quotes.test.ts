import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compareQuotes, formatMonthly } from "@/lib/quotes/compare-quotes";
import { loadRateBook } from "@/lib/quotes/load-rate-book";
import { createQuoteLink, findQuoteLink } from "@/lib/quotes/quote-links";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization } from "@/lib/testing/factories";

const db = setupTestDatabase();
const NOW = new Date("2026-05-10T15:00:00Z"); // default effective date 2026-06-01

/** A tiny TX book: six community-rated carriers, plans F/G/N. Epsilon (not contracted) is the cheapest. */
const CARRIERS = [
  { naic: "10001", name: "Alpha", groupName: "Alpha", g: 15000 },
  { naic: "10002", name: "Beta", groupName: "Beta", g: 12000 },
  { naic: "10003", name: "Gamma", groupName: "Gamma", g: 14000 },
  { naic: "10004", name: "Delta", groupName: "Delta", g: 13000 },
  { naic: "10005", name: "Epsilon", groupName: "Epsilon", g: 11000 },
  { naic: "10006", name: "Zeta", groupName: "Zeta", g: 16000 },
];

function writeBook(): string {
  const dir = mkdtempSync(join(tmpdir(), "compare-book-"));
  const files: Record<string, string> = {
    "rate_book.csv": "name,source,is_sample,notes\nCompare test book,unit test,1,",
    "filings.csv": ["filing_key,carrier_naic,state,effective_date,rating_method,policy_fee_cents,plan_design_note", ...CARRIERS.map((c) => `K${c.naic},${c.naic},TX,2025-01-01,community,0,`)].join("\n"),
    "areas.csv": ["carrier_naic,state,kind,code,area_code", ...CARRIERS.map((c) => `${c.naic},TX,state,TX,R`)].join("\n"),
    "cells.csv": [
      "filing_key,plan,area_code,age,gender,tobacco,rate_cents,household_rate_cents",
      ...CARRIERS.flatMap((c) => [
        `K${c.naic},G,R,0,,0,${c.g},${c.naic === "10001" ? c.g - 1500 : ""}`,
        `K${c.naic},G,R,0,,1,${c.g + 2000},`,
        `K${c.naic},N,R,0,,0,${c.g - 3000},`,
        `K${c.naic},F,R,0,,0,${c.g + 4000},`,
      ]),
    ].join("\n"),
    "household_discounts.csv": "filing_key,pct_bps,category,description\nK10001,1000,Roommate,10%",
    "riders.csv": "filing_key,rider_id,plan,area_code,age,rate_cents",
  };
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body.trim() + "\n");
  return dir;
}

beforeAll(async () => {
  await db.prisma.carrier.createMany({ data: CARRIERS.map(({ naic, name, groupName }) => ({ naic, name, groupName })) });
  await loadRateBook({ dir: writeBook() });
});

async function linkFor(contact: { birthDate?: string; currentCarrier?: string | null; currentCarrierNaic?: string | null; zipCode?: string | null; tobaccoUser?: boolean }) {
  const org = await createOrganization(db.prisma);
  await db.prisma.organization.update({ where: { id: org.id }, data: { carrierContracts: ["Alpha", "Beta", "Gamma", "Delta", "Zeta"] } });
  const c = await createContact(db.prisma, org.id, { state: "TX" });
  await db.prisma.contact.update({
    where: { id: c.id },
    data: {
      zipCode: contact.zipCode === undefined ? "78701" : contact.zipCode,
      birthDate: contact.birthDate ? new Date(`${contact.birthDate}T00:00:00Z`) : null,
      currentCarrier: contact.currentCarrier ?? null,
      currentCarrierNaic: contact.currentCarrierNaic ?? null,
      tobaccoUser: contact.tobaccoUser ?? false,
    },
  });
  const { token } = await createQuoteLink({ organizationId: org.id, contactId: c.id, now: NOW });
  return (await findQuoteLink(token, NOW))!;
}

const names = (r: Awaited<ReturnType<typeof compareQuotes>>, plan: string) => r.plans.find((p) => p.plan === plan)?.quotes.map((q) => `${q.carrierName}:${q.monthlyCents}`);

describe("compareQuotes", () => {
  it("gives a TX contact at most 3 contracted quotes per plan, cheapest first, rated on the default effective date", async () => {
    const result = await compareQuotes({ link: await linkFor({ birthDate: "1956-03-15" }), now: NOW });
    expect(result).toMatchObject({ effectiveDate: "2026-06-01", age: 70, gender: "M", tobacco: false, zip5: "78701", state: "TX", initialPlan: "G", isSample: true });
    // Epsilon (cheapest, not contracted) never shows; Zeta is 4th.
    expect(names(result, "G")).toEqual(["Beta:12000", "Delta:13000", "Gamma:14000"]);
    for (const { quotes } of result.plans) {
      expect(quotes.length).toBeLessThanOrEqual(3);
      expect(quotes.map((q) => q.monthlyCents)).toEqual([...quotes.map((q) => q.monthlyCents)].sort((a, b) => a - b));
    }
  });

  it("drops the contact's current carrier group (by name or NAIC)", async () => {
    const byName = await compareQuotes({ link: await linkFor({ birthDate: "1956-03-15", currentCarrier: "Beta" }), now: NOW });
    expect(names(byName, "G")).toEqual(["Delta:13000", "Gamma:14000", "Alpha:15000"]);
    const byNaic = await compareQuotes({ link: await linkFor({ birthDate: "1956-03-15", currentCarrier: "Something Else", currentCarrierNaic: "10004" }), now: NOW });
    expect(names(byNaic, "G")).toEqual(["Beta:12000", "Gamma:14000", "Alpha:15000"]);
  });

  it("hides F and HDF for someone turning 65 in 2021, shows F for someone first eligible before 2020", async () => {
    const late = await compareQuotes({ link: await linkFor({ birthDate: "1956-03-15" }), now: NOW });
    expect(late.plans.map((p) => p.plan)).toEqual(["G", "N", "HDG"]);
    const early = await compareQuotes({ link: await linkFor({ birthDate: "1950-07-01" }), now: NOW });
    expect(early.plans.map((p) => p.plan)).toEqual(["F", "G", "N", "HDF", "HDG"]);
    expect(names(early, "F")).toEqual(["Beta:16000", "Delta:17000", "Gamma:18000"]);
  });

  it("uses tobacco rates and the household price", async () => {
    const result = await compareQuotes({ link: await linkFor({ birthDate: "1956-03-15", tobaccoUser: true, currentCarrier: "Beta" }), now: NOW });
    expect(names(result, "G")).toEqual(["Delta:15000", "Gamma:16000", "Alpha:17000"]);
    const plain = await compareQuotes({ link: await linkFor({ birthDate: "1956-03-15", currentCarrier: "Beta" }), now: NOW });
    expect(plain.plans.find((p) => p.plan === "G")!.quotes.find((q) => q.carrierName === "Alpha")!.householdMonthlyCents).toBe(13500);
  });

  it("defaults to age 65 without a birth date, and answers no quotes without a ZIP", async () => {
    const noBirth = await compareQuotes({ link: await linkFor({}), now: NOW });
    expect(noBirth.age).toBe(65);
    expect(noBirth.plans.map((p) => p.plan)).toEqual(["G", "N", "HDG"]);
    const noZip = await compareQuotes({ link: await linkFor({ zipCode: null }), now: NOW });
    expect(noZip.plans.every((p) => p.quotes.length === 0)).toBe(true);
  });

  it("opens on the contact's plan when it is offered (\"Plan N\" → N), else G", async () => {
    const link = await linkFor({ birthDate: "1956-03-15" });
    expect((await compareQuotes({ link: { ...link, contact: { ...link.contact, planType: "Plan N" } }, now: NOW })).initialPlan).toBe("N");
    expect((await compareQuotes({ link: { ...link, contact: { ...link.contact, planType: "F" } }, now: NOW })).initialPlan).toBe("G");
  });

  it("formats cents as a monthly price", () => {
    expect(formatMonthly(12745)).toBe("$127.45/mo");
    expect(formatMonthly(123400)).toBe("$1,234.00/mo");
  });
});
