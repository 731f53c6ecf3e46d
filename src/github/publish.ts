// Runs every publishing channel independently: a failed comment never hides the check run, the
// summary or the outputs. Failures become warnings; whether the step fails is the caller's call.
import type { WorkflowCommandSet } from "../render/annotations.js";
import type { AnnotationProperties } from "./action-log.js";
import {
  publishCheckRun,
  PartialCheckRunError,
  type CheckRunInput,
  type RefusedAnnotations,
} from "./check-run.js";
import type { GitHubClient } from "./client.js";
import { supersededNote, upsertComment, type CommentTarget } from "./comment.js";
import { classifyGitHubError, type Channel } from "./errors.js";
import { OUTPUT } from "./outputs.js";
import { sharedNameNote, sharedNameWarning, type SiblingCheckRun } from "./shared-check-name.js";
import type { StepCheckRecord } from "./step-check-run.js";

export interface PublishDeps {
  octokit: GitHubClient;
  warning: (message: string) => void;
  info: (message: string) => void;
  /** Writes the job summary (e.g. writeJobSummary). */
  writeSummary?: (markdown: string) => Promise<unknown>;
  /** Sets the step outputs, all or none (e.g. writeStepOutputs over core.setOutput). */
  setOutputs?: (outputs: Readonly<Record<string, string>>) => void;
  /** Emits one workflow-command annotation (e.g. core.error / core.warning / core.notice). */
  annotate?: (
    level: "error" | "warning" | "notice",
    message: string,
    properties: AnnotationProperties,
  ) => void;
  /**
   * Where the check run this step wrote is recorded, so that a failure after publishing completes
   * it again instead of adding a second check run of the same name (step-check-run.ts).
   */
  checkRunWritten?: StepCheckRecord;
}

export interface PublishPlan {
  /** null = comment disabled or no PR. */
  comment: CommentTarget | null;
  /** null = check run disabled. */
  checkRun: CheckRunInput | null;
  /** null = job summary disabled. */
  summary: string | null;
  /** Step outputs; `comment-url` and `check-run-url` are filled in from the results. */
  outputs: Record<string, string> | null;
  /**
   * Workflow-command annotations emitted when the check run could not be written (fork PRs) or
   * is disabled; null = annotations off.
   */
  fallbackAnnotations: WorkflowCommandSet | null;
  /** The head repository of a pull request from a fork: a 403 then says so (errors.ts). */
  fork?: string | null;
}

export interface ChannelResult {
  channel: Channel;
  ok: boolean;
  url?: string;
  /** created / updated / unchanged (comment), or a count (annotations). */
  detail?: string;
  warning?: string;
}

export interface PublishResult {
  results: ChannelResult[];
  commentUrl: string | null;
  checkRunUrl: string | null;
  /** True when annotations went out as workflow commands instead of on a check run. */
  usedAnnotationFallback: boolean;
}

