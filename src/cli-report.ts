// The CLI's outputs once the report is built: the report files (all or none), the report on stdout
// (text for a terminal, or Markdown), the reader's warnings on stderr; and the exit code they make.
import type { CliOptions } from "./cli-options.js";
import type { PipelineResult, ProcessEntry } from "./pipeline/run.js";
import { readerWarningsOf } from "./model/build-report.js";
import type { Report } from "./model/types.js";
import { extraSections } from "./render/extra-sections.js";
import { wholeMarkdownPieces } from "./render/markdown.js";
import { renderTerminal } from "./render/terminal.js";
import { lineChunks } from "./text/line-chunks.js";
import { wantsColour } from "./render/terminal-style.js";
import { writeReportFiles } from "./report-files.js";

export const EXIT = { ok: 0, policy: 1, unusable: 2 } as const;

export interface CliIo extends ProcessEntry {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Whether stdout is a terminal: the default format and colour follow it. */
  stdoutIsTty?: boolean;
  /** The terminal's width in columns, when stdout is one. */
  columns?: number;
}

/** The report files, the report on stdout (text or Markdown), the warnings; the exit code. */
export async function writeAndPrint(result: PipelineResult, options: CliOptions, io: CliIo): Promise<number> {
  const { report } = result;
  const markdownOptions = {
    title: options.title,
    fullReportHint: "the JSON report (--json)",
    extras: extraSections(report, options),
  };
  const printsMarkdown = !options.quiet && options.format === "markdown";
  // Rendered once, and only when printed or written (`--quiet` alone needs just the exit code). A file
  // or stdout alone gets it in pieces, never held whole; both get the one text.
  let markdown: string | undefined;
  const markdownFile = (): Iterable<string> =>
    printsMarkdown
      ? [(markdown ??= [...wholeMarkdownPieces(report, markdownOptions)].join(""))]
      : wholeMarkdownPieces(report, markdownOptions);
  // All files or none: one unusable destination leaves every file unwritten (each problem named).
  const { problems } = await writeReportFiles(report, options, markdownFile, {
    cwd: io.cwd,
    telemetryFiles: result.telemetryFiles,
  });
  if (printsMarkdown) {
    const text = markdown !== undefined ? [markdown] : wholeMarkdownPieces(report, markdownOptions);
    // In chunks that end at line breaks (io.stdout breaks workflow commands a line at a time): a
    // 20,000-node report is megabytes, not held whole when no file needed it.
    for (const chunk of lineChunks(text)) io.stdout(chunk);
  } else if (!options.quiet) {
    io.stdout(terminalReport(report, options, io));
  }
  for (const warning of readerWarningsOf(report)) io.stderr(`fusion-report: warning: ${warning}\n`);
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
