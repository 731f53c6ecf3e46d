// Typed calls to the Admin API routes we need: retrieve run, list runs, download an artifact, and
// retrieve a job (only to tell a wrong job id from a job that has no runs yet).
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { dirname } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

import {
  DbtCloudArtifactError,
  DbtCloudFooterlessArtifactError,
  DbtCloudNotFoundError,
  DbtCloudResponseError,
} from "./errors.js";
import type { DbtCloudHttp } from "./http.js";
import type { DbtRun } from "./types.js";
import { MAX_TELEMETRY_ARTIFACT_BYTES, MIB } from "../../telemetry/limits.js";
import { formatMinutes } from "../../text/duration.js";

const PARQUET_MAGIC = Buffer.from("PAR1", "ascii");

export interface ListRunsQuery {
  jobId: number;
  limit?: number;
  offset?: number;
  orderBy?: "-id" | "id" | "-created_at" | "created_at" | "-finished_at" | "finished_at";
  /** No retry or cooldown past this clock time (a wait's limit; RequestContext). */
  notAfter?: number | undefined;
}

export interface RunsPage {
  runs: DbtRun[];
  offset: number;
  limit: number;
  totalCount: number | undefined;
  /** True when another page may exist (by total_count, or a full page when total_count is absent). */
  hasMore: boolean;
}

export interface DownloadRequest {
  runId: number;
  /** Path under the run's target/ directory, e.g. `metadata/telemetry-4-otel.parquet`. */
  path: string;
  /** run_steps[].index (1-based), not run_steps[].id. */
  step: number;
  /** Where to write the file. */
  destination: string;
}

export interface DbtCloudClient {
  /** `notAfter`: no retry or cooldown past this clock time (a wait's limit; RequestContext). */
  getRun(runId: number, options?: { notAfter?: number | undefined }): Promise<DbtRun>;
  listRuns(query: ListRunsQuery): Promise<RunsPage>;
  /**
   * Resolves when the account has the job; a 404 (no such job) is a DbtCloudNotFoundError.
   * `notAfter`: no retry or cooldown past this clock time (a wait's limit; RequestContext).
   */
  requireJob(jobId: number, options?: { notAfter?: number | undefined }): Promise<void>;
  /** Streams the artifact to `destination`; resolves null when the step has no such artifact (404). */
  downloadArtifact(request: DownloadRequest): Promise<{ file: string; bytes: number } | null>;
}

