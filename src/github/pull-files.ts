import type { GitHubClient } from "./client.js";
import type { RunContext } from "./context.js";

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
    log(
      `Could not list the pull request's changed files (${(error as Error).message}); annotations are ranked without them.`,
    );
    return undefined;
  }
}
