// dbt platform source: find the run, wait for it, and download each step's Fusion telemetry Parquet.
// This is the module's one entry point; it takes settings and injected I/O helpers, and never fails
// the Action itself (callers decide what to do with the typed errors).
import { join } from "node:path";

import {
  createDbtCloudClient,
  DEFAULT_DOWNLOAD_LIMITS,
  type DbtCloudClient,
  type DownloadLimits,
} from "./client.js";
import {
  DbtCloudFooterlessArtifactError,
  DbtCloudNoRunsError,
  DbtCloudNotFoundError,
  DbtCloudOutOfTimeError,
  DbtCloudPermissionError,
  DbtCloudResponseError,
  DbtCloudRunLookupError,
  DbtCloudUnavailableError,
  DbtCloudWaitTimeoutError,
  withoutPrefix,
} from "./errors.js";
import { findRunForPullRequest } from "./find-run.js";
import { createDbtCloudHttp, type FetchLike, type HttpOptions } from "./http.js";
import { createRateLimiter, defaultClock, type Clock } from "./rate-limiter.js";
import { DBT_CLOUD_SETTING_KEYS, type DbtCloudSettings, type NameSetting } from "./settings.js";
import { RUN_STATUS, type DbtRun, type DbtRunStep } from "./types.js";
import { isRunComplete, waitForRun } from "./wait-for-run.js";
import { splitLines } from "../../text/controls.js";
import { dbtCommandOf } from "../../text/dbt-command.js";
import { createRedactingLog } from "../../text/secrets.js";

export * from "./errors.js";
export {
  parseDbtCloudSettings,
  readDbtCloudEnv,
  DBT_CLOUD_ENV_VARS,
  DBT_CLOUD_SETTING_KEYS,
} from "./settings.js";
export type { DbtCloudSettings, NameSetting } from "./settings.js";
export { defaultClock, type Clock } from "./rate-limiter.js";
export type { FetchLike } from "./http.js";
export { redactSecrets } from "../../text/secrets.js";

export interface DbtCloudRunSummary {
  id: number;
  status: number | null;
  statusHumanized: string | null;
  /** The run's page, when it is on the host the run was read from (it becomes a link in the report). */
  href: string | null;
  gitSha: string | null;
  gitBranch: string | null;
  prNumber: number | null;
  jobId: number | null;
  /** ISO-8601, or null while unfinished. */
  finishedAt: string | null;
  isSuccess: boolean;
}

export interface DbtCloudStepTelemetry {
  index: number;
  name: string;
  status: number | null;
  statusHumanized: string | null;
  /** Path of the downloaded Parquet in settings.downloadDir; null = this step has no telemetry. */
  file: string | null;
  note?: string;
  /** The step ended in Error (its telemetry, if any, says why; without, the report must say it failed). */
  failed: boolean;
  /** The step ended Cancelled in a run that was cancelled (a job timeout, a newer CI run, a user). */
  cancelled: boolean;
  /** ISO-8601 times from the platform, when it gave them. */
  startedAt: string | null;
  finishedAt: string | null;
  /** The last lines of the step's log (cut, escape sequences removed); null = none. */
  logTail: string | null;
  /** A failed step's telemetry file ended without the Parquet footer (dbt died writing it). */
  footerless?: boolean;
}

export interface DbtCloudTelemetry {
  run: DbtCloudRunSummary;
  steps: DbtCloudStepTelemetry[];
}

export interface DbtCloudDeps {
  log: (message: string) => void;
  /** Real time unless given (the entries pass defaultClock of their environment). */
  clock?: Clock;
  fetchImpl?: FetchLike;
  /** Tuning for tests and unusual setups (retry counts, cooldown length, limiter rate). */
  http?: Partial<Omit<HttpOptions, "baseUrl" | "token" | "requestTimeoutMs">>;
  requestsPerMinute?: number;
  /** Pause before re-reading a run that just finished (default 5 s). */
  settleMs?: number;
  /** How messages name a setting (the Action's input, the CLI's flag); default its record key. */
  nameSetting?: NameSetting;
  /** The most a step's telemetry download may take (default DEFAULT_DOWNLOAD_LIMITS). */
  downloads?: Partial<DownloadLimits>;
}

export const NO_TELEMETRY_NOTE =
  "no telemetry: this step produced no Fusion telemetry artifact (clone, profile and dbt deps steps never do)";
/** The same for a step that ran a dbt command that would write telemetry on Fusion. */
export const NO_TELEMETRY_FROM_DBT_NOTE =
  "no telemetry: this dbt step produced no Fusion telemetry artifact (is the job on the Fusion engine?)";
