// Through the built bundles: one rule for missing telemetry paths in the CLI and the Action,
// permission errors said as such, and usage messages that name the one problem.
import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/report.js";
import { makeTempDir } from "../support/temp-dir.js";
import {
  DIST_CLI,
  ensureBuilt,
  fixture,
  runAction,
  runCliBundle,
  useStandIn,
  unprivilegedUser,
} from "./helpers.js";

// preview.72: everything passes, so the exit code shows the rule alone (0) and not the policy.
const PASSING = readFileSync(fixture("preview72_build_success.otel.jsonl"));
const HINT = "Try 'fusion-report --help' for the options.";

function project(): string {
  const cwd = makeTempDir("fusion-paths-");
  mkdirSync(join(cwd, "logs"));
  mkdirSync(join(cwd, "empty-dir"));
  writeFileSync(join(cwd, "logs/telemetry.jsonl"), PASSING);
  return cwd;
}

beforeAll(() => ensureBuilt(), 120_000);

describe("a JSONL file that cannot be read beside files that can: the CLI", () => {
  const GENERATED = join(ROOT, "test/fixtures/generated");
  /** A run's Parquet, and its JSONL with line `cut` cut short (damaged after the run wrote it). */
  function damaged(fixture: string, cut: number): string {
    const cwd = makeTempDir("fusion-damaged-");
    writeFileSync(
      join(cwd, "telemetry.parquet"),
      readFileSync(join(GENERATED, fixture, "telemetry.parquet")),
    );
    const lines = readFileSync(join(GENERATED, fixture, "telemetry.jsonl"), "utf8").split("\n");
    lines[cut - 1] = lines[cut - 1]!.slice(0, 40);
    writeFileSync(join(cwd, "telemetry.jsonl"), lines.join("\n"));
    return cwd;
  }

  it("is skipped with a warning when the Parquet file read holds every invocation it named", async () => {
    const cwd = damaged("model-errors", 21);
    const both = await runCliBundle(["--quiet", "--json", "r.json", "telemetry.parquet", "telemetry.jsonl"], {
      cwd,
    });
    expect(both.code).toBe(1); // the build's own errors, under fail-on: errors
    // The parser's own words differ between Node versions ("(line 1 column 41)" on newer ones).
    const [warning, ...rest] = both.stderr.split("\n");
    expect(rest).toEqual([""]);
    expect(warning).toMatch(
      /^fusion-report: warning: telemetry\.jsonl:21: invalid JSON \(Unterminated string in JSON at position 40.*\); lines follow it/,
    );
    expect(warning).toContain(
      "check that one dbt run wrote it and that it was copied whole — skipped: the invocation it holds is read " +
        "from telemetry.parquet",
    );
    const expected = JSON.parse(
      readFileSync(join(GENERATED, "model-errors/expected.report.json"), "utf8"),
    ) as {
      counts: unknown;
    };
    expect((JSON.parse(readFileSync(join(cwd, "r.json"), "utf8")) as { counts: unknown }).counts).toEqual(
      expected.counts,
    );
  });

  it("stays an error when it named an invocation the Parquet file does not hold (whose failure would go unseen)", async () => {
    // Two invocations in the JSONL, the first with an error; the Parquet holds the second only.
    const cwd = damaged("multi-invocation", 50);
    const both = await runCliBundle(["--quiet", "telemetry.parquet", "telemetry.jsonl"], { cwd });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(
      /^fusion-report: telemetry\.jsonl:50: invalid JSON .*or read the run's Parquet file instead\n$/,
    );
  });

  it("another tool's JSON Lines in a folder it searches is not telemetry, and is skipped", async () => {
    const cwd = damaged("model-errors", 21);
    rmSync(join(cwd, "telemetry.jsonl"));
    writeFileSync(join(cwd, "app.jsonl"), '{"ts":1,"level":"info","msg":"started"}\n');
    const result = await runCliBundle(["--quiet", "."], { cwd });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "fusion-report: warning: app.jsonl:1: not dbt Fusion telemetry: expected a JSON object with record_type, " +
        "trace_id and event_type — skipped: it is not telemetry (the report is read from telemetry.parquet)\n",
    );
  });

  it("telemetry damaged on its first line is not taken for another tool's file: still an error", async () => {
    const cwd = damaged("model-errors", 1);
    const both = await runCliBundle(["--quiet", "telemetry.parquet", "telemetry.jsonl"], { cwd });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^fusion-report: telemetry\.jsonl:1: invalid JSON/);
  });

  it("with the Parquet file unreadable too, the JSONL's error says why instead of advising it", async () => {
    const cwd = damaged("model-errors", 21);
    const parquet = join(cwd, "telemetry.parquet");
    writeFileSync(parquet, readFileSync(parquet).subarray(0, 5000)); // a run that died while writing it
    const both = await runCliBundle(["--quiet", "telemetry.parquet", "telemetry.jsonl"], { cwd });
    expect(both.code).toBe(2);
    const [message, ...rest] = both.stderr.split("\n");
    expect(rest).toEqual([""]);
    expect(message).toMatch(/^fusion-report: telemetry\.jsonl:21: invalid JSON .*copied whole; /);
    expect(message).toMatch(/; the Parquet telemetry could not be read either: telemetry\.parquet: \S.*$/);
    expect(message).not.toContain("read the run's Parquet file instead");
    expect(message).not.toContain("Use the JSONL telemetry");
  });

  it("without a readable Parquet file, the damaged JSONL is still an error that names its line", async () => {
    const cwd = damaged("model-errors", 21);
    const alone = await runCliBundle(["--quiet", "telemetry.jsonl"], { cwd });
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(
      /^fusion-report: telemetry\.jsonl:21: invalid JSON .*or read the run's Parquet file instead\n$/,
    );
  });
});

