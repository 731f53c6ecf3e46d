// The GitHub side of a run: the API client (with a token, inside a repository) and what the run reports
// on (repository, head commit, pull request; known from the event also without a token). Without a
// client the Action still writes its files, the job summary (with its links) and workflow-command
// annotations.
//
// The client (@actions/github, Octokit and its plugins, their HTTP stack: ~35 ms and ~24 MiB to load)
// is a chunk of dist/, imported here only when there is a token and a repository to talk to.
import type { ActionLog } from "./action-log.js";
import type { GitHubClient } from "./client.js";
import { completeRunContext, ContextError, parseRunContext, type RunContext } from "./context.js";
import type { Runner } from "./runner.js";

export interface GitHubSide {
  octokit: GitHubClient | null;
  context: RunContext | null;
}

export async function connectToGitHub(token: string, runner: Runner, log: ActionLog): Promise<GitHubSide> {
  if (!runner.repository) return { octokit: null, context: null };
  const local = localContext(runner);
  // Without a token nothing is published through the API, but what the event says still gives the
  // job summary and the report files their links to the files at the head commit.
  if (!token) return { octokit: null, context: local instanceof Error ? null : local };
  const { createClient } = await import("./client.js");
  const octokit = createClient(token, { log: log.info }, runner.env);
  if (local instanceof Error) {
    log.warning(`Cannot tell which commit or pull request this run is for: ${local.message}`);
    return { octokit, context: null };
  }
  try {
    return { octokit, context: await completeRunContext(octokit, local) };
  } catch (error) {
    // Only the fork `workflow_run` PR lookup uses the API: when it fails the commit is still known,
    // so the check run, summary and annotations go out without the comment.
    log.warning(
      `Cannot find the pull request for this run, so no PR comment is written: ${(error as Error).message}`,
    );
    return { octokit, context: local };
  }
}

/** The commit and pull request the event names, without calling the API; the error when it cannot. */
function localContext(runner: Runner): RunContext | Error {
  try {
    if (runner.payloadError) throw new ContextError(runner.payloadError);
    return parseRunContext(runner.eventName, runner.payload, runner.env);
  } catch (error) {
    return error as Error;
  }
}
