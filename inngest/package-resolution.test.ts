import { existsSync } from "node:fs";
import { join } from "node:path";
import { Inngest } from "inngest";
import { serve } from "inngest/next";

/**
 * The functions live in a top-level inngest/ folder (the design card's layout), named like the package.
 * A root inngest/index.ts would make SWC and the `@/*` paths resolve `import "inngest"` to this folder;
 * the function list therefore sits in inngest/functions/index.ts. `next build` proves the same for the app.
 */
describe('import "inngest"', () => {
  it("resolves to the package, not to this folder", () => {
    expect(require.resolve("inngest")).toContain(join("node_modules", "inngest"));
    expect(typeof Inngest).toBe("function");
    expect(typeof serve).toBe("function");
  });

  it("has no root index file that could shadow the package", () => {
    for (const name of ["index.ts", "index.tsx", "index.js", "index.mjs"])
      expect(existsSync(join(process.cwd(), "inngest", name))).toBe(false);
  });
});
