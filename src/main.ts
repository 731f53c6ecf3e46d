// The Action: reads inputs once, wires source → decode → model → render → publish, sets outputs,
// and is the one place that decides to fail the step.
import os from "node:os";
import path from "node:path";
import * as core from "@actions/core";
import { createActionLog, type ActionLog } from "./github/action-log.js";
import { publishAll, type PublishPlan } from "./github/publish.js";
import { createClient, type GitHubClient } from "./github/client.js";
import { commentMarker } from "./github/comment.js";
import { CHECK_OUTPUT_MAX_BYTES } from "./github/check-run.js";
import { createArtifactFetcher } from "./github/artifact-download.js";
import { baselineTarget, findLatestSuccessfulRun, readDefaultBranch } from "./github/baseline-run.js";
import {
  readEventPayload,
  readRunContext,
  resolveRunContext,
  triggeringRunId,
  type EventPayload,
  type RunContext,
} from "./github/context.js";
import { listChangedFiles } from "./github/pull-files.js";
import { writeJobSummary, SUMMARY_MAX_BYTES } from "./github/summary.js";
import { uploadReports } from "./github/upload-artifact.js";
import { dbtCloudSettingsOf, readInputs, OUTPUT, type Inputs } from "./inputs.js";
import { BaselineError } from "./model/baseline.js";
import { stepOutputCounts } from "./model/status-table.js";
import type { Report } from "./model/types.js";
import { buildReport } from "./pipeline.js";
import { writeReportFiles } from "./report-files.js";
import {
  buildAnnotations,
  findProjectPackage,
  renderCheckText,
  toRepoPath,
  toWorkflowCommands,
} from "./render/annotations.js";
import { baselineSection } from "./render/baseline-section.js";
import { renderMarkdown, renderUnusable, type ExtraSection, type Links } from "./render/markdown.js";
import { diagramSections } from "./render/mermaid.js";
import { collectActionTelemetry, NoTelemetryError } from "./sources/action-telemetry.js";
import { compareReports, downloadBaselineReport, readBaselineFile } from "./pipeline/baseline.js";
import { VERSION } from "./version.js";

/** Comment bodies are limited to 65,536 characters; keep room for the hidden marker. */
const COMMENT_BUDGET_BYTES = 60_000;

