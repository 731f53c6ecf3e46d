// The one place an Octokit is built: throttling (secondary rate limits) + retry (5xx, lost
// connections), bounded; a silent request given up after 30 s, and a silent API after two such
// requests; redirects kept on the API's origin; the token's value scrubbed from every error it throws.
import { getOctokit } from "@actions/github";
import { retry } from "@octokit/plugin-retry";
import { throttling, type ThrottlingOptions } from "@octokit/plugin-throttling";
import { createRedactor, type Redact } from "../text/secrets.js";
import { refuseCrossOriginRedirects } from "./redirects.js";
import {
  giveUpOnStalledRequests,
  GITHUB_REQUEST_TIMEOUT_MS,
  SILENT_AFTER_REQUESTS,
  stopAskingASilentApi,
} from "./stalled-requests.js";

export type GitHubClient = ReturnType<typeof getOctokit>;

export interface ClientOptions {
  /** Defaults to GITHUB_API_URL, else https://api.github.com. */
  baseUrl?: string;
  /** How often a rate-limited request is retried before giving up. */
  maxRateLimitRetries?: number;
  /** Longest wait (seconds) we accept for a primary rate-limit reset; beyond it we fail fast. */
  maxRateLimitWaitSeconds?: number;
  /**
   * How long one attempt may take (default 30 s). Also set by FUSION_REPORT_TEST_REQUEST_TIMEOUT_MS,
   * for the end-to-end tests of a silent server.
   */
  requestTimeoutMs?: number;
  /** Shrinks every wait to milliseconds. Also enabled by FUSION_REPORT_TEST_FAST_RETRY=1 (timings only). */
  fastRetry?: boolean;
  log?: (message: string) => void;
}

/** setTimeout fires at once for longer delays. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type Group = NonNullable<Extract<ThrottlingOptions, { onRateLimit: unknown }>["write"]>;

// A no-spacing stand-in for the plugin's write/notification Bottleneck groups (1 s / 3 s apart),
// used only in fast mode so tests against the loopback server don't sleep. The plugin only ever
// calls `group.key(id).schedule(options, fn)`.
const unthrottled = {
  key: () => ({ schedule: (_options: unknown, fn: () => Promise<unknown>) => fn() }),
} as unknown as Group;

export function createClient(
  token: string,
  options: ClientOptions = {},
  env: Readonly<Record<string, string | undefined>> = {},
): GitHubClient {
  const fast = options.fastRetry ?? env.FUSION_REPORT_TEST_FAST_RETRY === "1";
  const maxRetries = options.maxRateLimitRetries ?? 3;
  const maxWait = options.maxRateLimitWaitSeconds ?? 120;
  const log = options.log ?? (() => {});
  const baseUrl = options.baseUrl ?? env.GITHUB_API_URL ?? "https://api.github.com";
  const testTimeout = Number(env.FUSION_REPORT_TEST_REQUEST_TIMEOUT_MS);
  const timeoutMs =
    options.requestTimeoutMs ??
    (Number.isSafeInteger(testTimeout) && testTimeout > 0 && testTimeout <= MAX_TIMER_MS
      ? testTimeout
      : GITHUB_REQUEST_TIMEOUT_MS);

  const octokit = getOctokit(
    token,
    {
      baseUrl,
      throttle: {
        // plugin-throttling multiplies retry-after (seconds) by this; 1 ms per "second" in fast mode.
        retryAfterBaseValue: fast ? 1 : 1000,
        ...(fast ? { write: unthrottled, notifications: unthrottled } : {}),
        onRateLimit: (
          retryAfter: number,
          request: { method: string; url: string },
          _o: unknown,
          count: number,
        ) => {
          const again = count < maxRetries && retryAfter <= maxWait;
          const why =
            count >= maxRetries
              ? `giving up after ${count} retries.`
              : `it resets in ${retryAfter} s, longer than the ${maxWait} s fusion-report waits; not retried.`;
          log(
            `GitHub primary rate limit on ${request.method} ${request.url}; ` +
              (again ? `retrying in ${retryAfter} s (attempt ${count + 1} of ${maxRetries}).` : why),
          );
          return again;
        },
        onSecondaryRateLimit: (
          retryAfter: number,
          request: { method: string; url: string },
          _o: unknown,
          count: number,
        ) => {
          // A retry-after of an hour would hold the step (and every channel after this one) that long.
          const again = count < maxRetries && retryAfter <= maxWait;
          const why =
            count >= maxRetries
              ? `giving up after ${count} retries.`
              : `it asks to wait ${retryAfter} s, longer than the ${maxWait} s fusion-report waits; not retried.`;
          log(
            `GitHub secondary rate limit on ${request.method} ${request.url}; ` +
              (again ? `retrying in ${retryAfter} s (attempt ${count + 1} of ${maxRetries}).` : why),
          );
          return again;
        },
      },
      retry: {
        // 403/429 belong to the throttling plugin; 4xx other than those are never transient, nor is
        // 501 (a server without the endpoint, such as an older GitHub Enterprise Server): retried,
        // it would only add the backoff's 14 s.
        doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451, 501],
        retries: 3,
        retryAfterBaseValue: fast ? 1 : 1000,
      },
    },
    // The first registered is innermost: the limit is on the fetch of the whole redirect chain.
    giveUpOnStalledRequests(timeoutMs),
    refuseCrossOriginRedirects,
    throttling,
    retry,
    stopAskingASilentApi(SILENT_AFTER_REQUESTS),
  );
  // Registered last, so it sees the error every other hook settled on. GitHub echoes what it was
  // sent in some error bodies; a token of any shape (GHES, another app's, a test token) is masked.
  const redact = createRedactor([token]);
  octokit.hook.error("request", (error) => {
    throw scrubError(error, redact);
  });
  return octokit;
}

function scrubError(error: unknown, redact: Redact): unknown {
  if (!(error instanceof Error)) return error;
  setMessage(error, redact(error.message));
  // A fetch that failed is the cause of Octokit's error, and its message may quote the URL.
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof Error) setMessage(cause, redact(cause.message));
  const response = (error as { response?: { data?: unknown } }).response;
  if (response && "data" in response) response.data = scrubValue(response.data, redact);
  return error;
}

function scrubValue(value: unknown, redact: Redact): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, redact));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValue(v, redact)]));
  }
  return value;
}

/** Some errors (DOMException) have a read-only message: those are left as they are. */
function setMessage(error: Error, message: string): void {
  if (message === error.message) return;
  try {
    error.message = message;
  } catch {
    // Read-only: the classified error quotes it through readApiMessage, which scrubs token shapes.
  }
}
