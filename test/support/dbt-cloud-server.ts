// A stand-in for the dbt platform Admin API v2 on 127.0.0.1: keeps runs, steps and artifact bytes,
// answers with the documented envelope and error bodies (test/fixtures/reference/examples), enforces a
// per-minute limit with 429 + cooldown on the test's clock, and records every request with its time.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";

import type { Clock } from "../../src/sources/dbt-cloud/rate-limiter.js";

const EXAMPLES = new URL("../fixtures/reference/examples/", import.meta.url);
const readExample = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(name, EXAMPLES), "utf8")) as Record<string, unknown>;

export const ERROR_401 = readExample("dbt-error-401-invalid-token.json");
export const ERROR_404 = readExample("dbt-error-404-not-found.json");
export const RUN_WITH_STEPS = readExample("dbt-run-retrieve-with-steps.json");
export const RUNS_PAGE = readExample("dbt-runs-list-page.json");

/** A clock where virtual time runs `scale` times faster than real time, so a 5-minute cooldown is short. */
export function createScaledClock(scale: number, epoch = Date.UTC(2026, 9, 2, 9, 0, 0)): Clock {
  const start = performance.now();
  const now = (): number => epoch + (performance.now() - start) * scale;
  return {
    now,
    async sleep(ms) {
      const target = now() + ms;
      // Loop so that we never wake before the target on the virtual timeline.
      while (now() < target) await delay(Math.max(0.5, (target - now()) / scale));
    },
  };
}

export interface RecordedRequest {
  at: number;
  method: string;
  path: string;
  query: URLSearchParams;
  status: number;
  authorization: string | undefined;
  accept: string | undefined;
  /** Arrived while a cooldown started by an earlier request was still running. */
  duringCooldown: boolean;
}

export type FakeRun = Record<string, unknown> & { id: number; run_steps?: Array<Record<string, unknown>> };

interface RunState {
  run: FakeRun;
  artifacts: Map<number, ArtifactSpec>;
  pollsUntilComplete: number;
  finalState: Record<string, unknown>;
}

export interface RateLimitConfig {
  perMinute: number;
  cooldownMs: number;
  /**
   * Which retry headers to send with a 429 (their value is the remaining cooldown in seconds;
   * `retry-after-date`: Retry-After as an HTTP date that far ahead of the wall clock).
   */
  headers?: "none" | "retry-after" | "retry-after-date" | "x-rate-limit-retry-after-seconds" | "both";
}

/** An artifact the stand-in serves, and how. */
export interface ArtifactSpec {
  bytes: Uint8Array;
  contentType: string;
  /** Half of it, with a Content-Length that says so (a clean, short file). */
  truncate: boolean;
  /** Sent in 8 pieces this many (real) ms apart. */
  trickleMs: number;
  /** The next this many downloads send half and hang up. */
  hangUps: number;
  /** Sent without a Content-Length, again and again, until the client hangs up (an endless answer). */
  endless: boolean;
}

export interface DbtCloudServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Adds a run; optional artifacts per step index; completes after N GETs of the run. */
  addRun(
    run: FakeRun,
    options?: {
      artifacts?: Record<number, Uint8Array | ({ bytes: Uint8Array } & Partial<Omit<ArtifactSpec, "bytes">>)>;
      pollsUntilComplete?: number;
      finalState?: Record<string, unknown>;
    },
  ): void;
  /** A job the account has, with or without runs (a run's job is known too; any other answers 404). */
  addJob(jobId: number): void;
  setRateLimit(config: RateLimitConfig | undefined): void;
  /**
   * The next `count` requests answer with this status (default 503) and body (default an HTML page);
   * with `only`, just the next `count` requests whose path it accepts.
   */
  failNext(count: number, status?: number, body?: string, only?: (path: string) => boolean): void;
  /** The next `count` requests wait `realMs` (real time) before answering. */
  slowNext(count: number, realMs: number): void;
  /**
   * The next `count` JSON answers come in `pieces` pieces `realMs` (real time) apart: slow, but never
   * long without data.
   */
  trickleNext(count: number, realMs: number, pieces?: number): void;
  /** The next `count` requests answer 200 with a Content-Length, send part of the body and hang up. */
  breakNext(count: number): void;
  /**
   * The next `count` requests (after the token check) answer `status` with a `Location` made from the
   * request's URL: a moved path on this host, or another host altogether (null: this request is
   * answered as usual and not counted).
   */
  redirectNext(count: number, status: number, location: (url: URL) => string | null): void;
  /** Every request answers 403 (token without permission). */
  setForbidden(forbidden: boolean): void;
  /** JSON routes answer 200 with an HTML page (a proxy / wrong host). */
  setHtmlMode(html: boolean): void;
  /** Highest number of requests the server was handling at once. */
  maxInFlight(): number;
  close(): Promise<void>;
}