describe("pipes among the telemetry paths: the CLI", () => {
  it("a pipe in a folder it searches is not taken for a telemetry file", async () => {
    const cwd = project();
    execFileSync("mkfifo", [join(cwd, "logs/stuck.jsonl")]);
    const result = await runCliBundle(["--quiet", "logs"], { cwd });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
  });

  it("a named pipe nobody writes to waits, as cat would, and SIGTERM still ends it", async () => {
    const cwd = project();
    execFileSync("mkfifo", [join(cwd, "stuck.jsonl")]);
    const child = spawn(process.execPath, [DIST_CLI, "--quiet", "stuck.jsonl"], { cwd, stdio: "ignore" });
    const ended = new Promise<string>((resolve) =>
      child.once("exit", (code, signal) => resolve(signal ?? `code ${code}`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill("SIGTERM");
    const late = setTimeout(() => child.kill("SIGKILL"), 5_000);
    // A process.exit in the handler waited for the thread blocked opening the pipe: only SIGKILL ended it.
    expect(await ended).toBe("SIGTERM");
    clearTimeout(late);
  });
});

describe("paths that are there but cannot be followed or opened: the CLI", () => {
  const LOOP = "too many levels of symbolic links: a link leads back to itself, or through too many others";

  it("a named link loop is not reported as missing, and its reason is said in words", async () => {
    const cwd = project();
    symlinkSync("b.jsonl", join(cwd, "a.jsonl"));
    symlinkSync("a.jsonl", join(cwd, "b.jsonl"));
    const named = await runCliBundle(["--quiet", "a.jsonl"], { cwd });
    expect(named.code).toBe(2);
    expect(named.stderr).toBe(`fusion-report: a.jsonl: cannot read it (${LOOP})\n`);
    // Found by searching a folder, and given as the baseline: the same words.
    mkdirSync(join(cwd, "loop"));
    symlinkSync("../a.jsonl", join(cwd, "loop/x.jsonl"));
    const searched = await runCliBundle(["--quiet", "loop"], { cwd });
    expect(searched.stderr).toBe(`fusion-report: loop/x.jsonl: cannot read the file (${LOOP})\n`);
    const baseline = await runCliBundle(["--quiet", "--baseline", "a.jsonl", "logs"], { cwd });
    expect(baseline.stderr).toBe(`fusion-report: baseline a.jsonl: cannot read it (${LOOP})\n`);
  });

  it("a link to a folder in a searched folder is passed over, as a glob passes it over; the report stands", async () => {
    const cwd = project();
    mkdirSync(join(cwd, "sub"));
    symlinkSync("../sub", join(cwd, "logs/dirlink.jsonl"));
    for (const searched of ["logs", "logs/*.jsonl"]) {
      const result = await runCliBundle(["--quiet", searched], { cwd });
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
    }
  });

  it("a socket named as telemetry says why it cannot be opened", async () => {
    const cwd = project();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(cwd, "s.jsonl"), resolve));
    try {
      const result = await runCliBundle(["--quiet", "s.jsonl"], { cwd });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        "fusion-report: s.jsonl: cannot read the file (no such device or address: a socket, or a device with " +
          "nothing behind it, cannot be opened by name)\n",
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("missing telemetry paths: the CLI", () => {
  it("a named file that is missing is an error, even when another file was read", async () => {
    const result = await runCliBundle(["--quiet", "logs/telemetry.jsonl", "nowhere.parquet"], {
      cwd: project(),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "fusion-report: telemetry file not found: nowhere.parquet. A file named in the list must exist; " +
        "name a glob (e.g. logs/*.jsonl) or a directory for telemetry that may be absent\n",
    );
  });

  it("a glob or directory that matches nothing is a note when something was read", async () => {
    const result = await runCliBundle(
      ["--quiet", "logs/telemetry.jsonl", "target/metadata/*.parquet", "empty-dir"],
      { cwd: project() },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      "fusion-report: No telemetry matched target/metadata/*.parquet\nfusion-report: No telemetry matched empty-dir\n",
    );
  });

  it("nothing found at all is an error that names what was looked for", async () => {
    const result = await runCliBundle(["--quiet", "missing.jsonl", "empty-dir"], { cwd: project() });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "fusion-report: No telemetry found at missing.jsonl, empty-dir (missing.jsonl: no such file or directory). " +
        "A folder is searched for *.parquet, *.jsonl, *.jsonl.gz files, not its subfolders. Check the path: dbt " +
        "writes telemetry when run with --otel-file-name (JSONL in logs/) or --otel-parquet-file-name (Parquet in " +
        "target/metadata/).\n",
    );
  });

  it("a baseline that is not there says so in words, not as Node's error code", async () => {
    const telemetry = fixture("preview72_failed.otel.jsonl");
    const result = await runCliBundle(["--quiet", "--baseline", "nope.json", telemetry], { cwd: project() });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "fusion-report: baseline nope.json: no such file (give the JSON report a run wrote with --json, or the report-json output)\n",
    );
  });
});

describe("missing telemetry paths: the Action", () => {
  const standIn = useStandIn();

  it("a named file that is missing fails the step", async () => {
    const run = await runAction(standIn.current, {
      inputs: { telemetry: "logs/telemetry.jsonl\nnowhere.parquet" },
      workspaceFiles: { "logs/telemetry.jsonl": PASSING },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^::error::telemetry file not found: nowhere\.parquet\. A file named in the list/m,
    );
    expect(run.summary).toContain("telemetry could not be read");
  });

  it("a glob or directory that matches nothing is noted in the log and the report goes out", async () => {
    const run = await runAction(standIn.current, {
      inputs: { telemetry: "logs/telemetry.jsonl\ntarget/metadata/*.parquet\nempty-dir" },
      workspaceFiles: { "logs/telemetry.jsonl": PASSING, "empty-dir/notes.txt": "not telemetry" },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("No telemetry matched target/metadata/*.parquet\n");
    expect(run.stdout).toContain("No telemetry matched empty-dir\n");
    expect(run.outputs.conclusion).toBe("success");
  });

  it("nothing found at all is 'no telemetry', which if-no-telemetry decides", async () => {
    const run = await runAction(standIn.current, {
      inputs: { telemetry: "logs/telemetry.jsonl\ntarget/metadata/*.parquet", "if-no-telemetry": "neutral" },
    });
    expect(run.code).toBe(0);
    expect(run.outputs.conclusion).toBe("neutral");
    expect(run.stdout).toContain(
      "No telemetry found at logs/telemetry.jsonl, target/metadata/*.parquet (logs/telemetry.jsonl: no such file or directory).",
    );
  });

  it("nothing found in a project-dir says where it looked, and that the folder does not exist", async () => {
    const run = await runAction(standIn.current, {
      inputs: { "project-dir": "transfrom", telemetry: "logs/telemetry.jsonl" },
      workspaceFiles: { "transform/logs/telemetry.jsonl": PASSING },
    });
    expect(run.code).toBe(1);
    const folder = join(run.workspace, "transfrom");
    expect(run.stdout).toContain(
      `::error::No telemetry found at logs/telemetry.jsonl (logs/telemetry.jsonl: no such file or directory). ` +
        `The paths are relative to project-dir 'transfrom' (${folder}, which does not exist); check it first.`,
    );
  });

  it("a project-dir that cannot even be looked up is still 'no telemetry found', saying why", async () => {
    // Its hint looked the folder up before anything was read, and threw: the step stopped on a bare
    // 'ENAMETOOLONG: name too long, stat …', also when if-no-telemetry would have let it go on.
    const long = "t".repeat(300);
    const run = await runAction(standIn.current, {
      inputs: { "project-dir": long, telemetry: "logs/telemetry.jsonl", "if-no-telemetry": "neutral" },
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.outputs.conclusion).toBe("neutral");
    expect(run.stdout).toContain(
      `The paths are relative to project-dir '${long}' (${join(run.workspace, long)}, which cannot be looked up: ` +
        "the name is too long); check it first.",
    );
  });

  it("dbt platform inputs without a run or job: a warning, and the no-telemetry error says so first", async () => {
    const run = await runAction(standIn.current, {
      inputs: {
        telemetry: "logs/telemetry.jsonl",
        "dbt-cloud-account-id": "1",
        "dbt-cloud-token": "dbtc_e2eSecretToken0123456789",
      },
    });
    expect(run.code).toBe(1);
    const unused =
      "'dbt-cloud-account-id', 'dbt-cloud-token' are set for a dbt platform run, but neither 'dbt-cloud-run-id' " +
      "nor 'dbt-cloud-job-id' is: the local 'telemetry' paths are read instead.";
    expect(run.stdout).toContain(`::warning::${unused}\n`);
    expect(run.stdout).toContain(
      `::error::No telemetry found at logs/telemetry.jsonl (logs/telemetry.jsonl: no such file or directory). ${unused} Run dbt`,
    );
    // Only where the runner is told to mask it.
    const printed = (run.stdout + run.stderr + run.summary).replace(/^::add-mask::.*$/gm, "");
    expect(printed).not.toContain("dbtc_e2eSecretToken0123456789");
  });

  it("fail-on: new-errors without a baseline warns once", async () => {
    const run = await runAction(standIn.current, {
      inputs: { telemetry: "logs/telemetry.jsonl", "fail-on": "new-errors" },
      workspaceFiles: { "logs/telemetry.jsonl": PASSING },
    });
    expect(run.code).toBe(0);
    const warnings = run.stdout
      .split("\n")
      .filter((line) => line.startsWith("::warning::fail-on: new-errors"));
    expect(warnings).toEqual([
      "::warning::fail-on: new-errors needs a baseline ('baseline' or 'baseline-artifact'); without one it acts like fail-on: errors.",
    ]);
  });
});

describe("permission denied", () => {
  const user = unprivilegedUser();
  // As root every read succeeds, so the CLI runs as `nobody` there; a root that cannot switch users
  // cannot meet a real EACCES, and the test is skipped rather than faked.
  it.skipIf(user === null)("is said as such for a directory, a glob into it and a file", async () => {
    const cwd = project();
    chmodSync(cwd, 0o755);
    mkdirSync(join(cwd, "locked"));
    writeFileSync(join(cwd, "locked/telemetry.jsonl"), PASSING);
    writeFileSync(join(cwd, "secret.jsonl"), PASSING);
    chmodSync(join(cwd, "locked"), 0o000);
    chmodSync(join(cwd, "secret.jsonl"), 0o000);
    const as = { cwd, ...(user ? { user } : {}) };
    const dir = await runCliBundle(["--quiet", "locked"], as);
    expect(dir.code).toBe(2);
    expect(dir.stderr).toBe("fusion-report: locked: permission denied (cannot list the directory)\n");
    const glob = await runCliBundle(["--quiet", "locked/*.jsonl"], as);
    expect(glob.code).toBe(2);
    expect(glob.stderr).toBe(
      "fusion-report: locked/*.jsonl: permission denied (a folder on its path cannot be searched)\n",
    );
    const inside = await runCliBundle(["--quiet", "locked/telemetry.jsonl"], as);
    expect(inside.code).toBe(2);
    expect(inside.stderr).toBe(
      "fusion-report: locked/telemetry.jsonl: permission denied (a folder on its path cannot be searched)\n",
    );
    const file = await runCliBundle(["--quiet", "secret.jsonl"], as);
    expect(file.code).toBe(2);
    expect(file.stderr).toBe("fusion-report: secret.jsonl: permission denied (cannot read the file)\n");
    // A folder that may be passed through but not listed: the glob finds nothing, and says why.
    mkdirSync(join(cwd, "unlisted"));
    writeFileSync(join(cwd, "unlisted/telemetry.jsonl"), PASSING);
    chmodSync(join(cwd, "unlisted"), 0o711);
    const unlisted = await runCliBundle(["--quiet", "unlisted/*.jsonl"], as);
    expect(unlisted.code).toBe(2);
    expect(unlisted.stderr).toBe("fusion-report: unlisted: permission denied (cannot list the directory)\n");
    const named = await runCliBundle(["--quiet", "unlisted/telemetry.jsonl"], as);
    expect(named.code).toBe(0);
    chmodSync(join(cwd, "locked"), 0o755);
  });
});

describe("a file whose first line is not telemetry says what it is", () => {
  // `[[[…` alone was taken for a crashed run's half-written last record: "no telemetry records found".
  it.each([
    ["[[[0,", "fusion-report: t.jsonl:1: invalid JSON ("],
    ['{"record_type":"SpanEnd","trace_id":"01', "fusion-report: t.jsonl:1: invalid JSON ("],
    ["[1,2]\n", "fusion-report: t.jsonl:1: this is a JSON array, not JSON Lines"],
  ])("%j", async (content, message) => {
    const cwd = makeTempDir("fusion-first-line-");
    writeFileSync(join(cwd, "t.jsonl"), content);
    const result = await runCliBundle(["--quiet", "t.jsonl"], { cwd });
    expect(result.code).toBe(2);
    expect(result.stderr.startsWith(message)).toBe(true);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});

describe("usage errors name the one problem and point to --help", () => {
  it.each([
    [["--slowest", "-1", "x.jsonl"], 'fusion-report: --slowest must be a whole number ≥ 0 (got "-1")'],
    [["--slowest=-1", "x.jsonl"], 'fusion-report: --slowest must be a whole number ≥ 0 (got "-1")'],
    [
      ["--regression-threshold", "-5", "x.jsonl"],
      'fusion-report: --regression-threshold must be a number ≥ 0 (got "-5")',
    ],
    [["--slowest", "many", "x.jsonl"], 'fusion-report: --slowest must be a whole number ≥ 0 (got "many")'],
    [
      ["--fail-on", "sometimes", "x.jsonl"],
      /^fusion-report: --fail-on must be one of errors, warnings, never, new-errors/,
    ],
    [["--colour", "x.jsonl"], /^fusion-report: unknown option --colour$/],
    [[], /^fusion-report: no telemetry given: pass files or directories/],
  ])("%j", async (args, problem) => {
    const result = await runCliBundle(args, { cwd: project() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    if (typeof problem === "string") expect(lines[0]).toBe(problem);
    else expect(lines[0]).toMatch(problem);
    expect(lines[1]).toBe(HINT);
  });

  it("--fail-on new-errors without --baseline warns once; with one it does not", async () => {
    const cwd = project();
    const without = await runCliBundle(["--quiet", "--fail-on", "new-errors", "logs/"], { cwd });
    expect(without.code).toBe(0);
    expect(without.stderr).toBe(
      "fusion-report: warning: --fail-on new-errors needs --baseline (a base-branch JSON report); " +
        "without one it acts like --fail-on errors\n",
    );
    expect((await runCliBundle(["--quiet", "--json", "base.json", "logs/"], { cwd })).code).toBe(0);
    const withBaseline = await runCliBundle(
      ["--quiet", "--fail-on", "new-errors", "--baseline", "base.json", "logs/"],
      { cwd },
    );
    expect(withBaseline.code).toBe(0);
    expect(withBaseline.stderr).toBe("");
  });
});

describe("exit code 1 is the policy's alone", () => {
  it("a baseline report with a field of the wrong type is named, exit 2 (it crashed with a stack trace, exit 1)", async () => {
    const cwd = project();
    expect((await runCliBundle(["--quiet", "--json", "base.json", "logs/"], { cwd })).code).toBe(0);
    const base = JSON.parse(readFileSync(join(cwd, "base.json"), "utf8")) as {
      invocations: { startedAt: unknown }[];
    };
    base.invocations[0]!.startedAt = 1764000000;
    writeFileSync(join(cwd, "base.json"), JSON.stringify(base));
    const result = await runCliBundle(["--baseline", "base.json", "logs/"], { cwd });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "fusion-report: baseline base.json: invocations[0].startedAt is not a string or null; " +
        "pass the JSON report written by fusion-report (json-report input or --json)\n",
    );
  });

  it.runIf(existsSync("/dev/full"))(
    "a report that cannot be written to stdout (a full disk) exits 2, saying so",
    async () => {
      const cwd = project();
      const full = openSync("/dev/full", "w");
      try {
        const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, [DIST_CLI, "logs/"], {
            cwd,
            stdio: ["ignore", full, "pipe"],
            env: {
              PATH: process.env.PATH ?? "",
              ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
            },
          });
          let stderr = "";
          child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
          child.on("close", (code) => resolve({ code, stderr }));
        });
        expect(result.code).toBe(2);
        expect(result.stderr).toBe(
          "fusion-report: cannot write the report to stdout: ENOSPC: no space left on device, write\n",
        );
      } finally {
        closeSync(full);
      }
    },
  );
});

/** The CLI reading `input` from a shell pipe on /dev/stdin, as a user writes it (Node's own stdin "pipe" is a socket, which /dev/stdin cannot open). */
async function cliOnPipe(
  input: Uint8Array,
  stdinName = "/dev/stdin",
  options: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cwd = makeTempDir("fusion-pipe-");
  writeFileSync(join(cwd, "input"), input);
  const script = `cli="$1"; shift; cat input | "$0" "$cli" --format markdown "$@" ${stdinName}`;
  return new Promise((resolve) => {
    const child = spawn("/bin/sh", ["-c", script, process.execPath, DIST_CLI, ...options], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "", ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}) },
    });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("telemetry from a pipe", () => {
  it.each([
    ["JSONL", PASSING],
    ["gzip-compressed JSONL", gzipSync(PASSING)],
  ])("%s on /dev/stdin is read like a file (a pipe cannot seek)", async (_, input) => {
    const result = await cliOnPipe(input);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("passed");
  });

  it("`-` names standard input, as in other Unix tools", async () => {
    const dash = await cliOnPipe(PASSING, "-");
    expect(dash.stderr).toBe("");
    expect(dash.code).toBe(0);
    expect(dash.stdout).toBe((await cliOnPipe(PASSING)).stdout);
  });

  it("standard input is named <stdin> in messages, the Markdown and the JSON report, never /dev/stdin", async () => {
    const broken = await cliOnPipe(Buffer.from('{"record_type":"SpanStart","trace_id":\n'), "-");
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^fusion-report: <stdin>:1: invalid JSON/);
    const crashed = readFileSync(join(ROOT, "test/fixtures/generated/crashed-run/telemetry.jsonl"));
    const markdown = await cliOnPipe(crashed, "-");
    expect(markdown.stdout).toContain("&lt;stdin&gt;");
    expect(markdown.stdout).not.toContain("/dev/stdin");
    const json = await cliOnPipe(PASSING, "-", ["--json", "-"]);
    const report = JSON.parse(json.stdout) as { invocations: { source: { files: string[] } }[] };
    expect(report.invocations.length).toBeGreaterThan(0);
    for (const invocation of report.invocations) expect(invocation.source.files).toEqual(["<stdin>"]);
  });

  it("a crashed run on a pipe (which cannot be read twice) is reported as from its file: every start parsed", async () => {
    const crashed = join(ROOT, "test/fixtures/generated/crashed-run/telemetry.jsonl");
    const piped = await cliOnPipe(readFileSync(crashed));
    const cwd = makeTempDir("fusion-pipe-");
    writeFileSync(join(cwd, "telemetry.jsonl"), readFileSync(crashed));
    const fromFile = await runCliBundle(["--format", "markdown", "telemetry.jsonl"], cwd);
    expect(piped.stdout).toContain("3&nbsp;unfinished");
    expect(piped.stdout.replaceAll("&lt;stdin&gt;", "telemetry.jsonl")).toBe(fromFile.stdout);
    expect(piped.code).toBe(fromFile.code);
  });

  it("Parquet on a pipe is named as such: it is read where it lies, so the file itself is needed", async () => {
    const parquet = readFileSync(fixture("parquet-replica/preview120_failed.REPLICA.parquet"));
    const plain = await cliOnPipe(parquet);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(
      /^fusion-report: <stdin>:1: this is Parquet from a pipe: Parquet is read where it lies \(its index is at its end\), so pass the file itself\n$/,
    );
    const compressed = await cliOnPipe(gzipSync(parquet));
    expect(compressed.stderr).toMatch(
      /^fusion-report: <stdin>:1: this is gzip-compressed Parquet: decompress it first/,
    );
  });
});
