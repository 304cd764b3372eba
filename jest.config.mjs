import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// Two projects: "server" (node environment: services, routes, database) and "ui" (jsdom: components).
// Server tests are the integration suite that CI runs a second time against a real PostgreSQL server.
const common = {
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1", "^server-only$": "<rootDir>/lib/testing/server-only-stub.ts" },
  testPathIgnorePatterns: ["/node_modules/", "/.next/", "/e2e/", "/.data/"],
};

const server = await createJestConfig({
  ...common,
  displayName: "server",
  testEnvironment: "node",
  testMatch: ["<rootDir>/**/*.test.ts"],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.server.ts"],
})();

const ui = await createJestConfig({
  ...common,
  displayName: "ui",
  testEnvironment: "jsdom",
  testMatch: ["<rootDir>/**/*.test.tsx"],
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ui.ts"],
})();

const config = { projects: [server, ui], testTimeout: 60000 };

export default config;
