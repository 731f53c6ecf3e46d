// Both bundles leave V8's TurboFan off when the telemetry is small enough for a short read and Maglev
// runs, and keep it when the size is unknown or Maglev is off, as on Node 20 (src/optimising-compiler.ts).
// Watched from inside: each bundle runs under a launcher that turns on V8's own trace of what it
// optimises, on a generated build of ~1,000 nodes, hot enough that TurboFan compiles a dozen
// functions when it is on.
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateScenarioRecords } from "../../scripts/fixture-gen/generate-records.js";
import { makeNodeHeavyScenario } from "../../scripts/fixture-gen/large-scenario.js";
import { writeJsonlStream } from "../../scripts/fixture-gen/write-jsonl.js";
import { writeParquetStream } from "../../scripts/fixture-gen/write-parquet.js";
import { maglevRuns } from "../../src/optimising-compiler.js";
import { makeTempDir } from "../support/temp-dir.js";
import { DIST_CLI, DIST_INDEX, ensureBuilt, inheritedTmpdir, runAction } from "./helpers.js";

let dir: string;
let parquet: string;
let jsonl: string;

/** A launcher that turns V8's optimisation trace on, then starts `bundle` as node would. */
function traced(bundle: string): string {
  const launcher = join(dir, `traced-${bundle.endsWith("cli.js") ? "cli" : "index"}.mjs`);
  writeFileSync(
    launcher,
    `import { setFlagsFromString } from "node:v8";\n` +
      `setFlagsFromString("--trace-opt");\n` +
      `await import(${JSON.stringify(pathToFileURL(bundle).href)});\n`,
  );
  return launcher;
}

/**
 * The CLI bundle under the trace; `stdin`: a file given to it through a pipe (its argument is `-`),
 * made by a shell: Node's own "pipe" is a socket, which cannot be opened by name as /dev/stdin.
 */
function tracedCli(args: string[], stdin?: string): Promise<{ code: number | null; stdout: string }> {
  const command = [process.execPath, traced(DIST_CLI), ...args];
  return new Promise((resolve, reject) => {
    const child = stdin
      ? spawn("sh", ["-c", 'f="$1"; shift; cat "$f" | exec "$@"', "sh", stdin, ...command], options())
      : spawn(command[0]!, command.slice(1), options());
    let stdout = "";
    child.stdout!.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout }));
  });
}

function options() {
  return {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOME: dir, ...inheritedTmpdir() },
    stdio: ["ignore", "pipe", "inherit"] as ("ignore" | "pipe" | "inherit")[],
  };
}

/** Lines of V8's trace that start or finish a TurboFan compile, and those of Maglev's. */
const turbofan = (trace: string): string[] =>
  trace.split("\n").filter((line) => /target TURBOFAN/.test(line));
const maglev = (trace: string): string[] => trace.split("\n").filter((line) => /target MAGLEV/.test(line));
/** Whether this Node's V8 runs Maglev (Node 22 and later): on Node 20 TurboFan is always kept. */
const withMaglev = maglevRuns();

beforeAll(async () => {
  ensureBuilt();
  dir = makeTempDir("fusion-compiler-");
  parquet = join(dir, "telemetry.parquet");
  jsonl = join(dir, "telemetry.jsonl");
  const scenario = makeNodeHeavyScenario({ models: 240 });
  await writeParquetStream(generateScenarioRecords(scenario), parquet);
  await writeJsonlStream(generateScenarioRecords(scenario), jsonl);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the optimising compiler", () => {
  it("is left off by the CLI for a small file, which Maglev compiles (kept without Maglev)", async () => {
    const run = await tracedCli(["--quiet", "--fail-on", "never", parquet]);
    expect(run.code).toBe(0);
    if (withMaglev) {
      expect(maglev(run.stdout).length).toBeGreaterThan(0);
      expect(turbofan(run.stdout)).toEqual([]);
    } else {
      expect(turbofan(run.stdout).length).toBeGreaterThan(0);
    }
  });

  it("stays on when the telemetry comes through a pipe, whose size nobody knows", async () => {
    const run = await tracedCli(["--quiet", "--fail-on", "never", "-"], jsonl);
    expect(run.code).toBe(0);
    expect(turbofan(run.stdout).length).toBeGreaterThan(0);
  });

  it("is left off by the Action for a small file (kept without Maglev)", async () => {
    const run = await runAction(null, {
      script: traced(DIST_INDEX),
      inputs: { telemetry: jsonl, "fail-on": "never", "github-token": "" },
    });
    try {
      expect(run.code).toBe(0);
      expect(run.summary).toMatch(/^## /m);
      if (withMaglev) {
        expect(maglev(run.stdout).length).toBeGreaterThan(0);
        expect(turbofan(run.stdout)).toEqual([]);
      } else {
        expect(turbofan(run.stdout).length).toBeGreaterThan(0);
      }
    } finally {
      rmSync(run.workspace, { recursive: true, force: true });
    }
  });
});
