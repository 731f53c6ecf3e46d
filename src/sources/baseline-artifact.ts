// Baseline from a workflow artifact: the JSON report that a run on the base branch uploaded (e.g. with
// the Action's `upload-artifact`), as text. Which run is the caller's to find (the GitHub side); the
// report is parsed by model/baseline.ts. Absence (the artifact missing or expired) is not a fault.
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ArtifactTransferError } from "./artifact-error.js";
import {
  ArtifactSourceError,
  readArtifactFiles,
  showEntryName,
  type ArtifactLimits,
  type FetchArtifactZip,
  type WantedFiles,
} from "./artifact.js";

export interface BaselineArtifactRequest {
  /** Artifact name (`baseline-artifact`). */
  artifact: string;
  /** The run that uploaded it. */
  runId: number;
  /** Parent of the temp folder the artifact is unpacked into (RUNNER_TEMP). */
  tempDir: string;
  limits?: Partial<ArtifactLimits>;
}

/** Where the base branch's runs are, and how to find the newest successful one (GitHub's to say). */
export interface BaselineRunLocation {
  workflow: string;
  branch: string;
  /**
   * The newest successful run; null when the workflow has none on the branch, `absent` (why) when
   * GitHub does not know the workflow at all (not on the default branch yet, or misnamed).
   */
  findRun: (run: {
    workflow: string;
    branch: string;
  }) => Promise<{ id: number; headSha: string } | { absent: string } | null>;
}

export type BaselineArtifact = { found: true; text: string; name: string } | { found: false; reason: string };

const JSON_FILES: WantedFiles = {
  pattern: /\.json$/i,
  description: "*.json",
  hint: "Upload the JSON report (json-report), e.g. with this Action's upload-artifact input.",
};

/** A baseline report should be small; the artifact also carries the Markdown and run_results.json. */
export const BASELINE_LIMITS: Readonly<ArtifactLimits> = Object.freeze({
  maxBytes: 256 * 1024 ** 2,
  maxEntries: 100,
});

/**
 * Pure: the report among the artifact's JSON files. `fusion-report.json` (the name `upload-artifact`
 * gives the JSON report) wins; else the one JSON file that is not a run_results file.
 */
export function pickReportFile(files: readonly string[]): string | null {
  const named = files.find((f) => path.posix.basename(f) === "fusion-report.json");
  if (named) return named;
  // run_results.json and names like the README's run_results.fusion.json are never the JSON report.
  const others = files.filter((f) => !/^run_results\b.*\.json$/i.test(path.posix.basename(f)));
  return others.length === 1 ? (others[0] as string) : null;
}

/**
 * The report file's text and the name to quote it by. An artifact that does not exist (never
 * uploaded, expired) or that GitHub did not hand over (a timeout, its storage failing every retry, a
 * 5xx, a cut connection) is `found: false` with the reason; any other problem (a zip or report that
 * is not what it should be, a refused token) is an ArtifactSourceError.
 */
export async function readBaselineArtifact(
  request: BaselineArtifactRequest,
  fetchZip: FetchArtifactZip,
): Promise<BaselineArtifact> {
  let unpacked: { dir: string; files: string[]; label: string };
  try {
    unpacked = await readArtifactFiles(
      {
        name: request.artifact,
        runId: String(request.runId),
        tempDir: request.tempDir || os.tmpdir(),
        limits: { ...BASELINE_LIMITS, ...request.limits },
      },
      JSON_FILES,
      fetchZip,
    );
  } catch (error) {
    // A baseline that does not exist, or that GitHub did not hand over: the report stands.
    if (error instanceof ArtifactTransferError || (error instanceof ArtifactSourceError && error.gone)) {
      return { found: false, reason: error.message };
    }
    throw error;
  }
  const { dir, files, label } = unpacked;
  const file = pickReportFile(files);
  if (!file) {
    throw new ArtifactSourceError(
      `${label} holds ${files.length} JSON files (${files.map(showEntryName).join(", ")}) ` +
        "and none is fusion-report.json; upload only the JSON report, or name it fusion-report.json",
    );
  }
  const text = await readFile(path.join(dir, file), "utf8");
  return { found: true, text, name: `${label} (${showEntryName(file)})` };
}
