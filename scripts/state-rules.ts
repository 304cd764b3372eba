// `npm run state-rules -- export > rules.json` prints the state switch rules the scheduler uses;
// `npm run state-rules -- import rules.json [--remove XX,YY]` writes them (same JSON shape as
// data/reference/state-switch-rules/state_medigap_switch_rules.json) and queues a reschedule of every organization.
import "./embedded-tool-env.mjs"; // first: without DATABASE_URL, the embedded database of a running npm start
import { readFileSync } from "node:fs";
import { ZodError } from "zod";
import { exportStateRules, importStateRules } from "@/lib/outreach/state-rules";

async function main(argv: string[]) {
  const [command, file, ...rest] = argv;
  if (command === "export") {
    process.stdout.write(`${JSON.stringify(await exportStateRules(), null, 2)}\n`);
    return;
  }
  if (command === "import" && file) {
    const removeAt = rest.indexOf("--remove");
    const removeStates = removeAt >= 0 ? (rest[removeAt + 1] ?? "").split(",").filter(Boolean) : [];
    const result = await importStateRules({
      file: JSON.parse(readFileSync(file, "utf8")),
      removeStates,
      now: new Date(),
    });
    console.log(
      `state-rules: ${result.written} written, ${result.removed} removed, reschedule queued for ${result.reschedulesQueued} organizations`,
    );
    return;
  }
  console.error("usage: npm run state-rules -- export | import <file.json> [--remove XX,YY]");
  process.exitCode = 2;
}

main(process.argv.slice(2)).then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(
      error instanceof ZodError
        ? `state-rules: invalid file\n${error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`
        : error,
    );
    process.exit(1);
  },
);
