// Workflow-artifact source: the fork-safe `workflow_run` recipe, where workflow A uploads telemetry
// and workflow B (with a write token) reads it. The zip is fetched as it is by a function the caller
// passes in (the GitHub side, github/artifact-download.ts) and unpacked here with every check of
// artifact-zip.ts, never by the toolkit.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { showControls } from "../text/controls.js";
import {
  DEFAULT_ARTIFACT_LIMITS,
  showEntryName,
  unpackFiles,
  type ArtifactLimits,
  type WantedFiles,
} from "./artifact-zip.js";
import { openLocalTelemetry } from "./local.js";
import type { TelemetryFile } from "./telemetry-file.js";

export { ArtifactSourceError } from "./artifact-error.js";
export { DEFAULT_ARTIFACT_LIMITS, showEntryName } from "./artifact-zip.js";
export type { ArtifactLimits, WantedFiles } from "./artifact-zip.js";

export interface ArtifactRequest {
  /** Artifact name, as given to actions/upload-artifact. */
  name: string;
  /** Workflow run that uploaded it; null = the current run. */
  runId: string | null;
  /** Parent of the temp folder the artifact is unpacked into (RUNNER_TEMP). */
  tempDir: string;
  limits?: Partial<ArtifactLimits>;
}

/** One artifact to fetch, with the words every message about it uses. */
export interface ArtifactToFetch {
  name: string;
  runId: string | null;
  /** `artifact 'x' of workflow run 7`. */
  label: string;
  /** An artifact larger than this is refused before it is downloaded. */
  maxBytes: number;
}

/**
 * Downloads the artifact's zip, as it is, into `dir` and returns its path. Throws an
 * ArtifactSourceError that says what to do (`absent`/`gone` when the artifact does not exist).
 */
export type FetchArtifactZip = (artifact: ArtifactToFetch, dir: string) => Promise<string>;

const TELEMETRY_FILES: WantedFiles = {
  pattern: /\.(parquet|jsonl|jsonl\.gz)$/i,
  description: "*.parquet or *.jsonl",
  hint: "Upload target/metadata/*.parquet and/or logs/*.jsonl.",
};

/** Fetches the artifact, unpacks its telemetry files safely and opens them. */
export async function readArtifactTelemetry(
  request: ArtifactRequest,
  fetchZip: FetchArtifactZip,
  log: (message: string) => void,
): Promise<TelemetryFile[]> {
  const { dir, files, label } = await readArtifactFiles(request, TELEMETRY_FILES, fetchZip);
  log(`Found ${files.length} telemetry file(s) in ${label}: ${files.map(showEntryName).join(", ")}`);
  return Promise.all(files.map((rel) => openLocalTelemetry(path.join(dir, rel), rel)));
}

/**
 * Fetches the artifact and unpacks the entries matching `wanted` (with every check of
 * `unpackFiles`); returns the folder, their relative paths and the label used in messages.
 */
export async function readArtifactFiles(
  request: ArtifactRequest,
  wanted: WantedFiles,
  fetchZip: FetchArtifactZip,
): Promise<{ dir: string; files: string[]; label: string }> {
  const limits = { ...DEFAULT_ARTIFACT_LIMITS, ...request.limits };
  const where = request.runId ? `workflow run ${request.runId}` : "this workflow run";
  const label = `artifact '${shown(request.name)}' of ${where}`;
  const root = await mkdtemp(path.join(request.tempDir || os.tmpdir(), "fusion-report-artifact-"));
  const archive = await fetchZip(
    { name: request.name, runId: request.runId, label, maxBytes: limits.maxBytes },
    path.join(root, "download"),
  );
  const dir = path.join(root, "files");
  const files = await unpackFiles(archive, dir, limits, label, wanted);
  return { dir, files, label };
}

/** A name from the zip (or a server) in a message: on one line, every control character visible. */
function shown(name: string): string {
  return showControls(name, "escape");
}
