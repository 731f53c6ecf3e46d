// The Action's publishing: the report files uploaded as a workflow artifact first (so what the other
// channels say of it is true), then the report rendered at each channel's budget, the pull request's
// changed files (to rank annotations) and every channel through publishAll (none hides another).
// Failures are warnings; failing the step is main's.
import path from "node:path";
import type { Report } from "../model/types.js";
import { buildAnnotations } from "../render/annotations.js";
import {
  fitMarkdown,
  type ExtraSection,
  type FittedMarkdown,
  type Links,
  type ListName,
  reportMemo,
  wholeMarkdownPieces,
} from "../render/markdown.js";
import { renderWholeReportHint, type KeptReport } from "../render/whole-report.js";
import { pathInside } from "../text/paths.js";
import type { ActionLog } from "./action-log.js";
import type { GitHubClient } from "./client.js";
import type { GitHubSide } from "./connect.js";
import { outputsFor } from "./outputs.js";
import {
  CHANNEL_BUDGETS,
  noPullRequestNote,
  planPublish,
  startsComment,
  type Channel,
  type PlanSettings,
} from "./plan.js";
import { publishAll } from "./publish.js";
import { listChangedFiles } from "./pull-files.js";
import { NO_CLIENT, noCheckRun, type StepCheckRecord } from "./step-check-run.js";
import { writeStepOutputs } from "./step-outputs.js";
import { writeJobSummary } from "./summary.js";
import { uploadReports, type ReportFile } from "./upload-artifact.js";

/** The Action settings publishing reads (a subset of the Action's inputs). */
export interface PublishSettings extends PlanSettings {
  projectDir: string;
  jsonReport: string;
  runResults: string | null;
  markdownReport: string | null;
  /** Artifact name to upload the report files as; null = none. */
  uploadArtifact: string | null;
  /** The longest the upload may take (`artifact-timeout-minutes`): every channel waits for it. */
  artifactTimeoutMinutes: number;
}

export interface PublishServices {
  github: GitHubSide;
  /** Where the check run this step writes is recorded (for the step's failure path). */
  checkRunWritten?: StepCheckRecord;
  log: ActionLog;
  setOutput: (name: string, value: string) => void;
  /** The runner's environment (GITHUB_STEP_SUMMARY) and temp folder (staging the upload). */
  env: Readonly<Record<string, string | undefined>>;
  tempDir: string;
}

/**
 * One report, rendered for each channel at its size budget (memoised: each is asked for once or
 * twice). With `kept` (where this run keeps the whole report), what a channel leaves out points
 * there; the comment and the check run point to the job summary while it holds everything, and
 * for each list it holds whole (on a big build it leaves out only its table of every node).
 */
export function channelRenderer(
  report: Report,
  options: {
    title: string;
    extras: ExtraSection[];
    links: Links | null;
    kept?: KeptReport & { jobSummary: boolean };
  },
): ChannelRenderer {
  const rendered = new Map<Channel, FittedMarkdown>();
  // The channels name the same nodes and list the same errors: worked out once for all of them.
  const memo = reportMemo(report, options.links ?? undefined);
  const fitted = (channel: Channel): FittedMarkdown => {
    let result = rendered.get(channel);
    if (result === undefined) {
      const listHint = listHintFor(channel);
      result = fitMarkdown(
        report,
        {
          ...CHANNEL_BUDGETS[channel],
          fullReportHint: hintFor(channel),
          ...(listHint ? { listHint } : {}),
          title: options.title,
          extras: options.extras,
          ...(options.links ? { links: options.links } : {}),
        },
        memo,
      );
      rendered.set(channel, result);
    }
    return result;
  };
  const hintFor = (channel: Channel): string => {
    const { kept } = options;
    if (!kept || channel === "file") return CHANNEL_BUDGETS[channel].fullReportHint;
    if (channel !== "summary" && kept.jobSummary && fitted("summary").complete) {
      return CHANNEL_BUDGETS[channel].fullReportHint;
    }
    return renderWholeReportHint(kept, options.links?.runUrl);
  };
  const listHintFor = (channel: Channel): ((list: ListName) => string) | undefined => {
    if (!options.kept?.jobSummary || channel === "summary" || channel === "file") return undefined;
    const whole = fitted("summary").whole;
    const summaryHint = CHANNEL_BUDGETS[channel].fullReportHint;
    return (list) => (whole.has(list) ? summaryHint : hintFor(channel));
  };
  // The annotations left out are findings: in the job summary only when it was not cut.
  const findingsHint = (link: boolean): string => {
    const { kept } = options;
    if (!kept || (kept.jobSummary && fitted("summary").complete)) return "the job summary";
    return renderWholeReportHint(kept, link ? options.links?.runUrl : undefined);
  };
  return Object.assign((channel: Channel) => fitted(channel).markdown, { findingsHint });
}

/** The report for each channel, and where the findings the annotations leave out are listed. */
export interface ChannelRenderer {
  (channel: Channel): string;
  /** For the check run's text (Markdown, `link`) and the log line of the workflow-command fallback. */
  findingsHint(link: boolean): string;
}

