// The Action's side of the shared pipeline: its inputs as a pipeline request, and the services only
// GitHub can give it (fetching an artifact, finding the base branch's run), with the Action's log.
import { statSync } from "node:fs";
import path from "node:path";
import type { ActionLog } from "./github/action-log.js";
import { createArtifactReader } from "./github/artifact-download.js";
import { locateBaselineRun } from "./github/baseline-run.js";
import type { GitHubSide } from "./github/connect.js";
import { triggeringRunId } from "./github/context.js";
import { readRunClock, type RunClock } from "./github/run-clock.js";
import type { Runner } from "./github/runner.js";
import {
  CLOCK_SLACK_MS,
  eventTimeOf,
  hasStaleInvocation,
  RUN_CREATED_EVENTS,
  warnAboutStaleInvocations,
} from "./github/stale-telemetry.js";
import { dbtCloudSettingsOf, nameDbtCloudInput, unusedSourceInputs, type ActionInputs } from "./inputs.js";
import type { PipelineRequest, PipelineResult, PipelineServices } from "./pipeline/run.js";
import type { CheckoutBounds } from "./sources/checkout-links.js";
import { defaultClock } from "./sources/dbt-cloud/rate-limiter.js";
import { describeFileError } from "./text/file-errors.js";
import { createRedactor } from "./text/secrets.js";
import { VERSION } from "./version.js";

const HOW_TO_WRITE_TELEMETRY =
  "Run dbt with --otel-parquet-file-name (Parquet in target/metadata/) or --otel-file-name (JSONL in " +
  "logs/), or point the 'telemetry' input at the files.";

/**
 * What to check when nothing was found. Outside the repository root, the paths were read from
 * `project-dir`: a typo there, or a path that names the folder twice, reads as "dbt wrote nothing".
 */
function noTelemetryHint(projectDir: string, folder: string): string {
  if (projectDir === ".") return HOW_TO_WRITE_TELEMETRY;
  return (
    `The paths are relative to project-dir '${projectDir}' (${folder}${folderState(folder)}); check it first. ` +
    HOW_TO_WRITE_TELEMETRY
  );
}

/** What is wrong with the project folder, if anything; a name it cannot even look up is said, not thrown. */
function folderState(folder: string): string {
  let kind;
  try {
    kind = statSync(folder, { throwIfNoEntry: false });
  } catch (error) {
    // A name too long, a file on the way (ENOTDIR), a folder it may not enter.
    return `, which cannot be looked up: ${describeFileError(error)}`;
  }
  return !kind ? ", which does not exist" : kind.isDirectory() ? "" : ", which is not a folder";
}

/** A dbt platform run or a workflow artifact replaces the local files; else the `telemetry` paths. */
export function actionPipelineRequest(
  inputs: Readonly<ActionInputs>,
  runner: Runner,
  github: GitHubSide,
): PipelineRequest {
  const dbtCloud = dbtCloudSettingsOf(inputs.dbtCloud, github.context);
  const projectFolder = path.resolve(runner.workspace, inputs.projectDir);
  const artifact = inputs.artifactName
    ? {
        name: inputs.artifactName,
        runId: inputs.artifactRunId ?? triggeringRunId(runner.eventName, runner.payload),
      }
    : null;
  return {
    telemetry: {
      dbtCloud,
      nameDbtCloudSetting: nameDbtCloudInput,
      artifact: dbtCloud ? null : artifact,
      paths: dbtCloud || artifact ? [] : inputs.telemetry,
      // The engine writes target/ and logs/ inside the dbt project, so paths are read from there.
      cwd: projectFolder,
      noTelemetryHint: [unusedSourceInputs(inputs), noTelemetryHint(inputs.projectDir, projectFolder)]
        .filter(Boolean)
        .join(" "),
      checkout: checkoutBounds(runner),
    },
    baseline: inputs.baseline
      ? { file: inputs.baseline, display: inputs.baseline, checkout: checkoutBounds(runner) }
      : inputs.baselineArtifact
        ? { artifact: inputs.baselineArtifact }
        : null,
    slowest: inputs.slowest,
    failOn: inputs.failOn,
    regressionThresholdPercent: inputs.regressionThreshold,
    minRegressionMs: inputs.regressionMinSeconds * 1000,
    generatorVersion: VERSION,
    tempDir: runner.tempDir,
  };
}

export function actionPipelineServices(
  inputs: Readonly<ActionInputs>,
  runner: Runner,
  github: GitHubSide,
  log: ActionLog,
): PipelineServices {
  return {
    log: log.info,
    note: log.info,
    warning: log.warning,
    skippedStep: (step) => log.info(`Step ${step.index} (${step.name}): ${step.note ?? "no telemetry"}`),
    artifacts: createArtifactReader(
      {
        token: inputs.githubToken,
        repository: runner.repository,
        timeoutMs: inputs.artifactTimeoutMinutes * 60_000,
      },
      { log: log.info },
    ),
    locateBaselineRun: () =>
      locateBaselineRun(github.octokit, {
        artifact: inputs.baselineArtifact ?? "",
        workflowInput: inputs.baselineWorkflow,
        repository: runner.repository,
        payload: runner.payload,
        env: runner.env,
        log: log.info,
      }),
    clock: defaultClock(runner.env),
    // The report is masked by value (and token shape) only: its messages are the build's own words.
    redact: createRedactor([inputs.githubToken, inputs.dbtCloud.token], { credentials: false }),
  };
}

