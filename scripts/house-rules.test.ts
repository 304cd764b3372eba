import { execFileSync } from "node:child_process";

// The ESLint house rules (eslint.config.mjs) must actually fire where they should, and only there.
const cases = [
  // Prisma and the db client only under lib/
  {
    filePath: "app/api/x/route.ts",
    code: `import { prisma } from "@/lib/db";\nexport const x = prisma;\n`,
    rule: "no-restricted-imports",
    fires: true,
  },
  {
    filePath: "components/x.tsx",
    code: `import { PrismaClient } from "@/lib/generated/prisma/client";\nexport const x = PrismaClient;\n`,
    rule: "no-restricted-imports",
    fires: true,
  },
  {
    filePath: "app/x.ts",
    code: `import { PrismaPg } from "@prisma/adapter-pg";\nexport const x = PrismaPg;\n`,
    rule: "no-restricted-imports",
    fires: true,
  },
  {
    filePath: "lib/contacts/x.ts",
    code: `import { prisma } from "@/lib/db";\nexport const x = prisma;\n`,
    rule: "no-restricted-imports",
    fires: false,
  },
  // lib/testing never in app or lib code; fine in tests
  {
    filePath: "app/x.ts",
    code: `import { createTestDatabase } from "@/lib/testing/db";\nexport const x = createTestDatabase;\n`,
    rule: "no-restricted-imports",
    fires: true,
  },
  {
    filePath: "lib/contacts/x.ts",
    code: `import { createTestDatabase } from "@/lib/testing/db";\nexport const x = createTestDatabase;\n`,
    rule: "no-restricted-imports",
    fires: true,
  },
  {
    filePath: "lib/contacts/x.test.ts",
    code: `import { createTestDatabase } from "@/lib/testing/db";\nexport const x = createTestDatabase;\n`,
    rule: "no-restricted-imports",
    fires: false,
  },
  // process.env only in lib/env.ts
  {
    filePath: "lib/contacts/x.ts",
    code: `export const x = process.env.DATABASE_URL;\n`,
    rule: "no-restricted-properties",
    fires: true,
  },
  {
    filePath: "app/page.tsx",
    code: `export const x = process.env.NODE_ENV;\n`,
    rule: "no-restricted-properties",
    fires: true,
  },
  {
    filePath: "lib/env.ts",
    code: `export const x = process.env.NODE_ENV;\n`,
    rule: "no-restricted-properties",
    fires: false,
  },
];

describe("house lint rules", () => {
  const results: string[][] = JSON.parse(
    execFileSync("node", ["scripts/lint-text.mjs"], {
      input: JSON.stringify(cases),
      encoding: "utf8",
      env: { ...process.env, NODE_OPTIONS: "" },
    }),
  );

  it.each(cases.map((c, i) => [c.filePath, c.rule, c.fires, i] as const))(
    "%s: %s fires = %s",
    (_path, rule, fires, index) => {
      expect(results[index]!.includes(rule)).toBe(fires);
    },
  );
});
