import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The house rules of the browser half (issue #17), checked over the source so a new screen cannot
 * quietly drift back: every form is on react-hook-form (its resolver is the route's zod schema), the
 * one error body is lib/api/errors.ts's, and buttons, inputs and focus rings come from components/ui.
 */

const ROOT = process.cwd();
const COMPONENTS = join(ROOT, "components");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = sourceFiles(COMPONENTS).map((path) => ({
  path: relative(ROOT, path),
  source: readFileSync(path, "utf8"),
}));

describe("the browser half's house rules", () => {
  it("finds the component sources", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("every <form> is driven by react-hook-form (useForm, useFormContext, or a hook of ours built on useForm), not useState", () => {
    const formHooks = files
      .filter(({ source }) => /\buseForm\b/.test(source))
      .flatMap(({ source }) => [...source.matchAll(/export function (use\w+)\(/g)].map((m) => m[1]!));
    const drivesForm = new RegExp(`\\b(useForm|useFormContext|${formHooks.join("|")})\\b`);
    const handRolled = files
      .filter(({ source }) => /<form[\s>]/.test(source) && !drivesForm.test(source))
      .map((f) => f.path);
    expect(handRolled).toEqual([]);
  });

  it("no component declares its own error body (lib/api/errors.ts and lib/api/browser-client.ts hold the one shape)", () => {
    const own = files.filter(({ source }) => /\b(type|interface)\s+ErrorBody\b/.test(source)).map((f) => f.path);
    expect(own).toEqual([]);
  });

  it("no local button, input or focus-ring class constants outside components/ui", () => {
    const local = files
      .filter(({ path }) => !path.startsWith("components/ui/"))
      .flatMap(({ path, source }) =>
        [...source.matchAll(/^\s*(?:export\s+)?const\s+(\w*(?:[bB]utton|[iI]nput|[fF]ocusRing)\w*)\s*=\s*["`]/gm)].map(
          (m) => `${path}: ${m[1]}`,
        ),
      );
    expect(local).toEqual([]);
  });
});
