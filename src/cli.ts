// The command line: the same pipeline as the Action, with files and stdout as the outputs. Exit
// codes: 0 ok, 1 the fail-on policy tripped, 2 unusable input or usage.
import os from "node:os";
import path from "node:path";
import { argvSecrets, HELP_HINT, parseCliArgs, USAGE, type CliOptions } from "./cli-options.js";
import {
  runPipeline,
  type PipelineRequest,
  type PipelineResult,
  type PipelineServices,
} from "./pipeline/run.js";
import { extraSections } from "./render/extra-sections.js";
import { renderMarkdown } from "./render/markdown.js";
import { renderTerminal } from "./render/terminal.js";
import { wantsColour } from "./render/terminal-style.js";
import type { Report } from "./model/types.js";
import { writeReportFiles } from "./report-files.js";
import { defaultClock } from "./sources/dbt-cloud/rate-limiter.js";
import { safeLogText } from "./text/runner-commands.js";
import { createRedactor } from "./text/secrets.js";
import { VERSION } from "./version.js";

export const EXIT = { ok: 0, policy: 1, unusable: 2 } as const;

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Whether stdout is a terminal: the default format and colour follow it. */
  stdoutIsTty?: boolean;
  /** The terminal's width in columns, when stdout is one. */
  columns?: number;
}

export async function runCli(argv: string[], rawIo: CliIo): Promise<number> {
  // Every stderr line may quote a file name, a node name or a server's answer: secrets masked,
  // controls shown, and nothing a CI runner could read as a workflow command.
  const secrets = [rawIo.env.DBT_CLOUD_TOKEN ?? "", ...argvSecrets(argv)].filter(Boolean);
  const redact = createRedactor(secrets);
  const io: CliIo = { ...rawIo, stderr: (text) => rawIo.stderr(safeLogText(text, redact)) };
  const fail = (message: string): number => {
    io.stderr(`fusion-report: ${message}\n`);
    return EXIT.unusable;
  };
  let options: CliOptions;
  try {
    const parsed = parseCliArgs(argv, io.env, io.stdoutIsTty ?? false);
    if (parsed === "help" || parsed === "version") {
      io.stdout(`${parsed === "help" ? USAGE : VERSION}\n`);
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

  let result: PipelineResult;
  try {
    result = await runPipeline(cliRequest(options, io), {
      ...cliServices(io),
      // The report is masked by value (and token shape) only: its messages are the build's own words.
      redact: createRedactor(secrets, { credentials: false }),
    });
  } catch (error) {
    return fail((error as Error).message);
  }
  try {
    return await writeAndPrint(result, options, io);
  } catch (error) {
    // Exit code 1 means "the policy tripped": whatever nobody expected must not look like that.
    return fail(`stopped unexpectedly: ${(error as Error).message}`);
  }
}

/** The report files, the report on stdout (text or Markdown), the warnings; the exit code. */
async function writeAndPrint(result: PipelineResult, options: CliOptions, io: CliIo): Promise<number> {
  const { report } = result;
  // Rendered once, and only when printed or written (`--quiet` alone needs just the exit code).
  let markdown: string | undefined;
  const renderedMarkdown = (): string =>
    (markdown ??= renderMarkdown(report, {
      maxBytes: Number.MAX_SAFE_INTEGER,
      title: options.title,
      fullReportHint: "the JSON report (--json)",
      extras: extraSections(report, options),
    }));
  // All files or none: one unusable destination leaves every file unwritten (each problem named).
  const { problems } = await writeReportFiles(report, options, renderedMarkdown, {
    cwd: io.cwd,
    telemetryFiles: result.telemetryFiles,
  });
  if (!options.quiet) {
    io.stdout(options.format === "markdown" ? renderedMarkdown() : terminalReport(report, options, io));
  }
  for (const inv of report.invocations) {
    for (const warning of inv.readerWarnings) io.stderr(`fusion-report: warning: ${warning}\n`);
  }
  for (const problem of problems) io.stderr(`fusion-report: ${problem}\n`);
  if (problems.length > 0) return EXIT.unusable;
  return report.conclusion === "failure" ? EXIT.policy : EXIT.ok;
}

/** The plain-text report, as wide as the terminal and coloured as the environment asks. */
function terminalReport(report: Report, options: CliOptions, io: CliIo): string {
  return renderTerminal(report, {
    title: options.title,
    width: io.columns ?? terminalWidth(io.env),
    colour: wantsColour(io.env, io.stdoutIsTty ?? false),
    fullReportHint: "the JSON report (--json FILE) and the Markdown report (--markdown FILE)",
  });
}

/** `COLUMNS` when stdout is not a terminal but the shell says how wide it is; else 80. */
function terminalWidth(env: CliIo["env"]): number {
  const columns = Number(env.COLUMNS);
  return Number.isInteger(columns) && columns > 0 ? columns : 80;
}

function cliRequest(options: CliOptions, io: CliIo): PipelineRequest {
  return {
    telemetry: { dbtCloud: options.dbtCloud, artifact: null, paths: options.paths, cwd: io.cwd },
    baseline: options.baseline
      ? { file: path.resolve(io.cwd, options.baseline), display: options.baseline }
      : null,
    slowest: options.slowest,
    failOn: options.failOn,
    regressionThresholdPercent: options.regressionThreshold,
    minRegressionMs: options.regressionMinSeconds * 1000,
    generatorVersion: VERSION,
    tempDir: os.tmpdir(),
  };
}

function cliServices(io: CliIo): PipelineServices {
  const line = (text: string) => io.stderr(`fusion-report: ${text}\n`);
  return {
    log: (text) => io.stderr(`${text}\n`),
    note: line,
    warning: (text) => line(`warning: ${text}`),
    skippedStep: (step) => line(`step ${step.index} (${step.name}): ${step.note ?? "no telemetry"}`),
    clock: defaultClock(io.env),
  };
}
