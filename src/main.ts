// The Action: reads its settings once, runs the shared pipeline, writes the report files, publishes
// on GitHub, and is the one place that fails the step.
import * as core from "@actions/core";
import { actionPipelineRequest, actionPipelineServices } from "./action-pipeline.js";
import { createActionLog, type ActionLog } from "./github/action-log.js";
import { connectToGitHub, type GitHubSide } from "./github/connect.js";
import { linksFor } from "./github/plan.js";
import { channelRenderer, keptReport, publishReport } from "./github/publish-report.js";
import { readRunner, type Runner } from "./github/runner.js";
import type { StepCheckRecord } from "./github/step-check-run.js";
import { reportStepFailure, reportUnusable, STOPPED } from "./github/unusable.js";
import { InputError, readFailureSettings, readInputs, type ActionInputs } from "./inputs.js";
import { runPipeline, type PipelineResult } from "./pipeline/run.js";
import { extraSections } from "./render/extra-sections.js";
import { writeReportFiles } from "./report-files.js";

export async function run(): Promise<void> {
  const failure = readFailureSettings(core.getInput);
  // The token is masked before anything can print it, also when another input is wrong: the
  // failure path below still uses it to complete the check run.
  if (failure.githubToken) core.setSecret(failure.githubToken);
  let log = createActionLog(core, [failure.githubToken]);
  let settings = { checkName: failure.checkName, jobSummary: failure.jobSummary, checkRun: failure.checkRun };
  const step: StepState = { github: null, checkRunWritten: { id: null } };
  try {
    const inputs = readInputs(core.getInput, process.env);
    settings = { checkName: inputs.checkName, jobSummary: inputs.jobSummary, checkRun: inputs.checkRun };
    const runner = readRunner(process.env, process.cwd());
    // Masked before anything else can print them: by the runner, and by our own log sink, which
    // also keeps text from the pull request from printing workflow commands.
    for (const secret of [inputs.githubToken, inputs.dbtCloud.token]) {
      if (secret && secret !== failure.githubToken) core.setSecret(secret);
    }
    log = createActionLog(core, [inputs.githubToken, inputs.dbtCloud.token]);
    await report(inputs, runner, log, step);
  } catch (error) {
    // Whatever escapes ends here, never as an unhandled rejection, and says so in the job summary
    // and the check run (a required check must not wait for ever).
    const message = error instanceof Error ? error.message : String(error);
    const invalid = error instanceof InputError;
    const text = invalid ? message : `fusion-report stopped unexpectedly: ${message}`;
    const github =
      step.github ?? (settings.checkRun ? await connectForFailure(failure.githubToken, log) : null);
    await reportStepFailure(text, invalid ? STOPPED.invalidInput : STOPPED.unexpected, settings, {
      log,
      setOutput: core.setOutput,
      env: process.env,
      github,
      checkRunWritten: step.checkRunWritten,
    });
    log.setFailed(text);
  }
}

/** What the failure path needs from a step that got some way: the GitHub side, the check run written. */
interface StepState {
  github: GitHubSide | null;
  checkRunWritten: StepCheckRecord;
}

/** The GitHub side when the step stopped before it connected (an input it cannot use); null if that fails too. */
async function connectForFailure(token: string, log: ActionLog): Promise<GitHubSide | null> {
  try {
    return await connectToGitHub(token, readRunner(process.env, process.cwd()), log);
  } catch {
    return null;
  }
}

async function report(
  inputs: Readonly<ActionInputs>,
  runner: Runner,
  log: ActionLog,
  step: StepState,
): Promise<void> {
  if (inputs.failOn === "new-errors" && !inputs.baseline && !inputs.baselineArtifact) {
    log.warning(
      "fail-on: new-errors needs a baseline ('baseline' or 'baseline-artifact'); without one it acts like fail-on: errors.",
    );
  }
  const github = await connectToGitHub(inputs.githubToken, runner, log);
  step.github = github;
  const services = { log, setOutput: core.setOutput, env: runner.env, tempDir: runner.tempDir };
  let result: PipelineResult;
  try {
    result = await runPipeline(
      actionPipelineRequest(inputs, runner, github),
      actionPipelineServices(inputs, runner, github, log),
    );
  } catch (error) {
    return reportUnusable(error as Error, inputs, {
      ...services,
      github,
      checkRunWritten: step.checkRunWritten,
    });
  }
  const { report } = result;
  const links = github.context
    ? linksFor(github.context, { projectDir: inputs.projectDir, serverUrl: runner.serverUrl }, report)
    : null;
  const rendering = { title: inputs.checkName, extras: extraSections(report, inputs), links };
  // All files or none; a problem is a warning and never stops the other channels. The files are
  // whole; what the comment, check run and summary leave out points to where this run keeps them.
  const files = await writeReportFiles(
    report,
    {
      markdown: inputs.markdownReport,
      json: inputs.jsonReport,
      runResults: inputs.runResults,
      junit: inputs.junit,
    },
    () => channelRenderer(report, rendering)("file"),
    { cwd: process.cwd(), telemetryFiles: result.telemetryFiles },
  );
  const written = new Set(files.written);
  const kept = { ...keptReport(inputs, written, runner.tempDir), jobSummary: inputs.jobSummary };
  await publishReport(report, inputs, channelRenderer(report, { ...rendering, kept }), written, {
    ...services,
    github,
  });
  for (const problem of files.problems) log.warning(problem);
  for (const inv of report.invocations) for (const warning of inv.readerWarnings) log.warning(warning);
  if (report.conclusion === "failure") {
    log.setFailed(`${inputs.checkName}: ${report.conclusionReason} (fail-on: ${inputs.failOn})`);
  }
}
