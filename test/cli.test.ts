// The CLI in-process (runCli) for behaviour, and once through the bundle for the real exit codes.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, readdir, writeFile, copyFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { HELP_HINT, OPTIONS, parseCliArgs, USAGE, UsageError } from "../src/cli-options.js";
import { runCli } from "../src/cli.js";
import { ROOT, runResultsSchemaErrors, reportSchemaErrors } from "./support/report.js";
import { makeTempDir } from "./support/temp-dir.js";
import { hugeErrorsJsonl, tempFile } from "./e2e/helpers.js";
import { SUMMARY_MAX_BYTES } from "../src/github/summary.js";
import { JOB_SUMMARY_BUDGET_BYTES } from "../src/render/markdown.js";

const REAL = path.join(ROOT, "test/fixtures/real");

async function cli(args: string[], env: Record<string, string> = {}, cwd = ROOT) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env,
    cwd,
  });
  return { code, stdout, stderr };
}

describe("fusion-report CLI", () => {
  it("prints the Markdown report and exits 1 when errors trip the default policy", async () => {
    const { code, stdout } = await cli([path.join(REAL, "preview120_build_success.otel.jsonl")]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^## ❌ dbt Fusion: 1 node error, 1 failed test/);
    expect(stdout).toContain("accepted_values_customers_customer_type__new__returning");
  });

  it("prints a big Markdown report in chunks that end at line breaks, the text the file gets", async () => {
    const dir = makeTempDir("fusion-report-cli-");
    const file = path.join(ROOT, "test/fixtures/generated/large-run/telemetry.jsonl");
    const chunks: string[] = [];
    const code = await runCli(["--fail-on", "never", file], {
      stdout: (t) => chunks.push(t),
      stderr: () => undefined,
      env: {},
      cwd: ROOT,
    });
    expect(code).toBe(0);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.endsWith("\n")).toBe(true);
    const written = path.join(dir, "report.md");
    const both: string[] = [];
    await runCli(["--fail-on", "never", "--markdown", written, file], {
      stdout: (t) => both.push(t),
      stderr: () => undefined,
      env: {},
      cwd: ROOT,
    });
    expect(chunks.join("")).toBe(await readFile(written, "utf8"));
    expect(both.join("")).toBe(chunks.join(""));
  });

  it("an error nobody expected exits 2 with a message, never 1 (the policy's code)", async () => {
    let stderr = "";
    const code = await runCli(["--fail-on", "never", path.join(REAL, "preview72_build_success.otel.jsonl")], {
      stdout: () => {
        throw new Error("EBADF: bad file descriptor, write");
      },
      stderr: (t) => (stderr += t),
      env: {},
      cwd: ROOT,
    });
    expect(code).toBe(2);
    expect(stderr).toBe("fusion-report: stopped unexpectedly: EBADF: bad file descriptor, write\n");
  });

  it("exits 0 on a clean run, and with --fail-on never (in any case)", async () => {
    expect((await cli(["--fail-on", "Never", path.join(REAL, "preview120_failed.otel.jsonl")])).code).toBe(0);
    expect((await cli([path.join(REAL, "preview72_build_success.otel.jsonl")])).code).toBe(0);
    expect((await cli(["--fail-on", "never", path.join(REAL, "preview120_failed.otel.jsonl")])).code).toBe(0);
  });

  it("--fail-on warnings trips on warned tests only under that policy", async () => {
    const file = path.join(ROOT, "test/fixtures/generated/warnings-and-idle/telemetry.jsonl");
    expect((await cli([file])).code).toBe(0);
    const tests = path.join(ROOT, "test/fixtures/generated/tests/telemetry.jsonl");
    expect((await cli(["--fail-on", "warnings", "--quiet", tests])).code).toBe(1);
  });

  it("searches directories for *.parquet and *.jsonl and reports an invocation found in both once", async () => {
    const dir = makeTempDir("fr-dir-");
    await copyFile(path.join(REAL, "preview120_failed.otel.jsonl"), path.join(dir, "telemetry.jsonl"));
    await copyFile(
      path.join(REAL, "parquet-replica/preview120_failed.REPLICA.parquet"),
      path.join(dir, "telemetry.parquet"),
    );
    await writeFile(path.join(dir, "notes.txt"), "not telemetry");
    const json = path.join(dir, "report.json");
    const { code } = await cli(["--quiet", "--json", json, dir]);
    expect(code).toBe(1);
    const report = JSON.parse(await readFile(json, "utf8"));
    expect(reportSchemaErrors(report)).toBe("");
    expect(report.invocations).toHaveLength(1);
    expect(report.invocations[0].source.files).toHaveLength(2);
  });

  it("skips another tool's JSON Lines also when it is named, as long as telemetry was read (README: When the run crashes)", async () => {
    const dir = makeTempDir("fr-foreign-");
    const foreign = path.join(dir, "app.jsonl");
    await writeFile(foreign, '{"ts":1,"level":"info","msg":"started"}\n');
    const telemetry = path.join(REAL, "preview120_failed.otel.jsonl");
    const both = await cli(["--quiet", foreign, telemetry]);
    expect(both.code).toBe(1);
    expect(both.stderr).toContain("app.jsonl:1: not dbt Fusion telemetry");
    expect(both.stderr).toContain("— skipped: it is not telemetry (the report is read from ");
    // Alone, it is no telemetry at all: an error, not a silent empty report.
    const alone = await cli(["--quiet", foreign]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain("app.jsonl:1: not dbt Fusion telemetry");
  });

  it("writes --markdown, --json and a schema-valid --run-results", async () => {
    const dir = makeTempDir("fr-out-");
    const { code } = await cli([
      "--quiet",
      "--markdown",
      path.join(dir, "report.md"),
      "--json",
      path.join(dir, "report.json"),
      "--run-results",
      path.join(dir, "run_results.json"),
      path.join(REAL, "parquet-replica/preview120_build_success.REPLICA.parquet"),
    ]);
    expect(code).toBe(1);
    const runResults = JSON.parse(await readFile(path.join(dir, "run_results.json"), "utf8"));
    expect(runResultsSchemaErrors(runResults)).toBe("");
    const failed = runResults.results.find((r: { status: string }) => r.status === "fail");
    expect(failed.failures).toBe(2);
    expect(await readFile(path.join(dir, "report.md"), "utf8")).toMatch(/^## ❌/);
    expect((await readdir(dir)).sort()).toEqual(["report.json", "report.md", "run_results.json"]);
  });

  it("shows a span end 175 years late as an unknown lifetime, out of the slowest list, with a warning", async () => {
    const dir = makeTempDir("fr-times-");
    const id = "test.jaffle_shop.accepted_values_customers_customer_type__new__returning.d299a3800c";
    const lines = (await readFile(path.join(REAL, "preview120_failed.otel.jsonl"), "utf8")).split("\n");
    const at = lines.findIndex(
      (line) => line.includes('"SpanEnd"') && line.includes(`Node processed (${id})`),
    );
    const record = JSON.parse(lines[at]!);
    record.end_time_unix_nano = String(BigInt(record.end_time_unix_nano) + 175n * 365n * 86_400n * 10n ** 9n);
    lines[at] = JSON.stringify(record);
    const telemetry = path.join(dir, "late.jsonl");
    await writeFile(telemetry, lines.join("\n"));
    const json = path.join(dir, "report.json");
    const { stdout, stderr } = await cli(["--format", "markdown", "--json", json, telemetry]);

    const node = JSON.parse(await readFile(json, "utf8")).invocations[0].nodes.find(
      (n: { uniqueId: string }) => n.uniqueId === id,
    );
    expect(node.timing).toMatchObject({
      lifetimeMs: null,
      processingMs: 2962,
      completedAt: expect.stringMatching(/^2201-/),
    });
    expect(stderr).toContain(
      `fusion-report: warning: 1 node has times its invocation cannot hold (the invocation ran 53.0s, from ` +
        `2026-02-26T02:33:08.912148Z to 2026-02-26T02:34:01.863124Z), left out of the report: ${id} (lifetime: its ` +
        "span runs from",
    );
    expect(stdout).toContain("1 node has times its invocation cannot hold");
    expect(stdout).not.toMatch(/\d+d\d\dh/);
  });

  it("a file cut before its run began says so: the warning reaches stderr, the Markdown and the JSON report", async () => {
    const dir = makeTempDir("fr-cut-");
    const lines = (await readFile(path.join(REAL, "preview120_failed.otel.jsonl"), "utf8")).split("\n");
    // The Process span's start, then the next record cut off: no invocation was ever written whole.
    const telemetry = path.join(dir, "cut.jsonl");
    await writeFile(telemetry, `${lines[0]}\n${lines[1]!.slice(0, 150)}`);
    const json = path.join(dir, "report.json");
    const { code, stdout, stderr } = await cli(["--format", "markdown", "--json", json, telemetry]);
    const warning = `${telemetry}:2: last line is truncated or not valid JSON (a crashed or interrupted run); it was ignored`;
    expect(code).toBe(0);
    expect(stderr).toBe(`fusion-report: warning: ${warning}\n`);
    expect(stdout).toContain("No dbt invocation was found in the telemetry.");
    expect(stdout).toContain("last line is truncated or not valid JSON");
    const report = JSON.parse(await readFile(json, "utf8"));
    expect(report.readerWarnings).toEqual([warning]);
    expect(reportSchemaErrors(report)).toBe("");
  });

  it("a run appended after one killed mid-record is read, whatever record was cut (the engine appends)", async () => {
    const dir = makeTempDir("fr-appended-");
    const lines = (await readFile(path.join(REAL, "preview120_build_success.otel.jsonl"), "utf8")).split(
      "\n",
    );
    const nextRun = await readFile(path.join(REAL, "preview72_build_success.otel.jsonl"), "utf8");
    const kinds = {
      "a node's start": (line: string) =>
        line.startsWith('{"record_type":"SpanStart"') && line.includes("Node evaluated"),
      "a phase's end": (line: string) =>
        line.startsWith('{"record_type":"SpanEnd"') && line.includes("Node evaluated"),
      "a NodeProcessed end": (line: string) =>
        line.startsWith('{"record_type":"SpanEnd"') && line.includes("Node processed"),
      "a query's end": (line: string) =>
        line.startsWith('{"record_type":"SpanEnd"') && line.includes("Query executed"),
      "an error log": (line: string) =>
        line.startsWith('{"record_type":"LogRecord"') && line.includes('"ERROR"'),
    };
    for (const [kind, isKind] of Object.entries(kinds)) {
      const at = lines.findIndex((line, i) => i > 5 && isKind(line));
      const telemetry = path.join(dir, "telemetry.jsonl");
      const cut = lines[at]!.slice(0, lines[at]!.length / 2);
      await writeFile(telemetry, `${lines.slice(0, at).join("\n")}\n${cut}${nextRun}`);
      const json = path.join(dir, "report.json");
      const { code, stderr } = await cli(["--quiet", "--json", json, telemetry]);
      expect(code, kind).toBe(1);
      expect(stderr, kind).toContain(
        `${telemetry}:${at + 1}: a record cut off where its run stopped (killed or crashed while writing it)`,
      );
      const report = JSON.parse(await readFile(json, "utf8"));
      // Both invocations of the appended file, whole, and the one cut off, not finished.
      expect(
        report.invocations.map((inv: { nodes: unknown[] }) => inv.nodes.length),
        kind,
      ).toEqual([48, 48, expect.any(Number)]);
      expect(report.invocations[2].readerWarnings, kind).toContain(
        "the invocation has no end record: the run crashed, was killed or is still running; results are partial",
      );
    }
  });

  it("a record whose trace_id is no trace id is left out, naming its line, and makes no invocation", async () => {
    const dir = makeTempDir("fr-trace-");
    const lines = (await readFile(path.join(REAL, "preview120_failed.otel.jsonl"), "utf8")).split("\n");
    const at = lines.findIndex(
      (line) => line.includes('"SpanEnd"') && line.includes("Node processed (test."),
    );
    const record = JSON.parse(lines[at]!);
    record.trace_id = "zz";
    lines[at] = JSON.stringify(record);
    const telemetry = path.join(dir, "trace.jsonl");
    await writeFile(telemetry, lines.join("\n"));
    const json = path.join(dir, "report.json");
    const { stderr } = await cli(["--quiet", "--json", json, telemetry]);
    expect(stderr).toContain(
      `fusion-report: warning: ${telemetry}:${at + 1}: trace_id is "zz", not a trace id (32 hex digits); the record was ignored`,
    );
    const report = JSON.parse(await readFile(json, "utf8"));
    expect(report.invocations).toHaveLength(1);
    expect(report.counts.total).toBe(2);
  });

  it("prints exactly the Markdown it writes, and with --quiet only writes it", async () => {
    const dir = makeTempDir("fr-md-");
    const file = path.join(REAL, "preview120_failed.otel.jsonl");
    const printed = await cli(["--markdown", path.join(dir, "a.md"), file]);
    expect(printed.stdout).toBe(await readFile(path.join(dir, "a.md"), "utf8"));
    const quiet = await cli(["--quiet", "--markdown", path.join(dir, "b.md"), file]);
    expect(quiet.stdout).toBe("");
    expect(await readFile(path.join(dir, "b.md"), "utf8")).toBe(printed.stdout);
  });

  it.each([
    ["an empty file", "", /empty/],
    ["binary garbage", Buffer.from([0, 1, 2, 255, 254, 10, 0, 7]), /binary data, not JSON Lines/],
    ["an invalid JSON line mid-file", null, /bad\.jsonl:2: invalid JSON/],
    ["a truncated Parquet file", "parquet-truncated", /truncated Parquet file/],
    ["a Parquet file that is not telemetry", "parquet-foreign", /not dbt Fusion telemetry: Parquet column/],
  ])(
    "rejects %s with exit 2, a message naming the file, and no output files",
    async (_label, content, pattern) => {
      const dir = makeTempDir("fr-bad-");
      let file = path.join(dir, "bad.jsonl");
      if (content === null) {
        const good = (await readFile(path.join(REAL, "preview120_failed.otel.jsonl"), "utf8")).split("\n");
        await writeFile(file, [good[0], "{oops", ...good.slice(1)].join("\n"));
      } else if (content === "parquet-truncated") {
        file = path.join(dir, "bad.parquet");
        const bytes = await readFile(path.join(REAL, "parquet-replica/preview120_failed.REPLICA.parquet"));
        await writeFile(file, bytes.subarray(0, bytes.length - 100));
      } else if (content === "parquet-foreign") {
        file = path.join(dir, "bad.parquet");
        await copyFile(path.join(ROOT, "test/fixtures/bad/not-telemetry.parquet"), file);
      } else {
        await writeFile(file, content);
      }
      const out = path.join(dir, "out.json");
      const { code, stderr, stdout } = await cli([
        "--json",
        out,
        "--run-results",
        path.join(dir, "rr.json"),
        file,
      ]);
      expect(code).toBe(2);
      expect(stdout).toBe("");
      // Outside the working folder the file is named by its absolute path, never `../../tmp/…`.
      expect(stderr).toContain(`fusion-report: ${file}`);
      expect(stderr).toMatch(pattern);
      expect(existsSync(out)).toBe(false);
      expect(existsSync(path.join(dir, "rr.json"))).toBe(false);
    },
  );

  it("rejects a missing path and bad options with exit 2, the one problem and a --help hint", async () => {
    const missing = await cli(["/nonexistent/otel.jsonl"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /No telemetry found at \/nonexistent\/otel\.jsonl \(\/nonexistent\/otel\.jsonl: no such file or directory\)/,
    );
    const bad = await cli(["--fail-on", "sometimes", "x"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'fusion-report: --fail-on must be one of errors, warnings, never, new-errors (got "sometimes")\n' +
        `${HELP_HINT}\n`,
    );
    const none = await cli([]);
    expect(none.stderr).toMatch(/^fusion-report: no telemetry given: pass files or directories/);
    expect(none.stderr).not.toContain("Options:");
    expect((await cli(["--help"])).stdout).toBe(`${USAGE}\n`);
  });

  it("never prints a dbt platform token given on the command line, even in errors", async () => {
    const { code, stderr } = await cli([
      "--dbt-cloud-token",
      "dbtc_SECRET_123456",
      "--dbt-cloud-run-id",
      "42",
      "--dbt-cloud-account-id",
      "1",
    ]);
    expect(code).toBe(2);
    expect(stderr).not.toContain("dbtc_SECRET_123456");
    expect(stderr).toMatch(/dbt-cloud-base-url/);
  });
});

describe("--format", () => {
  const file = path.join(REAL, "preview72_failed.otel.jsonl");
  async function onTerminal(args: string[], env: Record<string, string> = {}, columns?: number) {
    let stdout = "";
    const code = await runCli(args, {
      stdout: (t) => (stdout += t),
      stderr: () => undefined,
      env,
      cwd: ROOT,
      stdoutIsTty: true,
      ...(columns ? { columns } : {}),
    });
    return { code, stdout };
  }

  it("is text on a terminal, coloured unless NO_COLOR is set, and as wide as the terminal", async () => {
    const coloured = await onTerminal([file], {}, 60);
    expect(coloured.code).toBe(1);
    expect(coloured.stdout).toContain("\u001b[1m");
    const plain = await onTerminal([file], { NO_COLOR: "1" }, 60);
    expect(plain.stdout).toMatch(/^✖ dbt Fusion: 1 failed test\n/);
    expect(plain.stdout).not.toContain("\u001b");
    expect(plain.stdout.split("\n").find((line) => line.startsWith("── Failed tests"))).toHaveLength(60);
  });

  it("is Markdown with --format markdown on a terminal, and by default anywhere else", async () => {
    const markdown = (await onTerminal(["--format", "markdown", file])).stdout;
    expect(markdown).toMatch(/^## ❌ dbt Fusion: 1 failed test/);
    expect((await cli([file])).stdout).toBe(markdown);
    expect((await cli(["--format", "text", file], { NO_COLOR: "1" })).stdout).toBe(
      (await onTerminal([file], { NO_COLOR: "1" })).stdout,
    );
  });

  it("says in the usage text what it does", () => {
    expect(USAGE).toMatch(/--format FORMAT +text \| markdown/);
  });

  it("accepts no flag that the usage text does not name", () => {
    const named = new Set(USAGE.match(/--[a-z-]+/g));
    expect(Object.keys(OPTIONS).filter((flag) => !named.has(`--${flag}`))).toEqual([]);
    expect(() => parseCliArgs(["--dbt-cloud-download-dir", "/x", "f.jsonl"], {})).toThrow(UsageError);
  });
});

describe("--max-bytes: the Markdown on stdout within a job summary's budget", () => {
  const parse = (argv: string[], env: Record<string, string> = {}, tty = false) =>
    parseCliArgs(argv, env, tty) as Exclude<ReturnType<typeof parseCliArgs>, "help" | "version">;

  it("is the job summary's budget by default in a GitHub Actions step, else no limit", () => {
    expect(JOB_SUMMARY_BUDGET_BYTES).toBe(SUMMARY_MAX_BYTES - 1_000);
    expect(parse(["f.jsonl"]).maxBytes).toBeNull();
    expect(parse(["f.jsonl"], { GITHUB_STEP_SUMMARY: "/tmp/s.md" }).maxBytes).toBe(JOB_SUMMARY_BUDGET_BYTES);
    expect(parse(["--max-bytes", "0", "f.jsonl"], { GITHUB_STEP_SUMMARY: "/tmp/s.md" }).maxBytes).toBeNull();
    expect(parse(["--max-bytes", "65536", "f.jsonl"]).maxBytes).toBe(65_536);
    // Plain text for a terminal is not what a job summary takes.
    expect(parse(["f.jsonl"], { GITHUB_STEP_SUMMARY: "/tmp/s.md" }, true).maxBytes).toBeNull();
    for (const nothingPrinted of [["--quiet"], ["--markdown", "-"], ["--json", "-"]]) {
      expect(
        () => parse(["--max-bytes", "5000", ...nothingPrinted, "f.jsonl"]),
        nothingPrinted.join(" "),
      ).toThrow(
        /--max-bytes fits the Markdown report printed on stdout, and none is printed with --quiet or a report file on -/,
      );
    }
    expect(() => parse(["--max-bytes", "5000", "f.jsonl"], {}, true)).toThrow(
      "--max-bytes is for the Markdown on stdout: add --format markdown",
    );
    for (const bad of ["999", "-1", "1e3.5", "lots"]) {
      expect(() => parse(["--max-bytes", bad, "f.jsonl"]), bad).toThrow(
        /--max-bytes must be a whole number ≥ 1000/,
      );
    }
  });

  it("cuts a report over the budget with a note, as the Action's job summary; --markdown FILE stays whole", async () => {
    const dir = makeTempDir("fusion-report-cli-");
    const telemetry = tempFile("huge.jsonl", hugeErrorsJsonl(400, 4_000));
    const written = path.join(dir, "report.md");
    const run = await cli(["--fail-on", "never", "--markdown", written, telemetry], {
      GITHUB_STEP_SUMMARY: path.join(dir, "step_summary.md"),
    });
    expect(run.code).toBe(0);
    const bytes = Buffer.byteLength(run.stdout, "utf8");
    expect(bytes).toBeLessThanOrEqual(JOB_SUMMARY_BUDGET_BYTES);
    expect(bytes).toBeGreaterThan(900_000);
    expect(run.stdout).toContain(
      `<sub>Some detail was left out to fit this view; the complete report is in \`${written}\`.</sub>`,
    );
    expect(run.stderr).toBe(
      "fusion-report: the Markdown on stdout leaves detail out to fit 999,000 bytes (--max-bytes; 0 prints " +
        "everything); --markdown FILE has the whole report\n",
    );
    const file = await readFile(written, "utf8");
    expect(Buffer.byteLength(file, "utf8")).toBeGreaterThan(SUMMARY_MAX_BYTES);
    expect(file).not.toContain("left out");
    // Asked for no limit, stdout is the whole report too.
    const whole = await cli(["--fail-on", "never", "--max-bytes", "0", telemetry], {
      GITHUB_STEP_SUMMARY: path.join(dir, "step_summary.md"),
    });
    expect(whole.stdout).toBe(file);
  }, 60_000);

  it("leaves a report within the budget as it is", async () => {
    const file = path.join(REAL, "preview120_build_success.otel.jsonl");
    const fitted = await cli(["--max-bytes", "100000", file]);
    expect(fitted.stdout).toBe((await cli([file])).stdout);
    expect(fitted.stderr).toBe("");
    const small = await cli(["--max-bytes", "3000", file]);
    expect(Buffer.byteLength(small.stdout, "utf8")).toBeLessThanOrEqual(3_000);
    expect(small.stdout).toContain(
      "the complete report is in the Markdown report (--markdown FILE) and the JSON report (--json FILE).",
    );
  });
});

describe("telemetry files and a dbt platform run", () => {
  const env = { DBT_CLOUD_RUN_ID: "5", DBT_CLOUD_ACCOUNT_ID: "1", DBT_CLOUD_TOKEN: "tok12345678" };
  const parse = (argv: string[], environment: Record<string, string> = {}) =>
    parseCliArgs(argv, environment) as Exclude<ReturnType<typeof parseCliArgs>, "help" | "version">;

  it("files and a run or job flag together are a usage error: one would be ignored", () => {
    expect(() => parse(["--dbt-cloud-run-id", "5", "f.jsonl"])).toThrow(
      /^telemetry files and --dbt-cloud-run-id were both given: pass one or the other$/,
    );
    expect(() => parse(["f.jsonl", "--dbt-cloud-job-id", "7"])).toThrow(/--dbt-cloud-job-id were both given/);
  });

  it("a platform flag without a run or job is a usage error naming it", () => {
    for (const flag of ["--dbt-cloud-wait", "--pr-number=3", "--dbt-cloud-concurrency=50"]) {
      expect(() => parse([flag, "f.jsonl"]), flag).toThrow(
        new RegExp(
          `^${flag.split("=")[0]} is for a dbt platform run: give --dbt-cloud-run-id or --dbt-cloud-job-id`,
        ),
      );
    }
  });

  it("files named on the command line win over DBT_CLOUD_RUN_ID in the environment", () => {
    expect(parse(["f.jsonl"], env)).toMatchObject({ paths: ["f.jsonl"], dbtCloud: null });
    expect(parse([], env).dbtCloud).toMatchObject({ "dbt-cloud-run-id": "5" });
    expect(parse(["--dbt-cloud-run-id", "6"], env).dbtCloud).toMatchObject({ "dbt-cloud-run-id": "6" });
  });

  it("--dbt-cloud-job-id wins over DBT_CLOUD_RUN_ID in the environment, saying it ignores the variable", async () => {
    const byJob = parse(["--dbt-cloud-job-id", "900112", "--pr-number", "418"], env);
    expect(byJob.dbtCloud).toMatchObject({ "dbt-cloud-job-id": "900112", "pr-number": "418" });
    expect(byJob.dbtCloud).not.toHaveProperty("dbt-cloud-run-id");
    expect(byJob.warnings).toEqual([
      "DBT_CLOUD_RUN_ID is ignored: --dbt-cloud-job-id was given, and flags win over the environment",
    ]);
    // Both as flags: the run id wins, as documented; DBT_CLOUD_JOB_ID beside a run id changes nothing.
    expect(parse(["--dbt-cloud-job-id", "7", "--dbt-cloud-run-id", "6"], env).dbtCloud).toMatchObject({
      "dbt-cloud-run-id": "6",
    });
    expect(parse([], { ...env, DBT_CLOUD_JOB_ID: "7" }).warnings).toEqual([]);
    // Said on stderr (the run then fails on the base URL nobody set, as it would anyway).
    const { stderr } = await cli(["--dbt-cloud-job-id", "900112", "--pr-number", "418"], env);
    expect(stderr).toMatch(
      /^fusion-report: warning: DBT_CLOUD_RUN_ID is ignored: --dbt-cloud-job-id was given/,
    );
  });
});

describe("option values", () => {
  const parse = (argv: string[]) =>
    parseCliArgs(argv, {}) as Exclude<ReturnType<typeof parseCliArgs>, "help" | "version">;

  it("an empty value is a usage error naming the option, never 'none' or 0 (an unset variable in a script)", () => {
    for (const flag of ["--baseline", "--json", "--markdown", "--title", "--slowest", "--max-bytes"]) {
      expect(() => parse([flag, "", "f.jsonl"])).toThrow(
        new RegExp(`^${flag} was given an empty value: give it one, or leave the option out$`),
      );
    }
    expect(() => parse(["--regression-threshold= ", "f.jsonl"])).toThrow(
      /^--regression-threshold was given an empty/,
    );
    expect(() => parse(["--dbt-cloud-run-id", ""])).toThrow(/^--dbt-cloud-run-id was given an empty value/);
  });

  it("numbers are decimal: 0x10 is refused, not read as 16", () => {
    expect(() => parse(["--slowest", "0x10", "f.jsonl"])).toThrow(
      /^--slowest must be a whole number ≥ 0 \(got "0x10"\)$/,
    );
    expect(() => parse(["--max-bytes", "0b1111101000", "--format", "markdown", "f.jsonl"])).toThrow(
      /^--max-bytes must be a whole number ≥ 1000/,
    );
    expect(parse(["--slowest", "1e1", "--regression-min-seconds", " 2.5 ", "f.jsonl"])).toMatchObject({
      slowest: 10,
      regressionMinSeconds: 2.5,
    });
  });

  it("an unknown option is named, without parseArgs' advice about positionals", () => {
    expect(() => parse(["--bogus", "f.jsonl"])).toThrow(/^unknown option --bogus$/);
    expect(() => parse(["-q", "f.jsonl"])).toThrow(/^unknown option -q$/);
    expect(() => parse(["--constructor", "f.jsonl"])).toThrow(/^unknown option --constructor$/);
  });

  it.each([
    ["--fromat", "--format"],
    ["--Format", "--format"],
    ["--fail_on", "--fail-on"],
    ["--dbt-cloud-runid", "--dbt-cloud-run-id"],
    ["--slowst", "--slowest"],
  ])("an unknown option %s suggests the closest known one, %s", (typed, known) => {
    expect(() => parse([typed, "x", "f.jsonl"])).toThrow(`unknown option ${typed} (did you mean ${known}?)`);
  });

  it("a file named like an option is told how to name it; after -- it is a file", () => {
    expect(() => parse(["-x.jsonl"])).toThrow(
      /^unknown option -x \(in -x\.jsonl\): name a file that starts with - after --, or as \.\/-x\.jsonl$/,
    );
    expect(parse(["--", "-x.jsonl", "--quiet"]).paths).toEqual(["-x.jsonl", "--quiet"]);
  });

  it("a missing value, a value for a switch and an option taken for a value are said by option", () => {
    expect(() => parse(["f.jsonl", "--slowest"])).toThrow(/^--slowest needs a value$/);
    expect(() => parse(["--diagrams=yes", "f.jsonl"])).toThrow(
      /^--diagrams takes no value \(got --diagrams=yes\)$/,
    );
    expect(() => parse(["--help=1"])).toThrow(/^--help takes no value \(got --help=1\)$/);
    expect(() => parse(["--json", "--quiet", "f.jsonl"])).toThrow(
      /^--json needs a value, but the next argument is the option --quiet \(for a value that starts with -, write --json=--quiet\)$/,
    );
    // `-` is standard output, a value like any other.
    expect(parse(["--json", "-", "f.jsonl"]).json).toBe("-");
  });

  it("a choice is read in any case, as the Action reads its inputs; a wrong one is told the spellings", () => {
    expect(parse(["--fail-on", "Errors", "--format", "MARKDOWN", "f.jsonl"])).toMatchObject({
      failOn: "errors",
      format: "markdown",
    });
    expect(parse(["--fail-on=New-Errors", "--format=Text", "f.jsonl"])).toMatchObject({
      failOn: "new-errors",
      format: "text",
    });
    expect(() => parse(["--format", "HTML", "f.jsonl"])).toThrow(
      /^--format must be one of text, markdown \(got "HTML"\)$/,
    );
  });

  it("a file option's ~ is the home folder also after = (--json=~/x), where the shell leaves it", () => {
    const home = { HOME: "/home/ana" };
    const given = (argv: string[]) =>
      parseCliArgs([...argv, "f.jsonl"], home) as Exclude<
        ReturnType<typeof parseCliArgs>,
        "help" | "version"
      >;
    expect(
      given(["--json=~/r.json", "--markdown=~/r.md", "--run-results=~/rr.json", "--junit=~/j.xml"]),
    ).toMatchObject({
      json: "/home/ana/r.json",
      markdown: "/home/ana/r.md",
      runResults: "/home/ana/rr.json",
      junit: "/home/ana/j.xml",
    });
    expect(given(["--baseline=~"]).baseline).toBe("/home/ana");
    // `~user` is another user's home, which only a shell knows; `-` is stdout; a ~ further in is a name.
    expect(given(["--json=~bob/r.json", "--junit=-", "--markdown=out/~/r.md"])).toMatchObject({
      json: "~bob/r.json",
      junit: "-",
      markdown: "out/~/r.md",
    });
  });

  it("--json=~/x writes in the home folder, not in a folder named ~", async () => {
    const home = makeTempDir("fr-home-");
    const cwd = makeTempDir("fr-cwd-");
    const { code } = await cli(
      [
        "--quiet",
        "--json=~/report.json",
        path.join(REAL, "parquet-replica/preview120_build_success.REPLICA.parquet"),
      ],
      { HOME: home },
      cwd,
    );
    expect(code).toBe(1);
    expect(JSON.parse(await readFile(path.join(home, "report.json"), "utf8")).invocations).toHaveLength(1);
    expect(await readdir(cwd)).toEqual([]);
  });

  it("--help and --version win wherever they are; a repeated option's last value is used", () => {
    expect(parse(["f.jsonl", "--fail-on", "never", "--help"])).toBe("help");
    expect(parse(["f.jsonl", "-v"])).toBe("version");
    // Also beside an option that is wrong: the help is what was asked for.
    expect(parse(["--fromat", "text", "f.jsonl", "--help"])).toBe("help");
    expect(parse(["--slowest", "-h"])).toBe("help");
    expect(parse(["--bogus", "--version"])).toBe("version");
    // After `--` it is a file name.
    expect(() => parse(["--bogus", "--", "--help"])).toThrow(/^unknown option --bogus/);
    expect(parse(["--slowest", "3", "--slowest", "4", "f.jsonl"]).slowest).toBe(4);
  });
});

describe("baseline and JUnit options", () => {
  it("--fail-on new-errors fails on failures the base branch did not have, and --junit writes XML", async () => {
    const dir = makeTempDir("fr-base-");
    const base = path.join(dir, "base.json");
    // The base branch: the same project, green (preview.72 build).
    expect(
      (await cli(["--quiet", "--json", base, path.join(REAL, "preview72_build_success.otel.jsonl")])).code,
    ).toBe(0);
    const junit = path.join(dir, "junit.xml");
    const pr = path.join(REAL, "preview120_build_success.otel.jsonl");
    const result = await cli(["--baseline", base, "--fail-on", "new-errors", "--junit", junit, pr]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/🆕 \d+ new failure/);
    expect(await readFile(junit, "utf8")).toMatch(/^<\?xml[\s\S]*<testsuites[\s\S]*<failure /);
    // Against itself nothing is new: neutral, exit 0.
    const self = path.join(dir, "self.json");
    await cli(["--quiet", "--json", self, pr]);
    expect((await cli(["--quiet", "--baseline", self, "--fail-on", "new-errors", pr])).code).toBe(0);
  });

  it("the regression options without --baseline are said to compare nothing", async () => {
    const warnings = (argv: string[]) =>
      (parseCliArgs(argv, {}) as Exclude<ReturnType<typeof parseCliArgs>, "help" | "version">).warnings;
    expect(warnings(["--regression-threshold", "20", "f.jsonl"])).toEqual([
      "--regression-threshold needs --baseline (a base-branch JSON report); without one no timing is compared",
    ]);
    expect(warnings(["--regression-min-seconds=5", "--regression-threshold", "20", "f.jsonl"])).toEqual([
      "--regression-threshold and --regression-min-seconds need --baseline (a base-branch JSON report); " +
        "without one no timing is compared",
    ]);
    // Their defaults are no reason to warn, nor are the options beside a baseline.
    expect(warnings(["f.jsonl"])).toEqual([]);
    expect(warnings(["--regression-threshold", "20", "--baseline", "b.json", "f.jsonl"])).toEqual([]);
    const run = await cli([
      "--quiet",
      "--regression-min-seconds",
      "5",
      path.join(REAL, "preview72_build_success.otel.jsonl"),
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      "fusion-report: warning: --regression-min-seconds needs --baseline (a base-branch JSON report); " +
        "without one no timing is compared\n",
    );
  });

  it("--diagrams where no Markdown is written, the wait bounds without waiting and the job flags beside a run id are said to do nothing", () => {
    const warnings = (argv: string[], tty = false) =>
      (parseCliArgs(argv, {}, tty) as Exclude<ReturnType<typeof parseCliArgs>, "help" | "version">).warnings;
    expect(warnings(["--diagrams", "--format", "text", "f.jsonl"])).toEqual([
      "--diagrams draws in the Markdown report, and none is printed with --format text: add --markdown FILE, or --format markdown",
    ]);
    // Text is the default at a terminal.
    expect(warnings(["--diagrams", "f.jsonl"], true)).toHaveLength(1);
    expect(warnings(["--diagrams", "--quiet", "--json", "r.json", "f.jsonl"])).toEqual([
      "--diagrams draws in the Markdown report, and none is printed with --quiet or a report file on -: add --markdown FILE",
    ]);
    expect(warnings(["--diagrams", "--json", "-", "f.jsonl"])).toHaveLength(1);
    // Markdown on stdout or in a file: the diagrams are drawn.
    expect(warnings(["--diagrams", "f.jsonl"])).toEqual([]);
    expect(warnings(["--diagrams", "--format", "text", "--markdown", "r.md", "f.jsonl"])).toEqual([]);
    expect(warnings(["--diagrams", "--quiet", "--markdown", "-", "f.jsonl"])).toEqual([]);

    const env = { DBT_CLOUD_RUN_ID: "7" };
    const platform = (argv: string[]) =>
      (parseCliArgs(argv, env) as Exclude<ReturnType<typeof parseCliArgs>, "help" | "version">).warnings;
    expect(platform(["--dbt-cloud-max-wait-seconds", "600"])).toEqual([
      "--dbt-cloud-max-wait-seconds needs --dbt-cloud-wait; without it nothing is waited for",
    ]);
    expect(platform(["--dbt-cloud-poll-interval-seconds=30", "--dbt-cloud-max-wait-seconds", "600"])).toEqual(
      [
        "--dbt-cloud-max-wait-seconds and --dbt-cloud-poll-interval-seconds need --dbt-cloud-wait; " +
          "without it nothing is waited for",
      ],
    );
    expect(platform(["--dbt-cloud-wait", "--dbt-cloud-max-wait-seconds", "600"])).toEqual([]);
    // A run id names the run: the flags that pick one of a job's runs are not read.
    expect(platform(["--dbt-cloud-job-id", "5", "--dbt-cloud-run-id", "8"])).toEqual([
      "--dbt-cloud-job-id is not read: --dbt-cloud-run-id names the run, so no run of a job is looked for",
    ]);
    expect(platform(["--pr-number", "12", "--head-sha", "a".repeat(40)])).toEqual([
      "--pr-number and --head-sha are not read: DBT_CLOUD_RUN_ID names the run, so no run of a job is looked for",
    ]);
    expect(
      warnings(["--dbt-cloud-job-id", "5", "--pr-number", "12"], false).filter((w) => w.includes("not read")),
    ).toEqual([]);
  });

  it("rejects an unusable baseline with exit 2, naming the file", async () => {
    const dir = makeTempDir("fr-badbase-");
    const base = path.join(dir, "base.json");
    await writeFile(base, '{"schemaVersion": 99}');
    const result = await cli(["--baseline", base, path.join(REAL, "preview120_failed.otel.jsonl")]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("base.json");
  });
});

describe("dist/cli.js", () => {
  it.runIf(existsSync(path.join(ROOT, "dist/cli.js")))(
    "runs with plain node and returns the policy exit code",
    async () => {
      const run = promisify(execFile);
      const result = await run(
        process.execPath,
        ["dist/cli.js", "--quiet", path.join(REAL, "preview72_failed.otel.jsonl")],
        {
          cwd: ROOT,
        },
      ).catch((error: { code: number }) => error);
      expect((result as { code?: number }).code).toBe(1);
    },
  );
});
