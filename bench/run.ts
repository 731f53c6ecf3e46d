// `npm run bench`: the CLI against DuckDB on generated telemetry, and the bundles' start-up. Not a
// test: prints Markdown tables (docs/performance.md quotes them) and writes them to
// .bench/last-run.md. Every measurement is a fresh process; peak RSS is measured from outside it
// (bench/measure.ts). CLI and DuckDB runs alternate, so a machine shared with other work drifts for
// both alike; every run's ratio is printed, not only the best.
//
//   npm run bench [-- --runs 3] [--cli path/to/cli.js] [--no-scale] [--no-trace-x10]
//
// Uses dist/cli.js when it is newer than src/ (run `npm run build` first); otherwise bundles the
// current sources to .bench/cli.mjs with esbuild so the numbers describe the code under test.
// The data (node-heavy and trace-heavy builds, Parquet and JSONL) is generated into .bench/data on
// first use with the repository's fixture generator; the ×10 trace volume file takes minutes once.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { build, type BuildOptions, type Plugin } from "esbuild";
import { BENCH_DIR, nodeHeavy, traceHeavy, type Dataset } from "./datasets.js";
import { median, runOnce, type Run } from "./measure.js";
import { SIDE_EFFECT_FREE } from "../scripts/side-effect-free.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = BENCH_DIR;

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    cli: { type: "string" },
    "no-scale": { type: "boolean", default: false },
    "no-trace-x10": { type: "boolean", default: false },
  },
});
const RUNS = Math.max(1, Number(values.runs));

const lines: string[] = [];
function log(line = ""): void {
  lines.push(line);
  console.log(line);
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const fmt = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;
const best = (runs: Run[]): Run => runs.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** An ES module bundle for Node of `entry` (relative to the repository), written to .bench/`name`. */
async function bundle(entry: string, name: string, options: BuildOptions = {}): Promise<string> {
  const outfile = path.join(OUT, name);
  await build({
    entryPoints: [path.isAbsolute(entry) ? entry : path.join(ROOT, entry)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    logLevel: "warning",
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    ...options,
  });
  return outfile;
}

/** Marks the packages' modules free of side effects, as scripts/build.mjs does for ncc. */
function sideEffectFree(packages: readonly { name: string }[]): Plugin {
  const inside = packages.map(({ name }) => path.join(path.sep, "node_modules", name, path.sep));
  return {
    name: "side-effect-free",
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === "side-effect-free") return undefined;
        const {
          path: resolvedPath,
          errors,
          external,
        } = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: "side-effect-free",
        });
        if (errors.length > 0 || external || !inside.some((folder) => resolvedPath.includes(folder)))
          return undefined;
        return { path: resolvedPath, sideEffects: false };
      });
    },
  };
}

async function cliEntry(): Promise<{ cli: string; note: string }> {
  if (values.cli) return { cli: path.resolve(values.cli), note: `${values.cli} (given with --cli)` };
  const dist = path.join(ROOT, "dist/cli.js");
  if (existsSync(dist) && statSync(dist).mtimeMs >= newestMtime(path.join(ROOT, "src"))) {
    return { cli: dist, note: "dist/cli.js (ncc bundle)" };
  }
  const cli = await bundle("src/cli-entry.ts", "cli.mjs");
  return { cli, note: "dist/ is older than src/: current sources bundled with esbuild to .bench/cli.mjs" };
}

interface Pair {
  ours: Run[];
  ref: Run[];
}

/** `runs` alternating runs of our command and DuckDB's on the same file. */
function versus(ours: string[], duckdb: string, file: string): Pair {
  const pair: Pair = { ours: [], ref: [] };
  for (let i = 0; i < RUNS; i++) {
    pair.ours.push(runOnce([process.execPath, ...ours]));
    pair.ref.push(runOnce([process.execPath, duckdb, file]));
  }
  return pair;
}