export async function startDbtCloudServer(options: {
  token: string;
  accountId: number;
  clock: Clock;
}): Promise<DbtCloudServer> {
  const { token, accountId, clock } = options;
  const runs = new Map<number, RunState>();
  const jobs = new Set<number>();
  const requests: RecordedRequest[] = [];
  let rateLimit: RateLimitConfig | undefined;
  let hits: number[] = [];
  let cooldownUntil = 0;
  let failures: { count: number; status: number; body?: string; only?: (path: string) => boolean } = {
    count: 0,
    status: 503,
  };
  let slow: { count: number; ms: number } = { count: 0, ms: 0 };
  let trickle = { count: 0, ms: 0, pieces: 8 };
  let breaks = 0;
  let redirect: { count: number; status: number; location: (url: URL) => string | null } | null = null;
  let forbidden = false;
  let htmlMode = false;
  let inFlight = 0;
  let peakInFlight = 0;

  function send(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): number {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
      ...headers,
    });
    if (trickle.count > 0) {
      trickle.count -= 1;
      void sendInPieces(res, Buffer.from(text), trickle.pieces, trickle.ms);
      return status;
    }
    res.end(text);
    return status;
  }

  function envelope(data: unknown, extra?: unknown): Record<string, unknown> {
    const status = { code: 200, is_success: true, user_message: "Success!", developer_message: "" };
    return extra === undefined ? { status, data } : { status, data, extra };
  }

  function errorBody(code: number, userMessage: string): Record<string, unknown> {
    return {
      status: { code, is_success: false, user_message: userMessage, developer_message: null },
      data: null,
    };
  }

  /** Returns the 429 status when rate limited, else undefined (and counts the hit). */
  function applyRateLimit(res: ServerResponse, now: number): { status?: number; duringCooldown: boolean } {
    if (!rateLimit) return { duringCooldown: false };
    const duringCooldown = now < cooldownUntil;
    if (!duringCooldown) {
      hits = hits.filter((t) => t > now - 60_000);
      if (hits.length < rateLimit.perMinute) {
        hits.push(now);
        return { duringCooldown: false };
      }
      cooldownUntil = now + rateLimit.cooldownMs;
      hits = [];
    }
    const seconds = String(Math.ceil((cooldownUntil - now) / 1000));
    const mode = rateLimit.headers ?? "none";
    const headers: Record<string, string> = {};
    if (mode === "retry-after" || mode === "both") headers["retry-after"] = seconds;
    if (mode === "retry-after-date")
      headers["retry-after"] = new Date(Date.now() + Number(seconds) * 1000).toUTCString();
    if (mode === "x-rate-limit-retry-after-seconds" || mode === "both")
      headers["x-rate-limit-retry-after-seconds"] = seconds;
    // The 429 body is undocumented; send plain text to make sure the client does not need JSON here.
    res.writeHead(429, { "content-type": "text/plain", ...headers });
    res.end("Too Many Requests");
    return { status: 429, duringCooldown };
  }

  function publicRun(state: RunState, include: string): FakeRun {
    const { run_steps, trigger, ...rest } = state.run;
    return {
      ...rest,
      ...(include.includes("trigger") && { trigger }),
      // Without include_related the API sends an empty list (reference §4.2).
      run_steps: include.includes("run_steps") ? (run_steps ?? []) : [],
    } as FakeRun;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const now = clock.now();
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (slow.count > 0) {
      slow.count -= 1;
      await delay(slow.ms);
      if (res.destroyed || req.destroyed) return 0; // client gave up (timeout)
    }
    if (req.headers.authorization !== `Token ${token}`) return send(res, 401, ERROR_401);
    const limited = applyRateLimit(res, now);
    if (limited.status) return limited.status;
    const location = redirect && redirect.count > 0 ? redirect.location(url) : null;
    if (redirect && location !== null) {
      redirect.count -= 1;
      res.writeHead(redirect.status, { location, "content-length": 0 });
      res.end();
      return redirect.status;
    }
    if (breaks > 0) {
      breaks -= 1;
      const partial = '{"status": {"code": 200, "is_success": true}, "data": {"id": ';
      res.writeHead(200, { "content-type": "application/json", "content-length": partial.length + 500 });
      res.write(partial, () => res.destroy());
      return 200;
    }
    if (failures.count > 0 && (failures.only?.(url.pathname) ?? true)) {
      failures.count -= 1;
      res.writeHead(failures.status, { "content-type": "text/html" });
      res.end(failures.body ?? "<html><body>Bad gateway</body></html>");
      return failures.status;
    }
    if (forbidden)
      return send(res, 403, errorBody(403, "You do not have permission to access this resource."));

    const prefix = `/api/v2/accounts/${accountId}/`;
    if (!url.pathname.startsWith(prefix)) return send(res, 404, ERROR_404);
    const rest = url.pathname.slice(prefix.length);
    const include = url.searchParams.get("include_related") ?? "";

    if (htmlMode && !rest.includes("/artifacts/")) {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><html><title>Sign in</title></html>");
      return 200;
    }

    if (rest === "runs/") {
      const jobId = Number(url.searchParams.get("job_definition_id"));
      const limit = Math.min(100, Number(url.searchParams.get("limit") ?? 100));
      const offset = Number(url.searchParams.get("offset") ?? 0);
      const all = [...runs.values()]
        .filter((s) => s.run.job_definition_id === jobId)
        .sort((a, b) => b.run.id - a.run.id)
        .map((s) => publicRun(s, include));
      const page = all.slice(offset, offset + limit);
      return send(
        res,
        200,
        envelope(page, {
          filters: { account_id: accountId, job_definition_id: jobId, limit, offset },
          order_by: url.searchParams.get("order_by") ?? "id",
          pagination: { count: page.length, total_count: all.length },
        }),
      );
    }

    const jobMatch = /^jobs\/(\d+)\/$/.exec(rest);
    if (jobMatch) {
      const jobId = Number(jobMatch[1]);
      const known = jobs.has(jobId) || [...runs.values()].some((s) => s.run.job_definition_id === jobId);
      if (!known) return send(res, 404, ERROR_404);
      return send(res, 200, envelope({ id: jobId, account_id: accountId, name: `CI job ${jobId}` }));
    }

    const runMatch = /^runs\/(\d+)\/$/.exec(rest);
    if (runMatch) {
      const state = runs.get(Number(runMatch[1]));
      if (!state) return send(res, 404, ERROR_404);
      if (state.pollsUntilComplete > 0) {
        state.pollsUntilComplete -= 1;
        if (state.pollsUntilComplete === 0) Object.assign(state.run, state.finalState);
      }
      return send(res, 200, envelope(publicRun(state, include)));
    }

    const artifactMatch = /^runs\/(\d+)\/artifacts\/(.+)$/.exec(rest);
    if (artifactMatch) {
      const state = runs.get(Number(artifactMatch[1]));
      const step = Number(url.searchParams.get("step"));
      const nameStep = /^metadata\/telemetry-(\d+)-otel\.parquet$/.exec(artifactMatch[2] ?? "")?.[1];
      const artifact = state && nameStep === String(step) ? state.artifacts.get(step) : undefined;
      if (!artifact) return send(res, 404, ERROR_404);
      const bytes = artifact.truncate
        ? artifact.bytes.subarray(0, Math.floor(artifact.bytes.length / 2))
        : artifact.bytes;
      if (artifact.endless) {
        res.writeHead(200, { "content-type": artifact.contentType });
        const chunk = Buffer.from(bytes);
        while (!res.destroyed) {
          if (!res.write(chunk))
            await new Promise((resolve) => res.once("drain", resolve).once("close", resolve));
        }
        return 200;
      }
      res.writeHead(200, { "content-type": artifact.contentType, "content-length": bytes.length });
      if (artifact.hangUps > 0) {
        // Half the body, then the connection goes.
        artifact.hangUps -= 1;
        res.write(Buffer.from(bytes.subarray(0, Math.floor(bytes.length / 2))), () => res.destroy());
        return 200;
      }
      if (artifact.trickleMs > 0) {
        await sendInPieces(res, Buffer.from(bytes), 8, artifact.trickleMs);
        return 200;
      }
      res.end(Buffer.from(bytes));
      return 200;
    }
    return send(res, 404, ERROR_404);
  }

  const server = createServer((req, res) => {
    const at = clock.now();
    const duringCooldown = rateLimit !== undefined && at < cooldownUntil;
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    res.on("close", () => (inFlight -= 1));
    void handle(req, res).then(
      (status) =>
        requests.push({
          at,
          method: req.method ?? "GET",
          path: new URL(req.url ?? "/", "http://127.0.0.1").pathname,
          query: new URL(req.url ?? "/", "http://127.0.0.1").searchParams,
          status,
          authorization: req.headers.authorization,
          accept: req.headers.accept,
          duringCooldown,
        }),
      (error: unknown) => {
        res.destroy(error instanceof Error ? error : undefined);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    addRun(run, opts = {}) {
      const artifacts = new Map<number, ArtifactSpec>();
      for (const [step, value] of Object.entries(opts.artifacts ?? {})) {
        const spec = value instanceof Uint8Array ? { bytes: value } : value;
        artifacts.set(Number(step), {
          bytes: spec.bytes,
          contentType: spec.contentType ?? "application/x-parquet",
          truncate: spec.truncate ?? false,
          trickleMs: spec.trickleMs ?? 0,
          hangUps: spec.hangUps ?? 0,
          endless: spec.endless ?? false,
        });
      }
      runs.set(run.id, {
        run: structuredClone(run),
        artifacts,
        pollsUntilComplete: opts.pollsUntilComplete ?? 0,
        finalState: opts.finalState ?? {},
      });
    },
    addJob(jobId) {
      jobs.add(jobId);
    },
    setRateLimit(config) {
      rateLimit = config;
      hits = [];
      cooldownUntil = 0;
    },
    failNext(count, status = 503, body, only) {
      failures = { count, status, ...(body !== undefined && { body }), ...(only && { only }) };
    },
    slowNext(count, ms) {
      slow = { count, ms };
    },
    trickleNext(count, ms, pieces = 8) {
      trickle = { count, ms, pieces };
    },
    breakNext(count) {
      breaks = count;
    },
    redirectNext(count, status, location) {
      redirect = { count, status, location };
    },
    setForbidden(value) {
      forbidden = value;
    },
    setHtmlMode(value) {
      htmlMode = value;
    },
    maxInFlight: () => peakInFlight,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Writes `bytes` in `pieces` pieces, `ms` (real time) apart, then ends the answer. */
async function sendInPieces(res: ServerResponse, bytes: Buffer, pieces: number, ms: number): Promise<void> {
  const size = Math.ceil(bytes.length / pieces);
  for (let i = 0; i < pieces && !res.destroyed; i++) {
    res.write(bytes.subarray(i * size, (i + 1) * size));
    await delay(ms);
  }
  res.end();
}

export interface ReceivedRequest {
  method: string;
  /** Path and query string, as received. */
  url: string;
  authorization: string | undefined;
}

/**
 * Another host on 127.0.0.1 (another port is another origin) that records every request it receives
 * and answers each with `answer` (JSON, or bytes such as a Parquet file): what a redirect away from
 * the dbt platform would reach.
 */
export async function startRecordingServer(
  answer: unknown,
): Promise<{ origin: string; received: ReceivedRequest[]; close(): Promise<void> }> {
  const received: ReceivedRequest[] = [];
  const body = answer instanceof Uint8Array ? Buffer.from(answer) : Buffer.from(JSON.stringify(answer));
  const contentType = answer instanceof Uint8Array ? "application/octet-stream" : "application/json";
  const server = createServer((req, res) => {
    received.push({
      method: req.method ?? "GET",
      url: req.url ?? "/",
      authorization: req.headers.authorization,
    });
    res.writeHead(200, { "content-type": contentType, "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
