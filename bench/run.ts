// `npm run bench`: the CLI against DuckDB on generated trace-level telemetry. Not a test: prints a
// Markdown table (paste it into docs/performance.md). Every measurement runs in a fresh process;
// peak RSS is measured from outside it (bench/measure.ts: GNU time, never the bench's own figure).
//
//   npm run bench [-- --sizes 10000,100000,1000000] [--runs 1] [--cli path/to/cli.js]
//
// Uses dist/cli.js when it is newer than src/ (run `npm run build` first); otherwise bundles the
// current sources to .bench/cli.mjs with esbuild so the numbers describe the code under test.
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { build, type BuildOptions } from "esbuild";
import {
  makeLargeScenario,
  makeScenarioForRecordCount,
  TRACE_NOISE,
} from "../scripts/fixture-gen/large-scenario.js";
import type { NoiseSpec } from "../scripts/fixture-gen/types.js";
import { BENCH_DIR, dataset } from "./datasets.js";
import { measure as measureCommand } from "./measure.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = BENCH_DIR;

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Runs `node ...args` in a fresh process, peak RSS measured from outside; the best of `runs`. */
function measure(args: string[], runs: number): { wallMs: number; rssMb: number; stdout: string } {
  return measureCommand([process.execPath, ...args], runs);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

async function cliEntry(): Promise<{ cli: string; note: string }> {
  const dist = path.join(ROOT, "dist/cli.js");
  if (existsSync(dist) && statSync(dist).mtimeMs >= newestMtime(path.join(ROOT, "src"))) {
    return { cli: dist, note: "dist/cli.js (ncc bundle)" };
  }
  const cli = await bundle("src/cli-entry.ts", "cli.mjs", {
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  return { cli, note: "dist/ is older than src/: current sources bundled with esbuild to .bench/cli.mjs" };
}

async function duckdbEntry(): Promise<string> {
  return bundle("bench/duckdb-reference.ts", "duckdb-reference.mjs", { external: ["@duckdb/*"] });
}

/** An ES module bundle for Node of `entry` (relative to the repository), written to .bench/`name`. */
async function bundle(entry: string, name: string, options: BuildOptions): Promise<string> {
  const outfile = path.join(OUT, name);
  await build({
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    logLevel: "warning",
    ...options,
  });
  return outfile;
}

function times(noise: NoiseSpec, factor: number): NoiseSpec {
  return {
    ...noise,
    callTracesPerEvaluation: (noise.callTracesPerEvaluation ?? 0) * factor,
    userLogsPerEvaluation: (noise.userLogsPerEvaluation ?? 0) * factor,
  };
}

function fmt(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "10000,100000,1000000" },
      runs: { type: "string", default: "1" },
      cli: { type: "string" },
    },
  });
  const runs = Math.max(1, Number(values.runs));
  mkdirSync(OUT, { recursive: true });
  const { cli, note } = values.cli
    ? { cli: path.resolve(values.cli), note: `${values.cli} (given with --cli)` }
    : await cliEntry();
  const duckdb = await duckdbEntry();
  const lines: string[] = [];
  const log = (line: string): void => {
    lines.push(line);
    console.log(line);
  };
  log(
    `CLI: ${note}. Node ${process.version}, ${(await import("node:os")).cpus().length} CPUs. Best of ${runs} run(s).`,
  );
  log("");
  log(
    "| records | Parquet | CLI wall | CLI peak RSS | DuckDB wall | DuckDB peak RSS | wall CLI/DuckDB | RSS CLI/DuckDB |",
  );
  log("|---:|---:|---:|---:|---:|---:|---:|---:|");
  let largest = { file: "", records: 0 };
  for (const size of values.sizes.split(",").map(Number)) {
    const { parquet: file, records } = await dataset(`r${size}`, () => makeScenarioForRecordCount(size));
    if (records > largest.records) largest = { file, records };
    const ours = measure([cli, "--quiet", "--fail-on", "never", file], runs);
    const ref = measure([duckdb, file], runs);
    log(
      `| ${records.toLocaleString("en-US")} | ${mb(statSync(file).size)} | ${fmt(ours.wallMs)} | ${ours.rssMb.toFixed(0)} MiB | ` +
        `${fmt(ref.wallMs)} | ${ref.rssMb.toFixed(0)} MiB | ${(ours.wallMs / ref.wallMs).toFixed(2)}× | ${(ours.rssMb / ref.rssMb).toFixed(2)}× |`,
    );
  }

  // The table's CLI runs use --quiet (like DuckDB, they print nothing), so no Markdown is rendered.
  const printing = measure([cli, "--fail-on", "never", largest.file], runs);
  log(
    `\n${largest.records.toLocaleString("en-US")} records, Markdown report printed to stdout: ` +
      `${fmt(printing.wallMs)}, ${printing.rssMb.toFixed(0)} MiB ` +
      `(${(printing.stdout.length / 1024 / 1024).toFixed(1)} MiB of Markdown)`,
  );

  // Same nodes, 10× the trace-level records (CallTrace spans and DEBUG user logs per evaluation).
  log("");
  log("| trace volume | records | Parquet | CLI wall | CLI peak RSS |");
  log("|---|---:|---:|---:|---:|");
  const nodes = makeScenarioForRecordCount(100_000).invocations[0]!.nodes.length;
  const flat: number[] = [];
  for (const factor of [1, 10]) {
    const { parquet: file, records } = await dataset(`noise${factor}-n${nodes}`, () =>
      makeLargeScenario({ nodes, noise: times(TRACE_NOISE, factor) }),
    );
    const ours = measure([cli, "--quiet", "--fail-on", "never", file], runs);
    flat.push(ours.rssMb);
    log(
      `| ×${factor} (${nodes} nodes) | ${records.toLocaleString("en-US")} | ${mb(statSync(file).size)} | ${fmt(ours.wallMs)} | ${ours.rssMb.toFixed(0)} MiB |`,
    );
  }
  log(`\nPeak RSS ×10 / ×1: ${(flat[1]! / flat[0]!).toFixed(2)} (target 0.8–1.2)`);

  // A typical build: ~50k records, end to end, both formats.
  const typical = await dataset("r50000", () => makeScenarioForRecordCount(50_000), true);
  for (const format of ["parquet", "jsonl"]) {
    const ours = measure(
      [cli, "--quiet", "--fail-on", "never", path.join(typical.dir, `telemetry.${format}`)],
      runs,
    );
    log(
      `50k-record build (${typical.records.toLocaleString("en-US")} records, ${format}): ${fmt(ours.wallMs)}, ${ours.rssMb.toFixed(0)} MiB`,
    );
  }

  const action = path.join(ROOT, "dist/index.js");
  if (existsSync(action)) log(`Action bundle dist/index.js: ${mb(statSync(action).size)}`);
  const cold = measure([cli, "--version"], Math.max(3, runs));
  log(
    `Cold start (${path.relative(ROOT, cli)} --version): ${fmt(cold.wallMs)}, ${cold.rssMb.toFixed(0)} MiB`,
  );
  writeFileSync(path.join(OUT, "last-run.md"), `${lines.join("\n")}\n`);
}

await main();
