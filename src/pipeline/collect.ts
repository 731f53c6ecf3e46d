// Collects the telemetry files of one request, whatever their source: a dbt platform run's steps, a
// workflow artifact, local files, directories and globs. Each source that is asked for adds its
// files, in that order. Downloads go under `workDir()` (made on first use), which the caller removes
// once the files are read.
import path from "node:path";
import type { FailedStep } from "../model/failed-step.js";
import { ArtifactSourceError } from "../sources/artifact-error.js";
import type { ArtifactRequest } from "../sources/artifact.js";
import type { BaselineArtifact, BaselineArtifactRequest } from "../sources/baseline-artifact.js";
// The dbt platform client: imported here only, so it can be loaded when a run uses it.
import {
  fetchDbtCloudTelemetry,
  parseDbtCommand,
  type DbtCloudStepTelemetry,
  type DbtCloudTelemetry,
} from "../sources/dbt-cloud/index.js";
import type { Clock } from "../sources/dbt-cloud/rate-limiter.js";
import {
  DBT_CLOUD_SETTING_KEYS,
  parseDbtCloudSettings,
  type NameSetting,
} from "../sources/dbt-cloud/settings.js";
import { openStepFiles } from "../sources/dbt-cloud/step-files.js";
import type { CheckoutBounds } from "../sources/checkout-links.js";
import { collectLocalTelemetry, NoTelemetryError, type StandardInput } from "../sources/local.js";
import type { TelemetryFile } from "../sources/telemetry-file.js";

export { NoTelemetryError };

export interface TelemetryRequest {
  /** dbt platform settings as a record of strings (see parseDbtCloudSettings); null = not used. */
  dbtCloud: Record<string, string> | null;
  /** How dbt platform messages name a setting: the Action's input, the CLI's flag or variable. */
  nameDbtCloudSetting?: NameSetting;
  /** A workflow artifact to read; null = none. `runId` null = the current run. */
  artifact: { name: string; runId: string | null } | null;
  /** Files, directories or globs, relative to `cwd`; empty = none. */
  paths: readonly string[];
  cwd: string;
  /** Appended to "No telemetry found at …" for local files: how to produce them. */
  noTelemetryHint?: string;
  /** The Action's checkout and where a link in it may lead a telemetry path (checkout-links.ts); unset for the CLI. */
  checkout?: CheckoutBounds;
  /** Standard input as a stream, for a `paths` entry of STANDARD_INPUT where it is no file (Windows). */
  standardInput?: StandardInput;
}

/**
 * Workflow artifacts, as the Action reads them: github/ fetches the zip, sources/ unpacks it. Passed
 * in, so the CLI (which reads none) never loads the zip reader.
 */
export interface ArtifactReader {
  readTelemetry(artifact: ArtifactRequest, log: (message: string) => void): Promise<TelemetryFile[]>;
  readBaseline(request: BaselineArtifactRequest): Promise<BaselineArtifact>;
}

export interface CollectServices {
  /** Progress of downloads (dbt platform, artifacts). */
  log: (message: string) => void;
  /** Something left out: a glob that matched nothing. */
  note: (message: string) => void;
  /** A dbt platform step that has no telemetry (clone, deps, profile steps never do). */
  skippedStep: (step: DbtCloudStepTelemetry) => void;
  /** Reads workflow artifacts (the Action's); needed for `artifact`. */
  artifacts?: ArtifactReader;
  /** The dbt platform source's waits (real time unless a test scales them). */
  clock?: Clock;
}

/** The files to read, and the dbt platform steps that failed without any (reported as failed). */
export interface CollectedTelemetry {
  files: TelemetryFile[];
  failedSteps: FailedStep[];
}

