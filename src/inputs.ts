// Action inputs → one frozen, validated object. Read once in main.ts; nothing below it calls getInput.
// The getter is injected so tests (and the CLI) never need @actions/core.
import * as os from "node:os";
import * as path from "node:path";
import { forkOf, type RunContext } from "./github/context.js";
import { FAIL_ON_VALUES, type FailOn } from "./model/types.js";
import { DbtCloudSettingsError } from "./sources/dbt-cloud/errors.js";
import { DBT_CLOUD_MAX_WAIT_SECONDS, DBT_CLOUD_SETTING_KEYS } from "./sources/dbt-cloud/settings.js";
import { matchChoice } from "./text/choice.js";
import { parseDecimal } from "./text/decimal.js";
import { expandHome, pathInside } from "./text/paths.js";

export const INPUT = {
  telemetry: "telemetry",
  githubToken: "github-token",
  checkName: "check-name",
  failOn: "fail-on",
  comment: "comment",
  projectDir: "project-dir",
  maxAnnotations: "max-annotations",
  slowest: "slowest",
  runResults: "run-results",
  jsonReport: "json-report",
  markdownReport: "markdown-report",
  ifNoTelemetry: "if-no-telemetry",
  checkRun: "check-run",
  jobSummary: "job-summary",
  annotations: "annotations",
  dbtCloudBaseUrl: "dbt-cloud-base-url",
  dbtCloudAccountId: "dbt-cloud-account-id",
  dbtCloudToken: "dbt-cloud-token",
  dbtCloudRunId: "dbt-cloud-run-id",
  dbtCloudJobId: "dbt-cloud-job-id",
  dbtCloudWait: "dbt-cloud-wait",
  dbtCloudMaxWaitMinutes: "dbt-cloud-max-wait-minutes",
  artifactName: "artifact-name",
  artifactRunId: "artifact-run-id",
  artifactTimeoutMinutes: "artifact-timeout-minutes",
  uploadArtifact: "upload-artifact",
  baseline: "baseline",
  baselineArtifact: "baseline-artifact",
  baselineWorkflow: "baseline-workflow",
  regressionThreshold: "regression-threshold",
  regressionMinSeconds: "regression-min-seconds",
  diagrams: "diagrams",
  junit: "junit",
} as const;

export type InputName = (typeof INPUT)[keyof typeof INPUT];

/** The step outputs are published by github/ (outputs.ts); action.yml declares both lists. */
export { OUTPUT } from "./github/outputs.js";

export const COMMENT_VALUES = ["always", "on-failure", "off"] as const;
export const IF_NO_TELEMETRY_VALUES = ["error", "neutral", "warn"] as const;

export type CommentMode = (typeof COMMENT_VALUES)[number];
export type IfNoTelemetry = (typeof IF_NO_TELEMETRY_VALUES)[number];

/**
 * Defaults of the inputs that only tune another one: changed, they were set, and a warning says when
 * what they tune is off (inputWarnings, idleSettingInputs). The regression ones are what counts as
 * a timing regression.
 */
const SETTING_DEFAULTS = {
  maxAnnotations: 50,
  dbtCloudMaxWaitMinutes: 30,
  artifactTimeoutMinutes: 10,
  regressionThreshold: 50,
  regressionMinSeconds: 1,
} as const;

export const DEFAULT_TELEMETRY = ["target/metadata/*.parquet", "logs/*.jsonl"] as const;

export interface DbtCloudActionInputs {
  baseUrl: string;
  accountId: string;
  /** Secret: non-enumerable, so JSON.stringify / util.inspect of the inputs never show it. */
  readonly token: string;
  runId: string;
  jobId: string;
  wait: boolean;
  maxWaitMinutes: number;
}

