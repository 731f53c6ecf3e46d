// Report files through the built bundles: all written or none, each problem named, parent folders
// created, never over a telemetry file or a dbt artifact fusion-report did not write, no temp file
// left on any failure path, and what a killed run left behind removed by the next one.
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  watch,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { RUN_RESULTS_MARK } from "../../src/report-files.js";
import { buildScenarioRecords, makeLargeScenario, writeJsonl } from "../../scripts/fixture-gen/index.js";
import { listZipEntries, runtimeToken, startArtifactServer } from "../support/artifact-server.js";
import { pickReportFile } from "../../src/sources/baseline-artifact.js";
import { runResultsSchemaErrors } from "../support/report.js";
import { makeTempDir } from "../support/temp-dir.js";
import {
  DIST_CLI,
  ensureBuilt,
  fixture,
  hugeErrorsJsonl,
  inheritedTmpdir,
  runAction,
  runCliBundle,
  useStandIn,
  unprivilegedUser,
} from "./helpers.js";

// preview.120 build: 1 error and 1 failed test, so the CLI exits 1 and the Action fails the step.
const FAILING = readFileSync(fixture("preview120_build_success.otel.jsonl"));
const DBT_RUN_RESULTS = `${JSON.stringify({
  metadata: {
    dbt_schema_version: "https://schemas.getdbt.com/dbt/run-results/v6.json",
    dbt_version: "2.0.0-preview.120",
    generated_at: "2026-01-01T00:00:00Z",
    invocation_id: "019c97ca-fe1c-76e2-abb1-50e9427e666a",
    env: {},
  },
  results: [],
  elapsed_time: 1,
  args: {},
})}\n`;

/** A folder holding the telemetry as `logs/telemetry.jsonl`. */
function project(): string {
  const cwd = makeTempDir("fusion-files-");
  mkdirSync(join(cwd, "logs"));
  writeFileSync(join(cwd, "logs/telemetry.jsonl"), FAILING);
  return cwd;
}