export async function publishAll(deps: PublishDeps, plan: PublishPlan): Promise<PublishResult> {
  const results: ChannelResult[] = [];
  const record = (result: ChannelResult): ChannelResult => {
    results.push(result);
    if (result.warning) deps.warning(result.warning);
    return result;
  };

  let checkRunUrl: string | null = null;
  let checkRunWritten = false;
  // Other jobs of this run attempt that report under the same check name (shared-check-name.ts).
  let siblings: SiblingCheckRun[] = [];
  // Who the token writes as, told by the check run it wrote: the comment then need not ask (identity.ts).
  let writer: string | null = null;
  const checkRun = plan.checkRun;
  if (checkRun) {
    const r = await runChannel(
      "check-run",
      async () => {
        const out = await publishCheckRun(deps.octokit, checkRun).catch((error: unknown) => {
          // Created, with some annotations missing: still this step's check run.
          if (error instanceof PartialCheckRunError) {
            siblings = error.result.siblings;
            writer = error.result.writtenAs;
            if (deps.checkRunWritten) deps.checkRunWritten.id = error.result.id;
            // Refused before the batch that failed: said too, or they would go unmentioned.
            const refused = error.result.refused;
            if (refused) deps.warning(refusedWarning(refused, checkRun.annotations.length));
          }
          throw error;
        });
        siblings = out.siblings;
        writer = out.writtenAs;
        if (deps.checkRunWritten) deps.checkRunWritten.id = out.id;
        deps.info(
          `Check run '${checkRun.name}' written with ${out.annotationsWritten} annotations: ${out.url}`,
        );
        if (out.refused) deps.warning(refusedWarning(out.refused, checkRun.annotations.length));
        return { url: out.url, detail: String(out.annotationsWritten) };
      },
      plan.fork,
    );
    record(r);
    checkRunUrl = r.url ?? null;
    checkRunWritten = r.ok;
    if (siblings.length > 0) deps.warning(sharedNameWarning(checkRun.name, siblings));
  }

  let commentUrl: string | null = null;
  const planned = plan.comment;
  // The comment says it too: whoever reads the pull request sees one job's report under a shared name.
  const comment =
    planned && siblings.length > 0 && plan.checkRun
      ? { ...planned, body: `${sharedNameNote(plan.checkRun.name, siblings.length)}\n\n${planned.body}` }
      : planned;
  if (comment) {
    const r = await runChannel(
      "comment",
      async () => {
        const out = await upsertComment(deps.octokit, comment, deps.info, writer);
        if (out.action === "superseded") {
          deps.info(supersededNote(comment, out.head));
          return { detail: out.action };
        }
        if (out.url === null) {
          deps.info("No PR comment: the report did not fail and there is no earlier comment to update.");
          return { detail: out.action };
        }
        deps.info(`PR comment ${out.action}: ${out.url}`);
        return { url: out.url, detail: out.action };
      },
      plan.fork,
    );
    record(r);
    commentUrl = r.url ?? null;
  }

  // Annotations without a check run: workflow commands need no token (the fork-PR fallback).
  let usedAnnotationFallback = false;
  const fallback = plan.fallbackAnnotations;
  if (fallback && deps.annotate && !checkRunWritten && fallback.commands.length > 0) {
    const annotate = deps.annotate;
    usedAnnotationFallback = true;
    record(
      await runChannel("annotations", async () => {
        for (const c of fallback.commands) annotate(c.level, c.message, c.properties);
        if (fallback.summaryLine) deps.info(fallback.summaryLine);
        return { detail: String(fallback.commands.length) };
      }),
    );
  }

  if (plan.summary !== null && deps.writeSummary) {
    const markdown = plan.summary;
    const write = deps.writeSummary;
    record(await runChannel("summary", async () => (await write(markdown), {})));
  }

  if (plan.outputs && deps.setOutputs) {
    const outputs = {
      ...plan.outputs,
      [OUTPUT.commentUrl]: commentUrl ?? "",
      [OUTPUT.checkRunUrl]: checkRunUrl ?? "",
    };
    const set = deps.setOutputs;
    record(await runChannel("outputs", async () => (set(outputs), {})));
  }

  return { results, commentUrl, checkRunUrl, usedAnnotationFallback };
}

async function runChannel(
  channel: Channel,
  work: () => Promise<{ url?: string; detail?: string }>,
  /** The fork a pull request came from, for a 403's message (errors.ts). */
  fork: string | null = null,
): Promise<ChannelResult> {
  try {
    return { channel, ok: true, ...(await work()) };
  } catch (error) {
    if (error instanceof PartialCheckRunError) {
      return {
        channel,
        ok: true,
        url: error.result.url,
        detail: String(error.result.annotationsWritten),
        warning: error.message,
      };
    }
    // Only API channels get the HTTP classification; local ones (summary file, outputs) keep their message.
    const local = channel === "summary" || channel === "outputs" || channel === "annotations";
    const message = local
      ? error instanceof Error
        ? error.message
        : String(error)
      : classifyGitHubError(error, channel, fork).message;
    return {
      channel,
      ok: false,
      warning: `Could not publish the ${CHANNEL_NAMES[channel] ?? channel}: ${message}`,
    };
  }
}

/** Annotations GitHub refused (what was left once refused requests were halved): the check run has the others. */
function refusedWarning(refused: RefusedAnnotations, total: number): string {
  const requests = refused.requests === 1 ? "1 request" : `${refused.requests} requests`;
  return (
    `GitHub refused ${refused.count} of ${total} annotations (${requests} of up to 50 answered 422); ` +
    `they are not on the check run: ${refused.reason}`
  );
}

/** A channel as a warning names it. */
const CHANNEL_NAMES: Partial<Record<Channel, string>> = {
  comment: "pull request comment",
  "check-run": "check run",
  summary: "job summary",
  outputs: "step outputs",
};
