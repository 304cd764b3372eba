import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { GET as exportRoute } from "@/app/api/contacts/export/route";
import { EXPORT_COLUMNS, exportContacts } from "@/lib/contacts/export-contacts";
import { setupTestDatabase } from "@/lib/testing/db";
import { createContact, createOrganization, createSession, createUser } from "@/lib/testing/factories";

const db = setupTestDatabase();
// The routes here read the clock when a request comes in; the records they read are stamped with it too.
const now = new Date();
const DAY = 86_400_000;

/** Minimal RFC 4180 reader for the assertions (quotes, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const get = (query: string, cookie?: string) =>
  exportRoute(new NextRequest(`http://localhost/api/contacts/export${query}`, { headers: cookie ? { cookie } : {} }));

describe("GET /api/contacts/export", () => {
  async function agency() {
    const org = await createOrganization(db.prisma, { now });
    await db.prisma.organization.update({ where: { id: org.id }, data: { timezone: "America/Chicago" } });
    const boss = await createUser(db.prisma, org.id, { now, isAdmin: true });
    const agent = await createUser(db.prisma, org.id, { now });
    return {
      org,
      boss,
      agent,
      bossCookie: (await createSession(db.prisma, boss.id, { now })).cookie,
      agentCookie: (await createSession(db.prisma, agent.id, { now })).cookie,
    };
  }

  it("is for admins only; another organization's admin gets none of these contacts", async () => {
    const { org, agentCookie } = await agency();
    await createContact(db.prisma, org.id, { now, firstName: "Secret", lastName: "Person" });
    expect((await get("", agentCookie)).status).toBe(403);
    expect((await get("")).status).toBe(401);

    const foreign = await createOrganization(db.prisma, { now });
    const foreignAdmin = await createUser(db.prisma, foreign.id, { now, isAdmin: true });
    const response = await get("", (await createSession(db.prisma, foreignAdmin.id, { now })).cookie);
    expect(response.status).toBe(200);
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    expect(rows).toEqual([[...EXPORT_COLUMNS]]);
  });

  it("downloads every matching contact with quote and health status, formulas neutralised", async () => {
    const { org, agent, bossCookie } = await agency();
    const evil = await db.prisma.contact.create({
      data: {
        organizationId: org.id,
        firstName: "=cmd|' /C calc'!A0",
        lastName: "Adams",
        email: "evil@example.test",
        phoneNumber: "5125550100",
        state: "TX",
        zipCode: "78701",
        currentCarrier: "@Aetna",
        planType: "G",
        effectiveDate: new Date("2024-03-01T00:00:00Z"),
        birthDate: new Date("1958-07-04T00:00:00Z"),
        gender: "F",
        tobaccoUser: true,
        agentId: agent.id,
      },
    });
    const plain = await createContact(db.prisma, org.id, {
      now,
      firstName: "Bea",
      lastName: 'Brown, "Jr"',
      state: "FL",
    });
    await db.prisma.contact.update({
      where: { id: plain.id },
      data: { currentCarrier: "+Mutual", planType: "-N", county: "Travis\nCounty", status: "requested_follow_up" },
    });
    await createContact(db.prisma, org.id, { now, firstName: "Cy", lastName: "Cole", state: "CA" });
    const viewedAt = new Date(Date.now() - 3 * DAY);
    await db.prisma.trackingClick.create({
      data: {
        organizationId: org.id,
        contactId: evil.id,
        trackingId: `t-${randomBytes(4).toString("hex")}`,
        clickedAt: viewedAt,
      },
    });
    const answeredAt = new Date(Date.now() - 40 * DAY);
    await db.prisma.eligibilityAnswer.create({
      data: {
        organizationId: org.id,
        contactId: plain.id,
        answers: {},
        hasConditions: false,
        status: "accept",
        createdAt: answeredAt,
      },
    });

    const response = await get("?states=TX,FL&page=9&limit=50", bossCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark, for Excel
    const [header, ...rows] = parseCsv(bytes.subarray(3).toString("utf8"));
    expect(header).toEqual([...EXPORT_COLUMNS]);
    expect(rows).toHaveLength(2); // the state filter holds; page and limit do not
    const record = (row: string[]) => Object.fromEntries(header!.map((h, i) => [h, row[i]]));
    const [first, second] = rows.map(record);
    expect(first).toMatchObject({
      "First Name": "'=cmd|' /C calc'!A0",
      "Last Name": "Adams",
      Email: "evil@example.test",
      "Phone Number": "5125550100",
      State: "TX",
      "ZIP Code": "78701",
      "Current Carrier": "'@Aetna",
      "Plan Type": "G",
      "Effective Date": "2024-03-01",
      "Birth Date": "1958-07-04",
      Gender: "F",
      "Tobacco User": "Yes",
      Agent: `${agent.firstName} ${agent.lastName}`,
      Status: "New",
      "Quote Viewed (30d)": "Yes",
      "Health Completed (30d)": "No",
      "Last Quote Viewed": viewedAt.toISOString(),
      "Last Health Completed": "",
    });
    expect(second).toMatchObject({
      "First Name": "Bea",
      "Last Name": 'Brown, "Jr"',
      "Current Carrier": "'+Mutual",
      "Plan Type": "'-N",
      County: "Travis\nCounty",
      Agent: "",
      Status: "Requested a follow-up",
      "Quote Viewed (30d)": "No",
      "Health Completed (30d)": "No",
      "Last Health Completed": answeredAt.toISOString(),
    });
  });

  it("names the file with the organization's date and reads past one batch", async () => {
    const { org, boss } = await agency();
    await db.prisma.contact.createMany({
      data: Array.from({ length: 1005 }, (_, i) => ({
        organizationId: org.id,
        firstName: `F${i}`,
        lastName: `L${String(i).padStart(4, "0")}`,
        email: `c${i}@bulk.test`,
      })),
    });
    // 03:00 UTC on 2 March is still 1 March in Chicago.
    const result = await exportContacts({
      organizationId: org.id,
      viewer: { id: boss.id, isAdmin: true },
      query: {},
      now: new Date("2026-03-02T03:00:00Z"),
    });
    expect(result.filename).toBe("contacts-2026-03-01.csv");
    expect(result.rowCount).toBe(1005);
    const rows = parseCsv(result.csv.slice(1));
    expect(rows).toHaveLength(1006);
    expect(rows[1]![1]).toBe("L0000");
    expect(rows[1005]![1]).toBe("L1004");
  });
});
