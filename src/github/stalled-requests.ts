// A GitHub API request that gets no answer is given up, not waited on. Without this a connection
// that GitHub (or a proxy) accepted and then left silent holds the step for undici's defaults, five
// minutes for the headers and five more for the body, and the retry plugin sends it again three
// times: twenty minutes for one comment. GitHub stops working on a REST request after 10 seconds,
// so an attempt that has not finished after 30 has been lost on the way; the retry plugin then
// tries again (a POST that must not be repeated is looked for first: post-once.ts).
import type { Octokit } from "@octokit/core";
import { wrapRequestFetch } from "./request-fetch.js";

/** How long one attempt at a GitHub API request may take, headers and body together. */
export const GITHUB_REQUEST_TIMEOUT_MS = 30_000;

export class GitHubRequestTimeoutError extends Error {
  override name = "GitHubRequestTimeoutError";
  constructor(
    readonly method: string,
    readonly path: string,
    readonly timeoutMs: number,
  ) {
    super(`GitHub did not answer ${method} ${path} within ${formatSeconds(timeoutMs)}`);
  }
}

type Fetch = typeof fetch;
/** Request options whose fetch this plugin has wrapped. */
const TIMED = new WeakSet<object>();

/** Statuses whose response has no body (a Response made with one throws). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch that gives each call `timeoutMs` for its answer, body included, and throws
 * GitHubRequestTimeoutError after that. The body is read here, not by Octokit: Octokit reads a JSON
 * body with its errors caught, so a body cut off (or stopped by this limit) would reach us as a
 * success whose data is "". Here it fails the attempt, which is then retried. A signal the caller
 * gave still works. GitHub's answers are small (a page of comments at most), so holding one whole
 * costs nothing that Octokit would not hold anyway.
 */
export function withRequestTimeout(fetchImpl: Fetch, timeoutMs: number): Fetch {
  return async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const controller = new AbortController();
    const reason = new GitHubRequestTimeoutError(
      (init.method ?? "GET").toUpperCase(),
      url.pathname,
      timeoutMs,
    );
    const timer = setTimeout(() => controller.abort(reason), timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
    try {
      const response = await fetchImpl(input, { ...init, signal });
      const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
      const whole = new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      Object.defineProperty(whole, "url", { value: response.url });
      return whole;
    } catch (error) {
      // fetch rejects with the abort's reason, or (undici, mid-body) with an error around it.
      if (controller.signal.aborted && !init.signal?.aborted) throw reason;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * Octokit plugin: every request's fetch gives up after `timeoutMs`. Register it before the retry
 * plugin, whose retries then include it: Octokit turns the error into a status-500 RequestError
 * (cause: the timeout), retried like any lost connection. Registered before redirects.ts' plugin
 * too, its limit covers the fetch of a whole redirect chain.
 */
export function giveUpOnStalledRequests(timeoutMs: number): (octokit: Octokit) => void {
  return (octokit) => {
    octokit.hook.wrap("request", (request, options) => {
      wrapRequestFetch(options, TIMED, (fetchImpl) => withRequestTimeout(fetchImpl, timeoutMs));
      return request(options);
    });
  };
}

/** A request not sent: GitHub had left the requests before it unanswered (stopAskingASilentApi). */
export class GitHubSilentError extends Error {
  override name = "GitHubSilentError";
  constructor(
    readonly method: string,
    readonly path: string,
    readonly unanswered: number,
  ) {
    super(
      `did not ask GitHub for ${method} ${path}: it had left the ${unanswered} requests before it ` +
        "without an answer, each asked again",
    );
  }
}

/** Whole requests in a row left unanswered, every retry spent, after which the API is taken for silent. */
export const SILENT_AFTER_REQUESTS = 2;

/**
 * Octokit plugin, registered after the retry plugin (outermost), so that it sees each request once
 * its retries are spent: after `limit` requests in a row ended without an answer, the requests that
 * follow fail at once, unsent. A whole silent API otherwise costs every channel its own four
 * attempts of 30 s, twelve minutes before the step ends. Any answer, an error status too, starts
 * the count again: one endpoint that hangs leaves the others alone.
 */
export function stopAskingASilentApi(limit: number): (octokit: Octokit) => void {
  return (octokit) => {
    let unansweredInARow = 0;
    octokit.hook.wrap("request", async (request, options) => {
      if (unansweredInARow >= limit) {
        const { method, url } = octokit.request.endpoint(options);
        throw new GitHubSilentError(method.toUpperCase(), new URL(url).pathname, unansweredInARow);
      }
      try {
        const response = await request(options);
        unansweredInARow = 0;
        return response;
      } catch (error) {
        if (requestTimeoutOf(error)) unansweredInARow++;
        else if ((error as { response?: unknown }).response !== undefined) unansweredInARow = 0;
        throw error;
      }
    });
  };
}

/** The GitHubRequestTimeoutError an Octokit error stands for (itself or its cause), else null. */
export function requestTimeoutOf(error: unknown): GitHubRequestTimeoutError | null {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof GitHubRequestTimeoutError) return e;
  }
  return null;
}

function formatSeconds(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
