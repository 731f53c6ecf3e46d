// The Action's side of the shared pipeline: its inputs as a pipeline request, and the services only
// GitHub can give it (fetching an artifact, finding the base branch's run), with the Action's log.
import { statSync } from "node:fs";
import path from "node:path";
import type { ActionLog } from "./github/action-log.js";
import { createArtifactReader } from "./github/artifact-download.js";
import { locateBaselineRun } from "./github/baseline-run.js";
import type { GitHubSide } from "./github/connect.js";
import { runAttemptOf, triggeringRunId } from "./github/context.js";
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
        runId: runner.env.GITHUB_RUN_ID,
        runAttempt: runAttemptOf(runner.env),
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
 * found on the runner can be an earlier build's, and so can an artifact of this run (a job before
 * this one ran dbt on a restored cache of target/ and uploaded it) and, on `workflow_run`, the
 * triggering run's artifact (ownTelemetryOf); an artifact another run id names, or a dbt platform
 * run, is the one asked for.
 *
 * The event's time is the payload's (a pull request's update, a push's time), else the run's
 * creation, asked from GitHub (stale-telemetry.ts). GitHub's answer also tells how far the runner's
 * clock is from GitHub's, when that clock stamped the telemetry. It is asked only when needed: for
 * an event whose payload has no time, or when an invocation looks older than the event by the
 * runner's clock (which may be slow). When it cannot be asked, the check is skipped (or, where the payload gives
 * the event's time, made by the runner's clock alone), and the log says so: it never fails the step.
 */
export async function olderBuildsNamed(
  result: PipelineResult,
  request: PipelineRequest,
  runner: Runner,
  github: GitHubSide,
  log: (message: string) => void,
): Promise<PipelineResult> {
  const own = ownTelemetryOf(request, runner);
  if (!own) return result;
  const { report } = result;
  const payloadMs = eventTimeOf(runner.eventName, runner.payload);
  if (payloadMs === null && !RUN_CREATED_EVENTS.has(runner.eventName)) return result;
  const maybeStale =
    payloadMs !== null
      ? hasStaleInvocation(report, payloadMs)
      : report.invocations.some((inv) => inv.startedAt !== null);
  if (!maybeStale) return result;
  const withWarnings = (eventMs: number, skewMs: number): PipelineResult => {
    const checked = warnAboutStaleInvocations(report, runner.eventName, eventMs, skewMs, own.artifact);
    return checked === report ? result : { ...result, report: checked };
  };
  // Another runner stamped the telemetry: this runner's clock against GitHub's says nothing of
  // that one's, so the minute of slack is all that is allowed for, and GitHub is asked only for
  // the event's time.
  if (!own.stampedHere && payloadMs !== null) return withWarnings(payloadMs, 0);
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
  const skewMs = own.stampedHere ? clock.skewMs : 0;
  if (Math.abs(skewMs) > CLOCK_SLACK_MS) {
    const seconds = Math.round(Math.abs(skewMs) / 1000);
    log(
      `The runner's clock is ${seconds} s ${skewMs > 0 ? "behind" : "ahead of"} GitHub's (the Date of ` +
        "GitHub's answer): the telemetry's times are compared with the event's allowing for it.",
    );
  }
  const eventMs = payloadMs ?? clock.createdMs;
  return eventMs === null ? result : withWarnings(eventMs, skewMs);
}

/** Telemetry this run built, whose times the event's must precede; see ownTelemetryOf. */
interface OwnTelemetry {
  /** This runner's clock stamped it, so its skew against GitHub's applies. */
  stampedHere: boolean;
  /** The artifact of this run it came from, for the warning to send the reader to its job. */
  artifact: string | null;
}

/**
 * The telemetry, when it is to have been built after the event this run answers: files on the
 * runner; an artifact of this run (`artifact-run-id` empty, or this run's id), uploaded by an
 * earlier job; on `workflow_run`, an artifact of the triggering run (whose creation eventTimeOf
 * gives), or files downloaded from it. An artifact of another run that `artifact-run-id` names, and
 * a dbt platform run, are the build asked for, whenever it ran: null.
 *
 * Only files on this runner, outside `workflow_run`, were stamped by this runner's clock. An
 * artifact's times are those of the runner of the job that uploaded it, another machine (a job that
 * uploads its own files would let the Action read them there): how far this runner's clock is from
 * GitHub's says nothing of that one's, so its skew does not apply. On `workflow_run` the files, too,
 * are the triggering run's.
 */
function ownTelemetryOf(request: PipelineRequest, runner: Runner): OwnTelemetry | null {
  const { paths, artifact } = request.telemetry;
  if (paths.length > 0) return { stampedHere: runner.eventName !== "workflow_run", artifact: null };
  if (!artifact) return null;
  if (artifact.runId === null || artifact.runId === runner.env.GITHUB_RUN_ID) {
    return { stampedHere: false, artifact: artifact.name };
  }
  const triggering = triggeringRunId(runner.eventName, runner.payload);
  return triggering !== null && artifact.runId === triggering ? { stampedHere: false, artifact: null } : null;
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
