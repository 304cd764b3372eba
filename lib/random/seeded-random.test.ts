import { seededRandom } from "@/lib/random/seeded-random";

test("the same seed gives the same sequence; another seed another one", () => {
  const a = seededRandom(42);
  const b = seededRandom(42);
  const first = Array.from({ length: 5 }, () => a.next());
  expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
  expect(seededRandom(43).next()).not.toBe(first[0]);
  // mulberry32's published first output for seed 42, so sample data stays what it was.
  expect(first[0]).toBeCloseTo(0.6011037519201636, 12);
});

test("int, pick, chance and weighted stay within their ranges", () => {
  const r = seededRandom(7);
  for (let i = 0; i < 1000; i++) {
    const n = r.int(3, 5);
    expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
    expect(["x", "y"]).toContain(r.pick(["x", "y"]));
    expect(
      r.weighted([
        ["only", 1],
        ["never", 0],
      ]),
    ).toBe("only");
  }
  expect(r.chance(0)).toBe(false);
  expect(r.chance(1)).toBe(true);
});
