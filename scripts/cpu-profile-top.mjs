#!/usr/bin/env node
// Summarizes a V8 .cpuprofile (node --cpu-prof): where the samples' self time went, by function and by
// package (node_modules/<name>, the app's own .next chunks, node internals), and the inclusive time of
// functions whose name matches an optional filter. Usage: node scripts/cpu-profile-top.mjs <file> [top] [filter]
import { readFileSync } from "node:fs";

const [file, topArg = "30", filter] = process.argv.slice(2);
if (!file) {
  console.error("usage: node scripts/cpu-profile-top.mjs <file.cpuprofile> [top] [name filter]");
  process.exit(1);
}
const profile = JSON.parse(readFileSync(file, "utf8"));
const top = Number(topArg);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Sample counts → milliseconds through the time deltas.
const selfMs = new Map();
profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
const total = [...selfMs.values()].reduce((a, b) => a + b, 0);

function packageOf(url) {
  if (!url) return "(native / idle / gc)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm !== -1) {
    const rest = url.slice(nm + 13).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return "node internals";
  if (url.includes("/.next/")) return "app (.next chunks)";
  return url;
}

const label = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || "(anonymous)"} ${url ? `${url.replace(/^.*node_modules\//, "~/")}:${lineNumber + 1}` : ""}`.trim();
};
const fmt = (ms) => `${ms.toFixed(0).padStart(7)} ms ${((ms / total) * 100).toFixed(1).padStart(5)}%`;

const byFunction = new Map();
const byPackage = new Map();
for (const [id, ms] of selfMs) {
  const node = byId.get(id);
  const key = node.callFrame.functionName === "(idle)" ? "(idle)" : label(node);
  byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  const pkg = node.callFrame.functionName === "(idle)" ? "(idle)" : packageOf(node.callFrame.url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
}
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${fmt(ms)}  ${key}`);
};
console.log(`${file}: ${total.toFixed(0)} ms of samples`);
print("self time by package", byPackage);
print("self time by function", byFunction);

if (filter) {
  // Inclusive time: a sample counts for every matching function on its stack (once per stack).
  const inclusive = new Map();
  for (const [id, ms] of selfMs) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      const key = label(node);
      if (!key.includes(filter) || seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
    }
  }
  print(`inclusive time of functions matching "${filter}"`, inclusive);
}