function pairRow(label: string, pair: Pair): string {
  const o = best(pair.ours);
  const r = best(pair.ref);
  const ratios = pair.ours.map((run, i) => run.wallMs / pair.ref[i]!.wallMs);
  const perRun = ratios.map((x) => x.toFixed(2)).join(", ");
  // Each CLI run over the DuckDB run beside it: on a machine whose speed drifts between minutes, the
  // median of these says more than the best of each side.
  return (
    `| ${label} | ${fmt(o.wallMs)} | ${o.rssMb.toFixed(0)} MiB | ${fmt(r.wallMs)} | ${r.rssMb.toFixed(0)} MiB | ` +
    `${ratio(o.wallMs, r.wallMs)} | ${median(ratios).toFixed(2)}× | ` +
    `${ratio(median(pair.ours.map((x) => x.rssMb)), median(pair.ref.map((x) => x.rssMb)))} | ` +
    `${fmt(medianCpu(pair.ours))} / ${fmt(medianCpu(pair.ref))} | ${perRun} |`
  );
}

/**
 * CPU time (user + system) of the median run: on a shared machine it moves less than wall time with
 * the neighbours' load, so a change too small for the wall clock to show can still be seen in it.
 * DuckDB's counts both its threads.
 */
const medianCpu = (runs: Run[]): number => median(runs.map((run) => run.cpuMs));

const PAIR_HEADER = [
  "| build | CLI wall | CLI peak RSS | DuckDB wall | DuckDB peak RSS | wall CLI/DuckDB (best) | wall CLI/DuckDB (median of runs) | RSS CLI/DuckDB (median) | CPU CLI / DuckDB (median, user + system) | wall ratio of each run |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
];

