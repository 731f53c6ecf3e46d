// Request wrapper for the Admin API: rate limiting, timeouts, retries and error mapping in one place.
// Only this module and client.ts touch the network; everything above them works on plain data.

import {
  DbtCloudAuthError,
  DbtCloudError,
  DbtCloudNotFoundError,
  DbtCloudOutOfTimeError,
  DbtCloudPermissionError,
  DbtCloudRateLimitError,
  DbtCloudResponseError,
  DbtCloudUnavailableError,
} from "./errors.js";
import type { Clock, RateLimiter } from "./rate-limiter.js";
import { createRedactor, unescapeJsonUnicode } from "../../text/secrets.js";
import { truncateChars } from "../../text/truncate.js";
import { MIB } from "../../telemetry/limits.js";

/** The subset of a fetch Response this module reads (undici's and the global one both fit). */
export interface FetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  readonly body: ReadableStream<Uint8Array> | null;
  text(): Promise<string>;
}

export type FetchLike = (
  url: string,
  init: { method: "GET"; redirect: "manual"; headers: Record<string, string>; signal: AbortSignal },
) => Promise<FetchResponse>;

export interface HttpOptions {
  baseUrl: string;
  token: string;
  requestTimeoutMs: number;
  /** Attempts for 5xx / network errors / timeouts (429s are counted separately). Default 4. */
  maxAttempts?: number;
  /** Backoff cap grows base × 2^(attempt-1) up to max; full jitter with a floor. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** How many 429 waits to sit out before giving up. Default 2. */
  maxCooldowns?: number;
  /** Documented cooldown after a 429 when the server sends no Retry-After. */
  cooldownMs?: number;
  /** A Retry-After longer than this is not waited for (fail with a clear error instead). */
  maxRetryAfterMs?: number;
  /** The longest a JSON answer's body may take in all. Default ANSWER_TIMEOUTS_IN_ALL request timeouts. */
  maxAnswerMs?: number;
  /** The most bytes a JSON answer's body may have. Default MAX_ANSWER_BYTES. */
  maxAnswerBytes?: number;
}

export interface HttpDeps {
  clock: Clock;
  limiter: RateLimiter;
  log: (message: string) => void;
  fetchImpl: FetchLike;
  random?: () => number;
}

export interface RequestContext {
  /** What is being read, for messages: "run 7001234", "telemetry of step 4 of run 7001234". */
  what: string;
  /** Extra advice for a 404 (e.g. "this step produced no telemetry"). */
  notFoundHint?: string;
  /**
   * The clock time (ms) past which no retry pause or rate-limit cooldown starts: the request then
   * fails with DbtCloudOutOfTimeError (a wait's limit). The attempt under way keeps its own timeout.
   */
  notAfter?: number | undefined;
}

export interface DbtCloudHttp {
  /** GET returning the documented `{status, data, extra}` envelope. */
  getJson<T>(path: string, query: Record<string, string>, context: RequestContext): Promise<Envelope<T>>;
  /**
   * GET returning the raw 2xx response (for artifact bytes); non-2xx is mapped to typed errors. The
   * request timeout covers the wait for the headers only: the caller reads the body, and `abort`
   * stops it (for a body that stalls).
   */
  getRaw(
    path: string,
    query: Record<string, string>,
    context: RequestContext,
  ): Promise<{ response: FetchResponse; abort: (reason: Error) => void }>;
  /** Redacts the token from any text (for callers composing their own messages). */
  redact(text: string): string;
  /** The request timeout: also the longest a body being read may send nothing. */
  readonly timeoutMs: number;
  /**
   * Before attempt `attempt + 1` of a read that failed for `reason` (a download that broke off):
   * logs it and pauses as the requests do, true; false when the attempts are used up.
   */
  pauseBeforeAnotherAttempt(attempt: number, reason: string): Promise<boolean>;
}

export interface Envelope<T> {
  status: { code?: number; is_success?: boolean; user_message?: string; developer_message?: string | null };
  data: T;
  extra?: {
    filters?: Record<string, unknown>;
    order_by?: string;
    pagination?: { count?: number; total_count?: number };
  };
}

/**
 * How many request timeouts a JSON answer's body may take in all, however steadily it comes: a run
 * with its steps' logs is a few MiB, and ten silences' worth is room for a slow link, not a trickle.
 */