export async function run(): Promise<void> {
  let inputs: Readonly<Inputs>;
  try {
    inputs = readInputs(core.getInput, process.env);
  } catch (error) {
    createActionLog(core, []).setFailed((error as Error).message);
    return;
  }
  // Masked before anything else can print them: by the runner, and by our own log sink, which
  // also keeps text from the pull request from printing workflow commands.
  if (inputs.githubToken) core.setSecret(inputs.githubToken);
  if (inputs.dbtCloud.token) core.setSecret(inputs.dbtCloud.token);
  const log = createActionLog(core, [inputs.githubToken, inputs.dbtCloud.token]);
  if (inputs.failOn === "new-errors" && !inputs.baseline && !inputs.baselineArtifact) {
    log.warning(
      "fail-on: new-errors needs a baseline ('baseline' or 'baseline-artifact'); without one it acts like fail-on: errors.",
    );
  }

  const octokit =
    inputs.githubToken && process.env.GITHUB_REPOSITORY
      ? createClient(inputs.githubToken, { log: log.info })
      : null;
  const context = octokit ? await resolveContext(octokit, log) : null;
  // The event payload, for the runs artifacts come from (read again for the context, which may fail on it).
  let event: EventPayload = {};
  try {
    event = readEventPayload(process.env);
  } catch {
    // No usable payload: the artifact comes from this run; GITHUB_BASE_REF or the default branch decide.
  }

  let report: Report;
  let telemetryFiles: string[];
  try {
    const repository = process.env.GITHUB_REPOSITORY ?? "";
    const inputsFound = await collectActionTelemetry(
      {
        dbtCloud: dbtCloudSettingsOf(inputs.dbtCloud, context),
        artifact: inputs.artifactName
          ? {
              name: inputs.artifactName,
              runId: inputs.artifactRunId ?? triggeringRunId(process.env.GITHUB_EVENT_NAME ?? "", event),
              fetchZip: createArtifactFetcher({ token: inputs.githubToken, repository }, { log: log.info }),
            }
          : null,
        paths: inputs.telemetry,
        cwd: process.env.GITHUB_WORKSPACE || process.cwd(),
        tempDir: process.env.RUNNER_TEMP || os.tmpdir(),
      },
      { log: log.info, warning: log.warning },
    );
    telemetryFiles = inputsFound.flatMap((input) => (input.path ? [input.path] : []));
    report = await buildReport(inputsFound, {
      slowest: inputs.slowest,
      failOn: inputs.failOn,
      generatorVersion: VERSION,
    });
    if (inputs.baseline) {
      const baseline = await readBaselineFile(inputs.baseline, inputs.baseline);
      report = compareReports(report, baseline, inputs.baseline, compareSettings(inputs));
    } else if (inputs.baselineArtifact) {
      report = await compareWithBaselineArtifact(report, inputs, event, octokit, log);
    }
  } catch (error) {
    await reportUnusable(error as Error, inputs, log);
    return;
  }

  const links = context ? linksFor(context, inputs, report) : undefined;
  const extras = extrasFor(report, inputs);
  // One report, rendered at each channel's size budget.
  const render = (maxBytes: number, fullReportHint: string): string =>
    renderMarkdown(report, {
      maxBytes,
      title: inputs.checkName,
      fullReportHint,
      extras,
      ...(links ? { links } : {}),
    });
  const fullMarkdown = () => render(Number.MAX_SAFE_INTEGER, "the JSON report");
  // All files or none; a problem is a warning and never stops the other channels.
  const files = await writeReportFiles(
    report,
    {
      markdown: inputs.markdownReport,
      json: inputs.jsonReport,
      runResults: inputs.runResults,
      junit: inputs.junit,
    },
    fullMarkdown,
    { cwd: process.cwd(), telemetryFiles },
  );
  const written = new Set(files.written);
  // Only files this run wrote: after a refused write, an older file at the same path is not this report.
  const ifWritten = (file: string | null): { path: string }[] =>
    file && written.has(path.resolve(file)) ? [{ path: file }] : [];
  const compactHint = "the job summary of this workflow run";
  const summaryMarkdown = render(SUMMARY_MAX_BYTES - 1_000, `the JSON report (${OUTPUT.reportJson} output)`);
  const commentMarkdown = render(COMMENT_BUDGET_BYTES, compactHint);
  const checkMarkdown = render(CHECK_OUTPUT_MAX_BYTES - 500, compactHint);

  const changedFiles =
    octokit && context?.prNumber ? await listChangedFiles(octokit, context, log.info) : undefined;
  const annotationSet = buildAnnotations(report.invocations, {
    projectDir: inputs.projectDir,
    maxAnnotations: inputs.maxAnnotations,
    ...(changedFiles ? { changedFiles } : {}),
  });
  const checkText = renderCheckText(annotationSet, inputs.maxAnnotations);

  const wantsComment =
    inputs.comment === "always" || (inputs.comment === "on-failure" && report.conclusion === "failure");
  const plan: PublishPlan = {
    comment:
      octokit && context?.prNumber && wantsComment
        ? {
            owner: context.owner,
            repo: context.repo,
            prNumber: context.prNumber,
            body: commentMarkdown,
            marker: commentMarker(inputs.checkName),
          }
        : null,
    checkRun:
      octokit && context && inputs.checkRun
        ? {
            owner: context.owner,
            repo: context.repo,
            headSha: context.headSha,
            name: inputs.checkName,
            conclusion: report.conclusion,
            title: report.conclusionReason,
            summary: checkMarkdown,
            ...(checkText ? { text: checkText } : {}),
            annotations: inputs.annotations ? annotationSet.annotations : [],
            detailsUrl: context.runUrl,
          }
        : null,
    summary: inputs.jobSummary ? summaryMarkdown : null,
    outputs: outputsFor(report, inputs, written),
    fallbackAnnotations: inputs.annotations
      ? toWorkflowCommands(annotationSet.annotations, annotationSet.omitted)
      : null,
  };
  await publishAll(
    {
      octokit: octokit as GitHubClient,
      warning: log.warning,
      info: log.info,
      writeSummary: (markdown) => writeJobSummary(markdown),
      setOutput: core.setOutput,
      annotate: (level, message, properties) => log[level](message, properties),
    },
    plan,
  );
  if (inputs.uploadArtifact) {
    await uploadReports(
      inputs.uploadArtifact,
      [
        ...ifWritten(inputs.jsonReport),
        ...ifWritten(inputs.runResults),
        ...(written.has(path.resolve(inputs.markdownReport ?? ""))
          ? ifWritten(inputs.markdownReport)
          : [{ name: "fusion-report.md", content: fullMarkdown }]),
      ],
      { info: log.info, warning: log.warning, tempDir: process.env.RUNNER_TEMP ?? "" },
    );
  }

  for (const problem of files.problems) log.warning(problem);
  for (const inv of report.invocations) for (const warning of inv.readerWarnings) log.warning(warning);
  if (report.conclusion === "failure") {
    log.setFailed(`${inputs.checkName}: ${report.conclusionReason} (fail-on: ${inputs.failOn})`);
  }
}

async function resolveContext(octokit: GitHubClient, log: ActionLog): Promise<RunContext | null> {
  try {
    return await resolveRunContext(octokit);
  } catch (error) {
    // Only the fork `workflow_run` PR lookup uses the API: when it fails the commit is still known,
    // so the check run, summary and annotations go out without the comment.
    let local: RunContext | null = null;
    try {
      local = readRunContext();
    } catch {
      // The event payload / environment itself is unusable.
    }
    log.warning(
      local
        ? `Cannot find the pull request for this run, so no PR comment is written: ${(error as Error).message}`
        : `Cannot tell which commit or pull request this run is for: ${(error as Error).message}`,
    );
    return local;
  }
}

