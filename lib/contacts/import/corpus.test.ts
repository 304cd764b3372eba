import { NextRequest } from "next/server";
import { POST as bulkImportRoute } from "@/app/api/contacts/bulk-import/route";
import { buildImportContacts, previewImport } from "@/lib/contacts/import/build-import-contacts";
import { autoMapColumns, detectStateColumn } from "@/lib/contacts/import/column-mapping";
import { createCarrierMapper, withBuiltInAliases } from "@/lib/contacts/import/carrier-mapping";
import { parseCsvText, uniqueColumnValues } from "@/lib/contacts/import/parse-csv";
import { mapPlanType } from "@/lib/contacts/import/plan-mapping";
import { carrierConversionsCsv, uploadErrorsCsv } from "@/lib/contacts/import/write-csv";
import { rowValues, type BulkImportResponse } from "@/lib/contacts/import/import-types";
import { setupTestDatabase } from "@/lib/testing/db";
import { createOrganization, createSession, createUser } from "@/lib/testing/factories";

/**
 * Malformed and hostile files, each fed through the whole pipeline the modal and the server run:
 * parse → map columns → map carriers/plans → build the request → preview → POST the route → build the
 * downloads. Nothing may throw, and the route may answer 200, 400 or 422, never 500.
 */

const db = setupTestDatabase();
// The route reads the clock (the session, the import); the pipeline is given the same moment.
const NOW = new Date();
const HEADER =
  "First Name,Last Name,Email,Current Carrier,Plan Type,Effective Date,Birth Date,Tobacco User,Gender,ZIP Code,Phone Number";
const GOOD = "Ada,Lovelace,ada@example.com,Humana,G,2024-01-01,1955-12-10,No,F,78701,5550100123";

function junk(length: number, seed: number, withNul: boolean): string {
  let x = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const code = x % 256;
    out += String.fromCharCode(withNul ? code : code < 32 ? 0xfffd : code);
  }
  return out;
}

