// Which repository, commit and pull request this run reports on. The pure part reads the event
// payload; only the fork `workflow_run` case needs the API (its `pull_requests` array is empty).
import { readFileSync } from "node:fs";
import type { GitHubClient } from "./client.js";
import { classifyGitHubError } from "./errors.js";

export interface RunContext {
  owner: string;
  repo: string;
  eventName: string;
  /** The commit the PR shows (never the `pull_request` test merge commit). */
  headSha: string;
  prNumber: number | null;
  runUrl: string | null;
  /** `owner/name` of the repository the head commit lives in (a fork for fork PRs). */
  headRepoFullName: string | null;
  headBranch: string | null;
}

export class ContextError extends Error {
  override name = "ContextError";
}

interface PullLike {
  number?: number;
  head?: { sha?: string; ref?: string; repo?: { full_name?: string; id?: unknown; url?: unknown } | null };
}

interface BaseLike {
  /** In `workflow_run.pull_requests`, `repo` is `{ id, url, name }` (no owner): the id and the API URL tell. */
  base?: { ref?: unknown; repo?: { id?: unknown; url?: unknown } | null };
}

export type EventPayload = Record<string, unknown> & {
  pull_request?: PullLike & BaseLike;
  workflow_run?: {
    id?: unknown;
    head_sha?: string;
    head_branch?: string | null;
    head_repository?: { full_name?: string } | null;
    pull_requests?: (PullLike & BaseLike)[];
  };
  repository?: { full_name?: string; default_branch?: unknown; id?: unknown };
};

/**
 * The event payload (GITHUB_EVENT_PATH, JSON): the one place that reads it. `{}` when the variable
 * is unset; a ContextError when the file cannot be read or is not JSON.
 */
export function readEventPayload(env: Readonly<Record<string, string | undefined>>): EventPayload {
  const eventPath = env.GITHUB_EVENT_PATH;
  if (!eventPath) return {};
  try {
    return JSON.parse(readFileSync(eventPath, "utf8")) as EventPayload;
  } catch (error) {
    throw new ContextError(
      `Could not read the event payload at GITHUB_EVENT_PATH=${eventPath}: ${String(error)}`,
    );
  }
}

/**
 * The run an artifact comes from when `artifact-run-id` is empty: on `workflow_run` the run that
 * triggered this one (what the fork-safe recipe needs), otherwise null (this run).
 */
export function triggeringRunId(eventName: string, payload: EventPayload): string | null {
  if (eventName !== "workflow_run") return null;
  const id = payload.workflow_run?.id;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? String(id) : null;
}

/** Pure: event name + payload + env → context. `prNumber` may stay null for fork `workflow_run`s. */
export function parseRunContext(
  eventName: string,
  payload: EventPayload,
  env: NodeJS.ProcessEnv,
): RunContext {
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? payload.repository?.full_name ?? "").split("/");
  if (!owner || !repo) {
    throw new ContextError("GITHUB_REPOSITORY is not set (expected owner/name); run inside GitHub Actions.");
  }
  const server = (env.GITHUB_SERVER_URL ?? "https://github.com").replace(/\/+$/, "");
  const runUrl = env.GITHUB_RUN_ID ? `${server}/${owner}/${repo}/actions/runs/${env.GITHUB_RUN_ID}` : null;
  const base = { owner, repo, eventName, runUrl };
  const sha = env.GITHUB_SHA ?? "";

  if (eventName === "pull_request" || eventName === "pull_request_target") {
    const pr = payload.pull_request;
    // GITHUB_SHA is the test merge commit (or the base tip for _target); the PR shows head.sha.
    const headSha = pr?.head?.sha;
    if (!headSha || typeof pr?.number !== "number") {
      throw new ContextError(`The ${eventName} payload has no pull_request.head.sha / number.`);
    }
    return {
      ...base,
      headSha,
      prNumber: pr.number,
      headRepoFullName: pr.head?.repo?.full_name ?? null,
      headBranch: pr.head?.ref ?? null,
    };
  }

  if (eventName === "workflow_run") {
    const run = payload.workflow_run;
    if (!run?.head_sha) throw new ContextError("The workflow_run payload has no workflow_run.head_sha.");
    const headRepoFullName = run.head_repository?.full_name ?? null;
    const pr = pickWorkflowRunPull(payload, env);
    return {
      ...base,
      headSha: run.head_sha,
      prNumber: pr?.number ?? null,
      headRepoFullName,
      headBranch: run.head_branch ?? null,
    };
  }

  // push, workflow_dispatch, schedule, merge_group …: GITHUB_SHA is the commit that was built.
  if (!sha) throw new ContextError(`GITHUB_SHA is not set for the ${eventName || "unknown"} event.`);
  return {
    ...base,
    headSha: sha,
    prNumber: typeof payload.pull_request?.number === "number" ? payload.pull_request.number : null,
    headRepoFullName: `${owner}/${repo}`,
    headBranch: env.GITHUB_REF_NAME ?? null,
  };
}

