// Lints snippets as if they were files at given paths, with the project's ESLint config, and prints the
// rule ids each one trips. Used by scripts/house-rules.test.ts (ESLint's config loading does not run
// inside jest's module system). Input on stdin: [{ filePath, code }]. Output: [[ruleId, ...], ...].
import { ESLint } from "eslint";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const { filePath, code } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath });
  out.push(result.messages.map((m) => m.ruleId));
}
process.stdout.write(JSON.stringify(out));
