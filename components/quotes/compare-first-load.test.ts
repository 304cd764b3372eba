import { readFileSync } from "node:fs";
import path from "node:path";
import { resolveSpecifier, runtimeSpecifiers } from "@/lib/architecture/import-graph";

/**
 * A quote link's first-load JavaScript has a budget (130 KB gzipped, enforced by the browser suite's
 * e2e/marketing.e2e.mjs). Its regressions so far were a library that came in through one static import:
 * zod through a shared message (2026-11-24), zod and react-hook-form through the location dialog (2026-11-25).
 * This walks the static imports of the compare page's client entry, as the bundler does (type-only imports and
 * dynamic import() left out), and fails as soon as one of those libraries is reachable again.
 */

const ROOT = process.cwd();
const ENTRY = "components/quotes/compare-quotes-view.tsx";
/** What the form dialogs need, loaded when one opens (compare-form-dialogs.tsx), never with the page. */
const NOT_IN_FIRST_LOAD = [
  "zod",
  "react-hook-form",
  "@hookform/resolvers",
  "date-fns",
  "@date-fns/tz",
  "libphonenumber-js",
  "papaparse",
  "recharts",
];

/** Every local file and every package reachable from `entry` through static imports (lib/architecture/import-graph.ts's reading). */
function firstLoadGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of runtimeSpecifiers(readFileSync(path.join(ROOT, file), "utf8"))) {
      const local = resolveSpecifier(ROOT, file, specifier);
      if (local === null) packages.add(specifier);
      else pending.push(local);
    }
  }
  return { files: [...files].sort(), packages: [...packages].sort() };
}

const isListed = (pkg: string) => NOT_IN_FIRST_LOAD.some((name) => pkg === name || pkg.startsWith(`${name}/`));

describe("the compare page's first load", () => {
  it("sees the libraries the form dialogs bring, so the check below can fail", () => {
    const { packages } = firstLoadGraph("components/quotes/compare-form-dialogs.tsx");
    expect(packages.filter(isListed)).toEqual(["@hookform/resolvers/zod", "react-hook-form", "zod"]);
  });

  it("statically imports none of zod, react-hook-form, date-fns, libphonenumber-js, … nor the form dialogs", () => {
    const { files, packages } = firstLoadGraph(ENTRY);
    expect(files).toContain("components/quotes/compare-modals.tsx");
    expect(packages).toContain("react");
    expect(files).not.toContain("components/quotes/compare-form-dialogs.tsx");
    expect(packages.filter(isListed)).toEqual([]);
  });
});