export interface ActionInputs {
  /** Files, directories or globs, in the order given. */
  telemetry: readonly string[];
  /** Secret: non-enumerable, so JSON.stringify / util.inspect of the inputs never show it. */
  readonly githubToken: string;
  checkName: string;
  failOn: FailOn;
  comment: CommentMode;
  projectDir: string;
  maxAnnotations: number;
  slowest: number;
  /** Where to write run_results.json; null = don't. */
  runResults: string | null;
  /** Where to write the JSON report (always written). */
  jsonReport: string;
  markdownReport: string | null;
  ifNoTelemetry: IfNoTelemetry;
  checkRun: boolean;
  jobSummary: boolean;
  annotations: boolean;
  dbtCloud: Readonly<DbtCloudActionInputs>;
  artifactName: string | null;
  artifactRunId: string | null;
  /** The longest finding and downloading one artifact may take (telemetry or baseline). */
  artifactTimeoutMinutes: number;
  /** Name of an artifact to upload the reports to; null = none. */
  uploadArtifact: string | null;
  baseline: string | null;
  /** Artifact with the base branch's JSON report, from its newest successful run; `baseline` wins. */
  baselineArtifact: string | null;
  /** Workflow file name or id whose runs hold that artifact; null = the current workflow. */
  baselineWorkflow: string | null;
  regressionThreshold: number;
  /** A regression must also be at least this many seconds slower (short nodes jitter by large percentages). */
  regressionMinSeconds: number;
  diagrams: boolean;
  junit: string | null;
}

export class InputError extends Error {
  override name = "InputError";
  constructor(
    readonly input: string,
    message: string,
  ) {
    super(`input '${input}': ${message}`);
  }
}

type Getter = (name: string) => string;

/**
 * Reads and validates every input once. `env` only supplies RUNNER_TEMP for the default JSON report
 * path (action.yml defaults cannot use runner.temp everywhere the action may run).
 */
export function readInputs(getInput: Getter, env: NodeJS.ProcessEnv): Readonly<ActionInputs> {
  const get = (name: InputName): string => (getInput(name) ?? "").trim();
  const optional = (name: InputName): string | null => get(name) || null;
  const home = env.HOME || os.homedir();
  // A file the step writes or reads: `~/…` is the home folder, as in a shell, not a folder named ~.
  const optionalPath = (name: InputName): string | null => {
    const value = optional(name);
    return value === null ? null : expandHome(value, home);
  };

  const telemetry = telemetryPatterns(get(INPUT.telemetry), home);

  const dbtCloud = {
    baseUrl: get(INPUT.dbtCloudBaseUrl),
    accountId: get(INPUT.dbtCloudAccountId),
    runId: get(INPUT.dbtCloudRunId),
    jobId: get(INPUT.dbtCloudJobId),
    wait: readBoolean(get, INPUT.dbtCloudWait, false),
    maxWaitMinutes: readNumber(get, INPUT.dbtCloudMaxWaitMinutes, SETTING_DEFAULTS.dbtCloudMaxWaitMinutes, {
      min: 1,
      max: DBT_CLOUD_MAX_WAIT_SECONDS / 60,
      integer: false,
    }),
  };
  defineSecret(dbtCloud, "token", get(INPUT.dbtCloudToken));

  const inputs = {
    telemetry: Object.freeze(telemetry.length > 0 ? telemetry : [...DEFAULT_TELEMETRY]),
    checkName: get(INPUT.checkName) || "dbt Fusion",
    failOn: readChoice(get, INPUT.failOn, FAIL_ON_VALUES, "errors"),
    comment: readChoice(get, INPUT.comment, COMMENT_VALUES, "always"),
    projectDir: readProjectDir(get(INPUT.projectDir), home, env.GITHUB_WORKSPACE),
    maxAnnotations: readNumber(get, INPUT.maxAnnotations, SETTING_DEFAULTS.maxAnnotations, {
      min: 0,
      integer: true,
    }),
    slowest: readNumber(get, INPUT.slowest, 10, { min: 0, integer: true }),
    runResults: optionalPath(INPUT.runResults),
    jsonReport:
      optionalPath(INPUT.jsonReport) ?? path.join(env.RUNNER_TEMP || os.tmpdir(), "fusion-report.json"),
    markdownReport: optionalPath(INPUT.markdownReport),
    ifNoTelemetry: readChoice(get, INPUT.ifNoTelemetry, IF_NO_TELEMETRY_VALUES, "error"),
    checkRun: readBoolean(get, INPUT.checkRun, true),
    jobSummary: readBoolean(get, INPUT.jobSummary, true),
    annotations: readBoolean(get, INPUT.annotations, true),
    dbtCloud: Object.freeze(dbtCloud) as Readonly<DbtCloudActionInputs>,
    artifactName: readArtifactName(get, INPUT.artifactName),
    artifactRunId: readRunId(get, INPUT.artifactRunId),
    artifactTimeoutMinutes: readNumber(
      get,
      INPUT.artifactTimeoutMinutes,
      SETTING_DEFAULTS.artifactTimeoutMinutes,
      {
        min: 0.01,
        max: 360,
        integer: false,
      },
    ),
    uploadArtifact: readArtifactName(get, INPUT.uploadArtifact),
    baseline: optionalPath(INPUT.baseline),
    baselineArtifact: readArtifactName(get, INPUT.baselineArtifact),
    baselineWorkflow: optional(INPUT.baselineWorkflow),
    regressionThreshold: readNumber(get, INPUT.regressionThreshold, SETTING_DEFAULTS.regressionThreshold, {
      min: 0,
      integer: false,
    }),
    regressionMinSeconds: readNumber(get, INPUT.regressionMinSeconds, SETTING_DEFAULTS.regressionMinSeconds, {
      min: 0,
      integer: false,
    }),
    diagrams: readBoolean(get, INPUT.diagrams, true),
    junit: optionalPath(INPUT.junit),
  };
  defineSecret(inputs, "githubToken", get(INPUT.githubToken));
  return Object.freeze(inputs) as Readonly<ActionInputs>;
}

