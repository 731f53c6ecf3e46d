// The command-line pipeline: the same sources → telemetry → model → render as the Action, with
// files and stdout as the outputs. Exit codes: 0 ok, 1 the fail-on policy tripped, 2 unusable
// input or usage.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { applyBaseline, compareWithBaseline, parseBaselineReport } from "./model/baseline.js";
import type { FailOn, Report } from "./model/types.js";
import { buildReport } from "./pipeline.js";
import { writeReportFiles } from "./report-files.js";
import { baselineSection } from "./render/baseline-section.js";
import { renderMarkdown } from "./render/markdown.js";
import { diagramSections } from "./render/mermaid.js";
import {
  DBT_CLOUD_ENV_VARS,
  DBT_CLOUD_SETTING_KEYS,
  fetchDbtCloudTelemetry,
  parseDbtCloudSettings,
  redactSecrets,
} from "./sources/dbt-cloud/index.js";
import { dbtCloudInputs } from "./sources/dbt-cloud/to-inputs.js";
import { collectLocalTelemetry } from "./sources/local.js";
import type { TelemetryInput } from "./sources/telemetry-input.js";
import { safeLogText } from "./text/runner-commands.js";
import { createRedactor } from "./text/secrets.js";
import { VERSION } from "./version.js";

export const EXIT = { ok: 0, policy: 1, unusable: 2 } as const;

export const USAGE = `Usage: fusion-report [options] <file-or-dir>...

Reads dbt Fusion telemetry (Parquet from target/metadata/, JSONL from logs/) and prints a
Markdown report. Directories are searched for *.parquet and *.jsonl.

Options:
  --markdown FILE         also write the Markdown report to FILE
  --json FILE             write the JSON report (schema/report.schema.json) to FILE
  --run-results FILE      write a dbt-compatible run_results.json (schema v6) to FILE
  --junit FILE            write JUnit XML (one test case per node) to FILE
  --baseline FILE         compare with the base branch's JSON report (its --json output)
  --regression-threshold PCT
                          percent slower than the baseline that counts as a regression (default 50)
  --diagrams              include Mermaid diagrams (skip chains, timeline) in the Markdown
  --fail-on POLICY        errors (default) | warnings | never | new-errors (needs --baseline):
                          when to exit with code 1
  --slowest N             how many slowest nodes to list (default 10)
  --title TEXT            report heading (default "dbt Fusion")
  --quiet                 do not print the report to stdout
  --dbt-cloud-base-url URL, --dbt-cloud-account-id ID, --dbt-cloud-token TOKEN,
  --dbt-cloud-run-id ID | --dbt-cloud-job-id ID [--pr-number N] [--head-sha SHA],
  --dbt-cloud-wait, --dbt-cloud-max-wait-seconds S
                          read a dbt platform run's step telemetry instead of local files
                          (or set DBT_CLOUD_BASE_URL, DBT_CLOUD_ACCOUNT_ID, DBT_CLOUD_TOKEN,
                          DBT_CLOUD_RUN_ID / DBT_CLOUD_JOB_ID)
  -h, --help              show this help
  -v, --version           show the version

Exit codes: 0 ok, 1 the --fail-on policy tripped, 2 unusable input or usage.`;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
}

interface CliOptions {
  paths: string[];
  markdown: string | null;
  json: string | null;
  runResults: string | null;
  junit: string | null;
  baseline: string | null;
  regressionThreshold: number;
  diagrams: boolean;
  failOn: FailOn;
  slowest: number;
  title: string;
  quiet: boolean;
  dbtCloud: Record<string, string> | null;
}

class UsageError extends Error {}

/** What every usage error ends with, instead of the whole help. */
export const HELP_HINT = "Try 'fusion-report --help' for the options.";

const FAIL_ON = ["errors", "warnings", "never", "new-errors"] as const;

const OPTIONS = {
  markdown: { type: "string" },
  json: { type: "string" },
  "run-results": { type: "string" },
  junit: { type: "string" },
  baseline: { type: "string" },
  "regression-threshold": { type: "string", default: "50" },
  diagrams: { type: "boolean", default: false },
  "fail-on": { type: "string", default: "errors" },
  slowest: { type: "string", default: "10" },
  title: { type: "string", default: "dbt Fusion" },
  quiet: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
  version: { type: "boolean", short: "v", default: false },
  ...Object.fromEntries(
    Object.values(DBT_CLOUD_SETTING_KEYS).map((key) => [key, { type: "string" as const }]),
  ),
  [DBT_CLOUD_SETTING_KEYS.wait]: { type: "boolean" },
} as const satisfies ParseArgsConfig["options"];