export const ANSWER_TIMEOUTS_IN_ALL = 10;
/**
 * The most bytes of a JSON answer: a run with its steps' logs is a few MiB. Without a bound an
 * endless answer grows until V8 refuses the string (~512 MiB) or memory runs out, within the time.
 */
export const MAX_ANSWER_BYTES = 256 * MIB;
/** The most bytes read of an answer that is not used (an error's, a redirect's): only its start is quoted. */
const MAX_UNUSED_BODY_BYTES = MIB;
const RETRYABLE_STATUS = new Set([408, 500, 502, 503, 504]);
const MIN_PAUSE_MS = 250;
const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
/** The longest message of the server's quoted in an error (the status's `user_message`). */
const MAX_USER_MESSAGE_CHARS = 500;

export function createDbtCloudHttp(options: HttpOptions, deps: HttpDeps): DbtCloudHttp {
  const maxAttempts = options.maxAttempts ?? 4;
  const backoffBaseMs = options.backoffBaseMs ?? 1000;
  const backoffMaxMs = options.backoffMaxMs ?? 30_000;
  const maxCooldowns = options.maxCooldowns ?? 2;
  const cooldownMs = options.cooldownMs ?? 5 * 60_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 15 * 60_000;
  const maxAnswerMs = options.maxAnswerMs ?? ANSWER_TIMEOUTS_IN_ALL * options.requestTimeoutMs;
  const maxAnswerBytes = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const random = deps.random ?? Math.random;
  const { clock, limiter } = deps;
  const redact = createRedactor([options.token]);
  // Redact, then cut, then redact again: a token straddling the cut leaves a piece behind that
  // only the second pass (which masks any run of 8 characters of it) can see. A JSON body quoted as
  // it came may hold the token \u-escaped: written out first, it is masked by value.
  const redactedSnippet = (text: string, max?: number): string =>
    redact(snippet(redact(unescapeJsonUnicode(text)), max));
  const log = (message: string): void => deps.log(redact(message));
  const doFetch = deps.fetchImpl;

  function buildUrl(path: string, query: Record<string, string>): string {
    const url = new URL(path, options.baseUrl);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.toString();
  }

  /**
   * GETs `path`, following redirects within the origin and retrying what may pass (network errors,
   * 5xx, 429 cooldowns). With `readText`, the body is read within the same attempt: an answer that
   * breaks off or stalls halfway is retried like one that never came.
   */
  async function send(
    path: string,
    query: Record<string, string>,
    accept: string,
    context: RequestContext,
    readText: boolean,
  ): Promise<{ response: FetchResponse; url: string; text: string | null; abort: (reason: Error) => void }> {
    let url = buildUrl(path, query);
    let safeUrl = redact(url);
    let attempt = 0;
    let cooldowns = 0;
    let redirects = 0;
    const retryOrGiveUp = async (reason: string): Promise<void> => {
      if (attempt >= maxAttempts) {
        throw new DbtCloudUnavailableError(
          redact(
            `could not read ${context.what}: ${reason} (gave up after ${attempt} attempts). ` +
              `Check that the base URL ${options.baseUrl} is reachable from this runner, then re-run.`,
          ),
          { url: safeUrl },
        );
      }
      await pauseBeforeRetry(attempt, `${reason} reading ${context.what}`, outOfTime(reason));
    };
    /** The error for a retry or cooldown that would end past `context.notAfter`, if there is one. */
    const outOfTime =
      (reason: string, attempts = true) =>
      (pauseMs: number): DbtCloudOutOfTimeError | null =>
        context.notAfter !== undefined && clock.now() + pauseMs > context.notAfter
          ? new DbtCloudOutOfTimeError(
              redact(
                `could not read ${context.what} in the time allowed: ${reason}` +
                  (attempts ? ` (after ${attempt} attempt${attempt === 1 ? "" : "s"}).` : "."),
              ),
              { url: safeUrl },
            )
          : null;
    for (;;) {
      await limiter.acquire();
      attempt += 1;
      let response: FetchResponse;
      // The deadline of one attempt: the headers; then, for a JSON body, the time without data. A raw
      // body is the caller's to read, and to stop when it stalls.
      const controller = new AbortController();
      const abort = (reason: Error): void => controller.abort(reason);
      // Unref'd: left running past an error answer (it bounds reading that body too), it must not
      // keep the process alive.
      const deadline = setTimeout(
        () => abort(new DOMException("The operation timed out.", "TimeoutError")),
        options.requestTimeoutMs,
      ).unref();
      try {
        // Redirects are followed here, within the base URL's origin only (see followRedirect).
        response = await doFetch(url, {
          method: "GET",
          redirect: "manual",
          headers: { Authorization: `Token ${options.token}`, Accept: accept },
          signal: controller.signal,
        });
      } catch (error) {
        clearTimeout(deadline);
        await retryOrGiveUp(describeNetworkError(error, options.requestTimeoutMs));
        continue;
      }

      if (response.status >= 200 && response.status < 300) {
        if (!readText) {
          clearTimeout(deadline);
          return { response, url: safeUrl, text: null, abort };
        }
        // What ended a body that did not finish: no data for a timeout, the whole answer's time, or
        // the time to finish by passing while it came.
        let cut = "idle" as "idle" | "total" | "late";
        const total = setTimeout(() => {
          cut = "total";
          abort(new DOMException("The answer took too long.", "TimeoutError"));
        }, maxAnswerMs).unref();
        try {
          const { text, whole } = await readBodyText(response, maxAnswerBytes, () => {
            // Past the time to finish by, a piece no longer puts the deadline off: the answer under
            // way outlasts that time by less than one timeout.
            if (context.notAfter !== undefined && clock.now() > context.notAfter) cut = "late";
            else deadline.refresh();
          });
          if (!whole) {
            // Not a passing fault: asking again would bring the same answer.
            throw new DbtCloudResponseError(
              `the answer for ${context.what} was larger than ${maxAnswerBytes / MIB} MiB, and a dbt platform ` +
                "answer is a few MiB at most; it was not read further. Check the base URL: it must be the " +
                "account's Access URL.",
              { status: response.status, url: safeUrl },
            );
          }
          return { response, url: safeUrl, text, abort };
        } catch (error) {
          if (error instanceof DbtCloudResponseError) throw error;
          // Its status and headers came: a timeout here is data that stopped, not an answer that never came.
          const timedOut =
            error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
          await retryOrGiveUp(
            !timedOut
              ? `the answer broke off: ${describeNetworkError(error, options.requestTimeoutMs)}`
              : cut === "total"
                ? `the answer was still coming after ${maxAnswerMs} ms`
                : cut === "late"
                  ? "the answer was still coming when the time allowed was up"
                  : `the answer stopped: no data for ${options.requestTimeoutMs} ms`,
          );
          continue;
        } finally {
          clearTimeout(deadline);
          clearTimeout(total);
        }
      }

      const location = REDIRECT_STATUS.has(response.status) ? response.headers.get("location") : null;
      if (location !== null) {
        await discardBody(response);
        url = followRedirect(url, location, response.status, ++redirects, context);
        safeUrl = redact(url);
        attempt -= 1; // a redirect is not a failed attempt
        continue;
      }

      if (response.status === 429) {
        await discardBody(response);
        cooldowns += 1;
        const waitMs = readRetryAfterMs(response.headers) ?? cooldownMs;
        if (waitMs > maxRetryAfterMs) {
          throw new DbtCloudRateLimitError(
            `rate limited (HTTP 429) reading ${context.what}: the server asked to wait ${describeWait(waitMs)}, ` +
              `longer than the ${describeWait(maxRetryAfterMs)} fusion-report waits. Re-run after that time, ` +
              `or lower concurrency / stagger jobs using this token.`,
            { status: 429, url: safeUrl },
          );
        }
        if (cooldowns > maxCooldowns) {
          throw new DbtCloudRateLimitError(
            `rate limit still exceeded (HTTP 429) reading ${context.what} after ${cooldowns - 1} cooldown(s). ` +
              `The Admin API allows 5,000 requests per minute per account and other tools share that budget; ` +
              `wait ${Math.ceil(waitMs / 1000)} s before re-running, or lower concurrency / stagger jobs using this token.`,
            { status: 429, url: safeUrl },
          );
        }
        // Every request waits: the pause lives in the shared limiter, not in this loop. It holds also
        // when this request gives up on it: nothing else is sent during the cooldown either.
        limiter.pauseUntil(clock.now() + waitMs);
        const late = outOfTime(
          `rate limited (HTTP 429), asked to wait ${describeWait(waitMs)}`,
          false,
        )(waitMs);
        if (late) throw late;
        log(
          `dbt platform: rate limited (HTTP 429) reading ${context.what}; pausing all requests for ` +
            `${Math.ceil(waitMs / 1000)} s (cooldown ${cooldowns} of at most ${maxCooldowns}).`,
        );
        attempt -= 1; // a cooldown is not a failed attempt
        continue;
      }

      if (RETRYABLE_STATUS.has(response.status) && attempt < maxAttempts) {
        await discardBody(response);
        await pauseBeforeRetry(
          attempt,
          `HTTP ${response.status} reading ${context.what}`,
          outOfTime(`HTTP ${response.status}`),
        );
        continue;
      }

      throw await mapErrorResponse(response, safeUrl, context, attempt);
    }
  }

  /**
   * The next URL of a redirect within the base URL's origin (a moved path). Another origin is refused
   * before anything is sent there: fetch would follow it without the token, but the other host's
   * answer would then be read as the dbt platform's. The message names both hosts, nothing more
   * (a redirect's query string may carry a signature).
   */
  function followRedirect(
    from: string,
    location: string,
    status: number,
    hops: number,
    context: RequestContext,
  ): string {
    const origin = new URL(options.baseUrl).origin;
    let next: URL | null = null;
    try {
      next = new URL(location, from);
    } catch {
      // Not a URL at all: refused below like another host.
    }
    if (next?.origin !== origin) {
      throw new DbtCloudResponseError(
        `the dbt platform at ${origin} answered the request for ${context.what} with HTTP ${status}, a redirect ` +
          `to another host (${next && next.origin !== "null" ? next.origin : "an address that is not a URL"}); ` +
          `fusion-report follows redirects only within ${origin}, so nothing was sent there. ` +
          `Check the base URL: it must be the account's Access URL.`,
        { status, url: redact(from) },
      );
    }
    if (hops > MAX_REDIRECTS) {
      throw new DbtCloudResponseError(
        `the dbt platform redirected the request for ${context.what} more than ${MAX_REDIRECTS} times. Check the base URL.`,
        { status, url: redact(from) },
      );
    }
    return next.href;
  }

  async function pauseBeforeRetry(
    attempt: number,
    reason: string,
    outOfTime: (pauseMs: number) => DbtCloudOutOfTimeError | null = () => null,
  ): Promise<void> {
    const cap = Math.min(backoffMaxMs, backoffBaseMs * 2 ** (attempt - 1));
    // Full jitter, but never zero: the docs ask clients not to retry without pausing.
    const delay = Math.max(MIN_PAUSE_MS, Math.round(random() * cap));
    const late = outOfTime(delay);
    if (late) throw late;
    log(
      `dbt platform: ${reason}; retrying in ${(delay / 1000).toFixed(1)} s (attempt ${attempt + 1} of ${maxAttempts}).`,
    );
    await clock.sleep(delay);
  }

  async function mapErrorResponse(
    response: FetchResponse,
    url: string,
    context: RequestContext,
    attempts: number,
  ): Promise<DbtCloudError> {
    const body = await readBodySafely(response);
    // The server's own words, cut and on one line: a message of megabytes would be one log line.
    const serverMessage = redactedSnippet(extractUserMessage(body) ?? "", MAX_USER_MESSAGE_CHARS);
    const said = serverMessage ? ` The server said: "${serverMessage}".` : "";
    // Without the API's own message (a proxy's or a firewall's page), the start of what came back:
    // a blocked request should not read as a token problem only.
    const page =
      !serverMessage && body.trim() && !isJson(body)
        ? ` The answer was not the API's JSON; it starts: "${redactedSnippet(body)}".`
        : "";
    const status = response.status;
    const details = { status, url };
    switch (status) {
      case 401:
        return new DbtCloudAuthError(
          `the dbt platform rejected the token (HTTP 401) reading ${context.what}.${said || page} ` +
            `Check the base URL first: accounts on a cell-based region must use their own Access URL ` +
            `(Account settings → Account information, e.g. https://ab123.us1.dbt.com) — the legacy host ` +
            `answers them with "Invalid token." even for a good token. Then check the token is current, ` +
            `belongs to the account that owns the run, and is passed without a "Token " prefix.`,
          details,
        );
      case 403:
        return new DbtCloudPermissionError(
          `the token may not read ${context.what} (HTTP 403).${said || page} Use a service token with permission ` +
            `to read job runs and their artifacts (e.g. "Job Admin", or a read-only job permission such as ` +
            `"Job Viewer") on the project that owns the job.`,
          details,
        );
      case 404:
        return new DbtCloudNotFoundError(
          `${context.what} was not found (HTTP 404).${said || page} ` +
            (context.notFoundHint ??
              `Check the run/job id and the account id, and that the token can see that project.`),
          details,
        );
      default: {
        const what = RETRYABLE_STATUS.has(status) ? `after ${attempts} attempts ` : "";
        const ErrorClass = status >= 500 ? DbtCloudUnavailableError : DbtCloudResponseError;
        return new ErrorClass(
          `unexpected HTTP ${status} ${what}reading ${context.what}.${said || ` Body starts: "${redactedSnippet(body)}".`} ` +
            (status >= 500
              ? `The dbt platform may be having trouble; re-run later.`
              : `Check the base URL and ids.`),
          details,
        );
      }
    }
  }

  return {
    redact,
    timeoutMs: options.requestTimeoutMs,
    async pauseBeforeAnotherAttempt(attempt, reason) {
      if (attempt >= maxAttempts) return false;
      await pauseBeforeRetry(attempt, reason);
      return true;
    },
    async getJson<T>(path: string, query: Record<string, string>, context: RequestContext) {
      const { response, url, text: body } = await send(path, query, "application/json", context, true);
      const text = body ?? "";
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        const type = response.headers.get("content-type") ?? "no content-type";
        throw new DbtCloudResponseError(
          `expected JSON reading ${context.what} but got ${type}: "${redactedSnippet(text)}". ` +
            `This usually means the base URL points at a web page or proxy rather than the dbt platform API.`,
          { status: response.status, url },
        );
      }
      if (!isEnvelope(parsed)) {
        throw new DbtCloudResponseError(
          `reading ${context.what} returned JSON without the documented {status, data} envelope. Check the base URL.`,
          { status: response.status, url },
        );
      }
      return parsed as Envelope<T>;
    },
    async getRaw(path, query, context) {
      const { response, abort } = await send(path, query, "*/*", context, false);
      return { response, abort };
    },
  };
}