// A backslash that escapes no glob character, as tinyglobby's convertPathToPattern reads it on Windows.
const WINDOWS_SEPARATOR = /\\(?![()[\]{}!+@])/g;

/**
 * The `telemetry` list as GitHub's own actions read a list of paths (@actions/glob, for
 * upload-artifact and cache): one per line, blank lines and `#` comments left out (a `#` in a YAML
 * block is text, not a YAML comment), `~` the home folder, and on Windows `\` a folder separator
 * (the glob library takes `\` for an escape).
 */
export function telemetryPatterns(
  raw: string,
  home: string,
  platform: NodeJS.Platform = process.platform,
): string[] {
  return raw
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => expandHome(line, home, platform))
    .map((line) => (platform === "win32" ? line.replace(WINDOWS_SEPARATOR, "/") : line));
}

export interface FailureSettings {
  checkName: string;
  jobSummary: boolean;
  checkRun: boolean;
  /** The sticky comment may be updated (`comment` is not `off`; an unreadable value counts as on). */
  comment: boolean;
  /** Secret: non-enumerable, like ActionInputs.githubToken. */
  readonly githubToken: string;
}

/**
 * What the step needs to say that it failed (the job summary's title, whether to write it and the
 * check run, the token that writes it), read leniently: used when readInputs threw, so another
 * input's mistake still reaches the summary and completes the check run.
 */
export function readFailureSettings(getInput: Getter): FailureSettings {
  const get = (name: InputName): string => (getInput(name) ?? "").trim();
  const off = (name: InputName): boolean => ["false", "False", "FALSE"].includes(get(name));
  const settings = {
    checkName: get(INPUT.checkName) || "dbt Fusion",
    jobSummary: !off(INPUT.jobSummary),
    checkRun: !off(INPUT.checkRun),
    comment: get(INPUT.comment).toLowerCase() !== "off",
  };
  defineSecret(settings, "githubToken", get(INPUT.githubToken));
  return settings as FailureSettings;
}

// Tokens stay readable as properties but are skipped by JSON.stringify, console.log and snapshots.
function defineSecret(target: object, key: string, value: string): void {
  Object.defineProperty(target, key, { value, enumerable: false, writable: false });
}

function readChoice<T extends string>(
  get: (n: InputName) => string,
  name: InputName,
  allowed: readonly T[],
  fallback: T,
): T {
  const raw = get(name);
  if (raw === "") return fallback;
  const value = matchChoice(raw, allowed);
  if (value !== null) return value;
  throw new InputError(name, `'${raw}' is not allowed; use one of: ${allowed.join(", ")}`);
}

function readBoolean(get: (n: InputName) => string, name: InputName, fallback: boolean): boolean {
  const raw = get(name);
  if (raw === "") return fallback;
  // Same spellings as core.getBooleanInput (YAML 1.2 core schema).
  if (["true", "True", "TRUE"].includes(raw)) return true;
  if (["false", "False", "FALSE"].includes(raw)) return false;
  throw new InputError(name, `'${raw}' is not a boolean; use true or false`);
}

