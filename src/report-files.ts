// The report files both the Action and the CLI write: rendered on demand, written each on its own
// (one failure never stops the others), atomically (write beside, then rename), so a failure never
// leaves a half-written file behind.
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Report } from "./model/types.js";
import { renderJsonReport } from "./render/json-report.js";
import { renderJunit } from "./render/junit.js";
import { renderRunResults } from "./render/run-results.js";

export interface ReportFileTargets {
  json: string | null;
  runResults: string | null;
  junit: string | null;
  markdown: string | null;
}

export interface WriteOptions {
  /** Resolves relative targets. */
  cwd: string;
  /** Create missing parent directories (the Action does; the CLI leaves that to the user). */
  createDirectories: boolean;
}

/** Writes every requested file; returns one message per file that could not be written. */
export async function writeReportFiles(
  report: Report,
  targets: ReportFileTargets,
  fullMarkdown: () => string,
  options: WriteOptions,
): Promise<string[]> {
  const files: [string | null, () => string][] = [
    [targets.markdown, fullMarkdown],
    [targets.json, () => renderJsonReport(report)],
    [
      targets.runResults,
      () => `${JSON.stringify(renderRunResults(report, new Date().toISOString()), null, 2)}\n`,
    ],
    [targets.junit, () => renderJunit(report)],
  ];
  const failures: string[] = [];
  for (const [target, render] of files) {
    if (!target) continue;
    const file = path.resolve(options.cwd, target);
    try {
      if (options.createDirectories) await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, render(), "utf8");
      await rename(temp, file);
    } catch (error) {
      failures.push(`cannot write ${target}: ${(error as Error).message}`);
    }
  }
  return failures;
}
