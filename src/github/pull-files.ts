import type { GitHubClient } from "./client.js";
import type { RunContext } from "./context.js";
import { classifyGitHubError, PermissionError } from "./errors.js";

/** GitHub lists at most 3,000 files of a pull request. */
const MAX_FILES = 3_000;

/**
 * Files the pull request changes, to put their annotations first. Best effort: without them the
 * annotations are still ranked by severity, so a failure here is only logged.
 */
export async function listChangedFiles(
  octokit: GitHubClient,
  context: RunContext,
  log: (message: string) => void,
): Promise<Set<string> | undefined> {
  if (!context.prNumber) return undefined;
  try {
    const files = await octokit.paginate(
      octokit.rest.pulls.listFiles,
      { owner: context.owner, repo: context.repo, pull_number: context.prNumber, per_page: 100 },
      (response, done) => {
        if (response.data.length < 100) done();
        return response.data.map((file) => file.filename);
      },
    );
    return new Set(files.slice(0, MAX_FILES));
  } catch (error) {
    const failure = classifyGitHubError(error, "pr-files");
    const fix =
      failure instanceof PermissionError
        ? ` Add \`permissions: ${failure.permission}\` to rank the files it changes first.`
        : "";
    log(
      `Could not list the pull request's changed files (${failure.detail}); annotations are ranked without them.${fix}`,
    );
    return undefined;
  }
}