/** The CLI's status counts (from --json) next to DuckDB's: the two must compute the same report. */
function checkCounts(cli: string, duckdb: string, file: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fusion-bench-"));
  try {
    runOnce([
      process.execPath,
      cli,
      "--quiet",
      "--fail-on",
      "never",
      "--json",
      path.join(dir, "r.json"),
      file,
    ]);
    const ours = JSON.parse(readFileSync(path.join(dir, "r.json"), "utf8")).counts as Record<string, number>;
    const ref = JSON.parse(runOnce([process.execPath, duckdb, file]).stdout).counts as Record<string, number>;
    const names: Record<string, string> = {
      noOp: "no-op",
      phaseDisabled: "phase-disabled",
      phaseSkipped: "phase-skipped",
    };
    const diffs = Object.entries(ours)
      .filter(([key, n]) => key !== "total" && n !== (ref[`status:${names[key] ?? key}`] ?? 0))
      .map(([key, n]) => `${key} ${n} vs ${ref[`status:${names[key] ?? key}`] ?? 0}`);
    return diffs.length === 0
      ? `counts equal (${ours.total} nodes)`
      : `**counts differ**: ${diffs.join(", ")}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const { cli, note } = await cliEntry();
  const duckdb = await bundle("bench/duckdb-reference.ts", "duckdb-reference.mjs", {
    external: ["@duckdb/*"],
    banner: {},
  });
  const parseFloor = await bundle("bench/jsonl-parse-floor.ts", "jsonl-parse-floor.mjs", { banner: {} });
  const quiet = (file: string): string[] => [cli, "--quiet", "--fail-on", "never", file];
  log(
    `CLI: ${note}. Node ${process.version}, ${os.cpus().length} CPUs. ${RUNS} run(s) each, CLI and DuckDB alternating.`,
  );
  log(
    "Wall: best run. Peak RSS: measured from outside the process (GNU time). Final figures need a quiet machine.",
  );

  // 1. Node-heavy: many nodes, few records each (what big dbt projects write).
  const heavy = await nodeHeavy(5000);
  log("");
  log(
    `### Node-heavy: ${heavy.nodes.toLocaleString("en-US")} nodes (5,000 models, 15,000 tests), ${heavy.records.toLocaleString("en-US")} records`,
  );
  log(
    `Parquet ${mib(statSync(heavy.parquet).size)}, JSONL ${mib(statSync(heavy.jsonl).size)}. ${checkCounts(cli, duckdb, heavy.parquet)}.`,
  );
  log("");
  PAIR_HEADER.forEach((line) => log(line));
  const heavyParquet = versus(quiet(heavy.parquet), duckdb, heavy.parquet);
  log(pairRow("Parquet, `--quiet`", heavyParquet));
  const writing = (dir: string): string[] => [
    cli,
    "--quiet",
    "--fail-on",
    "never",
    "--json",
    path.join(dir, "report.json"),
    "--run-results",
    path.join(dir, "run_results.fusion.json"),
    "--markdown",
    path.join(dir, "report.md"),
    heavy.parquet,
  ];
  const outDir = mkdtempSync(path.join(os.tmpdir(), "fusion-bench-out-"));
  const written = versus(writing(outDir), duckdb, heavy.parquet);
  rmSync(outDir, { recursive: true, force: true });
  log(pairRow("Parquet, `--json --run-results --markdown` written", written));
  const heavyJsonl = versus(quiet(heavy.jsonl), duckdb, heavy.jsonl);
  log(pairRow("JSONL, `--quiet` (DuckDB reads the JSONL too)", heavyJsonl));
  log("");
  // The row above writes each run after the first over the files of the run before, and a rename
  // over a 24 MB file waits while the kernel frees it; a CI job's checkout has no such files.
  const freshRuns = Array.from({ length: RUNS }, () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "fusion-bench-out-"));
    try {
      return runOnce([process.execPath, ...writing(dir)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  log(
    `The files written into an empty folder each run (as in a CI job's checkout; the row above writes over the ` +
      `run before's files from its second run): ${fmt(best(freshRuns).wallMs)}, ` +
      `${ratio(best(freshRuns).wallMs, best(written.ref).wallMs)} DuckDB's best in that row ` +
      `(each run over that row's DuckDB run: ${freshRuns.map((run, i) => (run.wallMs / written.ref[i]!.wallMs).toFixed(2)).join(", ")}).`,
  );
  log(
    `JSONL / Parquet, CLI wall: ${ratio(best(heavyJsonl.ours).wallMs, best(heavyParquet.ours).wallMs)} (target ≤ 1.5×); ` +
      `each run: ${heavyJsonl.ours.map((run, i) => (run.wallMs / heavyParquet.ours[i]!.wallMs).toFixed(2)).join(", ")}; ` +
      `CPU (medians): ${ratio(medianCpu(heavyJsonl.ours), medianCpu(heavyParquet.ours))}`,
  );
  // Both files of the run, as the Action's default globs name them: the JSONL's lines of the
  // invocation the Parquet file holds whole are left unparsed (pipeline/read-telemetry.ts).
  const pairRuns = Array.from({ length: RUNS }, () =>
    runOnce([cli, "--quiet", "--fail-on", "never", heavy.parquet, heavy.jsonl]),
  );
  log(
    `Parquet and JSONL given together (the Action's default globs), CLI: ${fmt(best(pairRuns).wallMs)}, ` +
      `${Math.round(median(pairRuns.map((run) => run.rssMb)))} MiB, ` +
      `${ratio(best(pairRuns).wallMs, best(heavyParquet.ours).wallMs)} the Parquet file alone ` +
      `(each run: ${pairRuns.map((run, i) => (run.wallMs / heavyParquet.ours[i]!.wallMs).toFixed(2)).join(", ")}).`,
  );
  // What parsing alone costs (bench/jsonl-parse-floor.ts): no reader of this JSONL can be faster.
  const floorRuns = Array.from({ length: RUNS }, () => runOnce([process.execPath, parseFloor, heavy.jsonl]));
  log(
    `Reading, splitting and \`JSON.parse\` of every JSONL line, nothing else: ${fmt(best(floorRuns).wallMs)}, ` +
      `${ratio(best(floorRuns).wallMs, best(heavyParquet.ours).wallMs)} the CLI's Parquet time ` +
      `(each run: ${floorRuns.map((run, i) => (run.wallMs / heavyParquet.ours[i]!.wallMs).toFixed(2)).join(", ")}).`,
  );

  // 2. Trace-heavy: few nodes, almost every record a trace-level span or log.
  const trace = await traceHeavy(1);
  log("");
  log(
    `### Trace-heavy: ${trace.nodes} nodes, ${trace.records.toLocaleString("en-US")} records (Parquet ${mib(statSync(trace.parquet).size)})`,
  );
  log(`${checkCounts(cli, duckdb, trace.parquet)}.`);
  log("");
  PAIR_HEADER.forEach((line) => log(line));
  const traceRuns = versus(quiet(trace.parquet), duckdb, trace.parquet);
  log(pairRow("Parquet, `--quiet`", traceRuns));
  if (!values["no-trace-x10"]) {
    const trace10 = await traceHeavy(10);
    const x10: Run[] = [];
    for (let i = 0; i < RUNS; i++) x10.push(runOnce([process.execPath, ...quiet(trace10.parquet)]));
    const rss1 = median(traceRuns.ours.map((run) => run.rssMb));
    const rss10 = median(x10.map((run) => run.rssMb));
    log("");
    log(
      `×10 trace volume, same ${trace10.nodes} nodes (${trace10.records.toLocaleString("en-US")} records, ${mib(statSync(trace10.parquet).size)}): ` +
        `${fmt(best(x10).wallMs)}, ${rss10.toFixed(0)} MiB. Peak RSS ×10 / ×1: ${(rss10 / rss1).toFixed(2)} (target 0.8–1.2).`,
    );
  }

  // 3. Scale: node-heavy builds of 1k to 50k nodes, both formats.
  if (!values["no-scale"]) {
    log("");
    log("### Scale (node-heavy builds)");
    log("");
    log(
      "| nodes | records | format | file | CLI wall | CLI peak RSS | DuckDB wall | DuckDB peak RSS | wall ratio | RSS ratio |",
    );
    log("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|");
    const points: { nodes: number; format: string; wall: number; rss: number }[] = [];
    for (const models of [240, 1200, 5000, 12000]) {
      const data: Dataset = models === 5000 ? heavy : await nodeHeavy(models);
      for (const format of ["parquet", "jsonl"] as const) {
        const file = data[format];
        const pair = versus(quiet(file), duckdb, file);
        const o = best(pair.ours);
        const r = best(pair.ref);
        points.push({ nodes: data.nodes, format, wall: o.wallMs, rss: o.rssMb });
        log(
          `| ${data.nodes.toLocaleString("en-US")} | ${data.records.toLocaleString("en-US")} | ${format} | ${mib(statSync(file).size)} | ` +
            `${fmt(o.wallMs)} | ${o.rssMb.toFixed(0)} MiB | ${fmt(r.wallMs)} | ${r.rssMb.toFixed(0)} MiB | ${ratio(o.wallMs, r.wallMs)} | ${ratio(o.rssMb, r.rssMb)} |`,
        );
      }
    }
    for (const format of ["parquet", "jsonl"]) {
      // A least-squares line through the four sizes: one noisy run moves it less than a two-point slope.
      const xs = points.filter((p) => p.format === format);
      const fit = (y: (p: (typeof xs)[number]) => number): { slope: number; at: (n: number) => number } => {
        const mx = xs.reduce((sum, p) => sum + p.nodes, 0) / xs.length;
        const my = xs.reduce((sum, p) => sum + y(p), 0) / xs.length;
        const slope =
          xs.reduce((sum, p) => sum + (p.nodes - mx) * (y(p) - my), 0) /
          xs.reduce((sum, p) => sum + (p.nodes - mx) ** 2, 0);
        return { slope, at: (n) => my + slope * (n - mx) };
      };
      const wall = fit((p) => p.wall);
      const rss = fit((p) => p.rss);
      log("");
      log(
        `100,000 nodes, ${format}: **extrapolated** (a straight line through the four sizes above, not measured): ` +
          `~${fmt(wall.at(100_000))}, ~${rss.at(100_000).toFixed(0)} MiB ` +
          `(${(wall.slope * 1000).toFixed(0)} µs and ${(rss.slope * 1024).toFixed(1)} KiB per node).`,
      );
    }
  }

  // 4. Start-up.
  await startup(cli);
  writeFileSync(path.join(OUT, "last-run.md"), `${lines.join("\n")}\n`);
}

/** Best of `n` runs of a command (start-up figures are small: more runs, best one). */
function fastest(command: string[], n: number, cwd?: string): Run {
  const runs: Run[] = [];
  for (let i = 0; i < n; i++) runs.push(runOnce(command, { allowFailure: true, ...(cwd ? { cwd } : {}) }));
  return best(runs);
}

async function startup(cli: string): Promise<void> {
  const n = Math.max(7, RUNS * 3);
  const empty = mkdtempSync(path.join(os.tmpdir(), "fusion-bench-start-"));
  try {
    const bare = fastest([process.execPath, "-e", "0"], n);
    const version = fastest([process.execPath, cli, "--version"], n);
    const action = path.join(ROOT, "dist/index.js");
    log("");
    log(`### Start-up (best of ${n}; \`node -e 0\`: ${fmt(bare.wallMs)}, ${bare.rssMb.toFixed(0)} MiB)`);
    log("");
    log("| command | wall | peak RSS | wall over `node -e 0` |");
    log("|---|---:|---:|---:|");
    log(
      `| \`${path.relative(ROOT, cli)} --version\` | ${fmt(version.wallMs)} | ${version.rssMb.toFixed(0)} MiB | ${fmt(version.wallMs - bare.wallMs)} |`,
    );
    if (existsSync(action)) {
      // No inputs, an empty workspace: reads its inputs, finds no telemetry and stops.
      const start = fastest([process.execPath, action], n, empty);
      const parse = fastest([process.execPath, "--check", action], n);
      log(
        `| \`dist/index.js\`, no inputs (to its first line of work and the "no telemetry" stop) | ${fmt(start.wallMs)} | ${start.rssMb.toFixed(0)} MiB | ${fmt(start.wallMs - bare.wallMs)} |`,
      );
      log(
        `| \`node --check dist/index.js\` (parse only) | ${fmt(parse.wallMs)} | ${parse.rssMb.toFixed(0)} MiB | ${fmt(parse.wallMs - bare.wallMs)} |`,
      );
      log("");
      log(
        `dist/index.js / dist/cli.js --version: ${ratio(start.wallMs, version.wallMs)} (target ≤ 2×, and ≤ 0.2 s). ` +
          `dist/: ${readdirSync(path.join(ROOT, "dist"))
            .filter((f) => f.endsWith(".js"))
            .map((f) => `${f} ${mib(statSync(path.join(ROOT, "dist", f)).size)}`)
            .join(", ")}.`,
      );
    }
    // What each dependency costs to load, alone: a bundle importing only it, over `node -e 0`.
    log("");
    log(
      "| dependency (loaded alone, bundled) | bundle | wall over `node -e 0` | peak RSS over `node -e 0` | when the Action loads it |",
    );
    log("|---|---:|---:|---:|---|");
    // [what is imported, when the Action loads it, the import statement when not the whole module]
    const deps: [string, string, string?][] = [
      ["@actions/core", "never whole: the Action imports a part (next row)"],
      [
        "@actions/core, what the Action imports",
        "start-up",
        `import { error, getInput, info, notice, setFailed, setOutput, setSecret, summary, warning } from "@actions/core";\nconst dep = [error, getInput, info, notice, setFailed, setOutput, setSecret, summary, warning];`,
      ],
      ["@actions/github", "with a github-token and a repository (a chunk)"],
      ["@octokit/plugin-throttling", "with a github-token and a repository (a chunk)"],
      ["hyparquet", "start-up (the Parquet reader)"],
      ["hysnappy", "start-up (Snappy, the codec the engine writes)"],
      ["hyparquet-compressors", "only for Parquet compressed with another codec (a chunk)"],
      ["tinyglobby", "only for a telemetry path that is a glob, as the Action's default is (a chunk)"],
      ["@actions/artifact", "only with artifact-name or upload-artifact (a chunk)"],
      ["undici", "only with a dbt platform run (a chunk)"],
    ];
    for (const [dep, when, imports] of deps) {
      const name = dep.replace(/[^\w.-]+/g, "_");
      const entry = path.join(empty, `${name}.mjs`);
      const statement = imports ?? `import * as dep from ${JSON.stringify(dep)};`;
      writeFileSync(entry, `${statement}\nif (!dep) process.exit(1);\n`);
      const out = await bundle(entry, `startup/${name}.mjs`, {
        nodePaths: [path.join(ROOT, "node_modules")],
        plugins: [sideEffectFree(SIDE_EFFECT_FREE)],
      });
      const run = fastest([process.execPath, out], n);
      log(
        `| ${dep} | ${mib(statSync(out).size)} | ${fmt(run.wallMs - bare.wallMs)} | ${(run.rssMb - bare.rssMb).toFixed(0)} MiB | ${when} |`,
      );
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
}

await main();