/** A step that failed: the report shows it as a failed step (model/failed-step.ts). */
export const FAILED_WITHOUT_TELEMETRY_NOTE =
  "ended in Error and produced no Fusion telemetry: reported as a failed step (its log is on the dbt platform)";
/** A step cut off by the run's cancellation: the report shows it as a step that did not finish. */
export const CANCELLED_WITHOUT_TELEMETRY_NOTE =
  "was cancelled and produced no Fusion telemetry: reported as a step that did not finish when another step has telemetry";
/** A failed step whose telemetry file was left without its footer. */
export const FAILED_FOOTERLESS_NOTE =
  "ended in Error and its telemetry is not a complete Parquet file (no footer: dbt stopped while writing it, or " +
  "the download was cut short): reported as a failed step (its log is on the dbt platform)";
/** The dbt commands that write Fusion telemetry. */
const WRITES_TELEMETRY = new Set(["build", "run", "test", "seed", "snapshot", "compile", "source freshness"]);
/** How much of a failed step's log the report quotes. */
const LOG_TAIL_LINES = 12;
const LOG_TAIL_CHARS = 2000;
/** How much of the log's end is scanned for those lines. */
const LOG_TAIL_SCAN_CHARS = 64 * 1024;
/**
 * ECMA-48 sequences a terminal log carries: CSI (colours, `ESC [ … m`), OSC (hyperlinks, titles:
 * `ESC ] … BEL` or `ESC ] … ESC \\`, never past a line) and the short escapes (`ESC 7`, `ESC ( B`);
 * the C1 forms of CSI and OSC too.
 */
