import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { REFERENCE_FILES } from "@/lib/reference/reference-data";

/**
 * The repository stands alone (architecture rule 16): no code reads the team's ../shared folder, which a
 * user's clone, a host or a CI clone does not have. Comments may still point a developer at the spec.
 */
const ROOT = process.cwd();
const CODE_DIRS = ["app", "components", "lib", "inngest", "scripts", "bench", "prisma", "e2e"];
const SKIP = new Set(["node_modules", "generated", "output", ".next"]);

function codeFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return codeFiles(path);
    return /\.(ts|tsx|mjs|js|cjs|sql|prisma)$/.test(name) ? [path] : [];
  });
}

/** The line without its comment part (good enough for this check: `//` and block-comment lines). */
function codePart(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith("//") || trimmed.startsWith("*") || trimmed.startsWith("/*") || trimmed.startsWith("///"))
    return "";
  return line.replace(/\s\/\/.*$/, "");
}

describe("the repository stands alone", () => {
  it("has every reference data file it names", () => {
    for (const file of Object.values(REFERENCE_FILES)) expect(statSync(file).size).toBeGreaterThan(0);
  });

  it("reads nothing from the team folder beside the clone in code, tests, scripts, benchmarks or journeys", () => {
    const offenders: string[] = [];
    for (const file of CODE_DIRS.flatMap((d) => codeFiles(join(ROOT, d)))) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          const code = codePart(line);
          if (/\.\.\/shared\b|["']shared["']/.test(code))
            offenders.push(`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });
});
