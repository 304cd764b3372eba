import { importChunkBody, planImportChunks, utf8Length } from "@/lib/contacts/import/import-chunks";
import { MAX_IMPORT_CHUNK_BYTES } from "@/lib/contacts/import/import-types";

describe("utf8Length", () => {
  it.each([
    ["", 0],
    ["abc", 3],
    ["Nuñez", 6],
    ["Nguyễn", 8],
    ["😀", 4],
    [JSON.stringify({ name: "Zoë 😀" }), Buffer.byteLength(JSON.stringify({ name: "Zoë 😀" }))],
  ])("%j is %i bytes", (text, bytes) => {
    expect(utf8Length(text)).toBe(bytes);
    expect(utf8Length(text)).toBe(Buffer.byteLength(text));
  });
});

describe("planImportChunks", () => {
  const rows = (n: number, make: (i: number) => object) => Array.from({ length: n }, (_, i) => JSON.stringify(make(i)));

  it("cuts by bytes: every body within the limit, every row once and in order", () => {
    // Rows of very different sizes, some with multi-byte text.
    const json = rows(2_000, (i) => ({
      rowNumber: i + 2,
      firstName: i % 7 === 0 ? "Zoë".repeat(40) : "Ann",
      note: "x".repeat((i * 37) % 900),
    }));
    const chunks = planImportChunks(json, 100_000);
    expect(chunks.length).toBeGreaterThan(5);
    const seen: number[] = [];
    for (const chunk of chunks) {
      const body = importChunkBody(chunk, json);
      expect(Buffer.byteLength(body)).toBe(chunk.bytes);
      expect(chunk.bytes).toBeLessThanOrEqual(100_000);
      const parsed = JSON.parse(body) as { index: number; contacts: { rowNumber: number }[] };
      expect(parsed.index).toBe(chunk.index);
      seen.push(...parsed.contacts.map((c) => c.rowNumber));
    }
    expect(seen).toEqual(json.map((_, i) => i + 2));
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
    // Full chunks are full: the next row would not have fit.
    for (const [i, chunk] of chunks.slice(0, -1).entries())
      expect(chunk.bytes + 1 + Buffer.byteLength(json[chunks[i + 1]!.start]!)).toBeGreaterThan(100_000);
  });

  it("puts a row larger than the limit in a chunk of its own", () => {
    const json = [JSON.stringify({ a: 1 }), JSON.stringify({ a: "y".repeat(500) }), JSON.stringify({ a: 3 })];
    expect(planImportChunks(json, 200).map((c) => [c.start, c.end])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it("50,000 typical rows make about ten chunks of at most 1.5 MB", () => {
    const json = rows(50_000, (i) => ({
      rowNumber: i + 2,
      firstName: "Patricia",
      lastName: "Rodriguez",
      email: `patricia.rodriguez${i}@gmail.com`,
      phoneNumber: "(512) 555-0142",
      currentCarrier: "Mutual of Omaha",
      effectiveDate: "3/1/2024",
      birthDate: "1951-07-19",
      tobaccoUser: "No",
      gender: "F",
      zipCode: "78701",
      planType: "Plan G",
    }));
    const chunks = planImportChunks(json);
    expect(chunks.length).toBeGreaterThanOrEqual(8);
    expect(chunks.length).toBeLessThanOrEqual(12);
    expect(Math.max(...chunks.map((c) => c.bytes))).toBeLessThanOrEqual(MAX_IMPORT_CHUNK_BYTES);
    expect(planImportChunks([])).toEqual([]);
  });
});
