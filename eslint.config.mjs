import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// House rules (../shared/design/architecture.md, rules 6 and 14, and the env rule):
// 1. Prisma (the generated client, @prisma/*, lib/db) may be imported only under lib/.
// 2. lib/testing/ (factories, fakes, db reset) is never imported by app code.
// 3. lib/env.ts is the only reader of process.env.
// 4. lib/ never imports from components/ or app/ (lib/architecture/import-graph.test.ts also checks cycles).
const prismaImports = [
  {
    group: ["@prisma/*", "@/lib/generated/*", "**/generated/prisma", "**/generated/prisma/*"],
    message: "Prisma may be imported only under lib/ (house rule 6).",
  },
  {
    group: ["@/lib/db", "**/lib/db"],
    message: "The database client may be used only under lib/: call a lib/<domain> function instead (house rule 1).",
  },
];
const upwardImports = {
  group: ["@/components", "@/components/*", "@/app/*"],
  message:
    "lib/ sits below components/ and app/: move the rule or template into lib/ (no upward import, docs/architecture.md).",
};
const testingImports = {
  group: ["@/lib/testing", "@/lib/testing/*", "**/lib/testing/*"],
  message: "lib/testing/ is for tests only; app code must not import it.",
};
const noProcessEnv = {
  "no-restricted-properties": [
    "error",
    {
      object: "process",
      property: "env",
      message: "Read configuration through lib/env.ts (the only reader of process.env).",
    },
  ],
};

const appCode = ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "inngest/**/*.{ts,tsx}", "proxy.ts", "middleware.ts"];
const libCode = ["lib/**/*.{ts,tsx}"];
const testFiles = [
  "**/*.test.{ts,tsx}",
  "lib/testing/**",
  "e2e/**",
  "bench/**",
  "prisma/**",
  "scripts/**",
  "jest.setup.ts",
];

const config = [
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".data/**",
      "lib/generated/**",
      "next-env.d.ts",
      "e2e/output/**",
      "public/**",
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    files: appCode,
    rules: {
      "no-restricted-imports": ["error", { patterns: [...prismaImports, testingImports] }],
      ...noProcessEnv,
    },
  },
  {
    files: libCode,
    rules: {
      "no-restricted-imports": ["error", { patterns: [testingImports, upwardImports] }],
      ...noProcessEnv,
    },
  },
  { files: ["lib/env.ts", ...testFiles], rules: { "no-restricted-imports": "off", "no-restricted-properties": "off" } },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
];

export default config;
