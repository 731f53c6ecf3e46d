// The check run of a step that stopped before it had a report. Teams make the check (named by
// `check-name`) a required status check; one that is never created leaves the pull request's check
// "Expected — waiting for status" for good. So whenever it can, the step completes it anyway, with
// the step's own verdict. Never throws: the caller still fails the step with its message.
import type { ActionLog } from "./action-log.js";
import { fitCheckOutput, publishCheckRun } from "./check-run.js";
import { classifyGitHubError } from "./errors.js";
import type { GitHubSide } from "./connect.js";
import { attemptUrl, forkOf } from "./context.js";
import { sharedNameWarning } from "./shared-check-name.js";

export interface StepCheck {
  name: string;
  /**
   * `neutral` when absent telemetry is accepted (`if-no-telemetry: neutral|warn`): it passes a
   * required check, like `success`, and says the step ran without judging anything, which is what
   * the `conclusion` output says too (`skipped` reads as "the step did not run", and GitHub folds
   * skipped checks away).
   */
  conclusion: "failure" | "neutral";
  /** Plain text (the Checks tab shows it unrendered): our words only, nothing from the telemetry. */
  title: string;
  /** Markdown, already escaped and redacted (render/markdown.ts renderUnusable). */
  summary: string;
}

/** The check run this step wrote, so a later failure completes it instead of adding a second one. */
export interface StepCheckRecord {
  id: number | null;
}

/** Why a run that wants a check run has none, in the log: a required check of the name waits. */
export function noCheckRun(name: string, why: string): string {
  // A reason is often a sentence of its own ("… setup')."): its full stop does not go inside the parentheses.
  const reason = why.replace(/\.\s*$/, "");
  return `No check run '${name}' could be created (${reason}); a required check of that name stays pending.`;
}

/** Without a client: the one reason, in the log's words (an empty token is a choice, so not a warning). */
export const NO_CLIENT = "no github-token, or not run in a repository";

export async function completeStepCheckRun(
  github: GitHubSide | null,
  check: StepCheck,
  log: ActionLog,
  written: StepCheckRecord = { id: null },
): Promise<void> {
  const cannot = (why: string, level: "info" | "warning" = "warning"): void =>
    log[level](noCheckRun(check.name, why));
  try {
    const octokit = github?.octokit;
    // An empty github-token is a choice (the default is the workflow's token): said, not warned.
    if (!octokit) return cannot(NO_CLIENT, "info");
    const context = github.context;
    if (!context) return cannot("the commit this run is for is unknown");
    if (written.id !== null) {
      await octokit.rest.checks.update({
        owner: context.owner,
        repo: context.repo,
        check_run_id: written.id,
        status: "completed",
        conclusion: check.conclusion,
        // Cut as publishCheckRun cuts it: the message may quote anything, at any length.
        output: { title: check.title, summary: fitCheckOutput(check.summary) },
      });
      log.info(`Check run '${check.name}' completed again: ${check.conclusion}.`);
      return;
    }
    const result = await publishCheckRun(octokit, {
      owner: context.owner,
      repo: context.repo,
      headSha: context.headSha,
      name: check.name,
      conclusion: check.conclusion,
      title: check.title,
      summary: check.summary,
      annotations: [],
      detailsUrl: attemptUrl(context),
      runKey: context.runKey ?? null,
    });
    written.id = result.id;
    log.info(`Check run '${check.name}' completed (${check.conclusion}): ${result.url}`);
    if (result.siblings.length > 0) log.warning(sharedNameWarning(check.name, result.siblings));
  } catch (error) {
    cannot(classifyGitHubError(error, "check-run", forkOf(github?.context ?? null)).message);
  }
}
