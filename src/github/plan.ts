// What the Action publishes where, decided without I/O: the size budget of each channel, the links
// into the repository at the PR head, and the plan publishAll carries out (comment, check run with
// its text and annotations, job summary, step outputs, the workflow-command fallback).
import type { NodeLocation, Report } from "../model/types.js";
import {
  findProjectPackage,
  renderCheckText,
  toRepoPath,
  toWorkflowCommands,
  type AnnotationSet,
} from "../render/annotations.js";
import {
  CHECK_CODE_WIDTH,
  COMMENT_CODE_WIDTH,
  JOB_SUMMARY_BUDGET_BYTES,
  type Links,
} from "../render/markdown.js";
import { CHECK_OUTPUT_MAX_BYTES } from "./check-run.js";
import { commentMarker } from "./comment.js";
import { attemptUrl, forkOf, needsPullRequestLookup, type RunContext } from "./context.js";
import type { PublishPlan } from "./publish.js";

/** Comment bodies are limited to 65,536 characters; keep room for the hidden marker. */
export const COMMENT_BUDGET_BYTES = 60_000;

/**
 * Each channel's Markdown budget, where it sends a reader for what it leaves out, and the width its
 * code excerpts wrap at (the Checks tab is narrower; a file keeps every line as it is).
 */
export const CHANNEL_BUDGETS = {
  comment: {
    maxBytes: COMMENT_BUDGET_BYTES,
    fullReportHint: "the job summary of this workflow run",
    codeWidth: COMMENT_CODE_WIDTH,
  },
  checkRun: {
    maxBytes: CHECK_OUTPUT_MAX_BYTES - 500,
    fullReportHint: "the job summary of this workflow run",
    codeWidth: CHECK_CODE_WIDTH,
  },
  summary: {
    maxBytes: JOB_SUMMARY_BUDGET_BYTES,
    fullReportHint: "the JSON report (report-json output)",
    codeWidth: COMMENT_CODE_WIDTH,
  },
  file: { maxBytes: Number.MAX_SAFE_INTEGER, fullReportHint: "the JSON report" },
} as const;

export type Channel = keyof typeof CHANNEL_BUDGETS;

/** The Action settings the plan reads (a subset of the Action's inputs). */
export interface PlanSettings {
  checkName: string;
  comment: "always" | "on-failure" | "off";
  checkRun: boolean;
  jobSummary: boolean;
  annotations: boolean;
  maxAnnotations: number;
}

export interface PlanInput {
  report: Report;
  settings: PlanSettings;
  /** What the run reports on; null outside a repository or when the event cannot be read. Without
   * a token it is there (for links), and `canCallApi` is false. */
  context: RunContext | null;
  /** Whether the API can be called (a client exists). */
  canCallApi: boolean;
  /** The report rendered for each channel (see CHANNEL_BUDGETS). */
  markdown: Record<"comment" | "checkRun" | "summary", string>;
  /**
   * Where the findings the annotations leave out are listed, for the check run's text (Markdown)
   * and the log: the job summary only when it holds the whole report (channelRenderer).
   */
  findingsHint: { checkRun: string; log: string };
  annotations: AnnotationSet;
  outputs: Record<string, string>;
}

/** Whether this report starts a comment where none is yet: always, or on-failure and it failed. */
export function startsComment(
  settings: Pick<PlanSettings, "comment">,
  report: Pick<Report, "conclusion">,
): boolean {
  return (
    settings.comment === "always" || (settings.comment === "on-failure" && report.conclusion === "failure")
  );
}

export function planPublish(input: PlanInput): PublishPlan {
  const { report, settings, context, annotations } = input;
  const api = input.canCallApi ? context : null;
  // on-failure still updates an earlier comment when the report no longer fails; it starts none.
  const wantsComment = settings.comment === "always" || settings.comment === "on-failure";
  // With annotations off none is sent: "N more were not sent (max-annotations …)" would count only some.
  const text = renderCheckText(
    settings.annotations ? annotations : { ...annotations, omitted: 0 },
    settings.maxAnnotations,
    input.findingsHint.checkRun,
  );
  return {
    comment:
      api?.prNumber && wantsComment
        ? {
            owner: api.owner,
            repo: api.repo,
            prNumber: api.prNumber,
            body: input.markdown.comment,
            marker: commentMarker(settings.checkName),
            create: startsComment(settings, report),
            headSha: api.headSha,
          }
        : null,
    checkRun:
      api && settings.checkRun
        ? {
            owner: api.owner,
            repo: api.repo,
            headSha: api.headSha,
            name: settings.checkName,
            conclusion: report.conclusion,
            title: report.conclusionReason,
            summary: input.markdown.checkRun,
            ...(text ? { text } : {}),
            annotations: settings.annotations ? annotations.annotations : [],
            detailsUrl: attemptUrl(api),
            runKey: api.runKey ?? null,
          }
        : null,
    summary: settings.jobSummary ? input.markdown.summary : null,
    outputs: input.outputs,
    fork: forkOf(context),
    fallbackAnnotations: settings.annotations
      ? toWorkflowCommands(annotations.annotations, annotations.omitted, input.findingsHint.log)
      : null,
  };
}

/**
 * Why a run writes no comment when it has no pull request: its event is about none (push, schedule,
 * dispatch, a merge queue's commit, a workflow_run of one of those), or the pull request a
 * workflow_run's pull_request run built was not found. One line in the log, no warning.
 */
export function noPullRequestNote(
  context: Pick<RunContext, "eventName" | "headSha" | "triggeredBy" | "prNumber" | "headRepoFullName">,
): string {
  const run = context.triggeredBy
    ? `${context.triggeredBy} run (through ${context.eventName})`
    : `${context.eventName || "workflow"} run`;
  const commit = context.headSha.slice(0, 7);
  // A pull request's run, seen through workflow_run: its pull request was looked for and not found.
  return needsPullRequestLookup(context)
    ? `No PR comment: no pull request was found for commit ${commit} of this ${run}.`
    : `No PR comment: this ${run} is for commit ${commit}, not a pull request.`;
}

/** Links to files at the PR head; nodes from installed packages get none (their files are not in the repo). */
export function linksFor(
  context: RunContext,
  where: { projectDir: string; serverUrl: string },
  report: Report,
  /** The pull request's changed files (repository paths), when known. */
  changedFiles?: ReadonlySet<string>,
): Links {
  const projectPackages = new Set(
    report.invocations.map((inv) => findProjectPackage(inv.nodes)).filter((p): p is string => p !== null),
  );
  const repoPathOf = (location: NodeLocation, packageName: string | null): string | null => {
    if (packageName && projectPackages.size > 0 && !projectPackages.has(packageName)) return null;
    return toRepoPath(where.projectDir, location.path);
  };
  return {
    ...(changedFiles
      ? {
          inChangedFile(location, packageName) {
            const repoPath = location ? repoPathOf(location, packageName) : null;
            return repoPath !== null && changedFiles.has(repoPath);
          },
        }
      : {}),
    fileUrl(location, packageName) {
      const repoPath = repoPathOf(location, packageName);
      if (!repoPath) return null;
      const anchor = location.line ? `#L${location.line}` : "";
      return `${where.serverUrl}/${context.owner}/${context.repo}/blob/${context.headSha}/${repoPath
        .split("/")
        .map(encodeURIComponent)
        .join("/")}${anchor}`;
    },
    ...(context.runUrl ? { runUrl: context.runUrl } : {}),
  };
}