const CORPUS: [name: string, text: string][] = [
  ["empty", ""],
  ["only a BOM", "\ufeff"],
  ["only blank lines", "\r\n\r\n  \n\t\n"],
  ["headers only", `${HEADER}\r\n`],
  [
    "unbalanced quotes",
    `${HEADER}\n"Ada,Lovelace,ada@example.com,"Humana,G\nBob,Smith,bob@example.com,Aetna,N,,,,,,\n`,
  ],
  ["binary junk with NULs", junk(4096, 7, true)],
  ["binary junk without NULs", junk(4096, 11, false)],
  ["UTF-16LE read as UTF-8", Buffer.from(`${HEADER}\n${GOOD}\n`, "utf16le").toString("utf8")],
  [
    "mixed delimiters",
    `${HEADER}\nAda;Lovelace;ada@example.com;Humana;G;;;;;;\nBob,Smith,bob@example.com,Aetna,N,,,,,,\n`,
  ],
  ["CR-only line endings", `${HEADER}\r${GOOD}\rBob,Smith,bob@example.com,Aetna,N,,,,,,\r`],
  [
    "huge field",
    `${HEADER}\n${"A".repeat(1_000_000)},Lovelace,ada@example.com,Humana,G,,,,,,\n${GOOD.replace("ada@", "ada2@")}\n`,
  ],
  [
    "duplicate headers",
    `Email,Email,First Name,First Name,Last Name\nada@example.com,other@example.com,Ada,Grace,Lovelace\n`,
  ],
  ["no email column", `First Name,Last Name,Phone\nAda,Lovelace,5550100123\n`],
  [
    "10,000 columns",
    `${Array.from({ length: 10_000 }, (_, i) => (i === 2 ? "Email" : `c${i}`)).join(",")}\n${Array.from({ length: 10_000 }, (_, i) => (i === 2 ? "wide@example.com" : "x")).join(",")}\n`,
  ],
  [
    "emoji everywhere",
    `${HEADER}\n😀,🎉,😀@example.com,🏥 Humana,G 🅖,📅,🎂,✅,♀,🏠,📞\nZoë,Ñúñez,zoe.nunez@example.com,Humana,G,,,,,,\n`,
  ],
  [
    "formula cells",
    `${HEADER}\n=HYPERLINK("http://evil.example"),+1+1,-2@example.com,@SUM(A1),=1,=2,=3,=4,=5,=6,=7\n"=cmd|' /C calc'!A0",,formula@example.com,=Humana,,,,,,,\n`,
  ],
  ["HTML instead of CSV", "<!doctype html><html><body><table><tr><td>Email</td></tr></table></body></html>"],
  ["JSON instead of CSV", '{"contacts":[{"email":"ada@example.com","firstName":"Ada"}]}'],
  ["rows longer than the header", `First Name,Last Name,Email\nAda,Lovelace,ada@example.com,extra,more,"and more"\n`],
  ["rows shorter than the header", `${HEADER}\nAda,Lovelace\nBob\n,,solo@example.com\n`],
  ["only delimiters", ",,,,\n,,,,\n;;;;\n"],
  ["stray quotes inside fields", `${HEADER}\nA"da,Love"lace,ada@example.com,"Hum""ana",G,,,,,,\n`],
  ["NUL in the middle", `${HEADER}\n${GOOD}\n\u0000\u0000\u0000\n`],
  ["blank header names", ` , ,\t\nAda,Lovelace,ada@example.com\n`],
  ["blank lines before the header", `\n\n\n${HEADER}\n${GOOD}\n`],
  [
    "strange dates and booleans",
    `${HEADER}\nAda,Lovelace,ada@example.com,Humana,G,99999,0,maybe,?,1234567,12\nBob,Smith,bob@example.com,Aetna,N,45292,2/30/1950,Y,m,7030,+1 555 010 0199\n`,
  ],
  [
    "the same email 5,000 times",
    `${HEADER}\n${Array.from({ length: 5_000 }, (_, i) => `P${i},Q,same@example.com,Humana,G,,,,,,`).join("\n")}\n`,
  ],
  ["all emails invalid", `${HEADER}\nAda,Lovelace,not-an-email,Humana,G,,,,,,\nBob,Smith,,Aetna,N,,,,,,\n`],
  ["tab-separated with quoted tabs", `First Name\tLast Name\tEmail\n"A\tda"\tLovelace\ttab@example.com\n`],
  ["very long header line", `${"H".repeat(200_000)},Email\nx,long@example.com\n`],
  [
    "SQL-ish and control characters",
    `${HEADER}\nRobert'); DROP TABLE contacts;--,\u0007Tables\u001b,bobby@example.com,Humana,G,,,,,,\n`,
  ],
];

const SUPPORTED = withBuiltInAliases(["Aetna", "Humana", "UnitedHealthcare", "Cigna", "Mutual of Omaha"]);
let cookie = "";

beforeAll(async () => {
  const org = await createOrganization(db.prisma, { now: NOW });
  await db.prisma.organization.update({ where: { id: org.id }, data: { contactLimit: -1 } });
  const admin = await createUser(db.prisma, org.id, { now: NOW, isAdmin: true, isAgent: true });
  cookie = (await createSession(db.prisma, admin.id, { now: NOW })).cookie;
});

function runClientSide(text: string) {
  const parsed = parseCsvText(text);
  const mapping = autoMapColumns(parsed.headers);
  const mapper = createCarrierMapper(SUPPORTED);
  const carrierMapping = Object.fromEntries(
    uniqueColumnValues(parsed, mapping.currentCarrier).map((v) => [v, mapper.map(v).carrier]),
  );
  const planMapping = Object.fromEntries(
    uniqueColumnValues(parsed, mapping.planType).map((v) => [v, mapPlanType(v) ?? "Other"]),
  );
  const contacts = buildImportContacts({
    parsed,
    mapping,
    carrierMapping,
    planMapping,
    stateColumn: detectStateColumn(parsed.headers, mapping),
  });
  const preview = previewImport(contacts, { now: NOW });
  return { parsed, mapping, contacts, preview };
}