export function parseCliArgs(argv: string[], env: CliIo["env"]): CliOptions | "help" | "version" {
  let parsed;
  try {
    parsed = parseArgs({ args: joinNegativeValues(argv), allowPositionals: true, options: OPTIONS });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return "help";
  if (values.version) return "version";
  const failOn = values["fail-on"] as string;
  if (!(FAIL_ON as readonly string[]).includes(failOn)) {
    throw new UsageError(`--fail-on must be one of ${FAIL_ON.join(", ")} (got "${failOn}")`);
  }
  const slowest = Number(values.slowest);
  if (!Number.isInteger(slowest) || slowest < 0) {
    throw new UsageError(`--slowest must be a whole number ≥ 0 (got "${values.slowest}")`);
  }
  const regressionThreshold = Number(values["regression-threshold"]);
  if (!Number.isFinite(regressionThreshold) || regressionThreshold < 0) {
    throw new UsageError(
      `--regression-threshold must be a number ≥ 0 (got "${values["regression-threshold"]}")`,
    );
  }
  const dbtCloud = collectDbtCloud(values as Record<string, unknown>, env);
  if (positionals.length === 0 && !dbtCloud) {
    throw new UsageError("no telemetry given: pass files or directories (or dbt platform options)");
  }
  return {
    paths: positionals,
    markdown: (values.markdown as string | undefined) ?? null,
    json: (values.json as string | undefined) ?? null,
    runResults: (values["run-results"] as string | undefined) ?? null,
    junit: (values.junit as string | undefined) ?? null,
    baseline: (values.baseline as string | undefined) ?? null,
    regressionThreshold,
    diagrams: values.diagrams as boolean,
    failOn: failOn as FailOn,
    slowest,
    title: values.title as string,
    quiet: values.quiet as boolean,
    dbtCloud,
  };
}

/**
 * `--slowest -1` as `--slowest=-1`: parseArgs takes a value starting with `-` for an option, and would
 * answer "argument is ambiguous" where the option's own check says what is wrong with the number.
 */
function joinNegativeValues(argv: readonly string[]): string[] {
  const takesValue = new Set(
    Object.entries(OPTIONS)
      .filter(([, option]) => option.type === "string")
      .map(([name]) => `--${name}`),
  );
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      joined.push(...argv.slice(i));
      break;
    }
    const next = argv[i + 1];
    if (takesValue.has(arg) && next !== undefined && /^-(\d|\.\d|Infinity)/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

/** dbt platform mode is on when a run or job id is given by flag or environment. */
function collectDbtCloud(values: Record<string, unknown>, env: CliIo["env"]): Record<string, string> | null {
  const raw: Record<string, string> = {};
  for (const [envName, key] of Object.entries(DBT_CLOUD_ENV_VARS)) {
    const value = env[envName];
    if (value) raw[key] = value;
  }
  for (const key of Object.values(DBT_CLOUD_SETTING_KEYS)) {
    const value = values[key];
    if (typeof value === "string") raw[key] = value;
    if (typeof value === "boolean") raw[key] = String(value);
  }
  if (!raw[DBT_CLOUD_SETTING_KEYS.runId] && !raw[DBT_CLOUD_SETTING_KEYS.jobId]) return null;
  raw[DBT_CLOUD_SETTING_KEYS.wait] ??= "false";
  return raw;
}

export async function runCli(argv: string[], rawIo: CliIo): Promise<number> {
  let options: CliOptions;
  const secrets = [rawIo.env.DBT_CLOUD_TOKEN ?? "", ...argvSecrets(argv)].filter(Boolean);
  // Every stderr line may quote a file name, a node name or a server's answer: secrets masked,
  // controls shown, and nothing a CI runner could read as a workflow command.
  const redact = createRedactor(secrets);
  const io: CliIo = { ...rawIo, stderr: (text) => rawIo.stderr(safeLogText(text, redact)) };
  const fail = (message: string): number => {
    io.stderr(`fusion-report: ${redactSecrets(message, secrets)}\n`);
    return EXIT.unusable;
  };
  try {
    const parsed = parseCliArgs(argv, io.env);
    if (parsed === "help") {
      io.stdout(`${USAGE}\n`);
      return EXIT.ok;
    }
    if (parsed === "version") {
      io.stdout(`${VERSION}\n`);
      return EXIT.ok;
    }
    options = parsed;
  } catch (error) {
    return fail(`${(error as Error).message}\n${HELP_HINT}`);
  }
  if (options.failOn === "new-errors" && !options.baseline) {
    io.stderr(
      "fusion-report: warning: --fail-on new-errors needs --baseline (a base-branch JSON report); " +
        "without one it acts like --fail-on errors\n",
    );
  }

  let report: Report;
  let inputs: TelemetryInput[];
  // Downloads of dbt platform step telemetry: removed once read, whatever happens.
  const tempDirs: string[] = [];
  try {
    inputs = await collectInputs(options, io, tempDirs);
    report = await buildReport(inputs, {
      slowest: options.slowest,
      failOn: options.failOn,
      generatorVersion: VERSION,
    });
    if (options.baseline) {
      const file = path.resolve(io.cwd, options.baseline);
      const text = await readFile(file, "utf8").catch((error: Error) => {
        throw new Error(`baseline ${options.baseline}: cannot read it (${error.message})`);
      });
      const comparison = compareWithBaseline(report, parseBaselineReport(text, options.baseline), {
        regressionThresholdPercent: options.regressionThreshold,
        source: options.baseline,
      });
      report = applyBaseline(report, comparison, options.failOn);
    }
  } catch (error) {
    return fail((error as Error).message);
  } finally {
    await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }

  // Rendered once, and only when printed or written (`--quiet` alone needs just the exit code).
  let markdown: string | undefined;
  const renderedMarkdown = (): string =>
    (markdown ??= renderMarkdown(report, {
      maxBytes: Number.MAX_SAFE_INTEGER,
      title: options.title,
      fullReportHint: "the JSON report (--json)",
      extras: [
        ...(report.baseline ? [baselineSection(report.baseline)] : []),
        ...(options.diagrams ? diagramSections(report) : []),
      ],
    }));
  // All files or none: one unusable destination leaves every file unwritten (each problem named).
  const { problems } = await writeReportFiles(
    report,
    { markdown: options.markdown, json: options.json, runResults: options.runResults, junit: options.junit },
    renderedMarkdown,
    { cwd: io.cwd, telemetryFiles: inputs.flatMap((input) => (input.path ? [input.path] : [])) },
  );
  if (!options.quiet) io.stdout(renderedMarkdown());
  for (const inv of report.invocations) {
    for (const warning of inv.readerWarnings) io.stderr(`fusion-report: warning: ${warning}\n`);
  }
  for (const problem of problems) io.stderr(`fusion-report: ${problem}\n`);
  if (problems.length > 0) return EXIT.unusable;
  return report.conclusion === "failure" ? EXIT.policy : EXIT.ok;
}

async function collectInputs(options: CliOptions, io: CliIo, tempDirs: string[]): Promise<TelemetryInput[]> {
  const inputs: TelemetryInput[] = [];
  if (options.dbtCloud) {
    const downloadDir = await mkdtemp(path.join(os.tmpdir(), "fusion-report-"));
    tempDirs.push(downloadDir);
    const settings = parseDbtCloudSettings({
      [DBT_CLOUD_SETTING_KEYS.downloadDir]: downloadDir,
      ...options.dbtCloud,
    });
    const telemetry = await fetchDbtCloudTelemetry(settings, { log: (line) => io.stderr(`${line}\n`) });
    for (const step of telemetry.steps) {
      if (!step.file)
        io.stderr(`fusion-report: step ${step.index} (${step.name}): ${step.note ?? "no telemetry"}\n`);
    }
    inputs.push(...(await dbtCloudInputs(telemetry)));
    if (inputs.length === 0) {
      throw new Error(`dbt platform run ${telemetry.run.id}: no step produced Fusion telemetry`);
    }
  }
  if (options.paths.length > 0) {
    inputs.push(
      ...(await collectLocalTelemetry(options.paths, io.cwd, (note) =>
        io.stderr(`fusion-report: ${note}\n`),
      )),
    );
  }
  return inputs;
}

function argvSecrets(argv: string[]): string[] {
  const index = argv.findIndex((arg) => arg === `--${DBT_CLOUD_SETTING_KEYS.token}`);
  const inline = argv.find((arg) => arg.startsWith(`--${DBT_CLOUD_SETTING_KEYS.token}=`));
  return [index >= 0 ? (argv[index + 1] ?? "") : "", inline ? inline.split("=").slice(1).join("=") : ""];
}
