// Which repository, commit and pull request this run reports on. The pure part reads the event
// payload; only the fork `workflow_run` case needs the API (its `pull_requests` array is empty).
import { readFileSync } from "node:fs";
import { trimTrailing } from "../text/trim-runs.js";
import type { GitHubClient } from "./client.js";
import { classifyGitHubError } from "./errors.js";

export interface RunContext {
  owner: string;
  repo: string;
  eventName: string;
  /** The commit the PR shows (never the `pull_request` test merge commit). */
  headSha: string;
  prNumber: number | null;
  /** The workflow run's page (it shows the newest attempt). */
  runUrl: string | null;
  /**
   * `<run id>.<attempt>` (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT): the jobs of one run attempt share it, so a
   * check run of the same name carrying it was written by another job of this attempt (a matrix).
   */
  runKey?: string | null;
  /** GITHUB_RUN_ATTEMPT: 1, or the re-run's number. */
  runAttempt?: number;
  /** `owner/name` of the repository the head commit lives in (a fork for fork PRs). */
  headRepoFullName: string | null;
  headBranch: string | null;
  /**
   * On `workflow_run`: the event of the run that triggered this one (`pull_request`, `push`,
   * `merge_group` …), when the payload says; null on other events.
   */
  triggeredBy?: string | null;
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
    event?: unknown;
    /** The triggering run's creation, ISO 8601; a re-run of it keeps it (stale-telemetry.ts). */
    created_at?: unknown;
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

/** GITHUB_RUN_ATTEMPT: 1 for the first attempt (and when unset or not a whole number), else the re-run's number. */
export function runAttemptOf(env: Readonly<Record<string, string | undefined>>): number {
  return /^[1-9]\d*$/.test(env.GITHUB_RUN_ATTEMPT ?? "") ? Number(env.GITHUB_RUN_ATTEMPT) : 1;
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
  const server = serverUrlOf(env);
  const runId = env.GITHUB_RUN_ID || null;
  const attempt = runAttemptOf(env);
  const runUrl = runId ? `${server}/${owner}/${repo}/actions/runs/${runId}` : null;
  const base = {
    owner,
    repo,
    eventName,
    runUrl,
    runKey: runId ? `${runId}.${attempt}` : null,
    runAttempt: attempt,
  };
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
      triggeredBy: typeof run.event === "string" && run.event !== "" ? run.event : null,
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

/**
 * The page a check run's "Details" opens: a re-run's check run keeps its own attempt's page, since
 * the run's page shows only the newest attempt (the report's own links stay on the run's page, so a
 * re-run with the same result leaves the comment as it is).
 */
export function attemptUrl(ctx: Pick<RunContext, "runUrl" | "runAttempt">): string | null {
  if (!ctx.runUrl) return null;
  return ctx.runAttempt && ctx.runAttempt > 1 ? `${ctx.runUrl}/attempts/${ctx.runAttempt}` : ctx.runUrl;
}

/** The server's web address (GitHub Enterprise Server's own host), without a trailing slash. */
export function serverUrlOf(env: Readonly<Record<string, string | undefined>>): string {
  return trimTrailing(env.GITHUB_SERVER_URL || "https://github.com", "/");
}

/** Events whose runs build a pull request's code, so a `workflow_run` of one is about that pull request. */
const PULL_REQUEST_EVENTS = new Set(["pull_request", "pull_request_target"]);

/**
 * True when the PR number must come from the API (fork PR seen through workflow_run). A run that
 * built a push, a merge queue's commit or a schedule is about no pull request: the commit of a push
 * to main is often the head of the pull request just merged, which is no place for main's report.
 */
export function needsPullRequestLookup(
  ctx: Pick<RunContext, "eventName" | "prNumber" | "headRepoFullName" | "triggeredBy">,
): boolean {
  if (ctx.eventName !== "workflow_run" || ctx.prNumber !== null || ctx.headRepoFullName === null)
    return false;
  return ctx.triggeredBy == null || PULL_REQUEST_EVENTS.has(ctx.triggeredBy);
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

/**
 * The head repository of a pull request from a fork (`contributor/analytics`) on an event whose
 * token GitHub makes read-only for it, or null. `pull_request_target` and `workflow_run` run in the
 * base repository with the token its `permissions:` give, fork or not: a 403 there is theirs.
 */
export function forkOf(
  ctx: Pick<RunContext, "owner" | "repo" | "headRepoFullName" | "eventName"> | null,
): string | null {
  const head = ctx?.headRepoFullName;
  if (!ctx || !head || !READ_ONLY_FOR_FORKS.has(ctx.eventName)) return null;
  return head.toLowerCase() === `${ctx.owner}/${ctx.repo}`.toLowerCase() ? null : head;
}

/** The events whose runs for a fork's pull request get a read-only token. */
const READ_ONLY_FOR_FORKS = new Set(["pull_request", "pull_request_review", "pull_request_review_comment"]);