/** Telemetry that cannot be used (or is absent) still leaves a summary saying what happened. */
async function reportUnusable(error: Error, inputs: Readonly<Inputs>, log: ActionLog): Promise<void> {
  const absent = error instanceof NoTelemetryError;
  const what = absent
    ? "no telemetry found"
    : error instanceof BaselineError
      ? "the baseline report could not be read"
      : "telemetry could not be read";
  const summary = renderUnusable(
    inputs.checkName,
    what,
    absent ? "warning" : "error",
    log.redact(error.message),
  );
  if (inputs.jobSummary) await writeJobSummary(summary).catch(() => undefined);
  if (absent && inputs.ifNoTelemetry !== "error") {
    core.setOutput(OUTPUT.conclusion, "neutral");
    if (inputs.ifNoTelemetry === "warn") log.warning(error.message);
    else log.notice(error.message);
    return;
  }
  core.setOutput(OUTPUT.conclusion, "failure");
  log.setFailed(error.message);
}

/** `report-json` and `run-results` name a file only when it was written. */
function outputsFor(
  report: Report,
  inputs: Readonly<Inputs>,
  written: ReadonlySet<string>,
): Record<string, string> {
  const ifWritten = (file: string | null): string =>
    file && written.has(path.resolve(file)) ? path.resolve(file) : "";
  const counts = stepOutputCounts(report.counts);
  return {
    [OUTPUT.conclusion]: report.conclusion,
    ...Object.fromEntries(Object.entries(counts).map(([name, n]) => [name, String(n)])),
    [OUTPUT.reportJson]: ifWritten(inputs.jsonReport),
    [OUTPUT.runResults]: ifWritten(inputs.runResults),
  };
}

/** Links to files at the PR head; nodes from installed packages get none (their files are not in the repo). */
export function linksFor(context: RunContext, inputs: Readonly<Inputs>, report: Report): Links {
  const server = process.env.GITHUB_SERVER_URL || "https://github.com";
  const projectPackages = new Set(
    report.invocations.map((inv) => findProjectPackage(inv.nodes)).filter((p): p is string => p !== null),
  );
  return {
    fileUrl(location, packageName) {
      if (packageName && projectPackages.size > 0 && !projectPackages.has(packageName)) return null;
      const repoPath = toRepoPath(inputs.projectDir, location.path);
      if (!repoPath) return null;
      const anchor = location.line ? `#L${location.line}` : "";
      return `${server}/${context.owner}/${context.repo}/blob/${context.headSha}/${repoPath
        .split("/")
        .map(encodeURIComponent)
        .join("/")}${anchor}`;
    },
    ...(context.runUrl ? { runUrl: context.runUrl } : {}),
  };
}

function compareSettings(inputs: Readonly<Inputs>) {
  return { regressionThresholdPercent: inputs.regressionThreshold, failOn: inputs.failOn };
}

/**
 * The base branch's report in `baseline-artifact`, from the newest successful run of the workflow on
 * the base branch. No such run or artifact (first PR, expired) skips the comparison with a warning.
 */
async function compareWithBaselineArtifact(
  report: Report,
  inputs: Readonly<Inputs>,
  event: EventPayload,
  octokit: GitHubClient | null,
  log: ActionLog,
): Promise<Report> {
  const artifact = inputs.baselineArtifact as string;
  const skip = (why: string): Report => {
    log.warning(
      `Baseline comparison skipped: ${why}. The report has no comparison and fail-on: new-errors acts like errors.`,
    );
    return report;
  };
  const repository = process.env.GITHUB_REPOSITORY ?? "";
  const [owner, repo] = repository.split("/");
  if (!octokit || !owner || !repo) {
    return skip(`baseline-artifact '${artifact}' needs a github-token and GITHUB_REPOSITORY`);
  }
  const target = baselineTarget(inputs.baselineWorkflow, event, process.env);
  const branch = target.branch ?? (await readDefaultBranch(octokit, owner, repo));
  const lookup = await downloadBaselineReport(
    { artifact, workflow: target.workflow, branch, tempDir: process.env.RUNNER_TEMP ?? "" },
    {
      findRun: (run) => findLatestSuccessfulRun(octokit, { owner, repo, ...run }),
      fetchZip: createArtifactFetcher({ token: inputs.githubToken, repository }, { log: log.info }),
      log: log.info,
    },
  );
  if (!lookup.found) return skip(lookup.reason);
  return compareReports(report, lookup.report, lookup.source, compareSettings(inputs));
}

/** Sections after the headline: what changed against the baseline first, then the diagrams. */
function extrasFor(report: Report, inputs: Readonly<Inputs>): ExtraSection[] {
  return [
    ...(report.baseline ? [baselineSection(report.baseline)] : []),
    ...(inputs.diagrams ? diagramSections(report) : []),
  ];
}