/** Every file under `dir`, relative, sorted. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

const TEMP_FILE = /\.fusion-report-\d+\.tmp$/;

describe("the CLI's report files", () => {
  beforeAll(() => ensureBuilt(), 120_000);

  it("--json through a link to the standard output (as /dev/stdout is) writes there and leaves the link", async () => {
    // A link of our own, not /dev/stdout itself: a build that renamed over it breaks only this folder.
    const cwd = project();
    symlinkSync("/proc/self/fd/1", join(cwd, "stdout.json"));
    const result = await runCliBundle(["--quiet", "--json", "stdout.json", "logs/telemetry.jsonl"], { cwd });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ counts: { error: 1 } });
    expect(lstatSync(join(cwd, "stdout.json")).isSymbolicLink()).toBe(true);
  });

  it("the standard output going to a file (>> log) is written through, not renamed over", async () => {
    const cwd = project();
    symlinkSync("/proc/self/fd/1", join(cwd, "stdout.json"));
    writeFileSync(join(cwd, "log"), "EARLIER\n");
    const shell = `"${process.execPath}" "${DIST_CLI}" --quiet --json stdout.json logs/telemetry.jsonl >> log`;
    const run = spawnSync("bash", ["-c", shell], { cwd, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
    const log = readFileSync(join(cwd, "log"), "utf8");
    expect(log.startsWith("EARLIER\n{")).toBe(true);
    expect(JSON.parse(log.slice("EARLIER\n".length))).toMatchObject({ counts: { error: 1 } });
  });

  it("a reader of - that goes away early is no error: the exit code is the policy's", async () => {
    // A report well past a pipe's 64 KiB buffer, so the write meets the closed pipe.
    const cwd = project();
    writeFileSync(
      join(cwd, "logs/telemetry.jsonl"),
      writeJsonl(buildScenarioRecords(makeLargeScenario({ nodes: 600 }))),
    );
    const shell = `"${process.execPath}" "${DIST_CLI}" --quiet --json - logs/telemetry.jsonl | head -c 10 >/dev/null; exit "\${PIPESTATUS[0]}"`;
    const run = spawnSync("bash", ["-c", shell], { cwd, encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
  });

  it("- as a report file is stdout, and two outputs there are refused like two on one file", async () => {
    const cwd = project();
    // Without --quiet too: a report file on stdout is all stdout says.
    const result = await runCliBundle(["--json", "-", "logs/telemetry.jsonl"], { cwd });
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toMatchObject({ counts: { error: 1 } });
    expect(existsSync(join(cwd, "-"))).toBe(false);
    const both = await runCliBundle(["--quiet", "--json", "-", "--junit", "-", "logs/telemetry.jsonl"], {
      cwd,
    });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("cannot write the JUnit XML to -: the JSON report goes to the same file");
  });

  it("creates missing parent folders and writes every file", async () => {
    const cwd = project();
    const result = await runCliBundle(
      ["--quiet", "--json", "out/deep/report.json", "--junit", "out/junit.xml", "logs/telemetry.jsonl"],
      { cwd },
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    expect(tree(cwd)).toEqual(["logs/telemetry.jsonl", "out/deep/report.json", "out/junit.xml"]);
  });

  // Node's recursive mkdir never settles under /proc. Only root gets that far: for anyone else the
  // folder check before it refuses /proc as not writable (so on GitHub's runners this is skipped).
  it.runIf(process.getuid?.() === 0)(
    "ends with a clear error where the file system will not make the folder (under /proc), instead of spinning",
    async () => {
      const cwd = project();
      const result = await runCliBundle(
        [
          "--quiet",
          "--run-results",
          "rr.json",
          "--json",
          "/proc/fusion-report-nope/deep/r.json",
          "logs/telemetry.jsonl",
        ],
        { cwd },
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /^fusion-report: cannot write the JSON report to \/proc\/fusion-report-nope\/deep\/r\.json: cannot create the folder \/proc\/fusion-report-nope\/deep \(.+\)\n$/,
      );
      expect(tree(cwd)).toEqual(["logs/telemetry.jsonl"]);
    },
  );

  it("writes nothing when one destination is a directory, and names it", async () => {
    const cwd = project();
    mkdirSync(join(cwd, "some-dir"));
    const result = await runCliBundle(
      [
        "--quiet",
        "--json",
        "some-dir",
        "--run-results",
        "rr.json",
        "--markdown",
        "new/r.md",
        "logs/telemetry.jsonl",
      ],
      { cwd },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "fusion-report: cannot write the JSON report to some-dir: it is a directory; name a file inside it\n",
    );
    expect(tree(cwd)).toEqual(["logs/telemetry.jsonl"]);
    expect(existsSync(join(cwd, "new"))).toBe(false);
  });

  it("a write refused part way through a file (its size limit) names it, and changes no file", () => {
    // 3,000 nodes: a JSON report of ~3 MiB, written a MiB at a time with the next MiB made
    // meanwhile, so the write that fails is one still in flight; the Markdown (~0.5 MiB) fits.
    const cwd = makeTempDir("fusion-files-");
    mkdirSync(join(cwd, "logs"));
    writeFileSync(
      join(cwd, "logs/telemetry.jsonl"),
      writeJsonl(buildScenarioRecords(makeLargeScenario({ nodes: 3000 }))),
    );
    writeFileSync(join(cwd, "report.md"), "the last run's report\n");
    // Node ignores SIGXFSZ: a write past the limit fails with EFBIG. bash counts `ulimit -f` in KiB.
    const shell = `ulimit -f 2560; exec "${process.execPath}" "${DIST_CLI}" --quiet --fail-on never --markdown report.md --json report.json logs/telemetry.jsonl`;
    const run = spawnSync("bash", ["-c", shell], { cwd, encoding: "utf8" });
    expect(run.stderr).toBe(
      "fusion-report: cannot write the JSON report to report.json: EFBIG: file too large, write\n",
    );
    expect(run.status).toBe(2);
    expect(tree(cwd)).toEqual(["logs/telemetry.jsonl", "report.md"]);
    expect(readFileSync(join(cwd, "report.md"), "utf8")).toBe("the last run's report\n");
  });

  it("names every problem at once: two outputs on one file and a path through a file", async () => {
    const cwd = project();
    writeFileSync(join(cwd, "a-file"), "x");
    const result = await runCliBundle(
      [
        "--quiet",
        "--json",
        "r.json",
        "--markdown",
        "r.json",
        "--junit",
        "a-file/junit.xml",
        "logs/telemetry.jsonl",
      ],
      { cwd },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "cannot write the JSON report to r.json: the Markdown report goes to the same file; give each output its own path",
    );
    expect(result.stderr).toContain(
      `cannot write the JUnit XML to a-file/junit.xml: ${join(cwd, "a-file")} is a file`,
    );
    expect(tree(cwd)).toEqual(["a-file", "logs/telemetry.jsonl"]);
  });

  const user = unprivilegedUser();
  it.skipIf(user === null)(
    "writes nothing when a folder is not writable (run as an unprivileged user: root may write anywhere)",
    async () => {
      const cwd = project();
      mkdirSync(join(cwd, "read-only"));
      // The unprivileged user must reach the telemetry and may write in cwd, but not in read-only/.
      for (const dir of [cwd, join(cwd, "logs")]) chmodSync(dir, 0o777);
      chmodSync(join(cwd, "read-only"), 0o555);
      const result = await runCliBundle(
        ["--quiet", "--run-results", "rr.json", "--json", "read-only/r.json", "logs/telemetry.jsonl"],
        { cwd, ...(user ? { user } : {}) },
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `fusion-report: cannot write the JSON report to read-only/r.json: the folder ${join(cwd, "read-only")} ` +
          "is not writable (permission denied)\n",
      );
      expect(tree(cwd)).toEqual(["logs/telemetry.jsonl"]);
    },
  );

  it("refuses to write over a telemetry file it reads, under any name", async () => {
    const cwd = project();
    symlinkSync(join(cwd, "logs/telemetry.jsonl"), join(cwd, "alias.jsonl"));
    const before = readFileSync(join(cwd, "logs/telemetry.jsonl"));
    for (const target of ["logs/telemetry.jsonl", "alias.jsonl"]) {
      const result = await runCliBundle(["--quiet", "--markdown", target, "logs/"], { cwd });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `fusion-report: cannot write the Markdown report to ${target}: it is one of the telemetry files being read; ` +
          "refusing to write over it\n",
      );
    }
    expect(readFileSync(join(cwd, "logs/telemetry.jsonl"))).toEqual(before);
    expect(tree(cwd)).toEqual(["alias.jsonl", "logs/telemetry.jsonl"]);
  });

  it("refuses to overwrite dbt's run_results.json or another dbt artifact, and replaces its own", async () => {
    const cwd = project();
    mkdirSync(join(cwd, "target"));
    writeFileSync(join(cwd, "target/run_results.json"), DBT_RUN_RESULTS);
    writeFileSync(
      join(cwd, "target/manifest.json"),
      '{"metadata": {"dbt_schema_version": "https://schemas.getdbt.com/dbt/manifest/v12.json"}}',
    );
    const refused = await runCliBundle(
      [
        "--quiet",
        "--run-results",
        "target/run_results.json",
        "--json",
        "target/manifest.json",
        "logs/telemetry.jsonl",
      ],
      { cwd },
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      "cannot write the run_results.json to target/run_results.json: it is a dbt run-results artifact that " +
        "fusion-report did not write; refusing to overwrite it",
    );
    expect(refused.stderr).toContain("Use a name of your own, e.g. target/run_results.fusion.json");
    expect(refused.stderr).toContain(
      "cannot write the JSON report to target/manifest.json: it is a dbt manifest",
    );
    expect(readFileSync(join(cwd, "target/run_results.json"), "utf8")).toBe(DBT_RUN_RESULTS);

    // A run_results.json of its own (marked in metadata.env, valid against dbt's v6 schema) is replaced.
    const own = join(cwd, "out/run_results.json");
    expect(
      (await runCliBundle(["--quiet", "--run-results", "out/run_results.json", "logs/"], { cwd })).code,
    ).toBe(1);
    const first = JSON.parse(readFileSync(own, "utf8")) as { metadata: { env: Record<string, string> } };
    expect(runResultsSchemaErrors(first)).toBe("");
    expect(first.metadata.env[RUN_RESULTS_MARK]).toMatch(/^\d+\.\d+\.\d+/);
    writeFileSync(own, readFileSync(own, "utf8").replace('"results": [', '"results": [\n  '));
    const rerun = await runCliBundle(["--quiet", "--run-results", "out/run_results.json", "logs/"], { cwd });
    expect(rerun.stderr).toBe("");
    expect(rerun.code).toBe(1);
    expect(readFileSync(own, "utf8")).not.toContain('"results": [\n  \n');

    // Named run_results.json without the mark, even if it is not JSON: dbt's (perhaps half-written).
    writeFileSync(own, "{");
    const unmarked = await runCliBundle(["--quiet", "--run-results", "out/run_results.json", "logs/"], {
      cwd,
    });
    expect(unmarked.code).toBe(2);
    expect(unmarked.stderr).toContain("it is dbt's own run_results.json that fusion-report did not write");
  });

  it("removes temp files a killed run left behind, but not those of a run still going", async () => {
    const cwd = project();
    const dead = await exitedPid();
    mkdirSync(join(cwd, "out"));
    writeFileSync(join(cwd, `out/report.json.fusion-report-${dead}.tmp`), '{"half": ');
    writeFileSync(join(cwd, `out/junit.xml.fusion-report-${dead}.tmp`), "<testsuites");
    // This test's own process is alive: a concurrent run's temp file stays.
    writeFileSync(join(cwd, `out/other.json.fusion-report-${process.pid}.tmp`), "{");
    const result = await runCliBundle(["--quiet", "--json", "out/report.json", "logs/telemetry.jsonl"], {
      cwd,
    });
    expect(result.code).toBe(1);
    expect(tree(join(cwd, "out"))).toEqual([`other.json.fusion-report-${process.pid}.tmp`, "report.json"]);
  });

  it("after a SIGKILL while writing, the next run leaves no temp file and writes every file", async () => {
    const cwd = makeTempDir("fusion-files-kill-");
    // Big outputs (about 40 MB in all) keep the writer busy long enough to be killed in the middle.
    writeFileSync(join(cwd, "telemetry.jsonl"), hugeErrorsJsonl(300, 40_000));
    const outputs = [
      "--json",
      "out/r.json",
      "--markdown",
      "out/r.md",
      "--junit",
      "out/j.xml",
      "--run-results",
      "out/rr.json",
    ];
    mkdirSync(join(cwd, "out"));
    const killedWith = await new Promise<string | null>((resolve) => {
      const child = spawn(process.execPath, [DIST_CLI, "--quiet", ...outputs, "telemetry.jsonl"], {
        cwd,
        env: { PATH: process.env.PATH ?? "", ...inheritedTmpdir() },
        stdio: "ignore",
      });
      const watcher = watch(join(cwd, "out"), (_event, name) => {
        if (name && TEMP_FILE.test(name)) child.kill("SIGKILL");
      });
      child.on("exit", (_code, signal) => {
        watcher.close();
        resolve(signal);
      });
    });
    const left = tree(join(cwd, "out"));
    // Killed between its first temp file and its last rename: what it left is recognisably ours.
    if (killedWith === "SIGKILL") expect(left.filter((file) => !TEMP_FILE.test(file)).length).toBeLessThan(4);
    for (const file of left)
      expect(file).toMatch(/^(r\.json|r\.md|j\.xml|rr\.json)(\.fusion-report-\d+\.tmp)?$/);

    const next = await runCliBundle(["--quiet", ...outputs, "telemetry.jsonl"], { cwd });
    expect(next.code).toBe(1);
    expect(tree(join(cwd, "out"))).toEqual(["j.xml", "r.json", "r.md", "rr.json"]);
    expect(statSync(join(cwd, "out/r.json")).size).toBeGreaterThan(1_000_000);
  });
});

describe("the Action's report files", () => {
  const standIn = useStandIn();

  it("creates parent folders for every file it writes", async () => {
    const run = await runAction(standIn.current, {
      inputs: {
        telemetry: "logs/telemetry.jsonl",
        "json-report": "reports/deep/fusion-report.json",
        "run-results": "target/run_results.fusion.json",
        junit: "reports/junit/fusion.xml",
      },
      workspaceFiles: { "logs/telemetry.jsonl": FAILING },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/^::warning::/m);
    expect(run.outputs["report-json"]).toBe(join(run.workspace, "reports/deep/fusion-report.json"));
    expect(run.outputs["run-results"]).toBe(join(run.workspace, "target/run_results.fusion.json"));
    expect(existsSync(join(run.workspace, "reports/junit/fusion.xml"))).toBe(true);
  });

  it("a link the checkout holds may not lead a report out of the workspace and the runner's temp folder", async () => {
    const outside = makeTempDir("fusion-outside-");
    writeFileSync(join(outside, "run_results.fusion.json"), "not ours to change\n");
    const run = await runAction(standIn.current, {
      inputs: {
        telemetry: "logs/telemetry.jsonl",
        "json-report": "reports/fusion-report.json",
        "run-results": "target/run_results.fusion.json",
        "markdown-report": "out/report.md",
      },
      workspaceFiles: { "logs/telemetry.jsonl": FAILING },
      // What a pull request can commit: a folder link out of the workspace, and a file link to one outside.
      workspaceLinks: { target: outside, "reports/fusion-report.json": join(outside, "report.json") },
    });
    expect(run.code).toBe(1);
    const warnings = run.stdout.split("\n").filter((line) => line.startsWith("::warning::"));
    const escape = (kind: string, target: string, to: string): string =>
      `::warning::cannot write the ${kind} to ${target}: a link in the workspace leads it to ${to}, outside the ` +
      "workspace and the runner's temporary folder; a link that a pull request can commit must not choose what the " +
      "Action reads or writes: name a path without it";
    expect(warnings).toEqual([
      escape("JSON report", "reports/fusion-report.json", join(outside, "report.json")),
      escape("run_results.json", "target/run_results.fusion.json", join(outside, "run_results.fusion.json")),
    ]);
    expect(readdirSync(outside).sort()).toEqual(["run_results.fusion.json"]);
    expect(readFileSync(join(outside, "run_results.fusion.json"), "utf8")).toBe("not ours to change\n");
    // All or none: the Markdown report, whose path was fine, waits for the others; the channels still go out.
    expect(existsSync(join(run.workspace, "out"))).toBe(false);
    expect(run.outputs.conclusion).toBe("failure");
    expect(standIn.current.checkRuns).toHaveLength(1);
  });

  it("the links are refused as well when GITHUB_WORKSPACE names the workspace through a link of the runner's", async () => {
    // A self-hosted runner's work folder linked to a bigger disk: the step's working directory is the
    // real folder, GITHUB_WORKSPACE the path through the link. Both spell the same checkout.
    const outside = makeTempDir("fusion-outside-");
    writeFileSync(join(outside, "credentials.json"), '{"token":"s3cretOutsideTheWorkspace"}\n');
    const baseline = await runAction(standIn.current, {
      inputs: { telemetry: "logs/telemetry.jsonl", baseline: "base/credentials.json" },
      workspaceFiles: { "logs/telemetry.jsonl": FAILING },
      workspaceLinks: { base: outside },
      workspaceByLink: true,
    });
    expect(baseline.code).toBe(1);
    expect(baseline.stdout).toContain(
      `::error::baseline base/credentials.json: cannot read it (a link in the workspace leads it to ${join(outside, "credentials.json")}, `,
    );
    const files = await runAction(standIn.current, {
      inputs: { telemetry: "logs/telemetry.jsonl", "run-results": "target/run_results.fusion.json" },
      workspaceFiles: { "logs/telemetry.jsonl": FAILING },
      workspaceLinks: { target: outside },
      workspaceByLink: true,
    });
    expect(files.stdout).toContain(
      `::warning::cannot write the run_results.json to target/run_results.fusion.json: a link in the workspace leads it to ${join(outside, "run_results.fusion.json")}, `,
    );
    expect(readdirSync(outside)).toEqual(["credentials.json"]);
    for (const run of [baseline, files]) {
      expect(run.stdout + run.summary + JSON.stringify(standIn.current.comments)).not.toContain("s3cret");
    }
  });

  it("a link that stays inside the workspace, or leads into the runner's temp folder, is followed", async () => {
    const inside = await runAction(standIn.current, {
      inputs: {
        telemetry: "logs/telemetry.jsonl",
        "run-results": "target/run_results.fusion.json",
        "json-report": "latest/fusion-report.json",
      },
      workspaceFiles: { "logs/telemetry.jsonl": FAILING, "build/.keep": "" },
      workspaceLinks: { target: "build", latest: "_temp" },
    });
    expect(inside.stdout).not.toMatch(/^::warning::/m);
    expect(lstatSync(join(inside.workspace, "target")).isSymbolicLink()).toBe(true);
    expect(
      JSON.parse(readFileSync(join(inside.workspace, "build/run_results.fusion.json"), "utf8")),
    ).toHaveProperty("results");
    expect(existsSync(join(inside.runnerTemp, "fusion-report.json"))).toBe(true);
  });

  it("telemetry behind a link out of the workspace is not read: a secret's first line never reaches a channel", async () => {
    const outside = makeTempDir("fusion-outside-");
    const SECRET = "//registry.npmjs.org/:_authToken=npm_s3cretFromTheRunnersHome0123456789";
    writeFileSync(join(outside, ".npmrc"), `${SECRET}\n`);
    const run = await runAction(standIn.current, {
      inputs: { telemetry: "logs/*.jsonl" },
      workspaceLinks: { "logs/telemetry.jsonl": join(outside, ".npmrc") },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `::error::logs/telemetry.jsonl: cannot read it (a link in the workspace leads it to ${join(outside, ".npmrc")}, ` +
        "outside the workspace and the runner's temporary folder;",
    );
    const published = [
      run.stdout,
      run.stderr,
      run.summary,
      JSON.stringify(standIn.current.checkRuns),
      JSON.stringify(standIn.current.comments),
    ];
    for (const text of published) expect(text).not.toContain("s3cret");
  });

  it("a baseline report behind a link out of the workspace is not read either", async () => {
    const outside = makeTempDir("fusion-outside-");
    writeFileSync(join(outside, "credentials.json"), '{"token":"s3cretOutsideTheWorkspace"}\n');
    const run = await runAction(standIn.current, {
      inputs: { telemetry: "logs/telemetry.jsonl", baseline: "base/report.json" },
      workspaceFiles: { "logs/telemetry.jsonl": FAILING },
      workspaceLinks: { base: outside },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `baseline base/report.json: cannot read it (a link in the workspace leads it to ${join(outside, "report.json")}, ` +
        "outside the workspace and the runner's temporary folder;",
    );
    expect(run.stdout + run.summary + JSON.stringify(standIn.current.comments)).not.toContain("s3cret");
  });

  it("telemetry behind a link inside the workspace is read as the file it names", async () => {
    const run = await runAction(standIn.current, {
      inputs: { telemetry: "logs/*.jsonl" },
      workspaceFiles: { "dbt-logs/telemetry.jsonl": FAILING },
      workspaceLinks: { logs: "dbt-logs" },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/^::warning::/m);
    expect(run.summary).toContain("## ❌ dbt Fusion: 1 node error, 1 failed test");
  });

  it("leaves dbt's run_results.json alone, writes no file, warns, and still publishes", async () => {
    const run = await runAction(standIn.current, {
      inputs: {
        telemetry: "logs/telemetry.jsonl",
        "json-report": "reports/fusion-report.json",
        "run-results": "target/run_results.json",
      },
      workspaceFiles: { "logs/telemetry.jsonl": FAILING, "target/run_results.json": DBT_RUN_RESULTS },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^::warning::cannot write the run_results\.json to target\/run_results\.json: it is a dbt run-results artifact that fusion-report did not write/m,
    );
    expect(readFileSync(join(run.workspace, "target/run_results.json"), "utf8")).toBe(DBT_RUN_RESULTS);
    expect(existsSync(join(run.workspace, "reports"))).toBe(false);
    expect(run.outputs["report-json"]).toBe("");
    expect(run.outputs["run-results"]).toBe("");
    expect(run.outputs.conclusion).toBe("failure");
    expect(standIn.current.checkRuns).toHaveLength(1);
    expect(run.summary).toContain("## ❌ dbt Fusion: 1 node error, 1 failed test");
    expect(tree(run.workspace).filter((file) => TEMP_FILE.test(file))).toEqual([]);
  });

  it("uploads the JSON report as fusion-report.json, the name baseline-artifact reads, whatever its path", async () => {
    const artifacts = await startArtifactServer();
    try {
      const run = await runAction(null, {
        event: "push",
        inputs: {
          telemetry: "logs/telemetry.jsonl",
          "json-report": "out/report.json",
          "run-results": "target/run_results.fusion.json",
          "check-run": "false",
          "upload-artifact": "fusion-report",
        },
        workspaceFiles: { "logs/telemetry.jsonl": FAILING },
        env: {
          GITHUB_API_URL: artifacts.url,
          ACTIONS_RESULTS_URL: `${artifacts.url}/`,
          ACTIONS_RUNTIME_TOKEN: runtimeToken("run-1", "job-2"),
        },
      });
      expect(run.code).toBe(1);
      const upload = artifacts.uploads.find((u) => u.name === "fusion-report");
      const entries = listZipEntries(upload!.bytes);
      expect(entries.sort()).toEqual(["fusion-report.json", "fusion-report.md", "run_results.fusion.json"]);
      expect(pickReportFile(entries)).toBe("fusion-report.json");
      // The copies staged for the upload are gone; the reports stay where they were written.
      expect(
        readdirSync(join(run.workspace, "_temp")).filter((f) => f.startsWith("fusion-report-upload-")),
      ).toEqual([]);
      expect(existsSync(join(run.workspace, "out/report.json"))).toBe(true);
    } finally {
      await artifacts.close();
    }
  });

  it("uploads only files this run wrote, never an older file at a refused path", async () => {
    const artifacts = await startArtifactServer();
    try {
      const run = await runAction(null, {
        event: "push",
        inputs: {
          telemetry: "logs/telemetry.jsonl",
          "json-report": "out/fusion-report.json",
          "run-results": "target/run_results.json",
          "check-run": "false",
          "upload-artifact": "fusion-report",
        },
        workspaceFiles: {
          "logs/telemetry.jsonl": FAILING,
          "target/run_results.json": DBT_RUN_RESULTS,
          "out/fusion-report.json": '{"stale": "from an earlier run"}',
        },
        env: {
          GITHUB_API_URL: artifacts.url,
          ACTIONS_RESULTS_URL: `${artifacts.url}/`,
          ACTIONS_RUNTIME_TOKEN: runtimeToken("run-1", "job-2"),
        },
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain("::warning::cannot write the run_results.json to target/run_results.json");
      const upload = artifacts.uploads.find((u) => u.name === "fusion-report");
      expect(upload?.finalized).toBe(true);
      // Neither dbt's file nor the stale report: the Markdown is rendered for the artifact itself.
      expect(listZipEntries(upload!.bytes)).toEqual(["fusion-report.md"]);
    } finally {
      await artifacts.close();
    }
  });

  it("warns about a directory given as markdown-report and writes nothing", async () => {
    const run = await runAction(standIn.current, {
      inputs: { telemetry: "logs/telemetry.jsonl", "markdown-report": "logs", "json-report": "r.json" },
      workspaceFiles: { "logs/telemetry.jsonl": FAILING },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("::warning::cannot write the Markdown report to logs: it is a directory");
    expect(existsSync(join(run.workspace, "r.json"))).toBe(false);
  });
});

/** The pid of a process that has exited (so no process has it, barring reuse). */
function exitedPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    child.on("exit", () => resolve(child.pid!));
  });
}
