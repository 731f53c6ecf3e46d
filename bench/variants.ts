// Several commands on the same machine, runs interleaved (round-robin) so drift touches all alike.
// For comparing what one option or one output costs, which ab.ts (two builds, same arguments) cannot.
//
//   npx tsx bench/variants.ts --runs 7 -- "node dist/cli.js --quiet F" "node dist/cli.js --quiet --json /tmp/r.json F"
import { parseArgs } from "node:util";
import { median, runOnce, type Run } from "./measure.js";

const { values, positionals } = parseArgs({
  options: { runs: { type: "string", default: "7" } },
  allowPositionals: true,
});
if (positionals.length === 0)
  throw new Error('usage: tsx bench/variants.ts [--runs N] -- "CMD A" "CMD B" ...');
const commands = positionals.map((command) => command.split(" ").filter(Boolean));
const runs: Run[][] = commands.map(() => []);
for (let i = 0; i < Number(values.runs); i++) {
  // Rotate the order each round so no command always runs first (a cold cache) or last.
  for (let k = 0; k < commands.length; k++) {
    const j = (i + k) % commands.length;
    runs[j]!.push(runOnce(commands[j]!, { allowFailure: true }));
  }
}
const base = median(runs[0]!.map((r) => r.wallMs));
commands.forEach((command, j) => {
  const walls = runs[j]!.map((r) => r.wallMs);
  console.log(
    `${median(walls).toFixed(0).padStart(6)} ms (${(median(walls) / base).toFixed(3)}×), CPU ` +
      `${median(runs[j]!.map((r) => r.cpuMs)).toFixed(0)} ms, ${median(runs[j]!.map((r) => r.rssMb)).toFixed(0)} MiB  ` +
      `${command.join(" ")}\n        runs ${walls.map((w) => w.toFixed(0)).join(" ")}`,
  );
});
