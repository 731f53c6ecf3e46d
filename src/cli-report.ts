// The CLI's outputs once the report is built: the report files (all or none), the report on stdout
// (text for a terminal, or Markdown), the reader's warnings on stderr; and the exit code they make.
import type { CliOptions } from "./cli-options.js";
import type { PipelineResult, ProcessEntry } from "./pipeline/run.js";
import { readerWarningsOf } from "./model/build-report.js";
import type { Report } from "./model/types.js";
import { extraSections } from "./render/extra-sections.js";
import { code } from "./render/escape.js";
import { formatCount } from "./render/format.js";
import { fitMarkdown, wholeMarkdownPieces } from "./render/markdown.js";
import { renderTerminal } from "./render/terminal.js";
import { lineChunks } from "./text/line-chunks.js";
import { wantsColour } from "./render/terminal-style.js";
import { writeReportFiles } from "./report-files.js";
import type { StandardInput } from "./sources/local.js";

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
  /** The system the CLI runs on (process.platform): on Windows `-` is read from `stdin`. */
  platform?: NodeJS.Platform;
  /** Standard input as a stream (process.stdin), read for `-` where there is no /dev/stdin. */
  stdin?: StandardInput;
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
  // Within --max-bytes (a job summary's budget), what stdout gets is cut with a note; else it is
  // the whole report, as the file gets it.
  const fitted =
    printsMarkdown && options.maxBytes !== null
      ? fitMarkdown(report, {
          ...markdownOptions,
          fullReportHint: wholeReportHint(options),
          maxBytes: options.maxBytes,
        })
      : null;
  const printsWhole = printsMarkdown && fitted === null;
  // Rendered once, and only when printed or written (`--quiet` alone needs just the exit code). A file
  // or stdout alone gets it in pieces, never held whole; both get the one text.
  let markdown: string | undefined;
  const markdownFile = (): Iterable<string> =>
    printsWhole
      ? [(markdown ??= [...wholeMarkdownPieces(report, markdownOptions)].join(""))]
      : wholeMarkdownPieces(report, markdownOptions);
  // All files or none: one unusable destination leaves every file unwritten (each problem named).
  const { problems } = await writeReportFiles(report, options, markdownFile, {
    cwd: io.cwd,
    telemetryFiles: result.telemetryFiles,
  });
  if (printsMarkdown) {
    const text = fitted
      ? [fitted.markdown]
      : markdown !== undefined
        ? [markdown]
        : wholeMarkdownPieces(report, markdownOptions);
    // In chunks that end at line breaks (io.stdout breaks workflow commands a line at a time): a
    // 20,000-node report is megabytes, not held whole when no file needed it.
    for (const chunk of lineChunks(text)) io.stdout(chunk);
    if (fitted && !fitted.complete) {
      io.stderr(
        `fusion-report: the Markdown on stdout leaves detail out to fit ${formatCount(options.maxBytes ?? 0)} bytes ` +
          "(--max-bytes; 0 prints everything); --markdown FILE has the whole report\n",
      );
    }
  } else if (!options.quiet) {
    io.stdout(terminalReport(report, options, io));
  }
  for (const warning of readerWarningsOf(report)) io.stderr(`fusion-report: warning: ${warning}\n`);
  for (const problem of problems) io.stderr(`fusion-report: ${problem}\n`);
  if (problems.length > 0) return EXIT.unusable;
  return report.conclusion === "failure" ? EXIT.policy : EXIT.ok;
}

/** Where a cut Markdown report sends its reader: the report files this run writes, else how to get them. */
function wholeReportHint(options: CliOptions): string {
  const files = [options.markdown, options.json].filter(
    (file): file is string => file !== null && file !== "-",
  );
  return files.length > 0
    ? files.map(code).join(" and ")
    : "the Markdown report (--markdown FILE) and the JSON report (--json FILE)";
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