const ESCAPE_SEQUENCES =
  // eslint-disable-next-line no-control-regex
  /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|(?:\x1b\]|\x9d)[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?|\x1b[ -/]*[0-~]/g;

/** Fetches a dbt platform run and every step's telemetry file. Failed runs are reported too. */
export async function fetchDbtCloudTelemetry(
  settings: DbtCloudSettings,
  deps: DbtCloudDeps,
): Promise<DbtCloudTelemetry> {
  const clock = deps.clock ?? defaultClock({});
  const log = createRedactingLog(deps.log, [settings.token]);
  // One pool bounds concurrent sockets; one limiter is shared by every request of this fetch.
  let fetchImpl = deps.fetchImpl;
  let dispatcher: { close(): Promise<void> } | undefined;
  if (!fetchImpl) {
    // undici is most of the bundle: a chunk loaded when the dbt platform is first used, not at start-up.
    const undici = await import("undici");
    const pool = new undici.Agent({ connections: settings.concurrency });
    dispatcher = pool;
    fetchImpl = (url, init) => undici.fetch(url, { ...init, dispatcher: pool }) as ReturnType<FetchLike>;
  }
  const http = createDbtCloudHttp(
    {
      ...deps.http,
      baseUrl: settings.baseUrl,
      token: settings.token,
      requestTimeoutMs: settings.requestTimeoutMs,
    },
    {
      clock,
      log,
      limiter: createRateLimiter({ clock, requestsPerMinute: deps.requestsPerMinute ?? 4000 }),
      fetchImpl,
    },
  );
  const name = deps.nameSetting ?? ((key: string) => key);
  const client = createDbtCloudClient(
    http,
    settings.accountId,
    {
      // A run found through the job id: a 404 reading it must not send the user to a run id they never set.
      runId: settings.runId === undefined ? null : name(DBT_CLOUD_SETTING_KEYS.runId),
      jobId: name(DBT_CLOUD_SETTING_KEYS.jobId),
      accountId: name(DBT_CLOUD_SETTING_KEYS.accountId),
    },
    { ...DEFAULT_DOWNLOAD_LIMITS, ...deps.downloads },
  );
  try {
    const started = clock.now();
    const names = {
      jobId: name(DBT_CLOUD_SETTING_KEYS.jobId),
      accountId: name(DBT_CLOUD_SETTING_KEYS.accountId),
    };
    const runId = settings.runId ?? (await locateRun(client, settings, names, clock, log)).id;
    const remainingSeconds = Math.max(
      0,
      settings.maxWaitSeconds - Math.floor((clock.now() - started) / 1000),
    );
    const run = settings.wait
      ? await waitForRun(
          client,
          runId,
          {
            maxWaitSeconds: remainingSeconds,
            pollIntervalSeconds: settings.pollIntervalSeconds,
            limitName: name(DBT_CLOUD_SETTING_KEYS.maxWaitSeconds),
            // Found in the job's list: the platform answered, so a first poll's outage is waited out.
            answered: settings.runId === undefined,
            ...(deps.settleMs !== undefined && { settleMs: deps.settleMs }),
          },
          { clock, log },
        )
      : await requireCompleteRun(client, runId, name(DBT_CLOUD_SETTING_KEYS.wait));
    log(
      `dbt platform: run ${run.id} finished with status ${run.status_humanized ?? run.status}; reading step telemetry.`,
    );
    const steps = await downloadStepTelemetry(client, run, settings, log);
    return { run: summarizeRun(run, settings.baseUrl), steps };
  } finally {
    await dispatcher?.close();
  }
}

/** Pulls the dbt command out of a step name such as "Invoke dbt with `dbt build --select x+`". */
export function parseDbtCommand(stepName: string): string | null {
  const quoted = /`\s*(dbt(?:\s[^`]*)?)`/.exec(stepName);
  if (quoted?.[1]) return quoted[1].trim().replace(/\s+/g, " ");
  const bare = /^invoke dbt with\s+(dbt\b.*)$/i.exec(stepName.trim());
  return bare?.[1] ? bare[1].trim().replace(/\s+/g, " ") : null;
}

/** Whether the step ran a dbt command that writes telemetry, global flags first or not (`dbt --debug build`). */
function writesTelemetry(stepName: string): boolean {
  return WRITES_TELEMETRY.has(dbtCommandOf(parseDbtCommand(stepName) ?? stepName) ?? "");
}

/** The artifact path of a step's telemetry, named by run_steps[].index (reference §4.5). */
export function telemetryArtifactPath(stepIndex: number): string {
  return `metadata/telemetry-${stepIndex}-otel.parquet`;
}

async function locateRun(
  client: DbtCloudClient,
  settings: DbtCloudSettings,
  names: { jobId: string; accountId: string },
  clock: Clock,
  log: (message: string) => void,
): Promise<DbtRun> {
  const criteria = {
    jobId: settings.jobId as number, // settings guarantee jobId when runId is absent
    ...(settings.prNumber !== undefined && { prNumber: settings.prNumber }),
    ...(settings.headSha !== undefined && { headSha: settings.headSha }),
    names,
  };
  const deadline = clock.now() + settings.maxWaitSeconds * 1000;
  // While waiting, a lookup near the limit does not retry or wait out a cooldown past it.
  const lookup = settings.wait ? { ...criteria, notAfter: deadline } : criteria;
  let answered = false;
  let jobChecked = false;
  for (;;) {
    try {
      const run = await findRunForPullRequest(client, lookup);
      log(`dbt platform: using run ${run.id} of job ${criteria.jobId}${run.href ? ` (${run.href})` : ""}.`);
      return run;
    } catch (lookupError) {
      // An outage counts only once the host has answered (a wrong base URL fails at once); a list
      // of runs is an answer, also when the job check below then meets an outage.
      if (lookupError instanceof DbtCloudRunLookupError) answered = true;
      let error = lookupError;
      // A job with no runs at all is a new CI job or a wrong id: asked once, a job the account does
      // not have ends the wait now instead of after dbt-cloud-max-wait-minutes. The question is
      // bound by the same limit, and what stopped it (a rate limit, an outage) is what the wait met.
      if (error instanceof DbtCloudNoRunsError && settings.wait && !jobChecked) {
        const failure = await checkJob(client, criteria.jobId, deadline);
        // An outage asks again at the next look; any other answer is final.
        jobChecked = !(failure instanceof DbtCloudUnavailableError);
        error = failure ?? error;
      }
      // The CI run may not exist yet when this action starts, and an outage may outlast a request's
      // retries: keep looking while waiting is allowed.
      const interval = settings.pollIntervalSeconds * 1000;
      // A lookup given up at the limit (DbtCloudOutOfTimeError) is not tried again: the time is up.
      const retryable =
        error instanceof DbtCloudRunLookupError ||
        (error instanceof DbtCloudUnavailableError && !(error instanceof DbtCloudOutOfTimeError) && answered);
      if (!retryable || !settings.wait || clock.now() + interval > deadline) throw error;
      log(
        error instanceof DbtCloudUnavailableError
          ? `dbt platform: ${withoutPrefix(error)} Still waiting: looking again in ${settings.pollIntervalSeconds} s.`
          : `dbt platform: no run of job ${criteria.jobId} for this pull request yet; looking again in ${settings.pollIntervalSeconds} s.`,
      );
      await clock.sleep(interval);
    }
  }
}

/**
 * Throws when the account does not have the job, or the token cannot see it (404: the platform
 * answers both alike), saying so and that nothing is waited for. The job exists, or the token may
 * not read job definitions (403): null, the waiting goes on as it was. Anything else (a rate limit,
 * an outage, a limit reached) is returned, to be handled as the lookup's own failure.
 */
async function checkJob(client: DbtCloudClient, jobId: number, notAfter: number): Promise<unknown> {
  try {
    await client.requireJob(jobId, { notAfter });
    return null;
  } catch (error) {
    if (error instanceof DbtCloudPermissionError) return null;
    if (!(error instanceof DbtCloudNotFoundError)) return error;
    error.message += " Not waiting for runs of a job the account does not have (or the token cannot see).";
    throw error;
  }
}

async function requireCompleteRun(client: DbtCloudClient, runId: number, waitName: string): Promise<DbtRun> {
  const run = await client.getRun(runId);
  if (!isRunComplete(run)) {
    throw new DbtCloudWaitTimeoutError(
      `run ${runId} is still ${run.status_humanized ?? `in status ${run.status}`} and waiting is off ` +
        `(${waitName}); turn it on, or re-run after the run finishes.`,
    );
  }
  return run;
}

async function downloadStepTelemetry(
  client: DbtCloudClient,
  run: DbtRun,
  settings: DbtCloudSettings,
  log: (message: string) => void,
): Promise<DbtCloudStepTelemetry[]> {
  const listed = readRunSteps(run, log);
  // A step is named by its index in the artifact's path: one without is said, not asked for as
  // `telemetry-undefined-otel.parquet`.
  const steps = listed.filter((step) => Number.isSafeInteger(step.index)).sort((a, b) => a.index - b.index);
  if (steps.length < listed.length) {
    log(
      `dbt platform: ${listed.length - steps.length} step(s) of run ${run.id} have no index and were skipped.`,
    );
  }
  const runDir = join(settings.downloadDir, `run-${run.id}`);
  const runCancelled = run.status === RUN_STATUS.cancelled || run.is_cancelled === true;
  return mapWithConcurrency(steps, settings.concurrency, async (step: DbtRunStep) => {
    // The server's answer is not trusted to have the documented types: a number where the name
    // should be must not crash the report, nor reach the JSON report as a number.
    const status = typeof step.status === "number" ? step.status : null;
    const statusHumanized = typeof step.status_humanized === "string" ? step.status_humanized : null;
    const failed = status === RUN_STATUS.error || /^error$/i.test(statusHumanized ?? "");
    // Only in a cancelled run: there the step that was running when it stopped shows it.
    const cancelled =
      runCancelled &&
      !failed &&
      (status === RUN_STATUS.cancelled || /^cancell?ed$/i.test(statusHumanized ?? ""));
    const base = {
      index: step.index,
      name: typeof step.name === "string" && step.name.trim() ? step.name : `step ${step.index}`,
      status,
      statusHumanized,
      failed,
      cancelled,
      startedAt: toIsoDate(step.started_at),
      finishedAt: toIsoDate(step.finished_at),
      logTail: null,
    };
    const path = telemetryArtifactPath(step.index);
    let result;
    try {
      result = await client.downloadArtifact({
        runId: run.id,
        path,
        step: step.index,
        destination: join(runDir, `telemetry-${step.index}-otel.parquet`),
      });
    } catch (error) {
      // A step that died while writing its telemetry leaves the file without its footer: that is
      // the step's failure to report, not a reason to lose the whole report.
      if (!(error instanceof DbtCloudFooterlessArtifactError) || !(failed || cancelled)) throw error;
      const note = failed ? FAILED_FOOTERLESS_NOTE : CANCELLED_WITHOUT_TELEMETRY_NOTE;
      return { ...base, file: null, note, logTail: logTail(step.logs), footerless: true };
    }
    // A step that ended in Error is failed by it even when its telemetry looks green: its log may say why.
    if (result) return { ...base, file: result.file, ...(failed ? { logTail: logTail(step.logs) } : {}) };
    if (failed || cancelled) {
      // Its telemetry cannot say why it failed: the end of its log is what the report can quote.
      const note = failed ? FAILED_WITHOUT_TELEMETRY_NOTE : CANCELLED_WITHOUT_TELEMETRY_NOTE;
      return { ...base, file: null, note, logTail: logTail(step.logs) };
    }
    const note = writesTelemetry(base.name) ? NO_TELEMETRY_FROM_DBT_NOTE : NO_TELEMETRY_NOTE;
    return { ...base, file: null, note };
  });
}

/**
 * The run's steps as the API documents them: a list of objects. A list is the contract; anything
 * else is refused, naming the run and the field; an entry that is not an object is skipped, saying so.
 */
function readRunSteps(run: DbtRun, log: (message: string) => void): DbtRunStep[] {
  const listed: unknown = run.run_steps ?? [];
  if (!Array.isArray(listed)) {
    throw new DbtCloudResponseError(
      `run ${run.id} came back with "run_steps" that is not a list (${typeof listed === "object" ? "an object" : `a ${typeof listed}`}), against the ` +
        `API's documented answer; its steps cannot be read. Check the base URL (a proxy may have changed the ` +
        `answer), and re-run.`,
    );
  }
  const steps = listed.filter(
    (step): step is DbtRunStep => typeof step === "object" && step !== null && !Array.isArray(step),
  );
  if (steps.length < listed.length) {
    log(
      `dbt platform: skipped ${listed.length - steps.length} of the ${listed.length} entries of "run_steps" ` +
        `of run ${run.id}: not step objects.`,
    );
  }
  return steps;
}