export async function collectTelemetry(
  request: TelemetryRequest,
  workDir: () => Promise<string>,
  services: CollectServices,
): Promise<CollectedTelemetry> {
  const files: TelemetryFile[] = [];
  const failedSteps: FailedStep[] = [];
  if (request.dbtCloud) {
    const run = await fromDbtCloud(request.dbtCloud, request.nameDbtCloudSetting, workDir, services);
    files.push(...run.files);
    failedSteps.push(...run.failedSteps);
  }
  if (request.artifact) files.push(...(await fromArtifact(request.artifact, workDir, services)));
  if (request.paths.length > 0) {
    try {
      files.push(
        ...(await collectLocalTelemetry(
          request.paths,
          request.cwd,
          services.note,
          request.checkout,
          request.standardInput,
        )),
      );
    } catch (error) {
      if (!(error instanceof NoTelemetryError) || !request.noTelemetryHint) throw error;
      throw new NoTelemetryError(`${error.message} ${request.noTelemetryHint}`);
    }
  }
  return { files, failedSteps };
}

async function fromDbtCloud(
  raw: Record<string, string>,
  nameSetting: NameSetting | undefined,
  workDir: () => Promise<string>,
  services: CollectServices,
): Promise<CollectedTelemetry> {
  const settings = parseDbtCloudSettings(
    { ...raw, [DBT_CLOUD_SETTING_KEYS.downloadDir]: path.join(await workDir(), "dbt-cloud") },
    nameSetting,
  );
  const telemetry = await fetchDbtCloudTelemetry(settings, {
    log: services.log,
    ...(services.clock && { clock: services.clock }),
    ...(nameSetting && { nameSetting }),
  });
  for (const step of telemetry.steps) if (!step.file) services.skippedStep(step);
  const files = await openStepFiles(telemetry);
  // A step that failed without telemetry would otherwise vanish from the report, and with it the
  // run's failure (a broken `dbt deps` made a red run look green or "no telemetry").
  // So would a step cut off by the run's cancellation (a job timeout): the other steps' telemetry
  // made a cancelled run look green. Without any telemetry, a cancelled run stays "no telemetry".
  // A step that ended in Error with telemetry is read from it; its status still fails it when the
  // telemetry shows no failure (model/failed-step.ts).
  const failedSteps = telemetry.steps
    .filter((step) => (step.file ? step.failed : step.failed || (step.cancelled && files.length > 0)))
    .map(toFailedStep(telemetry));
  if (files.length === 0 && failedSteps.length === 0) {
    const { run } = telemetry;
    throw new NoTelemetryError(
      telemetry.steps.length === 0
        ? `dbt platform run ${run.id} has no step to read telemetry from (the API listed none with an index)`
        : run.status === 30
          ? `dbt platform run ${run.id} was cancelled before any step wrote Fusion telemetry`
          : `dbt platform run ${run.id} has no step with Fusion telemetry`,
    );
  }
  return { files, failedSteps };
}

function toFailedStep(telemetry: DbtCloudTelemetry) {
  return (step: DbtCloudStepTelemetry): FailedStep => ({
    index: step.index,
    name: step.name,
    runId: telemetry.run.id,
    ...(telemetry.run.href ? { url: telemetry.run.href } : {}),
    command: parseDbtCommand(step.name),
    status: step.statusHumanized ?? (step.failed ? "Error" : "Cancelled"),
    cancelled: !step.failed,
    ...(step.footerless && { footerless: true }),
    ...(step.file && { wroteTelemetry: true }),
    startedAt: step.startedAt,
    completedAt: step.finishedAt,
    logTail: step.logTail,
  });
}

async function fromArtifact(
  artifact: { name: string; runId: string | null },
  workDir: () => Promise<string>,
  services: CollectServices,
): Promise<TelemetryFile[]> {
  if (!services.artifacts) throw new Error("reading a workflow artifact needs the GitHub side");
  try {
    return await services.artifacts.readTelemetry({ ...artifact, tempDir: await workDir() }, services.log);
  } catch (error) {
    // An artifact that was never uploaded (the build failed early) is "no telemetry", not a fault.
    if (error instanceof ArtifactSourceError && error.absent) throw new NoTelemetryError(error.message);
    throw error;
  }
}
