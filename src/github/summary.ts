// The job summary ($GITHUB_STEP_SUMMARY). Over 1 MiB the runner drops the whole step summary,
// so this is the last guard (the renderer already budgets), cut so the note stays visible.
import { summary } from "@actions/core";
import { cutMarkdown, describeLeftOut, type LeftOut } from "../render/cut-markdown.js";
import { JOB_SUMMARY_BUDGET_BYTES } from "../render/markdown.js";
import { describeFileError } from "../text/file-errors.js";
import { sizeBeforeAppend, undoAppend } from "./appended-file.js";

/** The renderer's budget, and 1,000 bytes for what is written around it. */
export const SUMMARY_MAX_BYTES = JOB_SUMMARY_BUDGET_BYTES + 1_000;

const note = (left: LeftOut): string =>
  `… _Job summary truncated to stay under GitHub's 1 MiB limit, leaving out ${describeLeftOut(left)}; ` +
  "the JSON report (json-report) has everything._";

export class SummaryError extends Error {
  override name = "SummaryError";
}

export function fitSummary(markdown: string, maxBytes = SUMMARY_MAX_BYTES): string {
  return cutMarkdown(markdown, maxBytes, note);
}

/** Appends the Markdown to this step's summary file. Returns the bytes written. */
export async function writeJobSummary(
  markdown: string,
  env = process.env,
): Promise<{ bytes: number; truncated: boolean }> {
  if (!env.GITHUB_STEP_SUMMARY) {
    throw new SummaryError(
      "GITHUB_STEP_SUMMARY is not set, so the job summary was not written (not running in GitHub Actions?).",
    );
  }
  const file = env.GITHUB_STEP_SUMMARY;
  const fitted = fitSummary(markdown);
  const before = sizeBeforeAppend(file);
  try {
    await summary.addRaw(fitted, true).write();
  } catch (error) {
    // Neither a half-written report (a disk that filled up mid-write), which the runner would show
    // with a code block left open, nor this text again in the next summary written (core keeps it).
    summary.emptyBuffer();
    undoAppend(file, before);
    throw new SummaryError(`${file} (GITHUB_STEP_SUMMARY): ${describeFileError(error)}`);
  }
  return { bytes: Buffer.byteLength(fitted, "utf8"), truncated: fitted !== markdown };
}