function readNumber(
  get: (n: InputName) => string,
  name: InputName,
  fallback: number,
  rule: { min: number; max?: number; integer: boolean },
): number {
  const raw = get(name);
  if (raw === "") return fallback;
  const value = parseDecimal(raw);
  const kind = rule.integer ? "a whole number" : "a number";
  const range = rule.max === undefined ? `≥ ${rule.min}` : `from ${rule.min} to ${rule.max}`;
  if (
    !Number.isFinite(value) ||
    (rule.integer && !Number.isInteger(value)) ||
    value < rule.min ||
    value > (rule.max ?? Infinity)
  ) {
    throw new InputError(name, `'${raw}' is not ${kind} ${range}`);
  }
  return value;
}

/**
 * `project-dir` relative to the repository root, as annotations and file links need it. An absolute
 * path (`${{ github.workspace }}/transform`, a common way to write it, or `~/…`) is made relative to the
 * workspace; outside it, no file of the report could be linked or annotated.
 */
function readProjectDir(raw: string, home: string, workspace: string | undefined): string {
  if (raw === "") return ".";
  // `~/…` is the home folder, as in every other path input, not a folder named ~ in the workspace.
  const dir = expandHome(raw, home);
  if (!path.isAbsolute(dir) || !workspace) return dir;
  const inside = pathInside(path.resolve(workspace), path.resolve(dir));
  if (inside === null) {
    throw new InputError(
      INPUT.projectDir,
      `'${raw}' is outside the workspace (${workspace}); give the dbt project's folder relative to the repository root, e.g. 'transform'`,
    );
  }
  return inside === "" ? "." : inside.split(path.sep).join("/");
}

/** Inputs that are valid but will not do what they seem to: each a warning in the log. */
export function inputWarnings(inputs: Readonly<ActionInputs>): string[] {
  const warnings: string[] = [];
  if (inputs.failOn === "new-errors" && !inputs.baseline && !inputs.baselineArtifact) {
    warnings.push(
      "fail-on: new-errors needs a baseline ('baseline' or 'baseline-artifact'); without one it acts like fail-on: errors.",
    );
  }
  const regression = [
    inputs.regressionThreshold !== SETTING_DEFAULTS.regressionThreshold && INPUT.regressionThreshold,
    inputs.regressionMinSeconds !== SETTING_DEFAULTS.regressionMinSeconds && INPUT.regressionMinSeconds,
  ].filter((name) => name !== false);
  if (regression.length > 0 && !inputs.baseline && !inputs.baselineArtifact) {
    warnings.push(
      `'${regression.join("' and '")}' ${regression.length === 1 ? "needs" : "need"} a baseline ('baseline' or 'baseline-artifact'); without one no timing is compared.`,
    );
  }
  const unused = unusedSourceInputs(inputs);
  if (unused) warnings.push(unused);
  const outranked = outrankedSourceInputs(inputs);
  if (outranked) warnings.push(outranked);
  const baseline = unreadBaselineInputs(inputs);
  if (baseline) warnings.push(baseline);
  warnings.push(...idleSettingInputs(inputs));
  return warnings;
}

/**
 * Inputs that only tune something another input turned off or left out, changed from their
 * default: each a warning, as the step would otherwise run as if they were not there.
 */
export function idleSettingInputs(
  inputs: Pick<
    ActionInputs,
    | "annotations"
    | "maxAnnotations"
    | "dbtCloud"
    | "artifactName"
    | "baselineArtifact"
    | "uploadArtifact"
    | "artifactTimeoutMinutes"
  >,
): string[] {
  const warnings: string[] = [];
  if (!inputs.annotations && inputs.maxAnnotations !== SETTING_DEFAULTS.maxAnnotations) {
    warnings.push(
      `'${INPUT.maxAnnotations}' is set, but '${INPUT.annotations}' is false: no file is annotated.`,
    );
  }
  if (!inputs.dbtCloud.wait && inputs.dbtCloud.maxWaitMinutes !== SETTING_DEFAULTS.dbtCloudMaxWaitMinutes) {
    warnings.push(
      `'${INPUT.dbtCloudMaxWaitMinutes}' is set, but '${INPUT.dbtCloudWait}' is false: nothing is waited for.`,
    );
  }
  const artifacts = inputs.artifactName ?? inputs.baselineArtifact ?? inputs.uploadArtifact;
  if (artifacts === null && inputs.artifactTimeoutMinutes !== SETTING_DEFAULTS.artifactTimeoutMinutes) {
    warnings.push(
      `'${INPUT.artifactTimeoutMinutes}' is set, but no artifact is downloaded or uploaded ` +
        `('${INPUT.artifactName}', '${INPUT.baselineArtifact}' and '${INPUT.uploadArtifact}' are empty).`,
    );
  }
  return warnings;
}

