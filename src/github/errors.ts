// Octokit errors → typed errors whose messages say what to do. Never echo request headers (token).
import { showControls } from "../text/controls.js";
import { redactSecrets } from "../text/secrets.js";
import { truncateChars } from "../text/truncate.js";
import { CrossOriginRedirectError } from "./redirects.js";
import { GitHubSilentError, requestTimeoutOf } from "./stalled-requests.js";

export type Channel =
  | "comment"
  | "check-run"
  | "summary"
  | "outputs"
  | "annotations"
  | "artifact"
  | "pr-lookup"
  | "pr-files"
  | "workflow-runs";

/** The GITHUB_TOKEN permission each channel needs. */
export const PERMISSION_FOR: Record<Channel, string | null> = {
  comment: "pull-requests: write",
  "check-run": "checks: write",
  artifact: "actions: read",
  "pr-lookup": "pull-requests: read",
  "pr-files": "pull-requests: read",
  "workflow-runs": "actions: read",
  summary: null,
  outputs: null,
  annotations: null,
};

const FORK_RECIPE =
  "Pull requests from forks (and Dependabot) get a read-only token: run the report in a second workflow " +
  "triggered by `workflow_run` that downloads the first workflow's artifact (see the README, 'Fork-safe two-workflow setup').";

export class GitHubApiError extends Error {
  override name = "GitHubApiError";
  constructor(
    readonly channel: Channel,
    readonly status: number | null,
    message: string,
    /** What GitHub said (its `message`, secrets masked), for callers that word the failure themselves. */
    readonly detail: string = message,
  ) {
    super(message);
  }
}

export class PermissionError extends GitHubApiError {
  override name = "PermissionError";
  constructor(
    channel: Channel,
    readonly permission: string,
    message: string,
    detail?: string,
    /** The fork the refused pull request came from, when the message says so. */
    readonly fork: string | null = null,
  ) {
    super(channel, 403, message, detail);
  }
}

/**
 * A 403 on a channel that needs `permission`. On a pull request from a fork no `permissions:` entry
 * helps (GitHub gives its runs a read-only token), so only the two-workflow setup is named.
 */
function permissionError(
  channel: Channel,
  permission: string,
  apiMessage: string,
  fork: string | null,
): PermissionError {
  const classicPat = /authenticate via a GitHub App/i.test(apiMessage)
    ? " Check runs cannot be created with a classic personal access token; use the default GITHUB_TOKEN or a GitHub App token."
    : "";
  const advice = fork
    ? `This pull request comes from the fork ${fork}, whose runs get a read-only token whatever the workflow's ` +
      `\`permissions:\` say. ${FORK_RECIPE}`
    : `Add \`permissions: ${permission}\` to the workflow job.${classicPat} ${FORK_RECIPE}`;
  const message = `GitHub refused to ${WHAT[channel]} (403 ${apiMessage}). ${advice}`;
  return new PermissionError(channel, permission, message, apiMessage, fork);
}

/** 410 Gone: the thing existed and was deleted (an expired workflow artifact). */
export class GoneError extends GitHubApiError {
  override name = "GoneError";
}

export class NotFoundError extends GitHubApiError {
  override name = "NotFoundError";
}

export class ValidationError extends GitHubApiError {
  override name = "ValidationError";
}

export class RateLimitError extends GitHubApiError {
  override name = "RateLimitError";
}

interface OctokitLikeError {
  status?: number;
  message?: string;
  response?: { data?: unknown; headers?: Record<string, unknown> };
}

const WHAT: Record<Channel, string> = {
  comment: "write the pull request comment",
  "check-run": "create the check run",
  summary: "write the job summary",
  outputs: "set the step outputs",
  annotations: "write annotations",
  artifact: "read the workflow artifact",
  "pr-lookup": "find the pull request",
  "pr-files": "list the pull request's changed files",
  "workflow-runs": "list the workflow runs",
};

/**
 * Turns any thrown value from an Octokit call into a GitHubApiError with an actionable message.
 * `fork`: the head repository of a pull request from a fork, when the run is for one: a 403 there
 * comes from the read-only token GitHub gives it, which no `permissions:` entry changes.
 */
