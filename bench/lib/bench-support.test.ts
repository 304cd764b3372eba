import { benchmarkNames, measuresTable, summaryRows } from "./bench-support";

describe("the summary table npm run bench ends with", () => {
  const lines = [
    JSON.stringify({
      bench: "quotes",
      passed: false,
      measures: [
        {
          measure: "POST /api/quotes throughput",
          target: "≥ 80% of GET /api/health",
          result: "207 req/s",
          anchor: "52% of GET /api/health",
          passed: false,
        },
      ],
    }),
    JSON.stringify({ bench: "proxy", passed: true }),
  ];

  it("keeps every benchmark: its measures, a row for one without measures, a failing row for one that never reported", () => {
    expect(summaryRows(lines, ["proxy", "quotes", "schedule"])).toEqual([
      { bench: "proxy", measure: "its target", target: "see its section", result: "—", passed: true },
      {
        bench: "quotes",
        measure: "POST /api/quotes throughput",
        target: "≥ 80% of GET /api/health",
        result: "207 req/s",
        anchor: "52% of GET /api/health",
        passed: false,
      },
      { bench: "schedule", measure: "(the benchmark did not finish)", target: "—", result: "—", passed: false },
    ]);
  });

  it("prints measure, target, result, the anchor and pass/fail, escaping pipes", () => {
    const table = measuresTable([
      ...summaryRows(lines, ["quotes"]),
      { bench: "x", measure: "a | b", target: "< 1 s", result: "0.5 s", passed: true },
    ]).split("\n");
    expect(table[0]).toBe("| bench | measure | target | result | vs anchor | |");
    expect(table[2]).toBe(
      "| quotes | POST /api/quotes throughput | ≥ 80% of GET /api/health | 207 req/s | 52% of GET /api/health | **FAIL** |",
    );
    expect(table[3]).toBe("| x | a \\| b | < 1 s | 0.5 s | — | PASS |");
  });
});

describe("the benchmarks npm run bench runs", () => {
  it("are bench/'s .ts files but run.ts, tests and declarations, sorted; or just the ones named", () => {
    const files = ["sweep.ts", "run.ts", "run.test.ts", "contacts-query.ts", "types.d.ts", "lib", "README.md"];
    expect(benchmarkNames(files)).toEqual(["contacts-query", "sweep"]);
    expect(benchmarkNames(files, ["sweep"])).toEqual(["sweep"]);
    expect(benchmarkNames(files, ["run.test"])).toEqual([]);
  });
});