/**
 * Baseline inputs that are set but not read, null when there are none: the `baseline` file wins
 * over the artifact, and `baseline-workflow` only says where to look for `baseline-artifact`.
 */
export function unreadBaselineInputs(
  inputs: Pick<ActionInputs, "baseline" | "baselineArtifact" | "baselineWorkflow">,
): string | null {
  const unread = [
    inputs.baselineArtifact !== null && INPUT.baselineArtifact,
    inputs.baselineWorkflow !== null && INPUT.baselineWorkflow,
  ].filter((name) => name !== false);
  if (unread.length === 0) return null;
  const set = `'${unread.join("' and '")}' ${unread.length === 1 ? "is" : "are"} set`;
  if (inputs.baseline) return `${set}, but the file ('${INPUT.baseline}') is read as the baseline instead.`;
  if (inputs.baselineArtifact) return null;
  return `${set}, but '${INPUT.baselineArtifact}' is empty: no baseline is read from a workflow run.`;
}

/**
 * Telemetry sources that are set but outranked by another (a dbt platform run, its run id over its
 * job id, then the artifact, then the `telemetry` paths), so they are not read; null when there are none. The `telemetry`
 * paths count only when changed from their default, which is always there.
 */
export function outrankedSourceInputs(
  inputs: Pick<ActionInputs, "dbtCloud" | "artifactName" | "telemetry">,
): string | null {
  const { runId, jobId } = inputs.dbtCloud;
  const read =
    runId || jobId
      ? `the dbt platform run ('${runId ? INPUT.dbtCloudRunId : INPUT.dbtCloudJobId}')`
      : inputs.artifactName
        ? `the artifact ('${INPUT.artifactName}')`
        : null;
  if (!read) return null;
  const outranked: InputName[] = [];
  // A run id names the run: the job's runs are not looked through.
  if (runId && jobId) outranked.push(INPUT.dbtCloudJobId);
  if ((runId || jobId) && inputs.artifactName) outranked.push(INPUT.artifactName);
  if (inputs.telemetry.join("\n") !== DEFAULT_TELEMETRY.join("\n")) outranked.push(INPUT.telemetry);
  if (outranked.length === 0) return null;
  return `'${outranked.join("' and '")}' ${outranked.length === 1 ? "is" : "are"} set, but ${read} is read instead.`;
}

/**
 * Inputs of another telemetry source that are set but cannot be used alone, so the artifact or
 * the local `telemetry` paths are read instead; null when there are none. Said as a warning, not refused: a
 * shared workflow may pass the dbt platform token on every run and a job id only on some. On the
 * command line the same flags are a usage error.
 */
export function unusedSourceInputs(
  inputs: Pick<ActionInputs, "dbtCloud" | "artifactName" | "artifactRunId">,
): string | null {
  const { dbtCloud } = inputs;
  const reasons: string[] = [];
  if (!dbtCloud.runId && !dbtCloud.jobId) {
    const given = [
      dbtCloud.baseUrl && INPUT.dbtCloudBaseUrl,
      dbtCloud.accountId && INPUT.dbtCloudAccountId,
      dbtCloud.token && INPUT.dbtCloudToken,
      // Its default is false: true was set, to wait for a run that is never asked for.
      dbtCloud.wait && INPUT.dbtCloudWait,
    ].filter((name) => typeof name === "string" && name !== "");
    if (given.length > 0) {
      reasons.push(
        `'${given.join("', '")}' ${given.length === 1 ? "is" : "are"} set for a dbt platform run, but neither ` +
          `'${INPUT.dbtCloudRunId}' nor '${INPUT.dbtCloudJobId}' is`,
      );
    }
  }
  if (inputs.artifactRunId !== null && inputs.artifactName === null) {
    reasons.push(`'${INPUT.artifactRunId}' is set, but '${INPUT.artifactName}' is empty`);
  }
  if (reasons.length === 0) return null;
  const instead =
    dbtCloud.runId || dbtCloud.jobId
      ? "the dbt platform run is"
      : inputs.artifactName
        ? "the artifact is"
        : "the local 'telemetry' paths are";
  return `${reasons.join("; ")}: ${instead} read instead.`;
}

