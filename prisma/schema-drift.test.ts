import { setupTestDatabase } from "@/lib/testing/db";

/**
 * The Prisma models and the migrated database must agree: every model's table and every scalar/enum
 * field's column exist with a compatible type, and no table carries a column the models don't know.
 * (`npm run db:migrate:check` compares schema.prisma with the migrations; this compares the client the
 * app actually runs with the database the migrations actually build, on PGlite and on PostgreSQL.)
 */

const PG_TYPES: Record<string, string[]> = {
  String: ["text", "character varying", "uuid"],
  Int: ["integer"],
  BigInt: ["bigint"],
  Float: ["double precision"],
  Boolean: ["boolean"],
  DateTime: ["timestamp with time zone", "timestamp without time zone", "date"],
  Json: ["jsonb", "json"],
  Decimal: ["numeric"],
  Bytes: ["bytea"],
};

// Prisma 7's client carries its data model at run time (names, kinds, types and column names; no
// nullability or list flags), which is exactly what the app's queries rely on.
type RuntimeField = {
  name: string;
  kind: "scalar" | "enum" | "object" | "unsupported";
  type: string;
  dbName?: string | null;
};
type RuntimeDataModel = { models: Record<string, { dbName: string | null; fields: RuntimeField[] }> };
const ARRAY_UDT: Record<string, string> = {
  String: "_text",
  Int: "_int4",
  Boolean: "_bool",
  BigInt: "_int8",
  Float: "_float8",
};

type Column = { table_name: string; column_name: string; data_type: string; udt_name: string };

describe("schema drift", () => {
  const db = setupTestDatabase();

  it("finds every Prisma model field as a matching column, and no unknown columns", async () => {
    const columns = await db.query<Column>(
      `SELECT table_name, column_name, data_type, udt_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
    );
    const byKey = new Map(columns.map((c) => [`${c.table_name}.${c.column_name}`, c]));
    const problems: string[] = [];
    const expected = new Set<string>();

    const dataModel = (db.prisma as unknown as { _runtimeDataModel: RuntimeDataModel })._runtimeDataModel;
    for (const [name, model] of Object.entries(dataModel.models)) {
      const table = model.dbName ?? name;
      for (const field of model.fields) {
        if (field.kind !== "scalar" && field.kind !== "enum") continue;
        const key = `${table}.${field.dbName ?? field.name}`;
        expected.add(key);
        const column = byKey.get(key);
        if (!column) {
          problems.push(`missing column ${key}`);
          continue;
        }
        if (field.kind === "enum") {
          if (column.udt_name !== field.type && column.udt_name !== `_${field.type}`)
            problems.push(`${key}: expected enum ${field.type}, found ${column.udt_name}`);
        } else if (column.data_type === "ARRAY") {
          if (column.udt_name !== ARRAY_UDT[field.type])
            problems.push(`${key}: expected ${field.type}[], found ${column.udt_name}`);
        } else if (!PG_TYPES[field.type]?.includes(column.data_type)) {
          problems.push(`${key}: expected ${field.type}, found ${column.data_type}`);
        }
      }
    }
    for (const key of byKey.keys()) if (!expected.has(key)) problems.push(`column ${key} is not in any Prisma model`);
    expect(problems).toEqual([]);
    expect(expected.size).toBeGreaterThan(300);
  });
});
