import os from "node:os";
import { performance } from "node:perf_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import { setPrismaForTests } from "@/lib/db";
import { seedReferenceData } from "@/lib/demo/seed-demo-agency";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { rescheduleOrganization } from "@/lib/outreach/reschedule-contact";
import { planner } from "@/lib/outreach/triggers";
import { contactRows } from "./contacts-query";
import { createScratchDatabase, rssSampler, writePerformanceSection, type BenchResult } from "./lib/bench-support";

/**
 * Full reschedule of one organization with 100,000 contacts on a real PostgreSQL server (issue #7):
 * the real planner over every contact, keyset pages of 500, one transaction per page, rows written
 * through the tenant client (row-level security in the path). Measures the first run (everything
 * inserted), a second run (nothing changed: the nightly case), and peak memory. Target: under 30 s.
 */

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const TARGET_SECONDS = 30;
const SECTION = "## Outreach reschedule (bench/schedule.ts)";
const NOW = new Date("2026-11-22T15:00:00Z");

const mb = (bytes: number) => bytes / 2 ** 20;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function schedule(): Promise<BenchResult> {
  const db = await createScratchDatabase();
  const prisma = new PrismaClient({
    adapter: new PrismaPg({ connectionString: db.url, max: 10 }),
    transactionOptions: { maxWait: 10_000, timeout: 60_000 },
  });
  try {
    setPrismaForTests(prisma);
    await seedReferenceData();
    // Live for two months, so the welcome spread is over and the run plans the steady-state emails.
    const org = await prisma.organization.create({
      data: {
        name: "Bench Agency",
        slug: `bench-${db.name}`,
        contactLimit: -1,
        demoMode: false,
        wentLiveAt: new Date(NOW.getTime() - 60 * 86_400_000),
      },
    });
    const agents = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        prisma.user.create({
          data: {
            organizationId: org.id,
            email: `agent${n}@${db.name}.test`,
            firstName: "Bench",
            lastName: `Agent ${n}`,
            isAgent: true,
            isAdmin: n === 1,
          },
        }),
      ),
    );
    const rows = contactRows(
      org.id,
      CONTACTS,
      agents.map((a) => a.id),
      20261122,
    ).map((row) => ({ ...row, createdAt: new Date(NOW.getTime() - 400 * 86_400_000) }));
    for (let i = 0; i < rows.length; i += 5_000) await prisma.contact.createMany({ data: rows.slice(i, i + 5_000) });
    console.log(`[schedule] ${CONTACTS.toLocaleString("en-US")} contacts written`);

    const baseline = process.memoryUsage().rss;
    const rss = rssSampler();
    const t0 = performance.now();
    const first = await rescheduleOrganization({ organizationId: org.id, plan: planner, now: NOW });
    const firstSeconds = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const second = await rescheduleOrganization({ organizationId: org.id, plan: planner, now: NOW });
    const secondSeconds = (performance.now() - t1) / 1000;
    const peak = rss.stop();

    const byStatus = await prisma.scheduledEmail.groupBy({
      by: ["status"],
      where: { organizationId: org.id },
      _count: true,
    });
    const byType = await prisma.scheduledEmail.groupBy({
      by: ["emailType"],
      where: { organizationId: org.id, status: "pending" },
      _count: true,
      orderBy: { emailType: "asc" },
    });
    const passed = firstSeconds < TARGET_SECONDS;
    console.log(
      `[schedule] first run ${firstSeconds.toFixed(1)} s (${JSON.stringify(first)}), second run ${secondSeconds.toFixed(1)} s (${JSON.stringify(second)}), peak RSS ${mb(peak).toFixed(0)} MB (+${mb(peak - baseline).toFixed(0)} MB) → ${passed ? "PASS" : "FAIL"}`,
    );

    const cpu = os.cpus()[0]?.model ?? "unknown CPU";
    writePerformanceSection(
      SECTION,
      [
        SECTION,
        "",
        `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, ${db.serverVersion.split(" on ")[0]}.`,
        "",
        `One live organization with ${CONTACTS.toLocaleString("en-US")} contacts (states, birth dates and policy dates spread like a real book; the bench-contacts generator), rescheduled in full by \`rescheduleOrganization\` with the real planner: every contact planned (keyset pages of 500, the next page read while one is planned), the whole book balanced by \`balanceDailyLoad\` (daily cap, effective-date smoothing, catch-up), then the rows written page by page, three page transactions at a time, with multi-row \`INSERT … FROM unnest\` statements, through the tenant client (row-level security in the path).`,
        "",
        "| run | time | plan (read + rules) | balance | write (diff + rows) | contacts | rows inserted | updated | removed | unchanged |",
        "|---|---|---|---|---|---|---|---|---|---|",
        `| first (empty schedule) | ${firstSeconds.toFixed(1)} s | ${seconds(first!.phaseMs.plan)} | ${seconds(first!.phaseMs.balance)} | ${seconds(first!.phaseMs.write)} | ${first!.contacts.toLocaleString("en-US")} | ${first!.inserted.toLocaleString("en-US")} | ${first!.updated} | ${first!.removed} | ${first!.unchanged} |`,
        `| second (nothing changed: the nightly case) | ${secondSeconds.toFixed(1)} s | ${seconds(second!.phaseMs.plan)} | ${seconds(second!.phaseMs.balance)} | ${seconds(second!.phaseMs.write)} | ${second!.contacts.toLocaleString("en-US")} | ${second!.inserted} | ${second!.updated} | ${second!.removed} | ${second!.unchanged.toLocaleString("en-US")} |`,
        "",
        `Target: a full reschedule under ${TARGET_SECONDS} s — **${passed ? "PASS" : "FAIL"}**. Peak RSS of the process ${mb(peak).toFixed(0)} MB (${mb(peak - baseline).toFixed(0)} MB above its level before the run).`,
        "",
        "History: the first version wrote rows with Prisma's `createMany` (about 2,700 rows/s) and took 136.6 s; multi-row unnest statements, three pages in flight and memoised time-zone arithmetic (send instants, local dates) brought it under the target. The second run costs mostly reading the 332,000 existing rows back through Prisma to diff them.",
        "",
        `Rows by status: ${byStatus.map((s) => `${s.status} ${s._count.toLocaleString("en-US")}`).join(", ")}. Pending by type: ${byType.map((t) => `${t.emailType} ${t._count.toLocaleString("en-US")}`).join(", ")}.`,
      ].join("\n"),
    );
    return {
      passed,
      measures: [
        {
          measure: `full reschedule, ${CONTACTS.toLocaleString("en-US")} contacts (first run)`,
          target: `< ${TARGET_SECONDS} s`,
          result: `${firstSeconds.toFixed(1)} s`,
          passed,
        },
        {
          measure: "nightly reschedule, nothing changed",
          target: "(recorded)",
          result: `${secondSeconds.toFixed(1)} s`,
          passed: true,
        },
        {
          measure: "peak RSS added by the reschedule",
          target: "(recorded; #19 asks < 300 MB)",
          result: `${mb(peak - baseline).toFixed(0)} MB`,
          passed: true,
        },
      ],
    };
  } finally {
    await prisma.$disconnect().catch(() => undefined);
    await db.drop();
  }
}
