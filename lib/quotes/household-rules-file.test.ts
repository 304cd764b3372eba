import { NextRequest } from "next/server";
import { GET as hhdRoute } from "@/app/api/data/public/hhd.csv/route";
import { seedReferenceData } from "@/lib/demo/seed-demo-agency";
import { setupTestDatabase } from "@/lib/testing/db";

const db = setupTestDatabase();

beforeAll(async () => {
  await seedReferenceData();
});

test("the seed stores one household rule per state and carrier, and a second seed replaces rather than adds", async () => {
  const count = await db.prisma.householdDiscount.count({ where: { filingId: null } });
  expect(count).toBe(51 * 10);
  await seedReferenceData();
  expect(await db.prisma.householdDiscount.count({ where: { filingId: null } })).toBe(count);
});

test("GET /api/data/public/hhd.csv serves the rules as text", async () => {
  const res = await hhdRoute(
    new NextRequest("http://localhost/api/data/public/hhd.csv", { headers: { "x-forwarded-for": "10.20.30.40" } }),
  );
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
  const lines = (await res.text()).trim().split(/\r?\n/);
  expect(lines[0]).toBe('"state","carrier","eligibility","rule"');
  expect(lines).toContain(
    '"AL","Aflac","cohabitant","You need to live with a spouse or someone who is at least 50 years old."',
  );
  expect(lines).toHaveLength(511);
});