/**
 * The pull request a `workflow_run` is about, from its `pull_requests`: GitHub lists the open pull
 * requests whose head matches the run's branch or commit, in any repository (a fork's run can list
 * another repository's pull requests that share the branch name). Only one whose base is this
 * repository counts, one with the run's head commit first; null sends the caller to the API lookup.
 */
export function pickWorkflowRunPull(
  payload: EventPayload,
  env: Readonly<Record<string, string | undefined>>,
): (PullLike & BaseLike) | null {
  const run = payload.workflow_run;
  const fullName = (env.GITHUB_REPOSITORY ?? payload.repository?.full_name ?? "").toLowerCase();
  const idText = env.GITHUB_REPOSITORY_ID ?? payload.repository?.id;
  const id =
    typeof idText === "number" || (typeof idText === "string" && /^\d+$/.test(idText))
      ? Number(idText)
      : null;
  const ours = (run?.pull_requests ?? []).filter((pull) => {
    const repo = pull?.base?.repo;
    if (!repo) return false;
    if (id !== null && typeof repo.id === "number") return repo.id === id;
    return typeof repo.url === "string" && fullName !== "" && apiRepository(repo.url) === fullName;
  });
  return ours.find((pull) => pull.head?.sha === run?.head_sha) ?? ours[0] ?? null;
}

/** `https://api.github.com/repos/acme/analytics` (or a GHES `/api/v3/repos/…`) → `acme/analytics`. */
function apiRepository(url: string): string | null {
  try {
    const match = /\/repos\/([^/]+)\/([^/]+)\/?$/.exec(new URL(url).pathname);
    return match ? `${decodeURIComponent(match[1]!)}/${decodeURIComponent(match[2]!)}`.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** True when the PR number must come from the API (fork PR seen through workflow_run). */
export function needsPullRequestLookup(ctx: RunContext): boolean {
  return ctx.eventName === "workflow_run" && ctx.prNumber === null && ctx.headRepoFullName !== null;
}

/**
 * Finds the open PR whose head is exactly this commit in this head repository: first via the
 * commit's associated PRs, then by listing open PRs for `headOwner:branch`. Null when none matches.
 */
export async function findPullRequestNumber(octokit: GitHubClient, ctx: RunContext): Promise<number | null> {
  const matches = (p: { head: { sha: string; repo: { full_name: string } | null } }): boolean =>
    p.head.sha === ctx.headSha && p.head.repo?.full_name === ctx.headRepoFullName;
  try {
    const { data: byCommit } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
      owner: ctx.owner,
      repo: ctx.repo,
      commit_sha: ctx.headSha,
      per_page: 100,
    });
    const hit = byCommit.find((p) => p.state === "open" && matches(p)) ?? byCommit.find(matches);
    if (hit) return hit.number;

    const headOwner = ctx.headRepoFullName?.split("/")[0];
    if (!headOwner || !ctx.headBranch) return null;
    const { data: open } = await octokit.rest.pulls.list({
      owner: ctx.owner,
      repo: ctx.repo,
      state: "open",
      head: `${headOwner}:${ctx.headBranch}`,
      per_page: 100,
    });
    return open.find(matches)?.number ?? null;
  } catch (error) {
    throw classifyGitHubError(error, "pr-lookup");
  }
}

export async function completeRunContext(octokit: GitHubClient, ctx: RunContext): Promise<RunContext> {
  if (!needsPullRequestLookup(ctx)) return ctx;
  return { ...ctx, prNumber: await findPullRequestNumber(octokit, ctx) };
}

/** The head repository of a pull request from a fork (`contributor/analytics`), or null. */
export function forkOf(ctx: Pick<RunContext, "owner" | "repo" | "headRepoFullName"> | null): string | null {
  const head = ctx?.headRepoFullName;
  if (!ctx || !head) return null;
  return head.toLowerCase() === `${ctx.owner}/${ctx.repo}`.toLowerCase() ? null : head;
}
