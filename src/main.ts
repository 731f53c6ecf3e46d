// The Action: reads its settings once, runs the shared pipeline, writes the report files, publishes
// on GitHub, and is the one place that fails the step.
// Named imports, not the namespace: a namespace object handed on uses every export, getIDToken
// among them, which keeps @actions/http-client and undici in the Action's start (scripts/build.mjs).
import { error, getInput, info, notice, setFailed, setOutput, setSecret, warning } from "@actions/core";
import { actionPipelineRequest, actionPipelineServices, olderBuildsNamed } from "./action-pipeline.js";
import { writeAndPublish } from "./action-report.js";
import { createActionLog, type ActionLog, type CoreLog } from "./github/action-log.js";
import { connectToGitHub } from "./github/connect.js";
import { readRunner, type Runner } from "./github/runner.js";
import {
  reportStoppedStep,
  reportUnusable,
  STOPPED,
  type StepState,
  type StopSettings,
} from "./github/unusable.js";
import { inputWarnings, InputError, readFailureSettings, readInputs, type ActionInputs } from "./inputs.js";
import { runPipeline, type PipelineResult, type ProcessEntry } from "./pipeline/run.js";

const coreLog: CoreLog = { error, info, notice, setFailed, warning };

/** `entry`: what the process entry (index.ts) adds to the pipeline, its own settings for the read. */
export async function run(entry: ProcessEntry = {}): Promise<void> {
  const failure = readFailureSettings(getInput);
  // The token is masked before anything can print it, also when another input is wrong: the
  // failure path below still uses it to complete the check run.
  if (failure.githubToken) setSecret(failure.githubToken);
  let log = createActionLog(coreLog, [failure.githubToken]);
  let settings: StopSettings = failure;
  const step: StepState = { github: null, checkRunWritten: { id: null } };
  try {
    const inputs = readInputs(getInput, process.env);
    const { checkName, jobSummary, checkRun } = inputs;
    settings = { checkName, jobSummary, checkRun, comment: inputs.comment !== "off" };
    const runner = readRunner(process.env, process.cwd());
    // Masked before anything else can print them: by the runner, and by our own log sink, which
    // also keeps text from the pull request from printing workflow commands.
    for (const secret of [inputs.githubToken, inputs.dbtCloud.token]) {
      if (secret && secret !== failure.githubToken) setSecret(secret);
    }
    log = createActionLog(coreLog, [inputs.githubToken, inputs.dbtCloud.token]);
    await report(inputs, runner, log, step, entry);
  } catch (thrown) {
    // Whatever escapes ends here, never as an unhandled rejection, and says so in the job summary
    // and the check run (a required check must not wait for ever).
    const invalid = thrown instanceof InputError;
    const reason = thrown instanceof Error ? thrown.message : String(thrown);
    const message = invalid ? reason : `fusion-report stopped unexpectedly: ${reason}`;
    const what = invalid ? STOPPED.invalidInput : STOPPED.unexpected;
    const services = { log, setOutput, env: process.env, cwd: process.cwd() };
    await reportStoppedStep({ message, what }, settings, failure.githubToken, step, services);
    log.setFailed(message);
  }
}

async function report(
  inputs: Readonly<ActionInputs>,
  runner: Runner,
  log: ActionLog,
  step: StepState,
  entry: ProcessEntry,
) {
  for (const warning of inputWarnings(inputs)) log.warning(warning);
  const github = (step.github = await connectToGitHub(inputs.githubToken, runner, log));
  // The step's record of its check run goes along: a later failure completes that one again.
  const services = { ...step, github, log, setOutput, env: runner.env, tempDir: runner.tempDir };
  let result: PipelineResult;
  try {
    const request = actionPipelineRequest(inputs, runner, github);
    const reading = { ...actionPipelineServices(inputs, runner, github, log), ...entry };
    result = await olderBuildsNamed(await runPipeline(request, reading), request, runner, github, log.info);
  } catch (thrown) {
    return reportUnusable(thrown as Error, inputs, services);
  }
  await writeAndPublish(result, inputs, runner, services);
  if (result.report.conclusion === "failure") {
    log.setFailed(`${inputs.checkName}: ${result.report.conclusionReason} (fail-on: ${inputs.failOn})`);
  }
}