/**
 * Reads Retry-After (delta-seconds or an HTTP date) and x-rate-limit-retry-after-seconds; the larger
 * wins. Anything else (`-5`, `1 2`, `5, 10`) is no wait at all, so the documented cooldown applies:
 * Date.parse would read such a value as a date in 2001 and the request would resume at once.
 */
export function readRetryAfterMs(headers: { get(name: string): string | null }): number | undefined {
  const candidates: number[] = [];
  const custom = readDeltaSeconds(headers.get("x-rate-limit-retry-after-seconds"));
  if (custom !== undefined) candidates.push(custom * 1000);
  const standard = headers.get("retry-after");
  if (standard !== null) {
    const seconds = readDeltaSeconds(standard);
    if (seconds !== undefined) candidates.push(seconds * 1000);
    else {
      const at = parseHttpDate(standard);
      // An HTTP date is wall-clock; convert to a duration and apply it on our (maybe scaled) clock.
      if (at !== undefined) candidates.push(Math.max(0, at - Date.now()));
    }
  }
  if (candidates.length === 0) return undefined;
  // Never resume instantly: a zero wait would retry without pausing.
  return Math.max(MIN_PAUSE_MS, ...candidates);
}

/** `delta-seconds` of RFC 9110 §10.2.3: digits only. */
function readDeltaSeconds(value: string | null): number | undefined {
  const trimmed = value?.trim();
  return trimmed && /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAY = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)";