/** What one step's telemetry download may take: bytes, and real time from its first request to its end. */
export interface DownloadLimits {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * 1 GiB, as a workflow artifact; ten minutes in all, retries included (1 GiB needs 1.7 MB/s). Past
 * either, the platform is sending something other than a step's telemetry, or sending it too slowly
 * to wait for: an endless answer filled the disk, a trickle never ended.
 */
export const DEFAULT_DOWNLOAD_LIMITS: Readonly<DownloadLimits> = Object.freeze({
  maxBytes: MAX_TELEMETRY_ARTIFACT_BYTES,
  timeoutMs: 10 * 60_000,
});

/** How a 404's advice names the settings to check (the Action's inputs, the CLI's flags). */
export interface SettingNames {
  /** null: no run id was set, the run was found in the job's list (the advice must not name it). */
  runId: string | null;
  jobId: string;
  accountId: string;
}

const PLAIN_NAMES: SettingNames = { runId: "the run id", jobId: "the job id", accountId: "the account id" };

export function createDbtCloudClient(
  http: DbtCloudHttp,
  accountId: number,
  names: SettingNames = PLAIN_NAMES,
  limits: Readonly<DownloadLimits> = DEFAULT_DOWNLOAD_LIMITS,
): DbtCloudClient {
  const base = `/api/v2/accounts/${accountId}`;

  return {
    async getRun(runId, options = {}) {
      const envelope = await http.getJson<unknown>(
        `${base}/runs/${runId}/`,
        // JSON-array encoding: what dbt Labs' own GitHub Action sends (reference §4.1).
        { include_related: JSON.stringify(["trigger", "run_steps"]) },
        {
          what: `run ${runId}`,
          notAfter: options.notAfter,
          notFoundHint:
            names.runId === null
              ? `The run was listed among the runs of the job of ${names.jobId}; check ${names.accountId} ` +
                `(${accountId}) and that the token's project can see this run.`
              : `Check ${names.runId} (${runId}) and ${names.accountId} (${accountId}), and that the token's ` +
                `project can see this run.`,
        },
      );
      return requireRun(envelope.data, `run ${runId}`);
    },

    async listRuns({ jobId, limit = 100, offset = 0, orderBy = "-id", notAfter }) {
      const envelope = await http.getJson<unknown>(
        `${base}/runs/`,
        {
          job_definition_id: String(jobId),
          order_by: orderBy,
          limit: String(Math.min(100, limit)), // the API caps limit at 100
          offset: String(offset),
          include_related: JSON.stringify(["trigger"]),
        },
        {
          what: `runs of job ${jobId}`,
          notAfter,
          notFoundHint:
            `Check ${names.jobId} (${jobId}) and ${names.accountId} (${accountId}), and that the token can see ` +
            `the job's project.`,
        },
      );
      if (!Array.isArray(envelope.data)) {
        throw new DbtCloudResponseError(`listing runs of job ${jobId} returned no list of runs.`);
      }
      const runs = envelope.data.map((item, i) => requireRun(item, `run #${offset + i} of job ${jobId}`));
      const totalCount = envelope.extra?.pagination?.total_count;
      const hasMore =
        typeof totalCount === "number"
          ? offset + runs.length < totalCount
          : runs.length >= Math.min(100, limit);
      return { runs, offset, limit, totalCount, hasMore: hasMore && runs.length > 0 };
    },

    async requireJob(jobId, options = {}) {
      await http.getJson<unknown>(
        `${base}/jobs/${jobId}/`,
        {},
        {
          what: `job ${jobId}`,
          notAfter: options.notAfter,
          notFoundHint:
            `Check ${names.jobId} (${jobId}): the CI job's id, the number after /jobs/ in its dbt platform URL, ` +
            `in the account of ${names.accountId} (${accountId}); and that the token can see the job's project.`,
        },
      );
    },

    async downloadArtifact({ runId, path, step, destination }) {
      const what = `artifact ${path} of step ${step} of run ${runId}`;
      // Real time, like the request timeouts: the limit is on the runner's wait, whatever the clock.
      // It starts with the first answer: the rate limiter's pauses before it are bounded on their
      // own (http.ts), and are no transfer that is too slow.
      let startedAt: number | undefined;
      for (let attempt = 1; ; attempt++) {
        let raw;
        try {
          raw = await http.getRaw(
            `${base}/runs/${runId}/artifacts/${path}`,
            { step: String(step) },
            { what },
          );
        } catch (error) {
          if (error instanceof DbtCloudNotFoundError) return null;
          throw error;
        }
        const { response } = raw;
        startedAt ??= Date.now();
        // A big file may take minutes: what is bounded is the time without data, and the whole
        // download's time and size; from here on, so that a body nobody reads (an error before the
        // pipeline) is ended too.
        const guard = guardDownload(
          {
            idleMs: http.timeoutMs,
            totalMs: limits.timeoutMs - (Date.now() - startedAt),
            maxBytes: limits.maxBytes,
          },
          (reason) => raw.abort(reason),
        );
        try {
          if (!response.body) throw new DbtCloudArtifactError(`${what} came back with an empty body.`);
          const declared = Number(response.headers.get("content-length") ?? 0);
          if (declared > limits.maxBytes) {
            throw new DbtCloudArtifactError(
              tooBig(what, limits.maxBytes, `its Content-Length says ${declared} bytes`),
            );
          }
          await mkdir(dirname(destination), { recursive: true });
        } catch (error) {
          guard.stop();
          raw.abort(error as Error);
          throw error;
        }
        const edges = createEdgeRecorder();
        try {
          await pipeline(
            Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
            guard.transform,
            edges.transform,
            createWriteStream(destination),
          );
        } catch (error) {
          await rm(destination, { force: true });
          const limit = guard.limitReached();
          if (limit === "size") throw new DbtCloudArtifactError(tooBig(what, limits.maxBytes, "more came"));
          if (limit === "time") {
            throw new DbtCloudArtifactError(
              `download of ${what} took longer than ${formatMinutes(limits.timeoutMs)}, the most ` +
                `fusion-report gives one step's telemetry (${edges.bytes()} bytes came in the last of ${attempt} ` +
                `attempt(s)); the dbt platform sent it too slowly. Re-run later; or download the file from the ` +
                `run's Artifacts and read it with the CLI as a local file.`,
            );
          }
          const reason = error instanceof Error ? error.message : String(error);
          const brokeOff = `download of ${what} broke off after ${edges.bytes()} bytes (${reason})`;
          // The same GET again is safe; the file starts afresh.
          if (await http.pauseBeforeAnotherAttempt(attempt, brokeOff)) continue;
          throw new DbtCloudArtifactError(
            http.redact(`${brokeOff}; gave up after ${attempt} attempts, re-run to retry.`),
          );
        } finally {
          guard.stop();
        }
        const problem = checkParquetEdges(edges.head(), edges.tail(), edges.bytes());
        if (problem) {
          await rm(destination, { force: true });
          const type = response.headers.get("content-type") ?? "no content-type";
          const ErrorClass = problem.startsWith("truncated")
            ? DbtCloudFooterlessArtifactError
            : DbtCloudArtifactError;
          throw new ErrorClass(
            `${what} is not a complete Parquet file: ${problem} (${edges.bytes()} bytes, ${type}). ` +
              (problem.startsWith("truncated")
                ? `The download was cut short; re-run to retry.`
                : `The step's telemetry could not be read; check that the job runs on the Fusion engine.`),
          );
        }
        return { file: destination, bytes: edges.bytes() };
      }
    },
  };
}

/** The message for a step's file over the size limit; `seen` says how that was known. */
function tooBig(what: string, maxBytes: number, seen: string): string {
  return (
    `${what} is larger than ${maxBytes / MIB} MiB, the most fusion-report downloads for one step ` +
    `(${seen}); nothing of it was kept. A step's telemetry is rarely a tenth of that: check the base URL; ` +
    `or download the file from the run's Artifacts and read it with the CLI as a local file.`
  );
}

/**
 * Passes a download's chunks on, ending it (`onStop`, with the reason) when `idleMs` pass without
 * one, when `totalMs` have passed in all, or when more than `maxBytes` came. `limitReached` says
 * which of the last two ended it: those are not retried.
 */
function guardDownload(
  limits: { idleMs: number; totalMs: number; maxBytes: number },
  onStop: (reason: Error) => void,
): { transform: Transform; stop: () => void; limitReached: () => "size" | "time" | null } {
  let limit: "size" | "time" | null = null;
  let bytes = 0;
  const idle = setTimeout(() => onStop(new Error(`no data for ${limits.idleMs} ms`)), limits.idleMs);
  const total = setTimeout(
    () => {
      limit = "time";
      onStop(new Error(`no end after ${limits.totalMs} ms`));
    },
    Math.max(0, limits.totalMs),
  );
  return {
    transform: new Transform({
      transform(chunk: Buffer, _encoding, done) {
        idle.refresh();
        bytes += chunk.length;
        if (bytes <= limits.maxBytes) return done(null, chunk);
        limit = "size";
        const reason = new Error(`more than ${limits.maxBytes} bytes`);
        onStop(reason);
        done(reason);
      },
    }),
    stop: () => {
      clearTimeout(idle);
      clearTimeout(total);
    },
    limitReached: () => limit,
  };
}

/** Keeps only the first and last four bytes of a stream so the whole file never sits in memory. */
function createEdgeRecorder() {
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  let total = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (head.length < 4) head = Buffer.concat([head, chunk.subarray(0, 4 - head.length)]);
      tail = Buffer.concat([tail, chunk]).subarray(-4);
      callback(null, chunk);
    },
  });
  return { transform, head: () => head, tail: () => tail, bytes: () => total };
}

/** Parquet files start and end with "PAR1"; a missing footer means the download was cut short. */
export function checkParquetEdges(head: Buffer, tail: Buffer, size: number): string | undefined {
  if (size < 12 || !head.equals(PARQUET_MAGIC)) {
    return `it does not start with the Parquet magic bytes "PAR1"`;
  }
  if (!tail.equals(PARQUET_MAGIC)) return `truncated: it does not end with the Parquet footer "PAR1"`;
  return undefined;
}

function requireRun(value: unknown, what: string): DbtRun {
  if (typeof value !== "object" || value === null || typeof (value as { id?: unknown }).id !== "number") {
    throw new DbtCloudResponseError(`${what}: the response has no run object with a numeric "id".`);
  }
  return value as DbtRun;
}