export function classifyGitHubError(
  error: unknown,
  channel: Channel,
  fork: string | null = null,
): GitHubApiError {
  if (error instanceof GitHubApiError) {
    // Classified where it was thrown, which did not know the pull request: said again for a fork.
    if (fork && error instanceof PermissionError && error.fork === null) {
      return permissionError(error.channel, error.permission, error.detail, fork);
    }
    return error;
  }
  if (error instanceof CrossOriginRedirectError) {
    return new GitHubApiError(
      channel,
      null,
      `Did not ${WHAT[channel]}: ${error.message}. Check GITHUB_API_URL and any proxy in front of the API.`,
    );
  }
  if (error instanceof GitHubSilentError) {
    return new GitHubApiError(
      channel,
      null,
      `Could not ${WHAT[channel]}: ${scrub(error.message)}. GitHub may be having an outage ` +
        "(https://www.githubstatus.com); re-run the job later.",
      scrub(error.message),
    );
  }
  const timeout = requestTimeoutOf(error);
  if (timeout) {
    return new GitHubApiError(
      channel,
      null,
      `Could not ${WHAT[channel]}: ${scrub(timeout.message)}, nor when asked again. GitHub may be having an ` +
        "outage (https://www.githubstatus.com); re-run the job later.",
      scrub(timeout.message),
    );
  }
  const e = (error ?? {}) as OctokitLikeError;
  const status = httpStatusOf(error);
  const apiMessage = readApiMessage(e);
  const what = WHAT[channel];

  if (status === 403 || status === 429) {
    // 429 is "Too Many Requests" whatever the body says (a proxy in front of GitHub Enterprise Server).
    if (status === 429 || /secondary rate|rate limit/i.test(apiMessage)) {
      return new RateLimitError(
        channel,
        status,
        `GitHub rate limit while trying to ${what} (${apiMessage}); not written (the log says whether it was ` +
          "retried and when the limit resets). Re-run the job later, or run fewer jobs that write comments at the same time.",
        apiMessage,
      );
    }
    // "Unable to create comment because issue is locked.": no permission lets a token write there.
    if (status === 403 && channel === "comment" && /\blocked\b/i.test(apiMessage)) {
      return new GitHubApiError(
        channel,
        status,
        `GitHub refused to ${what} (403 ${apiMessage}): the pull request's conversation is locked, and no ` +
          "`permissions:` entry lets the workflow's token comment on it. The other channels (check run, job summary, " +
          "files) are written as usual; unlock the conversation to get the comment back.",
        apiMessage,
      );
    }
    const permission = PERMISSION_FOR[channel];
    if (status === 403 && permission) return permissionError(channel, permission, apiMessage, fork);
  }
  if (status === 404) {
    return new NotFoundError(
      channel,
      status,
      `GitHub returned 404 while trying to ${what} (${apiMessage}). The repository, pull request or commit ` +
        "does not exist or the token cannot see it; check the token's repository access.",
      apiMessage,
    );
  }
  if (status === 410) {
    return new GoneError(
      channel,
      status,
      `GitHub returned 410 while trying to ${what} (${apiMessage}): it existed and has been deleted.`,
      apiMessage,
    );
  }
  if (status === 422) {
    return new ValidationError(
      channel,
      status,
      `GitHub rejected the request to ${what} (422 ${apiMessage}${readValidationDetails(e)}). ` +
        "This is a bug in fusion-report; please report it with the job log.",
      apiMessage,
    );
  }
  if (status === 401) {
    return new GitHubApiError(
      channel,
      status,
      `GitHub rejected the token while trying to ${what} (401 ${apiMessage}). Check the \`github-token\` input.`,
      apiMessage,
    );
  }
  if (isConnectionFailure(error)) {
    return new GitHubApiError(
      channel,
      null,
      `Could not ${what}: the request to GitHub failed (${apiMessage})`,
      apiMessage,
    );
  }
  const prefix = status === null ? "" : `${status} `;
  return new GitHubApiError(channel, status, `Could not ${what}: ${prefix}${apiMessage}`, apiMessage);
}

/** The HTTP status an Octokit error carries, if any. */
export function httpStatusOf(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : null;
}

/**
 * Whether the request got no answer at all (refused, reset, cut off): Octokit gives such a failed
 * fetch the status 500 too, but no response. Not GitHub's 500.
 */
export function isConnectionFailure(error: unknown): boolean {
  return httpStatusOf(error) === 500 && !(error as { response?: unknown }).response;
}

/** What GitHub said about a failed request (the body's `message`, else the error's), token shapes masked. */
export function readApiMessage(error: unknown): string {
  const e = (error ?? {}) as OctokitLikeError;
  const data = e.response?.data as { message?: unknown } | undefined;
  const message = typeof data?.message === "string" ? data.message : (e.message ?? String(error));
  return scrub(message);
}

function readValidationDetails(e: OctokitLikeError): string {
  const data = e.response?.data as { errors?: { message?: string; field?: string }[] } | undefined;
  const details = (data?.errors ?? [])
    .map((d) => d.message ?? d.field)
    .filter((d): d is string => typeof d === "string");
  return details.length > 0 ? `: ${scrub(details.join("; "))}` : "";
}

// Defence in depth: the client already masks its own token by value; token shapes (ghp_, ghs_,
// github_pat_ …) of any other token never reach a log line either.
function scrub(text: string): string {
  return redactSecrets(text, []);
}

export const OUTAGE = "GitHub may be having an outage (https://www.githubstatus.com); re-run the job later.";

/**
 * What GitHub (or a proxy in front of it) said, for one line of a message: an HTML error page loses
 * its tags and line breaks, and a long one is cut.
 */
export function serverWords(detail: string): string {
  // A tag ends at the next `<` too: from every `<` of a page of them, `[^>]*` read to its end.
  const text = detail
    .replace(/<[^<>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return truncateChars(showControls(text, "escape"), 200);
}