const LONG_DAY = "(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)";
const MONTH = `(${MONTHS.join("|")})`;
const TIME = "(\\d{2}):(\\d{2}):(\\d{2})";
/** `Sun, 06 Nov 1994 08:49:37 GMT` (IMF-fixdate, the form servers send). */
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
/** `Sunday, 06-Nov-94 08:49:37 GMT` (RFC 850, obsolete). */
const RFC_850_DATE = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
/** `Sun Nov  6 08:49:37 1994` (asctime, obsolete). */
const ASCTIME_DATE = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);

/** The three HTTP-date forms of RFC 9110 §5.6.7, as epoch ms; undefined for anything else. */
export function parseHttpDate(value: string, now = Date.now()): number | undefined {
  const text = value.trim();
  let fields: string[] | undefined; // day, month, year, hours, minutes, seconds
  const imf = IMF_FIXDATE.exec(text);
  const rfc850 = RFC_850_DATE.exec(text);
  const asctime = ASCTIME_DATE.exec(text);
  if (imf) fields = imf.slice(1);
  else if (rfc850) {
    // A two-digit year more than 50 years ahead is the most recent past year ending so (§5.6.7).
    const thisYear = new Date(now).getUTCFullYear();
    let year = Math.floor(thisYear / 100) * 100 + Number(rfc850[3]);
    if (year > thisYear + 50) year -= 100;
    fields = [rfc850[1]!, rfc850[2]!, String(year), ...rfc850.slice(4)];
  } else if (asctime) {
    const [, month, day, hours, minutes, seconds, year] = asctime as unknown as string[];
    fields = [day!.trim(), month!, year!, hours!, minutes!, seconds!];
  }
  if (!fields) return undefined;
  const [day, month, year, hours, minutes, seconds] = fields.map((field, i) =>
    i === 1 ? MONTHS.indexOf(field) : Number(field),
  ) as [number, number, number, number, number, number];
  if (hours > 23 || minutes > 59 || seconds > 60) return undefined;
  const at = Date.UTC(year, month, day, hours, minutes, seconds);
  // 31 Feb would roll over into March: not a date the server meant.
  return new Date(at).getUTCDate() === day ? at : undefined;
}

