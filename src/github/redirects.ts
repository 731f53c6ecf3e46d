// Redirects from the GitHub API stay on the API's origin. Octokit hands requests to fetch with
// `redirect: "follow"`, and fetch follows a 307/308 to any host, re-sending the method and the body
// (only the Authorization header is dropped, by the Fetch standard's cross-origin rule). For us the
// body is the whole report, and the answer of the other host would become the comment's URL. So
// redirects are followed here by hand: same origin (a renamed or moved repository) goes on as
// before; another origin is refused before anything is sent there.
import type { Octokit } from "@octokit/core";
import { wrapRequestFetch } from "./request-fetch.js";

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

export class CrossOriginRedirectError extends Error {
  override name = "CrossOriginRedirectError";
  /** Set by refuseCrossOriginRedirects so Octokit's retry plugin sees a settled request. */
  request?: unknown;
  constructor(
    readonly method: string,
    readonly from: URL,
    readonly to: URL,
    readonly status: number,
  ) {
    super(
      `GitHub answered ${method} ${from.pathname} with HTTP ${status}, a redirect to another host (${to.origin}); ` +
        "fusion-report follows redirects only within the API's own origin, so nothing was sent there",
    );
  }
}

type Fetch = typeof fetch;
/** Request options whose fetch this plugin has wrapped. */
const GUARDED = new WeakSet<object>();

/** A fetch that follows redirects within the origin and throws CrossOriginRedirectError otherwise. */
export function followSameOriginRedirects(fetchImpl: Fetch): Fetch {
  return async (input, init = {}) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    let method = (init.method ?? "GET").toUpperCase();
    let body = init.body;
    for (let hops = 0; ; hops++) {
      const response = await fetchImpl(url.href, { ...init, method, body, redirect: "manual" });
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get("location") : null;
      if (location === null) return response;
      await response.body?.cancel().catch(() => undefined);
      const next = new URL(location, url);
      if (next.origin !== url.origin) throw new CrossOriginRedirectError(method, url, next, response.status);
      if (hops + 1 >= MAX_REDIRECTS) {
        throw new Error(`GitHub redirected ${method} ${url.pathname} more than ${MAX_REDIRECTS} times`);
      }
      // As fetch does: 303 (and 301/302 after a POST) continue as a GET without the body.
      if (response.status === 303 || (response.status <= 302 && method === "POST")) {
        method = "GET";
        body = undefined;
      }
      url = next;
    }
  };
}

/**
 * Octokit plugin: every request uses followSameOriginRedirects around the fetch it was configured
 * with (the proxy-aware one from @actions/github). Register it before the retry plugin, so a
 * refused redirect reaches the caller at once instead of being retried like a 500.
 */
export function refuseCrossOriginRedirects(octokit: Octokit): void {
  octokit.hook.wrap("request", async (request, options) => {
    wrapRequestFetch(options, GUARDED, followSameOriginRedirects);
    try {
      return await request(options);
    } catch (error) {
      // Octokit wraps whatever fetch throws in a RequestError with status 500; unwrap ours.
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof CrossOriginRedirectError) {
        cause.request = (error as { request?: unknown }).request;
        throw cause;
      }
      throw error;
    }
  });
}
