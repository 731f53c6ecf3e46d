// Which run holds the baseline: the newest successful run of a workflow on the base branch. Pure
// parts first (which workflow, which branch), then the two API calls. A token without
// `actions: read` or a workflow that does not exist is an error that says what to set.
import { BaselineError } from "../model/baseline.js";
import type { BaselineRunLocation } from "../sources/baseline-artifact.js";
import type { GitHubClient } from "./client.js";
import type { EventPayload } from "./context.js";
import { classifyGitHubError, NotFoundError, PermissionError, readApiMessage } from "./errors.js";

export interface BaselineTarget {
  /** Workflow file name (`dbt.yml`) or numeric id whose runs to search. */
  workflow: string;
  /** The PR's base branch; null = the repository's default branch (asked from the API). */
  branch: string | null;
}

export interface BaselineRunRequest {
  owner: string;
  repo: string;
  workflow: string;
  branch: string;
}

/** `owner/repo/.github/workflows/dbt.yml@refs/heads/x` → `dbt.yml`; null when it is not a workflow ref. */
export function workflowFromRef(ref: string | undefined): string | null {
  const file = (ref ?? "").split("@")[0]?.split("/").pop() ?? "";
  return /\.ya?ml$/i.test(file) ? file : null;
}

/**
 * Pure: which workflow's runs to search (`baseline-workflow`, else the current workflow) and on which
 * branch (the PR's base branch, else the default branch named in the payload, else null).
 */
export function baselineTarget(
  workflowInput: string | null,
  payload: EventPayload,
  env: Readonly<Record<string, string | undefined>>,
): BaselineTarget {
  const workflow = workflowInput ?? workflowFromRef(env.GITHUB_WORKFLOW_REF);
  if (!workflow) {
    throw new BaselineError(
      "baseline-artifact: cannot tell which workflow uploaded the baseline (GITHUB_WORKFLOW_REF is not set); " +
        "set baseline-workflow to its file name, e.g. dbt-main.yml",
    );
  }
  const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
  const branch =
    text(payload.pull_request?.base?.ref) ??
    text(payload.workflow_run?.pull_requests?.[0]?.base?.ref) ??
    text(env.GITHUB_BASE_REF) ??
    text(payload.repository?.default_branch);
  return { workflow, branch };
}

/** The repository's default branch, for runs that are not about a pull request. */
export async function readDefaultBranch(octokit: GitHubClient, owner: string, repo: string): Promise<string> {
  try {
    const { data } = await octokit.rest.repos.get({ owner, repo });
    return data.default_branch;
  } catch (error) {
    throw new BaselineError(
      `baseline-artifact: cannot read the default branch of ${owner}/${repo} (${readApiMessage(error)}); ` +
        "run on pull_request, or pass the report with the baseline input",
    );
  }
}

/** The newest successful run of `workflow` on `branch`, or null when there is none. */
export async function findLatestSuccessfulRun(
  octokit: GitHubClient,
  request: BaselineRunRequest,
): Promise<{ id: number; headSha: string } | null> {
  const { owner, repo, workflow, branch } = request;
  try {
    const { data } = await octokit.rest.actions.listWorkflowRuns({
      owner,
      repo,
      // A numeric id or a file name: the API takes both in the same place.
      workflow_id: /^\d+$/.test(workflow) ? Number(workflow) : workflow,
      branch,
      status: "success",
      exclude_pull_requests: true,
      per_page: 1,
    });
    const run = data.workflow_runs[0];
    return run ? { id: run.id, headSha: run.head_sha } : null;
  } catch (error) {
    const failure = classifyGitHubError(error, "workflow-runs");
    const where = `the runs of workflow '${workflow}' on ${branch}`;
    if (failure instanceof PermissionError) {
      throw new BaselineError(
        `baseline-artifact: GitHub refused to list ${where} (403 ${failure.detail}). ` +
          `Add \`permissions: ${failure.permission}\` to the workflow job.`,
      );
    }
    if (failure instanceof NotFoundError) {
      throw new BaselineError(
        `baseline-artifact: workflow '${workflow}' was not found in ${owner}/${repo} (404). ` +
          "Set baseline-workflow to the file name (e.g. dbt-main.yml) or id of the workflow that uploads the report.",
      );
    }
    throw new BaselineError(`baseline-artifact: cannot list ${where} (${failure.detail})`);
  }
}

/**
 * The workflow and branch whose runs hold the `baseline-artifact` (the default branch asked from
 * the API when the event names none), or why the comparison is skipped.
 */
export async function locateBaselineRun(
  octokit: GitHubClient | null,
  where: {
    artifact: string;
    workflowInput: string | null;
    repository: string;
    payload: EventPayload;
    env: Readonly<Record<string, string | undefined>>;
  },
): Promise<BaselineRunLocation | { skip: string }> {
  const [owner, repo] = where.repository.split("/");
  if (!octokit || !owner || !repo) {
    return { skip: `baseline-artifact '${where.artifact}' needs a github-token and GITHUB_REPOSITORY` };
  }
  const target = baselineTarget(where.workflowInput, where.payload, where.env);
  const branch = target.branch ?? (await readDefaultBranch(octokit, owner, repo));
  return {
    workflow: target.workflow,
    branch,
    findRun: (run) => findLatestSuccessfulRun(octokit, { owner, repo, ...run }),
  };
}
