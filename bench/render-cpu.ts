import { performance } from "node:perf_hooks";
import { renderEmailBody } from "@/lib/email/render-body";
import { resolveOutreachSender } from "@/lib/email/sender";
import { renderOutreachEmail, type OutreachEmailInput } from "@/lib/outreach/render";
import { outreachRenderer } from "@/lib/outreach/render-once";
import { machineLine, writePerformanceSection, type BenchMeasure, type BenchResult } from "./lib/bench-support";

/**
 * CPU per email of rendering the sweep's outreach emails (#19 point 2), without a database: a batch of
 * BENCH_RENDER_EMAILS (500, a sweep claim) over BENCH_RENDER_ORGS organizations, rendered one by one
 * (renderEmailBody per email, as before) and through outreachRenderer (one render per organization,
 * template and wording, each contact's values put in), as the sweep's preparation does.
 */
const EMAILS = Number(process.env.BENCH_RENDER_EMAILS ?? 500);
const ORGS = Number(process.env.BENCH_RENDER_ORGS ?? 5);
const ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 5);
const TYPES = (process.env.BENCH_RENDER_TYPES ?? "birthday,effective_date,followup_1_cold").split(",");
const SECTION = "## Outreach render CPU (bench/render-cpu.ts)";

function batch(): OutreachEmailInput[] {
  return Array.from({ length: EMAILS }, (_, i) => {
    const org = i % ORGS;
    const { sender } = resolveOutreachSender({
      organization: {
        name: `Bench Agency ${org}`,
        brandName: null,
        slug: `bench-${org}`,
        primaryColor: "#0F766E",
        phone: "5125550100",
        signature: "",
        orgSignature: false,
        forceOrgSenderDetails: false,
        redirectUrl: null,
        logoMimeType: null,
        logoUpdatedAt: null,
      },
      agent: null,
      appUrl: "https://app.gapwise.test",
    });
    const id = `${String(i).padStart(8, "0")}-1111-4111-8111-111111111111`;
    return {
      emailType: TYPES[i % TYPES.length]!,
      firstName: `Pat${i}`,
      sender,
      quoteUrl: `https://app.gapwise.test/api/t/click/${id}.sig?u=${encodeURIComponent(`https://app.gapwise.test/compare?id=tok${i}&tid=q${i}`)}`,
      openPixelUrl: `https://app.gapwise.test/api/t/open/${id}.sig.gif`,
      // Policies mostly start on the 1st of a month: a few anniversaries a batch, not one per contact.
      eventDate: `2026-${String(1 + (i % 12)).padStart(2, "0")}-01`,
      carrierName: null,
      planType: i % 2 ? "G" : "N",
    };
  });
}

async function cpuPerEmail(renderAll: (inputs: OutreachEmailInput[]) => Promise<unknown>) {
  const inputs = batch();
  await renderAll(inputs); // warm-up
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const cpu = process.cpuUsage();
    await renderAll(inputs);
    const used = process.cpuUsage(cpu);
    samples.push((used.user + used.system) / 1000 / inputs.length);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

export async function renderCpu(): Promise<BenchResult> {
  const started = new Date();
  const t = performance.now();
  const perEmail = await cpuPerEmail(async (inputs) => {
    for (const input of inputs) await renderEmailBody(renderOutreachEmail(input).react);
  });
  const shared = await cpuPerEmail(async (inputs) => {
    const renderers = new Map<string, ReturnType<typeof outreachRenderer>>();
    for (const input of inputs) {
      const org = input.sender.brandName;
      if (!renderers.has(org)) renderers.set(org, outreachRenderer());
      await renderers.get(org)!(input);
    }
  });
  const seconds = (performance.now() - t) / 1000;
  console.log(
    `[render-cpu] ${EMAILS} emails, ${ORGS} organizations, types ${TYPES.join("/")}: per email ${perEmail.toFixed(3)} ms, ` +
      `rendered once per template ${shared.toFixed(3)} ms of CPU (median of ${ROUNDS}; ${seconds.toFixed(1)} s)`,
  );
  const measures: BenchMeasure[] = [
    {
      measure: "render CPU per email, one render each",
      target: "—",
      result: `${perEmail.toFixed(2)} ms`,
      passed: true,
    },
    {
      measure: "render CPU per email, once per template (outreachRenderer)",
      target: "< one render each",
      result: `${shared.toFixed(2)} ms`,
      anchor: `${(perEmail / shared).toFixed(1)}× less`,
      passed: shared < perEmail,
    },
  ];
  writePerformanceSection(
    SECTION,
    [
      SECTION,
      "",
      `Last run: ${machineLine(started)}.`,
      "",
      `A sweep claim's worth of emails (${EMAILS}, ${ORGS} organizations, types ${TYPES.join(", ")}, anniversaries on the 1st of a month, plans G and N), rendered in this process; the CPU time per email, median of ${ROUNDS} rounds after a warm-up.`,
      "",
      "| measure | target | result | |",
      "|---|---|---|---|",
      ...measures.map(
        (m) =>
          `| ${m.measure} | ${m.target} | ${m.result}${m.anchor ? ` (${m.anchor})` : ""} | ${m.passed ? "PASS" : "**FAIL**"} |`,
      ),
    ].join("\n"),
  );
  return { passed: measures.every((m) => m.passed), measures };
}
