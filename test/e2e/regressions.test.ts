// The minimum slowdown of a regression (issue 14), through the bundles: `--regression-min-seconds`
// for the CLI and `regression-min-seconds` for the Action, on the generated 400-node comparison.
import { execFile } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildScenarioRecords, writeJsonl } from "../../scripts/fixture-gen/index.js";
import { baselineComparisonScenarios } from "../../scripts/render-images-views.js";
import type { Report } from "../../src/model/types.js";
import { DIST_CLI, ensureBuilt, PR_NUMBER, runAction, startServer } from "./helpers.js";
import { makeTempDir } from "../support/temp-dir.js";

let dir: string;
let base: string;
let head: string;
let baseReport: string;

const cli = (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) =>
    execFile(process.execPath, [DIST_CLI, ...args], { maxBuffer: 64 << 20 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    ),
  );

beforeAll(async () => {
  ensureBuilt();
  dir = makeTempDir("fusion-regressions-");
  const scenarios = baselineComparisonScenarios();
  base = join(dir, "base.jsonl");
  head = join(dir, "head.jsonl");
  baseReport = join(dir, "base-report.json");
  writeFileSync(base, writeJsonl(buildScenarioRecords(scenarios.base)));
  writeFileSync(head, writeJsonl(buildScenarioRecords(scenarios.head)));
  expect((await cli("--quiet", "--fail-on", "never", "--json", baseReport, base)).code).toBe(0);
}, 60_000);

async function compare(...args: string[]): Promise<{ report: Report; markdown: string }> {
  const json = join(dir, `head-${args.join("_") || "default"}.json`);
  const run = await cli("--fail-on", "never", "--baseline", baseReport, "--json", json, ...args, head);
  expect(run.stderr).toBe("");
  return { report: JSON.parse(readFileSync(json, "utf8")) as Report, markdown: run.stdout };
}

describe("--regression-min-seconds", () => {
  it("counts only nodes slower by at least that many seconds, and lists the top ten", async () => {
    const byDefault = await compare();
    const strict = await compare("--regression-min-seconds", "5");
    const all = byDefault.report.baseline!.regressions;
    const kept = strict.report.baseline!.regressions;
    expect(all.length).toBeGreaterThan(50);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(all.length);
    expect(kept.every((r) => r.deltaMs >= 5_000)).toBe(true);
    expect(strict.report.baseline!.minRegressionMs).toBe(5_000);
    expect(strict.markdown).toContain(`#### ⏱️ Slower than the base branch (${kept.length})`);
    // The full report lists them all: ten in the table, the rest collapsed below it.
    expect(byDefault.markdown).toContain(`<summary>${all.length - 10} more slower nodes</summary>`);
    expect(byDefault.markdown).toMatch(
      /⏱️ Timing noise: half of the \d+ nodes timed in both runs changed by/,
    );
  });

  it("rejects a negative or non-numeric value with the flag's name", async () => {
    for (const value of ["-1", "soon"]) {
      const run = await cli(`--regression-min-seconds=${value}`, head);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--regression-min-seconds must be a number ≥ 0 (got "${value}")`);
    }
  });
});

describe("regression-min-seconds (Action input)", () => {
  it("sets the minimum slowdown of the comparison in the comment", async () => {
    const server = await startServer();
    try {
      const run = await runAction(server, {
        inputs: { telemetry: head, baseline: baseReport, "regression-min-seconds": "5", "fail-on": "never" },
      });
      rmSync(run.workspace, { recursive: true, force: true });
      expect(run.code).toBe(0);
      const body = server.commentsOn(PR_NUMBER)[0]!.body;
      const strict = await compare("--regression-min-seconds", "5");
      const kept = strict.report.baseline!.regressions.length;
      expect(body).toContain(`⏱️ ${kept} regressions`);
      expect(body).toContain("a node counts as slower past +50% and +5.00s");
      // Ten in the comment, the rest where the full report is.
      expect(body).toContain(
        `… and ${kept - 10} more slower nodes, listed in the job summary of this workflow run.`,
      );
    } finally {
      await server.close();
    }
  });

  it("refuses a value that is not a number ≥ 0", async () => {
    const server = await startServer();
    try {
      const run = await runAction(server, { inputs: { telemetry: head, "regression-min-seconds": "-2" } });
      rmSync(run.workspace, { recursive: true, force: true });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain("input 'regression-min-seconds': '-2' is not a number ≥ 0");
    } finally {
      await server.close();
    }
  });
});