/**
 * Runs `fn` over items with at most `limit` in flight, keeping input order. On failure it stops
 * starting new work and waits for in-flight work to settle, so nothing writes files after we return.
 */
async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  async function worker(): Promise<void> {
    while (!failure && next < items.length) {
      const i = next++;
      try {
        results[i] = await fn(items[i] as T);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, () => worker()));
  if (failure) throw failure.error;
  return results;
}

function summarizeRun(run: DbtRun, baseUrl: string): DbtCloudRunSummary {
  return {
    id: run.id,
    status: run.status ?? null,
    statusHumanized: run.status_humanized ?? null,
    href: onHost(run.href, baseUrl),
    gitSha: run.git_sha ?? run.trigger?.git_sha ?? null,
    gitBranch: run.git_branch ?? run.trigger?.git_branch ?? null,
    prNumber: run.trigger?.github_pull_request_id ?? null,
    jobId: run.job_definition_id ?? run.job_id ?? run.trigger?.job_definition_id ?? null,
    finishedAt: toIsoDate(run.finished_at),
    isSuccess: run.is_success ?? run.status === 10,
  };
}

/**
 * The last lines of a step's log, without terminal escape sequences (the platform keeps its colours;
 * a log may also carry OSC hyperlinks or titles). Only the log's end is looked at: a step's log can be
 * many megabytes, and the report quotes a dozen lines.
 */