/**
 * The "file" channel's text (the whole report, every detail) in pieces that join to what
 * channelRenderer gives for it: the report file is written a table row at a time, never held whole.
 */
export function fileChannelPieces(
  report: Report,
  options: { title: string; extras: ExtraSection[]; links: Links | null },
): Iterable<string> {
  return wholeMarkdownPieces(report, {
    fullReportHint: CHANNEL_BUDGETS.file.fullReportHint,
    title: options.title,
    extras: options.extras,
    ...(options.links ? { links: options.links } : {}),
  });
}

/**
 * Where this run keeps the whole report: the artifact, once its upload succeeded, or files that
 * outlive the job.
 */
export function keptReport(
  settings: PublishSettings,
  written: ReadonlySet<string>,
  tempDir: string,
  /** Whether the upload-artifact upload succeeded (false when there was none, or it failed). */
  uploaded: boolean,
): KeptReport {
  const outlives = (file: string | null): file is string => {
    if (!file || !written.has(path.resolve(file))) return false;
    return pathInside(path.resolve(tempDir), path.resolve(file)) === null;
  };
  return {
    artifact: uploaded ? settings.uploadArtifact : null,
    failedArtifact: uploaded ? null : settings.uploadArtifact,
    files: [settings.markdownReport, settings.jsonReport].filter(outlives),
  };
}

export async function publishReport(
  report: Report,
  settings: PublishSettings,
  /** The channels' renderer, given the pull request's changed files (to list those first) when known. */
  renderFor: (changedFiles: ReadonlySet<string> | undefined) => ChannelRenderer,
  /** Absolute paths of the report files this run wrote. */
  written: ReadonlySet<string>,
  services: PublishServices,
): Promise<void> {
  const { github, log } = services;
  const { octokit, context } = github;
  const changedFiles =
    octokit && context?.prNumber ? await listChangedFiles(octokit, context, log.info) : undefined;
  const render = renderFor(changedFiles);
  const annotations = buildAnnotations(report.invocations, {
    projectDir: settings.projectDir,
    maxAnnotations: settings.maxAnnotations,
    ...(changedFiles ? { changedFiles } : {}),
  });
  const plan = planPublish({
    report,
    settings,
    context,
    canCallApi: octokit !== null,
    markdown: { comment: render("comment"), checkRun: render("checkRun"), summary: render("summary") },
    findingsHint: { checkRun: render.findingsHint(true), log: render.findingsHint(false) },
    annotations,
    outputs: outputsFor(report, settings, written),
  });
  if (context && context.prNumber === null && startsComment(settings, report)) {
    log.info(noPullRequestNote(context));
  }
  if (!octokit) {
    // Said once, as the stopped step says it: a required check named so stays pending.
    if (settings.checkRun) log.info(noCheckRun(settings.checkName, NO_CLIENT));
    if (context?.prNumber && startsComment(settings, report)) {
      log.info(`No comment on pull request #${context.prNumber} is written (${NO_CLIENT}).`);
    }
  }
  await publishAll(
    {
      octokit: octokit as GitHubClient,
      warning: log.warning,
      info: log.info,
      writeSummary: (markdown) => writeJobSummary(markdown, services.env),
      setOutputs: (outputs) => writeStepOutputs(outputs, services.setOutput, services.env),
      annotate: (level, message, properties) => log[level](message, properties),
      ...(services.checkRunWritten ? { checkRunWritten: services.checkRunWritten } : {}),
    },
    plan,
  );
}

/**
 * Uploads the report files this run wrote as the upload-artifact artifact (with the whole Markdown
 * report when none was written). True when it was uploaded; a failure is a warning.
 */
export async function uploadReportArtifact(
  settings: PublishSettings,
  written: ReadonlySet<string>,
  wholeMarkdown: () => string,
  services: Pick<PublishServices, "log" | "tempDir">,
): Promise<boolean> {
  if (!settings.uploadArtifact) return false;
  const uploaded = await uploadReports(
    settings.uploadArtifact,
    filesToUpload(settings, written, wholeMarkdown),
    {
      info: services.log.info,
      warning: services.log.warning,
      tempDir: services.tempDir,
      timeoutMs: settings.artifactTimeoutMinutes * 60_000,
    },
  );
  return uploaded !== null;
}

/** Only files this run wrote: after a refused write, an older file at the same path is not this report. */
function filesToUpload(
  settings: PublishSettings,
  written: ReadonlySet<string>,
  fullMarkdown: () => string,
): ReportFile[] {
  const ifWritten = (file: string | null): ReportFile[] =>
    file && written.has(path.resolve(file)) ? [{ path: file }] : [];
  const markdown = ifWritten(settings.markdownReport);
  // The name baseline-artifact looks for first, whatever json-report is called here.
  const json = ifWritten(settings.jsonReport).map((file) => ({ ...file, name: "fusion-report.json" }));
  return [
    ...json,
    ...ifWritten(settings.runResults),
    ...(markdown.length > 0 ? markdown : [{ name: "fusion-report.md", content: fullMarkdown }]),
  ];
}
