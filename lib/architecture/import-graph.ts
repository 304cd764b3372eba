import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * A static import graph of lib/ (architecture.md "lib/ is the core"): lib/ never imports from
 * components/ or app/, and its modules form no import cycle. Read with a regex over import
 * specifiers, not a compiler, so the check stays fast. Type-only imports (`import type …`,
 * `export type … from`) are left out: they are erased and cannot make a load-time cycle; so are
 * dynamic `import()` calls, which load late by design.
 */

// An import or re-export statement at the start of a line; its clause holds no quote, ";", "=" or
// parenthesis, so the match cannot run on from an `export const …` into a later statement.
const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?(?:[^'";=()]*?\s+from\s+)?["']([^"']+)["']/gm;

/** The specifiers a module loads when it is evaluated (value imports and re-exports, and side-effect imports). */
export function runtimeSpecifiers(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(STATIC_IMPORT)) {
    if (match[2]) continue; // import type / export type
    specifiers.push(match[3]!);
  }
  return specifiers;
}

const SOURCE = /\.tsx?$/;
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

/** Every .ts/.tsx file under `dir` (relative to `root`), skipping the skipped folders. */
export function sourceFiles(root: string, dir: string, skip: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!skip.includes(child)) walk(child);
      } else if (SOURCE.test(entry.name)) found.push(child);
    }
  };
  walk(dir);
  return found.sort();
}

/** The repository-relative file a specifier names, or null for a package ("react", "node:fs"). */
export function resolveSpecifier(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  if (SOURCE.test(base) && existsSync(path.join(root, base))) return base;
  for (const extension of EXTENSIONS) if (existsSync(path.join(root, base + extension))) return base + extension;
  return base; // unresolved (a generated or non-TS file): kept as named, so the folder rule still sees it
}

export type ImportGraph = Map<string, string[]>;

export function importGraph(root: string, files: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = runtimeSpecifiers(readFileSync(path.join(root, file), "utf8"))
      .map((specifier) => resolveSpecifier(root, file, specifier))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected groups of more than one module, or a module importing itself (Tarjan). */
export function importCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
