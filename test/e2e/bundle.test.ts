// The published artefact is dist/ + action.yml and nothing else: the runner does not `npm install`.
// Copy them somewhere no node_modules can be resolved from and run both bundles with plain node.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, parse, sep } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SCENARIOS, buildScenarioRecords, writeParquet } from "../../scripts/fixture-gen/index.js";
import {
  ensureBuilt,
  fixture,
  inheritedTmpdir,
  REPO_ROOT,
  runAction,
  startServer,
  TOKEN,
  type E2EServer,
} from "./helpers.js";

let root: string;

beforeAll(() => {
  ensureBuilt();
  root = mkdtempSync(join(tmpdir(), "fusion-bundle-"));
  cpSync(join(REPO_ROOT, "dist"), join(root, "dist"), { recursive: true });
  cpSync(join(REPO_ROOT, "action.yml"), join(root, "action.yml"));
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function node(
  args: string[],
  env: Record<string, string>,
  cwd = root,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd, env, timeout: 30_000, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

const minimalEnv = (): Record<string, string> => ({
  PATH: dirname(process.execPath),
  HOME: root,
  ...inheritedTmpdir(),
});

describe("the bundle outside the repository", () => {
  it("has no node_modules anywhere above it", () => {
    expect(root.startsWith(REPO_ROOT)).toBe(false);
    let dir = root;
    for (;;) {
      expect(existsSync(join(dir, "node_modules")), `${dir}${sep}node_modules`).toBe(false);
      if (dir === parse(dir).root) break;
      dir = dirname(dir);
    }
  });

  it("dist/cli.js prints the report for a JSONL file and writes the JSON report", async () => {
    const json = join(root, "report.json");
    const run = await node(
      [
        join(root, "dist", "cli.js"),
        "--json",
        json,
        "--fail-on",
        "never",
        fixture("preview120_build_success.otel.jsonl"),
      ],
      minimalEnv(),
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("dbt Fusion: 1 node error, 1 failed test");
    expect(run.stdout).toContain("accepted_values_customers_customer_type__new__returning");
    const report = JSON.parse(readFileSync(json, "utf8")) as { counts: Record<string, number> };
    expect(report.counts).toMatchObject({ error: 1, fail: 1, skipped: 4 });
  });

  it("dist/cli.js reads Parquet (the bundled decompressors work) and exits 1 under fail-on errors", async () => {
    const run = await node(
      [join(root, "dist", "cli.js"), fixture("parquet-replica/preview120_failed.REPLICA.parquet")],
      minimalEnv(),
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("1 node error, 1 failed test");
  });

  it("dist/cli.js reads zstd and gzip Parquet too (their decompressors are a chunk loaded for them)", async () => {
    const records = buildScenarioRecords(SCENARIOS.find((scenario) => scenario.name === "tests")!);
    const reports = [];
    for (const compression of ["SNAPPY", "ZSTD", "GZIP"] as const) {
      const file = join(root, `telemetry-${compression}.parquet`);
      writeFileSync(file, writeParquet(records, { compression }));
      const json = join(root, `report-${compression}.json`);
      const run = await node(
        [join(root, "dist", "cli.js"), "--quiet", "--fail-on", "never", "--json", json, file],
        minimalEnv(),
      );
      expect(run.stderr, compression).toBe("");
      expect(run.code, compression).toBe(0);
      const report = JSON.parse(readFileSync(json, "utf8")) as {
        counts: Record<string, number>;
        invocations: { nodes: unknown[] }[];
      };
      expect(report.counts.fail, compression).toBeGreaterThan(0);
      reports.push({ counts: report.counts, nodes: report.invocations.map((inv) => inv.nodes) });
    }
    expect(reports[1]).toEqual(reports[0]);
    expect(reports[2]).toEqual(reports[0]);
  });

  it("dist/cli.js --version and --help work", async () => {
    const version = await node([join(root, "dist", "cli.js"), "--version"], minimalEnv());
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const help = await node([join(root, "dist", "cli.js"), "--help"], minimalEnv());
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: fusion-report");
  });

  it("dist/index.js runs with only INPUT_* and the file-command variables (no token, no API)", async () => {
    const summary = join(root, "summary.md");
    const output = join(root, "output.txt");
    writeFileSync(summary, "");
    writeFileSync(output, "");
    const run = await node([join(root, "dist", "index.js")], {
      ...minimalEnv(),
      INPUT_TELEMETRY: fixture("preview72_build_success.otel.jsonl"),
      "INPUT_FAIL-ON": "errors",
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_OUTPUT: output,
      RUNNER_TEMP: root,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/^::error/m);
    expect(readFileSync(summary, "utf8")).toContain("dbt Fusion");
    expect(readFileSync(output, "utf8")).toMatch(/^conclusion<<ghadelimiter_[\w-]+\nsuccess\n/m);
    expect(existsSync(join(root, "fusion-report.json"))).toBe(true);
  });

  describe("dist/index.js against the GitHub stand-in", () => {
    let server: E2EServer;
    afterEach(async () => {
      expect(server.violations).toEqual([]);
      await server.close();
    });

    it("publishes the comment and the check run from the copied bundle", async () => {
      server = await startServer();
      const run = await runAction(server, {
        script: join(root, "dist", "index.js"),
        inputs: { telemetry: fixture("preview120_build_success.otel.jsonl") },
      });
      expect(run.stderr).toBe("");
      expect(run.code).toBe(1);
      expect(server.checkRuns).toHaveLength(1);
      expect(server.comments).toHaveLength(1);
      expect(run.outputs.conclusion).toBe("failure");
      expect(run.stdout.replace(`::add-mask::${TOKEN}`, "")).not.toContain(TOKEN);
    });
  });
});

describe("action.yml", () => {
  const yml = readFileSync(join(REPO_ROOT, "action.yml"), "utf8");
  const runs = /^runs:\s*\n((?:[ \t]+.*\n?)+)/m.exec(yml)?.[1] ?? "";
  const field = (name: string): string | undefined =>
    new RegExp(`^\\s+${name}:\\s*["']?([^"'\\n]+?)["']?\\s*$`, "m").exec(runs)?.[1];

  it("runs on node24 from dist/index.js", () => {
    expect(field("using")).toBe("node24");
    expect(field("main")).toBe("dist/index.js");
    expect(existsSync(join(REPO_ROOT, "dist", "index.js"))).toBe(true);
  });

  it("dist/ is marked as ES modules", () => {
    expect(JSON.parse(readFileSync(join(REPO_ROOT, "dist", "package.json"), "utf8"))).toEqual({
      type: "module",
    });
  });
});
