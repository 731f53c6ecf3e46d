// When there is no report to publish (no telemetry, unreadable telemetry, an unreadable baseline),
// the step still says what happened: in the job summary, the check run (a required check must not
// wait for ever), the `conclusion` output and the log, and `if-no-telemetry` decides whether absent
// telemetry fails the step.
import { BaselineError } from "../model/baseline.js";
import { renderUnusable } from "../render/markdown.js";
import { DbtCloudSettingsError } from "../sources/dbt-cloud/errors.js";
import { NoTelemetryError } from "../sources/local.js";
import type { ActionLog } from "./action-log.js";
import { commentMarker, supersededNote, upsertComment } from "./comment.js";
import { connectToGitHub, type GitHubSide } from "./connect.js";
import { forkOf } from "./context.js";
import { classifyGitHubError } from "./errors.js";
import { OUTPUT } from "./outputs.js";
import { readRunner } from "./runner.js";
import { completeStepCheckRun, type StepCheckRecord } from "./step-check-run.js";
import { writeJobSummary } from "./summary.js";

/**
 * Why the step has no report, in the job summary's heading and (capitalised) the check run's title.
 * The README's "Required status check" section lists them; test/docs.test.ts keeps the two in step.
 */
export const STOPPED = {
  noTelemetry: "no telemetry found",
  unreadableTelemetry: "telemetry could not be read",
  unreadableBaseline: "the baseline report could not be read",
  invalidInput: "an input cannot be used",
  unexpected: "stopped unexpectedly",
} as const;

export interface UnusableSettings {
  checkName: string;
  jobSummary: boolean;
  checkRun: boolean;
  comment: "always" | "on-failure" | "off";
  ifNoTelemetry: "error" | "neutral" | "warn";
}

/** What a stopped step says where: the summary, the check run, and our comment if there is one. */
export interface StopSettings {
  checkName: string;
  jobSummary: boolean;
  checkRun: boolean;
  /** An earlier sticky comment is updated (never a new one started). */
  comment: boolean;
}

export interface UnusableServices {
  log: ActionLog;
  setOutput: (name: string, value: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  /** The API and what the run is for; null when the step stopped before it knew. */
  github: GitHubSide | null;
  /** The check run this step wrote, if any (so a later failure completes the same one). */
  checkRunWritten: StepCheckRecord;
}

export async function reportUnusable(
  error: Error,
  settings: UnusableSettings,
  services: UnusableServices,
): Promise<void> {
  const { log } = services;
  const absent = error instanceof NoTelemetryError;
  const what = absent
    ? STOPPED.noTelemetry
    : error instanceof BaselineError
      ? STOPPED.unreadableBaseline
      : // A dbt platform input that cannot be used (an http URL, a token with a space) is the input's fault.
        error instanceof DbtCloudSettingsError
        ? STOPPED.invalidInput
        : STOPPED.unreadableTelemetry;
  const accepted = absent && settings.ifNoTelemetry !== "error";
  const stop = { ...settings, comment: settings.comment !== "off" };
  await sayStopped(what, error.message, accepted ? "neutral" : "failure", stop, services);
  if (accepted) {
    services.setOutput(OUTPUT.conclusion, "neutral");
    if (settings.ifNoTelemetry === "warn") log.warning(error.message);
    else log.notice(error.message);
    return;
  }
  services.setOutput(OUTPUT.conclusion, "failure");
  log.setFailed(error.message);
}

/** What the failure path needs from a step that got some way: the GitHub side, the check run written. */
export interface StepState {
  github: GitHubSide | null;
  checkRunWritten: StepCheckRecord;
}

/**
 * Whatever escaped the step (an input it cannot use, an error nobody expected), said in the job
 * summary, the check run and the `conclusion` output before the caller fails the step. The settings
 * are the inputs as far as they could be read; without a GitHub side yet, it connects with `token`.
 */
export async function reportStoppedStep(
  stop: { message: string; what: string },
  settings: StopSettings,
  token: string,
  step: StepState,
  services: Omit<UnusableServices, "github" | "checkRunWritten"> & { cwd: string },
): Promise<void> {
  const github =
    step.github ?? (settings.checkRun || settings.comment ? await connectForFailure(token, services) : null);
  await sayStopped(stop.what, stop.message, "failure", settings, {
    ...services,
    github,
    checkRunWritten: step.checkRunWritten,
  });
  try {
    services.setOutput(OUTPUT.conclusion, "failure");
  } catch {
    // The outputs are what failed; the step fails with the message anyway.
  }
}

/** The GitHub side when the step stopped before it connected (an input it cannot use); null if that fails too. */
async function connectForFailure(
  token: string,
  services: { log: ActionLog; env: Readonly<Record<string, string | undefined>>; cwd: string },
): Promise<GitHubSide | null> {
  try {
    return await connectToGitHub(token, readRunner(services.env, services.cwd), services.log);
  } catch {
    return null;
  }
}

/**
 * Why the step has no report, in the job summary, the check run (a warning only when the step goes
 * on, `neutral`; with if-no-telemetry: error or any other stop it fails, and says so) and the sticky
 * comment of an earlier run, which would otherwise go on showing that run's report under this one's
 * check. Never throws.
 */
async function sayStopped(
  what: string,
  message: string,
  conclusion: "failure" | "neutral",
  settings: StopSettings,
  services: UnusableServices,
): Promise<void> {
  const level = conclusion === "neutral" ? "warning" : "error";
  const summary = renderUnusable(settings.checkName, what, level, services.log.redact(message));
  if (settings.jobSummary) await writeSummary(summary, services);
  if (settings.checkRun) {
    await completeStepCheckRun(
      services.github,
      { name: settings.checkName, conclusion, title: sentence(what), summary },
      services.log,
      services.checkRunWritten,
    );
  }
  if (settings.comment) await updateEarlierComment(summary, settings.checkName, services);
}

/** Replaces this check's sticky comment on the pull request with `markdown`, if one is there. */
async function updateEarlierComment(
  markdown: string,
  checkName: string,
  services: Pick<UnusableServices, "github" | "log">,
): Promise<void> {
  const octokit = services.github?.octokit;
  const context = services.github?.context;
  if (!octokit || !context?.prNumber) return;
  const { owner, repo, prNumber, headSha } = context;
  const marker = commentMarker(checkName);
  const target = { owner, repo, prNumber, body: markdown, marker, create: false, headSha };
  try {
    const result = await upsertComment(octokit, target, services.log.info);
    if (result.action === "updated") services.log.info(`PR comment updated: ${result.url}`);
    if (result.action === "superseded") services.log.info(supersededNote(target, result.head));
  } catch (error) {
    const why = classifyGitHubError(error, "comment", forkOf(context)).message;
    services.log.warning(`Could not update the pull request comment: ${why}`);
  }
}

/** "no telemetry found" → "No telemetry found" (a check run's title). */
function sentence(what: string): string {
  return what.charAt(0).toUpperCase() + what.slice(1);
}

async function writeSummary(
  markdown: string,
  services: { log: ActionLog; env: Readonly<Record<string, string | undefined>> },
): Promise<void> {
  try {
    await writeJobSummary(markdown, services.env);
  } catch (error) {
    services.log.warning(`Could not write the job summary: ${(error as Error).message}`);
  }
}