describe("malformed CSV corpus", () => {
  it("has at least 20 files", () => expect(CORPUS.length).toBeGreaterThanOrEqual(20));

  it.each(CORPUS)("%s: no throw, no 500", async (_name, text) => {
    const { parsed, contacts } = runClientSide(text);
    expect(Array.isArray(parsed.headers)).toBe(true);
    if (parsed.headers.length === 0) expect(parsed.errors.length).toBeGreaterThan(0);

    const res = await bulkImportRoute(
      new NextRequest("http://localhost/api/contacts/bulk-import", {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ contacts, overwriteExisting: true, agentId: null }),
      }),
      { params: Promise.resolve({}) },
    );
    expect([200, 400, 422]).toContain(res.status);
    const body = await res.json();
    if (res.status !== 200) {
      expect(body.error.message).toEqual(expect.any(String));
      return;
    }
    const result = body as BulkImportResponse;
    expect(result.success).toBe(true);
    expect(result.totalRows).toBe(contacts.length);
    expect(result.newContacts + result.updatedContacts + result.skippedRows).toBe(contacts.length);
    // Every download the modal offers is safe to open in a spreadsheet.
    const byRow = new Map(contacts.map((c) => [c.rowNumber, rowValues(c)]));
    for (const csv of [
      uploadErrorsCsv(result.errorRows),
      carrierConversionsCsv(result.carrierConversions, (n) => byRow.get(n)),
    ]) {
      expect(csv).not.toMatch(/(^|,)"[=+\-@\t\r]/m);
    }
  });

  it.each([
    ["empty", 0, "CSV file is empty"],
    ["only a BOM", 0, "CSV file is empty"],
    ["binary junk with NULs", 0, "CSV format invalid: the file does not look like a CSV text file."],
    ["UTF-16LE read as UTF-8", 0, "CSV format invalid: the file does not look like a CSV text file."],
    ["headers only", 11, undefined],
  ])("%s parses to %i headers", (name, headerCount, error) => {
    const parsed = parseCsvText(CORPUS.find(([n]) => n === name)![1]);
    expect(parsed.headers).toHaveLength(headerCount);
    expect(parsed.rows).toHaveLength(0);
    if (error) expect(parsed.errors[0]).toBe(error);
  });

  it("specific outcomes", () => {
    expect(runClientSide(CORPUS.find(([n]) => n === "CR-only line endings")![1]).preview).toMatchObject({ valid: 2 });
    expect(runClientSide(CORPUS.find(([n]) => n === "10,000 columns")![1]).mapping.email).toBe("Email");
    expect(runClientSide(CORPUS.find(([n]) => n === "no email column")![1]).mapping.email).toBeNull();
    expect(runClientSide(CORPUS.find(([n]) => n === "duplicate headers")![1]).parsed.headers).toEqual([
      "Email",
      "Email (2)",
      "First Name",
      "First Name (2)",
      "Last Name",
    ]);
    expect(runClientSide(CORPUS.find(([n]) => n === "tab-separated with quoted tabs")![1]).contacts[0]).toMatchObject({
      firstName: "A\tda",
      email: "tab@example.com",
    });
  });

  it("a huge cell is that row's error, not the file's", async () => {
    const { contacts } = runClientSide(CORPUS.find(([n]) => n === "huge field")![1]);
    const res = await bulkImportRoute(
      new NextRequest("http://localhost/api/contacts/bulk-import", {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ contacts, overwriteExisting: true }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as BulkImportResponse;
    expect(body.errorRows).toEqual([
      expect.objectContaining({ rowNumber: 2, error: "First Name is too long (at most 100 characters)" }),
    ]);
    expect(body.errorRows[0]!.values.firstName).toHaveLength(1_001);
    expect(body.newContacts + body.updatedContacts).toBe(1);
  });
});