function logTail(logs: unknown): string | null {
  if (typeof logs !== "string") return null;
  const end = logs.length > LOG_TAIL_SCAN_CHARS ? logs.slice(-LOG_TAIL_SCAN_CHARS) : logs;
  const plain = end.replace(ESCAPE_SEQUENCES, "");
  // Lines as the renderers split them (a lone \r of a progress bar, U+2028 …), so twelve are twelve.
  const all = splitLines(plain);
  // A scan that starts inside a line has only that line's end: dropped, unless it is all there is.
  const cutInLine =
    end !== logs && !/[\n\r\u0085\u2028\u2029]/.test(logs.charAt(logs.length - end.length - 1));
  if (cutInLine && all.slice(1).some((line) => line.trim() !== "")) all.shift();
  const lines = all.filter((line) => line.trim() !== "");
  const tail = lines.slice(-LOG_TAIL_LINES).join("\n");
  if (!tail) return null;
  if (tail.length <= LOG_TAIL_CHARS) return tail;
  // Cut at the start, never inside a surrogate pair.
  const cut = tail.slice(tail.length - LOG_TAIL_CHARS + 1);
  return `…${/^[\uDC00-\uDFFF]/.test(cut) ? cut.slice(1) : cut}`;
}

/** The API uses both "2026-10-02 09:19:40.871122+00:00" and ISO forms; Node parses both. */
function toIsoDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * A link from the server's answer, kept only when it points at the dbt platform host we asked (the
 * run's page is `<access URL>/deploy/…`): anything else would put a link to anywhere in the comment.
 * Kept as the URL parser wrote it, never as sent: `https://host\@evil.example/` is on `host` to the
 * parser, but its `\` is percent-encoded in a Markdown link, and `https://host%5C@evil.example/`
 * leads to evil.example.
 */
function onHost(href: string | undefined, baseUrl: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href);
    return url.origin === new URL(baseUrl).origin ? url.href : null;
  } catch {
    return null;
  }
}