/** A week: past it, a server's wait (a Retry-After of hundreds of digits) is not worth its number. */
const WEEK_MS = 7 * 24 * 3600 * 1000;

/** `900 s (15 min)`, `10800 s (3 h)`: a long wait in words a reader takes in at a glance. */
export function describeWait(ms: number): string {
  if (!Number.isFinite(ms) || ms > WEEK_MS) return "more than a week";
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  const inWords = minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 6) / 10} h`;
  return `${seconds} s (${inWords})`;
}

function isEnvelope(value: unknown): boolean {
  return typeof value === "object" && value !== null && "status" in value && "data" in value;
}

function isJson(body: string): boolean {
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

function extractUserMessage(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { status?: { user_message?: unknown } };
    const message = parsed?.status?.user_message;
    return typeof message === "string" ? message : undefined;
  } catch {
    return undefined;
  }
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `no response within ${timeoutMs} ms`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `network error (${error instanceof Error ? error.message : String(error)}${cause})`;
}

/**
 * The body as UTF-8 text (as `text()` reads it), calling `onChunk` as each piece comes, up to
 * `maxBytes`: past them the rest is not read, and `whole` is false.
 */
async function readBodyText(
  response: FetchResponse,
  maxBytes: number,
  onChunk: () => void = () => {},
): Promise<{ text: string; whole: boolean }> {
  if (!response.body) return { text: await response.text(), whole: true };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), whole: true };
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      // Closes the connection rather than reading on to its end.
      reader.cancel().catch(() => {});
      return {
        text: text + decoder.decode(value.subarray(0, value.byteLength - (bytes - maxBytes))),
        whole: false,
      };
    }
    onChunk();
    text += decoder.decode(value, { stream: true });
  }
}

/** The start of an answer that is not used (an error's): at most MAX_UNUSED_BODY_BYTES of it, "" if it fails. */
async function readBodySafely(response: FetchResponse): Promise<string> {
  try {
    return (await readBodyText(response, MAX_UNUSED_BODY_BYTES)).text;
  } catch {
    return "";
  }
}

async function discardBody(response: FetchResponse): Promise<void> {
  // Unread bodies keep the pooled connection busy.
  await readBodySafely(response);
}

function snippet(text: string, max = 160): string {
  return truncateChars(text.replace(/\s+/g, " ").trim(), max + 1);
}
