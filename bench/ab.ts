// Two builds of the CLI on the same files, runs interleaved (A B A B …) so that a machine shared with
// other work drifts for both alike. Prints each run and the medians.
//
//   npx tsx bench/ab.ts --a .bench/before/cli.js --b dist/cli.js [--runs 7] FILE...
//   (--a-node / --b-node: Node options for one side, e.g. "--min-semi-space-size=8")
import path from "node:path";
import { parseArgs } from "node:util";
import { median, runOnce, type Run } from "./measure.js";

const { values, positionals } = parseArgs({
  options: {
    a: { type: "string" },
    b: { type: "string", default: "dist/cli.js" },
    runs: { type: "string", default: "7" },
    args: { type: "string", default: "--quiet --fail-on never" },
    "a-node": { type: "string", default: "" },
    "b-node": { type: "string", default: "" },
  },
  allowPositionals: true,
});
if (!values.a || positionals.length === 0) {
  throw new Error("usage: tsx bench/ab.ts --a CLI_A [--b CLI_B] [--runs N] [--args '...'] FILE...");
}
const runs = Number(values.runs);

for (const file of positionals) {
  const results: Record<"a" | "b", Run[]> = { a: [], b: [] };
  for (let i = 0; i < runs; i++) {
    for (const which of i % 2 === 0 ? (["a", "b"] as const) : (["b", "a"] as const)) {
      const cli = values[which]!;
      const node = values[`${which}-node`]!.split(" ").filter(Boolean);
      results[which].push(
        runOnce([process.execPath, ...node, cli, ...values.args.split(" ").filter(Boolean), file]),
      );
    }
  }
  console.log(`\n${path.basename(path.dirname(file))}/${path.basename(file)}`);
  for (const which of ["a", "b"] as const) {
    const walls = results[which].map((r) => r.wallMs);
    const rss = results[which].map((r) => r.rssMb);
    const cpu = results[which].map((r) => r.cpuMs);
    console.log(
      `  ${which} ${values[which]}: median ${median(walls).toFixed(0)} ms, CPU ${median(cpu).toFixed(0)} ms, ` +
        `${median(rss).toFixed(0)} MiB; runs ${walls.map((w) => w.toFixed(0)).join(" ")} ms`,
    );
  }
  const ratioOf = (pick: (run: Run) => number): string =>
    (median(results.b.map(pick)) / median(results.a.map(pick))).toFixed(3);
  const pairs = results.a.map((a, i) => (results.b[i]!.wallMs / a.wallMs).toFixed(2));
  console.log(
    `  b/a: wall ${ratioOf((r) => r.wallMs)}×, CPU ${ratioOf((r) => r.cpuMs)}×, RSS ${ratioOf((r) => r.rssMb)}×; ` +
      `wall of each pair ${pairs.join(" ")}`,
  );
}
