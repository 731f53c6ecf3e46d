// The Action: reads its settings once, runs the shared pipeline, writes the report files, publishes
// on GitHub, and is the one place that fails the step.
import * as core from "@actions/core";
import { actionPipelineRequest, actionPipelineServices } from "./action-pipeline.js";
import { writeAndPublish } from "./action-report.js";
import { createActionLog, type ActionLog } from "./github/action-log.js";
import { connectToGitHub } from "./github/connect.js";
import { readRunner, type Runner } from "./github/runner.js";
import { reportStoppedStep, reportUnusable, STOPPED, type StepState } from "./github/unusable.js";
import { InputError, readFailureSettings, readInputs, type ActionInputs } from "./inputs.js";
import { runPipeline, type PipelineResult } from "./pipeline/run.js";

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
    const invalid = error instanceof InputError;
    const reason = error instanceof Error ? error.message : String(error);
    const message = invalid ? reason : `fusion-report stopped unexpectedly: ${reason}`;
    const what = invalid ? STOPPED.invalidInput : STOPPED.unexpected;
    const services = { log, setOutput: core.setOutput, env: process.env, cwd: process.cwd() };
    await reportStoppedStep({ message, what }, settings, failure.githubToken, step, services);
    log.setFailed(message);
  }
}

async function report(inputs: Readonly<ActionInputs>, runner: Runner, log: ActionLog, step: StepState) {
  if (inputs.failOn === "new-errors" && !inputs.baseline && !inputs.baselineArtifact) {
    log.warning(
      "fail-on: new-errors needs a baseline ('baseline' or 'baseline-artifact'); without one it acts like fail-on: errors.",
    );
  }
  const github = (step.github = await connectToGitHub(inputs.githubToken, runner, log));
  const { env, tempDir } = runner;
  // The step's record of its check run goes along: a later failure completes that one again.
  const services = { ...step, github, log, setOutput: core.setOutput, env, tempDir };
  let result: PipelineResult;
  try {
    const request = actionPipelineRequest(inputs, runner, github);
    result = await runPipeline(request, actionPipelineServices(inputs, runner, github, log));
  } catch (error) {
    return reportUnusable(error as Error, inputs, services);
  }
  await writeAndPublish(result, inputs, runner, services);
  if (result.report.conclusion === "failure") {
    log.setFailed(`${inputs.checkName}: ${result.report.conclusionReason} (fail-on: ${inputs.failOn})`);
  }
}
