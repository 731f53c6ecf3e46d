// Where the Action's telemetry comes from, in this order: a dbt platform run, a workflow artifact, or
// local files.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DBT_CLOUD_SETTING_KEYS, fetchDbtCloudTelemetry, parseDbtCloudSettings } from "./dbt-cloud/index.js";
import { ArtifactSourceError, readArtifactTelemetry, type FetchArtifactZip } from "./artifact.js";
import { dbtCloudInputs } from "./dbt-cloud/to-inputs.js";
import { collectLocalTelemetry, NoTelemetryError } from "./local.js";
import type { TelemetryInput } from "./telemetry-input.js";

export { NoTelemetryError };

export interface TelemetryRequest {
  /** dbt platform settings as a record of strings (see parseDbtCloudSettings); null = not used. */
  dbtCloud: Record<string, string> | null;
  /** A workflow artifact to read, and the function that fetches its zip; null = none. */
  artifact: { name: string; runId: string | null; fetchZip: FetchArtifactZip } | null;
  /** Files, directories or globs, relative to `cwd`. */
  paths: readonly string[];
  cwd: string;
  /** Where downloads go (RUNNER_TEMP). */
  tempDir: string;
}

export interface CollectDeps {
  log: (message: string) => void;
  warning: (message: string) => void;
}

export async function collectActionTelemetry(
  request: TelemetryRequest,
  deps: CollectDeps,
): Promise<TelemetryInput[]> {
  if (request.dbtCloud) {
    const telemetry = await fetchDbtCloudTelemetry(
      parseDbtCloudSettings({
        ...request.dbtCloud,
        [DBT_CLOUD_SETTING_KEYS.downloadDir]: await mkdtemp(
          path.join(request.tempDir || os.tmpdir(), "fusion-report-"),
        ),
      }),
      { log: deps.log },
    );
    for (const step of telemetry.steps) {
      if (!step.file) deps.log(`Step ${step.index} (${step.name}): ${step.note ?? "no telemetry"}`);
    }
    const inputsFromRun = await dbtCloudInputs(telemetry);
    if (inputsFromRun.length === 0) {
      throw new NoTelemetryError(`dbt platform run ${telemetry.run.id} has no step with Fusion telemetry`);
    }
    return inputsFromRun;
  }
  if (request.artifact) {
    const { name, runId, fetchZip } = request.artifact;
    try {
      return await readArtifactTelemetry({ name, runId, tempDir: request.tempDir }, fetchZip, deps.log);
    } catch (error) {
      // An artifact that was never uploaded (the build failed early) is "no telemetry", not a fault.
      if (error instanceof ArtifactSourceError && error.absent) throw new NoTelemetryError(error.message);
      throw error;
    }
  }
  try {
    return await collectLocalTelemetry(request.paths, request.cwd, deps.log);
  } catch (error) {
    if (!(error instanceof NoTelemetryError)) throw error;
    throw new NoTelemetryError(
      `${error.message} Run dbt with --otel-parquet-file-name (Parquet in target/metadata/) or ` +
        "--otel-file-name (JSONL in logs/), or point the 'telemetry' input at the files.",
    );
  }
}
