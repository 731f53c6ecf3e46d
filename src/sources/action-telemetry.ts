// Where the Action's telemetry comes from, in this order: a dbt platform run, a workflow artifact, or
// local files.
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Inputs } from "../inputs.js";
import { DBT_CLOUD_SETTING_KEYS, fetchDbtCloudTelemetry, parseDbtCloudSettings } from "./dbt-cloud/index.js";
import { ArtifactSourceError, defaultArtifactRunId, downloadArtifactTelemetry } from "./artifact.js";
import { dbtCloudInputs } from "./dbt-cloud/to-inputs.js";
import { collectLocalTelemetry, NoTelemetryError } from "./local.js";
import type { TelemetryInput } from "./telemetry-input.js";

export { NoTelemetryError };

export interface CollectDeps {
  log: (message: string) => void;
  warning: (message: string) => void;
  /** Pull request and head commit, to find the dbt platform run of this PR by job id. */
  prNumber?: number | null;
  headSha?: string | null;
}

export async function collectActionTelemetry(
  inputs: Readonly<Inputs>,
  deps: CollectDeps,
): Promise<TelemetryInput[]> {
  const { dbtCloud } = inputs;
  if (dbtCloud.runId || dbtCloud.jobId) {
    const raw: Record<string, string> = {
      [DBT_CLOUD_SETTING_KEYS.baseUrl]: dbtCloud.baseUrl,
      [DBT_CLOUD_SETTING_KEYS.accountId]: dbtCloud.accountId,
      [DBT_CLOUD_SETTING_KEYS.token]: dbtCloud.token,
      [DBT_CLOUD_SETTING_KEYS.wait]: String(dbtCloud.wait),
      [DBT_CLOUD_SETTING_KEYS.maxWaitSeconds]: String(Math.round(dbtCloud.maxWaitMinutes * 60)),
      [DBT_CLOUD_SETTING_KEYS.downloadDir]: await mkdtemp(
        path.join(process.env.RUNNER_TEMP || os.tmpdir(), "fusion-report-"),
      ),
    };
    if (dbtCloud.runId) raw[DBT_CLOUD_SETTING_KEYS.runId] = dbtCloud.runId;
    if (dbtCloud.jobId) raw[DBT_CLOUD_SETTING_KEYS.jobId] = dbtCloud.jobId;
    if (deps.prNumber) raw[DBT_CLOUD_SETTING_KEYS.prNumber] = String(deps.prNumber);
    if (deps.headSha) raw[DBT_CLOUD_SETTING_KEYS.headSha] = deps.headSha;
    const telemetry = await fetchDbtCloudTelemetry(parseDbtCloudSettings(raw), { log: deps.log });
    for (const step of telemetry.steps) {
      if (!step.file) deps.log(`Step ${step.index} (${step.name}): ${step.note ?? "no telemetry"}`);
    }
    const inputsFromRun = await dbtCloudInputs(telemetry);
    if (inputsFromRun.length === 0) {
      throw new NoTelemetryError(`dbt platform run ${telemetry.run.id} has no step with Fusion telemetry`);
    }
    return inputsFromRun;
  }
  if (inputs.artifactName) {
    try {
      return await downloadArtifactTelemetry(
        {
          name: inputs.artifactName,
          runId: inputs.artifactRunId ?? defaultArtifactRunId(process.env),
          token: inputs.githubToken,
          repository: process.env.GITHUB_REPOSITORY ?? "",
          tempDir: process.env.RUNNER_TEMP || os.tmpdir(),
        },
        { log: deps.log },
      );
    } catch (error) {
      // An artifact that was never uploaded (the build failed early) is "no telemetry", not a fault.
      if (error instanceof ArtifactSourceError && error.absent) throw new NoTelemetryError(error.message);
      throw error;
    }
  }
  const cwd = process.env.GITHUB_WORKSPACE || process.cwd();
  try {
    return await collectLocalTelemetry(inputs.telemetry, cwd, deps.log);
  } catch (error) {
    if (!(error instanceof NoTelemetryError)) throw error;
    throw new NoTelemetryError(
      `${error.message} Run dbt with --otel-parquet-file-name (Parquet in target/metadata/) or ` +
        "--otel-file-name (JSONL in logs/), or point the 'telemetry' input at the files.",
    );
  }
}
