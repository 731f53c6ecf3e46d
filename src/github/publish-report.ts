// The Action's publishing, in order: the report rendered at each channel's budget, the pull request's
// changed files (to rank annotations), every channel through publishAll (none hides another), then
// the report files uploaded as a workflow artifact. Failures are warnings; failing the step is main's.
import path from "node:path";
import type { Report } from "../model/types.js";
import { buildAnnotations } from "../render/annotations.js";
import { renderMarkdown, type ExtraSection, type Links } from "../render/markdown.js";
import type { ActionLog } from "./action-log.js";
import type { GitHubClient } from "./client.js";
import type { GitHubSide } from "./connect.js";
import { outputsFor } from "./outputs.js";
import { CHANNEL_BUDGETS, planPublish, type Channel, type PlanSettings } from "./plan.js";
import { publishAll } from "./publish.js";
import { listChangedFiles } from "./pull-files.js";
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
}

export interface PublishServices {
  github: GitHubSide;
  log: ActionLog;
  setOutput: (name: string, value: string) => void;
  /** The runner's environment (GITHUB_STEP_SUMMARY) and temp folder (staging the upload). */
  env: Readonly<Record<string, string | undefined>>;
  tempDir: string;
}

/** One report, rendered for each channel at its size budget (memoised: each is asked for once or twice). */
export function channelRenderer(
  report: Report,
  options: { title: string; extras: ExtraSection[]; links: Links | null },
): (channel: Channel) => string {
  const rendered = new Map<Channel, string>();
  return (channel) => {
    let markdown = rendered.get(channel);
    if (markdown === undefined) {
      markdown = renderMarkdown(report, {
        ...CHANNEL_BUDGETS[channel],
        title: options.title,
        extras: options.extras,
        ...(options.links ? { links: options.links } : {}),
      });
      rendered.set(channel, markdown);
    }
    return markdown;
  };
}

export async function publishReport(
  report: Report,
  settings: PublishSettings,
  render: (channel: Channel) => string,
  /** Absolute paths of the report files this run wrote. */
  written: ReadonlySet<string>,
  services: PublishServices,
): Promise<void> {
  const { github, log } = services;
  const { octokit, context } = github;
  const changedFiles =
    octokit && context?.prNumber ? await listChangedFiles(octokit, context, log.info) : undefined;
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
    annotations,
    outputs: outputsFor(report, settings, written),
  });
  await publishAll(
    {
      octokit: octokit as GitHubClient,
      warning: log.warning,
      info: log.info,
      writeSummary: (markdown) => writeJobSummary(markdown, services.env),
      setOutput: services.setOutput,
      annotate: (level, message, properties) => log[level](message, properties),
    },
    plan,
  );
  if (settings.uploadArtifact) {
    await uploadReports(
      settings.uploadArtifact,
      filesToUpload(settings, written, () => render("file")),
      {
        info: log.info,
        warning: log.warning,
        tempDir: services.tempDir,
      },
    );
  }
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