/** The checkout, and where a link in it may lead what the Action reads and writes (checkout-links.ts). */
export function checkoutBounds(runner: Runner): CheckoutBounds {
  return { root: runner.workspace, linksMayLeadTo: [runner.workspace, runner.tempDir] };
}

/**
 * The result, with a warning on each invocation that began before the event this run answers. Files
 * found on the runner can be an earlier build's, and so can, on `workflow_run`, the triggering run's
 * artifact (datedByTheEvent); an artifact another run id names, or a dbt platform run, is the one asked for.
 *
 * The event's time is the payload's (a pull request's update, a push's time), else the run's
 * creation, asked from GitHub (stale-telemetry.ts). GitHub's answer also tells how far the runner's
 * clock, which stamped the telemetry, is from GitHub's. It is asked only when needed: for an event
 * whose payload has no time, or when an invocation looks older than the event by the runner's clock
 * (which may be slow). When it cannot be asked, the check is skipped (or, where the payload gives
 * the event's time, made by the runner's clock alone), and the log says so: it never fails the step.
 */
export async function olderBuildsNamed(
  result: PipelineResult,
  request: PipelineRequest,
  runner: Runner,
  github: GitHubSide,
  log: (message: string) => void,
): Promise<PipelineResult> {
  if (!datedByTheEvent(request, runner)) return result;
  const { report } = result;
  const payloadMs = eventTimeOf(runner.eventName, runner.payload);
  if (payloadMs === null && !RUN_CREATED_EVENTS.has(runner.eventName)) return result;
  const maybeStale =
    payloadMs !== null
      ? hasStaleInvocation(report, payloadMs)
      : report.invocations.some((inv) => inv.startedAt !== null);
  if (!maybeStale) return result;
  const withWarnings = (eventMs: number, skewMs: number): PipelineResult => {
    const checked = warnAboutStaleInvocations(report, runner.eventName, eventMs, skewMs);
    return checked === report ? result : { ...result, report: checked };
  };
  // The triggering run's runner stamped the telemetry: this runner's clock against GitHub's says
  // nothing of that one's, so the minute of slack is all that is allowed for.
  if (runner.eventName === "workflow_run" && payloadMs !== null) return withWarnings(payloadMs, 0);
  const clock = await askRunClock(runner, github);
  if ("skip" in clock) {
    log(
      `${clock.skip}: ` +
        (payloadMs === null
          ? `whether the telemetry is this run's own or an earlier build's is not checked on ${runner.eventName}`
          : "the telemetry's times are compared with the event's by the runner's clock"),
    );
    return payloadMs === null ? result : withWarnings(payloadMs, 0);
  }
  if (Math.abs(clock.skewMs) > CLOCK_SLACK_MS) {
    const seconds = Math.round(Math.abs(clock.skewMs) / 1000);
    log(
      `The runner's clock is ${seconds} s ${clock.skewMs > 0 ? "behind" : "ahead of"} GitHub's (the Date of ` +
        "GitHub's answer): the telemetry's times are compared with the event's allowing for it.",
    );
  }
  const eventMs = payloadMs ?? clock.createdMs;
  return eventMs === null ? result : withWarnings(eventMs, clock.skewMs);
}

/**
 * Whether the telemetry was built after the event this run answers, when it is this run's own:
 * files on the runner, or on `workflow_run` an artifact of the triggering run (whose creation
 * eventTimeOf gives) or of this run, created later still. An artifact of another run that
 * `artifact-run-id` names, and a dbt platform run, are the build asked for, whenever it ran.
 */
function datedByTheEvent(request: PipelineRequest, runner: Runner): boolean {
  const { paths, artifact } = request.telemetry;
  if (paths.length > 0) return true;
  if (!artifact || runner.eventName !== "workflow_run") return false;
  return artifact.runId === null || artifact.runId === triggeringRunId(runner.eventName, runner.payload);
}

/** What GitHub says about this run's time (run-clock.ts), or why it cannot be asked. */
async function askRunClock(runner: Runner, github: GitHubSide): Promise<RunClock | { skip: string }> {
  const [owner, repo] = runner.repository.split("/");
  const runId = runner.env.GITHUB_RUN_ID ?? "";
  if (!github.octokit || !owner || !repo || !/^[1-9]\d{0,15}$/.test(runId)) {
    return { skip: "No github-token or GITHUB_RUN_ID to ask GitHub for this workflow run's time" };
  }
  return readRunClock(github.octokit, { owner, repo, runId: Number(runId) });
}
