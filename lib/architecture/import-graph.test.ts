import { importCycles, importGraph, runtimeSpecifiers, sourceFiles } from "@/lib/architecture/import-graph";

const ROOT = process.cwd();

describe("runtimeSpecifiers", () => {
  it("reads value imports, re-exports and side-effect imports, over several lines too", () => {
    const source = [
      'import "server-only";',
      'import { a, type B } from "@/lib/a";',
      "import {",
      "  c,",
      "  d,",
      '} from "./c";',
      'import * as e from "@/lib/e";',
      'export { f } from "@/lib/f";',
      'export * from "@/lib/g";',
    ].join("\n");
    expect(runtimeSpecifiers(source)).toEqual(["server-only", "@/lib/a", "./c", "@/lib/e", "@/lib/f", "@/lib/g"]);
  });

  it("leaves out type-only imports, without swallowing the statement after them", () => {
    const source = [
      'import type { A } from "@/lib/types";',
      "export type Row = { id: string };",
      'import { b } from "@/lib/b";',
      'export type { C } from "@/lib/c";',
      'export const label = "x from y";',
      'const lazy = () => import("@/lib/lazy");',
    ].join("\n");
    expect(runtimeSpecifiers(source)).toEqual(["@/lib/b"]);
  });
});

describe("importCycles", () => {
  it("finds a cycle of any length and a module importing itself", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
    ]);
    expect(importCycles(graph)).toEqual([["a", "b", "c"], ["e"]]);
  });

  it("finds none in a tree that shares modules", () => {
    expect(
      importCycles(
        new Map([
          ["a", ["b", "c"]],
          ["b", ["c"]],
          ["c", []],
        ]),
      ),
    ).toEqual([]);
  });
});

describe("lib/ (architecture.md: lib/ is the core)", () => {
  const files = sourceFiles(ROOT, "lib", ["lib/generated"]);
  const graph = importGraph(ROOT, files);

  it("reads the whole of lib/", () => {
    expect(files).toContain("lib/architecture/import-graph.ts");
    expect(files).toContain("lib/email/templates/quote-email.tsx");
    expect(files.some((file) => file.startsWith("lib/generated/"))).toBe(false);
  });

  it("never imports from components/", () => {
    const offending = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => target.startsWith("components/")).map((target) => `${file} -> ${target}`),
    );
    expect(offending).toEqual([]);
  });

  it("imports from app/ only in tests (which call route handlers)", () => {
    const offending = [...graph]
      .filter(([file]) => !/\.test\.tsx?$/.test(file))
      .flatMap(([file, targets]) =>
        targets.filter((target) => target.startsWith("app/")).map((target) => `${file} -> ${target}`),
      );
    expect(offending).toEqual([]);
  });

  it("has no import cycle among its modules", () => {
    expect(importCycles(graph)).toEqual([]);
  });
});