/** What GitHub refuses in an artifact's name (as @actions/artifact checks it before an upload). */
const NOT_IN_ARTIFACT_NAMES = ['"', ":", "<", ">", "|", "*", "?", "\\", "/", "\r", "\n"];

/**
 * An artifact's name, checked when the step starts: a name GitHub refuses would otherwise fail the
 * upload only after the report (a warning, and no baseline for later runs), or find nothing to download.
 */
function readArtifactName(get: (n: InputName) => string, name: InputName): string | null {
  const raw = get(name);
  if (raw === "") return null;
  if (NOT_IN_ARTIFACT_NAMES.some((character) => raw.includes(character))) {
    throw new InputError(
      name,
      `'${raw}' cannot be an artifact's name: GitHub allows none of " : < > | * ? \\ / or a line break in one`,
    );
  }
  return raw;
}

function readRunId(get: (n: InputName) => string, name: InputName): string | null {
  const raw = get(name);
  if (raw === "") return null;
  // Run ids start at 1: `0` (an unset number printed) would ask GitHub for a run that cannot exist.
  if (!/^[1-9]\d*$/.test(raw)) {
    throw new InputError(name, `'${raw}' is not a workflow run id (a whole number from 1, digits only)`);
  }
  return raw;
}

/**
 * How dbt platform messages name a setting in the Action: the input the user set, or where the
 * Action took the value from (the pull request and head commit come from the event).
 */
export function nameDbtCloudInput(key: string): string {
  const K = DBT_CLOUD_SETTING_KEYS;
  if (key === K.prNumber) return "the pull request number (from the event)";
  if (key === K.headSha) return "the pull request's head commit (from the event)";
  if (key === K.maxWaitSeconds) return `input "${INPUT.dbtCloudMaxWaitMinutes}"`;
  return `input "${key}"`;
}

/**
 * The dbt platform inputs as settings for parseDbtCloudSettings (the CLI builds the same record from
 * its flags and DBT_CLOUD_* variables); null when no run or job is named. The pull request and head
 * commit let a job id find the run of this pull request.
 */
export function dbtCloudSettingsOf(
  dbtCloud: Readonly<DbtCloudActionInputs>,
  pullRequest: RunContext | null,
): Record<string, string> | null {
  if (!dbtCloud.runId && !dbtCloud.jobId) return null;
  const fork = forkOf(pullRequest);
  if (!dbtCloud.token && fork) {
    // GitHub leaves every secret empty in a run for a fork's pull request, whatever the workflow
    // passes: "is required" would send the user looking for a typo.
    throw new DbtCloudSettingsError(
      `input "${INPUT.dbtCloudToken}" is empty: this run is for a pull request from the fork ${fork}, and GitHub ` +
        `does not pass secrets to workflows run for pull requests from forks. Read the dbt platform run in a ` +
        `second workflow triggered by \`workflow_run\`, which runs in this repository with its secrets (see the ` +
        `README, 'Fork-safe two-workflow setup').`,
    );
  }
  const K = DBT_CLOUD_SETTING_KEYS;
  return {
    [K.baseUrl]: dbtCloud.baseUrl,
    [K.accountId]: dbtCloud.accountId,
    [K.token]: dbtCloud.token,
    [K.wait]: String(dbtCloud.wait),
    [K.maxWaitSeconds]: String(Math.round(dbtCloud.maxWaitMinutes * 60)),
    ...(dbtCloud.runId && { [K.runId]: dbtCloud.runId }),
    ...(dbtCloud.jobId && { [K.jobId]: dbtCloud.jobId }),
    ...(pullRequest?.prNumber && { [K.prNumber]: String(pullRequest.prNumber) }),
    ...(pullRequest?.headSha && { [K.headSha]: pullRequest.headSha }),
  };
}
