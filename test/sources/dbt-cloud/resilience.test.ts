// 429 cooldowns, 5xx bursts and timeouts against the stand-in server on a scaled clock.
import { existsSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import {
  DbtCloudArtifactError,
  DbtCloudOutOfTimeError,
  DbtCloudPermissionError,
  DbtCloudRateLimitError,
  DbtCloudResponseError,
  DbtCloudUnavailableError,
  DbtCloudWaitTimeoutError,
} from "../../../src/sources/dbt-cloud/index.js";
import { createDbtCloudHttp, type FetchResponse } from "../../../src/sources/dbt-cloud/http.js";
import { createRateLimiter, type Clock } from "../../../src/sources/dbt-cloud/rate-limiter.js";
import { MIB } from "../../../src/telemetry/limits.js";
import { PARQUET, catchError, exampleRun, expectNoToken, startHarness, type Harness } from "./harness.js";

let h: Harness | undefined;
afterEach(async () => {
  if (h) {
    expectNoToken(...h.logs);
    await h.close();
  }
  h = undefined;
});

/** One request at a time, so the strict "nothing during a cooldown" assertion is meaningful. */
const SERIAL = { "dbt-cloud-run-id": "7001234", "dbt-cloud-concurrency": "1" };

describe("rate limiting (429)", () => {
  it("honours Retry-After: waits that long, sends nothing meanwhile, then finishes", async () => {
    // 100× so the server's 60 s window (600 ms real) comfortably covers the first requests.
    h = await startHarness(100);
    h.server.addRun(exampleRun(), { artifacts: { 4: PARQUET } });
    h.server.setRateLimit({ perMinute: 3, cooldownMs: 30_000, headers: "retry-after" });

    const result = await h.fetch(SERIAL);

    expect(result.steps[3]!.file).not.toBeNull();
    const requests = h.server.requests;
    const limited = requests.filter((r) => r.status === 429);
    expect(limited).toHaveLength(1);
    expect(requests.filter((r) => r.duringCooldown)).toEqual([]);
    const after = requests.filter((r) => r.at > limited[0]!.at);
    expect(after.length).toBeGreaterThan(0);
    const gap = after[0]!.at - limited[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(30_000);
    expect(gap).toBeLessThan(300_000); // the header, not the 5-minute default, decided the wait
    expect(h.logs.some((l) => l.includes("pausing all requests for 30 s (cooldown 1 of at most 2)"))).toBe(
      true,
    );
  });

  it("without retry headers waits out the documented five-minute cooldown", async () => {
    h = await startHarness(100); // 5 virtual minutes = 3 s real
    h.server.addRun(exampleRun(), { artifacts: { 4: PARQUET } });
    h.server.setRateLimit({ perMinute: 3, cooldownMs: 300_000, headers: "none" });

    const result = await h.fetch(SERIAL);

    expect(result.steps.map((s) => s.file === null)).toEqual([true, true, true, false]);
    const limited = h.server.requests.find((r) => r.status === 429)!;
    const next = h.server.requests.find((r) => r.at > limited.at)!;
    expect(next.at - limited.at).toBeGreaterThanOrEqual(300_000);
    expect(h.server.requests.filter((r) => r.duringCooldown)).toEqual([]);
    expect(h.logs.some((l) => l.includes("pausing all requests for 300 s"))).toBe(true);
  });

  it("gives up with DbtCloudRateLimitError after the allowed cooldowns", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun());
    h.server.setRateLimit({ perMinute: 0, cooldownMs: 20_000, headers: "x-rate-limit-retry-after-seconds" });

    const error = await catchError(h.fetch(SERIAL));

    expect(error).toBeInstanceOf(DbtCloudRateLimitError);
    expect(error.message).toMatch(
      /rate limit still exceeded \(HTTP 429\) reading run 7001234 after 2 cooldown/,
    );
    expect(error.message).toContain("5,000 requests per minute");
    expect(h.server.requests.map((r) => r.status)).toEqual([429, 429, 429]);
    expect(h.server.requests.filter((r) => r.duringCooldown)).toEqual([]);
    const [a, b, c] = h.server.requests;
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(20_000);
    expect(c!.at - b!.at).toBeGreaterThanOrEqual(20_000);
    expect(h.logs.filter((l) => l.includes("rate limited (HTTP 429)"))).toHaveLength(2);
    expectNoToken(error);
  });
});

describe("answers that say less than they seem to", () => {
  it("a 429 asking for a longer wait than fusion-report takes says so, without waiting", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun());
    h.server.setRateLimit({ perMinute: 0, cooldownMs: 3_600_000, headers: "retry-after" });
    const error = await catchError(h.fetch(SERIAL));
    expect(error).toBeInstanceOf(DbtCloudRateLimitError);
    expect(error.message).toMatch(
      /^dbt platform: rate limited \(HTTP 429\) reading run 7001234: the server asked to wait 3600 s \(60 min\), longer than the 900 s \(15 min\) fusion-report waits\./,
    );
    expect(h.server.requests).toHaveLength(1);
  });

  it("a 403 that is not the API's JSON (a firewall's page) shows how it starts", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun());
    h.server.failNext(1, 403, "<html><title>Sorry, you have been blocked</title></html>");
    const error = await catchError(h.fetch(SERIAL));
    expect(error.message).toContain(
      `The answer was not the API's JSON; it starts: "<html><title>Sorry, you have been blocked</title></html>".`,
    );
  });
});

describe("transient failures", () => {
  it("retries a 5xx burst with pauses, then succeeds", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun(), { artifacts: { 4: PARQUET } });
    h.server.failNext(3, 502);

    const result = await h.fetch(SERIAL);

    expect(result.run.id).toBe(7001234);
    const runGets = h.server.requests.filter((r) => r.path.endsWith("/runs/7001234/"));
    expect(runGets.map((r) => r.status)).toEqual([502, 502, 502, 200]);
    for (let i = 1; i < runGets.length; i += 1) {
      expect(runGets[i]!.at - runGets[i - 1]!.at).toBeGreaterThanOrEqual(250); // never retry without pausing
    }
    expect(h.logs.filter((l) => l.includes("HTTP 502 reading run 7001234; retrying in"))).toHaveLength(3);
  });

  it("stops after the bounded number of attempts with an actionable error", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun());
    h.server.failNext(100, 503);

    const error = await catchError(h.fetch(SERIAL));

    expect(error).toBeInstanceOf(DbtCloudUnavailableError);
    expect(error.message).toMatch(/unexpected HTTP 503 after 4 attempts reading run 7001234/);
    expect(h.server.requests).toHaveLength(4);
    expectNoToken(error);
  });

  it("times out a slow response and retries it", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun(), { artifacts: { 4: PARQUET } });
    h.server.slowNext(1, 1500);

    const result = await h.fetch({ ...SERIAL, "dbt-cloud-request-timeout-ms": "300" });

    expect(result.steps[3]!.file).not.toBeNull();
    expect(h.logs.some((l) => l.includes("no response within 300 ms reading run 7001234; retrying"))).toBe(
      true,
    );
  });

  it("bounds a JSON answer by the time without data, not its whole length, and by a total", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun(), { artifacts: { 4: PARQUET } });
    // 8 pieces 100 ms apart: longer than the 300 ms timeout in all, never 300 ms without data.
    h.server.trickleNext(1, 100);
    const slow = await h.fetch({ ...SERIAL, "dbt-cloud-request-timeout-ms": "300" });
    expect(slow.run.id).toBe(7001234);
    expect(h.logs.filter((l) => l.includes("the answer"))).toEqual([]);
    expect(h.server.requests.filter((r) => r.path.endsWith("/runs/7001234/"))).toHaveLength(1);

    // The whole answer is bounded all the same: past it, the attempt counts as failed and is retried.
    h.server.trickleNext(1, 100);
    const bounded = await h.fetch(
      { ...SERIAL, "dbt-cloud-request-timeout-ms": "300" },
      { http: { maxAnswerMs: 450 } },
    );
    expect(bounded.run.id).toBe(7001234);
    expect(
      h.logs.some((l) =>
        l.includes("the answer was still coming after 450 ms reading run 7001234; retrying in"),
      ),
    ).toBe(true);
  });

  it("an answer still coming at a request's time to finish by is not given more time for each piece", async () => {
    let now = 0;
    const clock: Clock = { now: () => now, sleep: async (ms) => void (now += ms) };
    let pieces = 0;
    const http = createDbtCloudHttp(
      { baseUrl: "http://127.0.0.1:9", token: "dbtc_t0ken-0123456789", requestTimeoutMs: 200 },
      {
        clock,
        limiter: createRateLimiter({ clock }),
        log: () => {},
        // 40 pieces 50 ms apart (2 s); the time to finish by passes after the first.
        fetchImpl: async (_url, init) => {
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              init.signal.addEventListener("abort", () => controller.error(init.signal.reason));
            },
            async pull(controller) {
              await new Promise((resolve) => setTimeout(resolve, 50));
              if (init.signal.aborted) return;
              pieces += 1;
              if (pieces === 1) now = 20_000;
              if (pieces === 40) controller.close();
              else controller.enqueue(new TextEncoder().encode(" "));
            },
          });
          // text() as fetch has it, for a reader that does not take the body piece by piece.
          return { status: 200, headers: { get: () => null }, body, text: () => new Response(body).text() };
        },
      },
    );
    const started = Date.now();
    const error = await catchError(http.getJson("/api/v2/x/", {}, { what: "run 1", notAfter: 10_000 }));
    expect(error).toBeInstanceOf(DbtCloudOutOfTimeError);
    expect(error.message).toBe(
      "dbt platform: could not read run 1 in the time allowed: the answer was still coming when the time " +
        "allowed was up (after 1 attempt).",
    );
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("stops reading an answer past its byte bound, not retried; an error's answer is read only at its start", async () => {
    // An endless body of 64 KiB pieces: with no bound it would grow until memory or V8's string limit ran out.
    const endless = (status: number, first: string): FetchResponse => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += 1;
          controller.enqueue(
            new TextEncoder().encode(sent === 1 ? first.padEnd(65_536, " ") : "x".repeat(65_536)),
          );
        },
      });
      return { status, headers: { get: () => null }, body, text: () => new Response(body).text() };
    };
    const answers: FetchResponse[] = [];
    let requests = 0;
    const clock: Clock = { now: () => 0, sleep: async () => {} };
    const http = createDbtCloudHttp(
      {
        baseUrl: "http://127.0.0.1:9",
        token: "dbtc_t0ken-0123456789",
        requestTimeoutMs: 5_000,
        maxAnswerBytes: MIB,
      },
      {
        clock,
        limiter: createRateLimiter({ clock }),
        log: () => {},
        fetchImpl: async () => {
          requests += 1;
          return answers.shift()!;
        },
      },
    );
    answers.push(endless(200, '{"status": {"code": 200}, "data": ['));
    const large = await catchError(http.getJson("/api/v2/x/", {}, { what: "run 1" }));
    expect(large).toBeInstanceOf(DbtCloudResponseError);
    expect(large.message).toBe(
      "dbt platform: the answer for run 1 was larger than 1 MiB, and a dbt platform answer is a few MiB at most; " +
        "it was not read further. Check the base URL: it must be the account's Access URL.",
    );
    expect(requests).toBe(1);

    answers.push(endless(403, "<html><title>Forbidden by proxy</title>"));
    const refused = await catchError(http.getJson("/api/v2/x/", {}, { what: "run 1" }));
    expect(refused).toBeInstanceOf(DbtCloudPermissionError);
    expect(refused.message).toContain('it starts: "<html><title>Forbidden by proxy</title> x');
  });

  it("retries an answer that breaks off halfway, and names it when it keeps breaking", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun(), { artifacts: { 4: PARQUET } });
    h.server.breakNext(1);
    const result = await h.fetch(SERIAL);
    expect(result.steps[3]!.file).not.toBeNull();
    expect(h.logs.some((l) => /the answer broke off: .* reading run 7001234; retrying/.test(l))).toBe(true);

    h.server.breakNext(100);
    const error = await catchError(h.fetch(SERIAL));
    expect(error).toBeInstanceOf(DbtCloudUnavailableError);
    expect(error.message).toMatch(
      /^dbt platform: could not read run 7001234: the answer broke off: .*\(gave up after 4 attempts\)\. Check that the base URL/,
    );
    expectNoToken(error, ...h.logs);
  });

  it("bounds a download by the time without data, not its whole length", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun(), { artifacts: { 4: { bytes: PARQUET, trickleMs: 100 } } });
    // 8 pieces 100 ms apart: longer than the 300 ms timeout in all, never 300 ms without data.
    const result = await h.fetch({ ...SERIAL, "dbt-cloud-request-timeout-ms": "300" });
    expect(result.steps[3]!.file).not.toBeNull();
    expect(h.logs.filter((l) => l.includes("broke off"))).toEqual([]);
  });

  it("stops a download at the size limit, whether the answer says its length or never ends", async () => {
    h = await startHarness(1000);
    const downloads = { maxBytes: 1024 * 1024 };
    const big = Buffer.concat([PARQUET, Buffer.alloc(2 * 1024 * 1024)]);
    h.server.addRun(exampleRun(), { artifacts: { 4: big } });
    const declared = await catchError(h.fetch(SERIAL, { downloads }));
    expect(declared).toBeInstanceOf(DbtCloudArtifactError);
    expect(declared.message).toBe(
      "dbt platform: artifact metadata/telemetry-4-otel.parquet of step 4 of run 7001234 is larger than 1 MiB, the " +
        `most fusion-report downloads for one step (its Content-Length says ${big.length} bytes); nothing of it ` +
        "was kept. A step's telemetry is rarely a tenth of that: check the base URL; or download the file from " +
        "the run's Artifacts and read it with the CLI as a local file.",
    );

    h.server.addRun(exampleRun({ id: 7001235 }), { artifacts: { 4: { bytes: PARQUET, endless: true } } });
    const endless = await catchError(h.fetch({ ...SERIAL, "dbt-cloud-run-id": "7001235" }, { downloads }));
    expect(endless).toBeInstanceOf(DbtCloudArtifactError);
    expect(endless.message).toMatch(
      /of step 4 of run 7001235 is larger than 1 MiB, the most fusion-report downloads for one step \(more came\)/,
    );
    // Not retried, and nothing left behind.
    const artifactGets = h.server.requests.filter((r) => r.path.includes("/runs/7001235/artifacts/"));
    expect(artifactGets.filter((r) => r.query.get("step") === "4")).toHaveLength(1);
    expect(existsSync(join(h.dir, "run-7001235", "telemetry-4-otel.parquet"))).toBe(false);
  }, 15_000);

  it("stops a download that takes longer in all than the time one step's telemetry is given", async () => {
    h = await startHarness(1000);
    // 8 pieces 250 ms apart: never long without data, 2 s in all.
    h.server.addRun(exampleRun(), { artifacts: { 4: { bytes: PARQUET, trickleMs: 250 } } });
    const error = await catchError(h.fetch(SERIAL, { downloads: { timeoutMs: 1000 } }));
    expect(error).toBeInstanceOf(DbtCloudArtifactError);
    expect(error.message).toMatch(
      /^dbt platform: download of artifact metadata\/telemetry-4-otel\.parquet of step 4 of run 7001234 took longer than 1 second, the most fusion-report gives one step's telemetry \(\d+ bytes came in the last of 1 attempt\(s\)\); the dbt platform sent it too slowly\. Re-run later;/,
    );
    expect(h.logs.filter((l) => l.includes("broke off"))).toEqual([]);
  }, 15_000);

  it("a download's time in all starts with its first answer: a rate limit's pause before it is not a slow transfer", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun(), { artifacts: { 4: { bytes: PARQUET } } });
    // A 429 without Retry-After: a 300 s cooldown, 300 ms on this clock, longer than the download is given.
    h.server.failNext(1, 429, "Too Many Requests", (path) => path.includes("telemetry-4"));
    const result = await h.fetch(SERIAL, { downloads: { timeoutMs: 250 } });
    expect(result.steps[3]!.file).not.toBeNull();
  }, 15_000);

  it("downloads again a file whose connection went halfway, and says so when it keeps going", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun(), { artifacts: { 4: { bytes: PARQUET, hangUps: 1 } } });
    const result = await h.fetch(SERIAL);
    expect(result.steps[3]!.file).not.toBeNull();
    expect(
      h.logs.some((l) => /download of artifact .* of step 4 .* broke off after \d+ bytes .*retrying/.test(l)),
    ).toBe(true);

    h.server.addRun(exampleRun({ id: 7001235 }), { artifacts: { 4: { bytes: PARQUET, hangUps: 100 } } });
    const error = await catchError(h.fetch({ ...SERIAL, "dbt-cloud-run-id": "7001235" }));
    expect(error.message).toMatch(
      /broke off after \d+ bytes .*; gave up after 4 attempts, re-run to retry\.$/,
    );
    expectNoToken(error, ...h.logs);
  });

  it("quotes at most 500 characters of the server's message, on one line", async () => {
    h = await startHarness(1000);
    const message = `${"X".repeat(100)}\n::error::forged\n${"Y".repeat(1_000_000)}`;
    h.server.failNext(
      1,
      404,
      JSON.stringify({ status: { code: 404, is_success: false, user_message: message }, data: null }),
    );
    const error = await catchError(h.fetch(SERIAL));
    expect(error.message).toContain(
      `The server said: "${"X".repeat(100)} ::error::forged ${"Y".repeat(383)}…"`,
    );
    expect(error.message.length).toBeLessThan(1_000);
  });

  it("an outage that outlasts a poll's retries does not end a wait: the next poll tries again", async () => {
    h = await startHarness(1000);
    const running = { status: 3, status_humanized: "Running", is_complete: false };
    h.server.addRun(exampleRun(running), {
      artifacts: { 4: PARQUET },
      pollsUntilComplete: 3,
      finalState: { status: 10, status_humanized: "Success", is_complete: true },
    });
    const server = h.server;
    // Once the run has been read, the platform fails more requests in a row than one poll retries.
    const firstPoll = setInterval(() => {
      if (!server.requests.some((r) => r.status === 200)) return;
      clearInterval(firstPoll);
      server.failNext(6, 503);
    }, 2);
    const result = await h
      .fetch({ ...SERIAL, "dbt-cloud-wait": "true" })
      .finally(() => clearInterval(firstPoll));

    expect(result.run.id).toBe(7001234);
    const statuses = h.server.requests.filter((r) => r.path.endsWith("/runs/7001234/")).map((r) => r.status);
    expect(statuses.filter((status) => status === 503)).toHaveLength(6);
    expect(
      h.logs.some((l) => /after 4 attempts reading run 7001234.*Still waiting for run 7001234/.test(l)),
    ).toBe(true);
  });

  /** Fails the platform's next `count` requests once `when` holds (checked every 2 ms real). */
  function failOnce(server: Harness["server"], when: () => boolean, count: number): () => void {
    const timer = setInterval(() => {
      if (!when()) return;
      clearInterval(timer);
      server.failNext(count, 503);
    }, 2);
    return () => clearInterval(timer);
  }
  const runReads = (server: Harness["server"]) =>
    server.requests.filter((r) => r.path.endsWith("/runs/7001234/") && r.status === 200).length;

  it("an outage at the re-read after the run finished does not end the wait either", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun({ status: 3, status_humanized: "Running", is_complete: false }), {
      artifacts: { 4: PARQUET },
      pollsUntilComplete: 2,
      finalState: { status: 20, status_humanized: "Error", is_complete: true },
    });
    const server = h.server;
    // The second read sees the run complete; during the settle pause the platform goes down.
    const stop = failOnce(server, () => runReads(server) === 2, 6);
    const result = await h.fetch({ ...SERIAL, "dbt-cloud-wait": "true" }, { settleMs: 60_000 }).finally(stop);

    expect(result.run.status).toBe(20);
    expect(result.steps[3]!.file).not.toBeNull();
    expect(h.logs.some((l) => /Still waiting for run 7001234: checking again/.test(l))).toBe(true);
  });

  it("a run found in the job's list is waited for through an outage at its first poll", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun(), { artifacts: { 4: PARQUET } });
    // The job's list answers; then reading the run fails longer than one poll retries.
    h.server.failNext(6, 503, undefined, (path) => path.endsWith("/runs/7001234/"));
    const result = await h.fetch({
      "dbt-cloud-job-id": "900112",
      "pr-number": "418",
      "dbt-cloud-concurrency": "1",
      "dbt-cloud-wait": "true",
    });

    expect(result.run.id).toBe(7001234);
    expect(h.server.requests.filter((r) => r.status === 503)).toHaveLength(6);
    expect(h.logs.some((l) => /Still waiting for run 7001234: checking again/.test(l))).toBe(true);
  });

  it("a wait's last poll does not wait out a rate-limit cooldown past the limit", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun({ status: 3, status_humanized: "Running", is_complete: false }));
    // The first poll answers; the second is told to wait 120 s, past the 60 s limit.
    h.server.setRateLimit({ perMinute: 1, cooldownMs: 120_000, headers: "retry-after" });
    const started = h.clock.now();
    const error = await catchError(
      h.fetch({ ...SERIAL, "dbt-cloud-max-wait-seconds": "60", "dbt-cloud-poll-interval-seconds": "20" }),
    );

    expect(error).toBeInstanceOf(DbtCloudWaitTimeoutError);
    expect(error.message).toMatch(
      /run 7001234 is still Running after \d+ s, the limit set by .*\(60 s\); the last poll could not read run 7001234 in the time allowed: rate limited \(HTTP 429\), asked to wait 120 s \(2 min\)\. Raise the limit/,
    );
    // Given up when told, not after the cooldown (which would end at 140 s; the margin is for a busy
    // machine, on which the scaled clock runs on while requests are answered).
    expect(h.clock.now() - started).toBeLessThan(130_000);
    expect(h.server.requests.map((r) => r.status)).toEqual([200, 429]);
  });

  it("a wait for the pull request's run does not wait out a cooldown past the limit either", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun(), { artifacts: { 4: PARQUET } });
    // The job's list answers (no run of pull request 999 yet); the next look is told to wait 120 s.
    h.server.setRateLimit({ perMinute: 1, cooldownMs: 120_000, headers: "retry-after" });
    const started = h.clock.now();
    const error = await catchError(
      h.fetch({
        "dbt-cloud-job-id": "900112",
        "pr-number": "999",
        "dbt-cloud-concurrency": "1",
        "dbt-cloud-max-wait-seconds": "60",
        "dbt-cloud-poll-interval-seconds": "20",
      }),
    );

    expect(error).toBeInstanceOf(DbtCloudOutOfTimeError);
    expect(error.message).toContain(
      "could not read runs of job 900112 in the time allowed: rate limited (HTTP 429), asked to wait 120 s",
    );
    // Not after the cooldown, which would end at 140 s (the margin is for a busy machine).
    expect(h.clock.now() - started).toBeLessThan(130_000);
    // Nothing is sent during the cooldown it gave up on.
    expect(h.server.requests.map((r) => r.status)).toEqual([200, 429]);
    expect(h.server.requests.filter((r) => r.duringCooldown)).toEqual([]);
  });

  it("the question whether the job exists does not wait out a cooldown past the limit either", async () => {
    h = await startHarness(1000);
    // A new CI job (no runs yet); asking about it meets a 429 without Retry-After: a 300 s cooldown.
    h.server.addJob(4242);
    h.server.failNext(1, 429, "Too Many Requests", (path) => path.includes("/jobs/"));
    const started = h.clock.now();
    const error = await catchError(
      h.fetch({
        "dbt-cloud-job-id": "4242",
        "pr-number": "418",
        "dbt-cloud-max-wait-seconds": "60",
        "dbt-cloud-poll-interval-seconds": "20",
      }),
    );

    expect(error).toBeInstanceOf(DbtCloudOutOfTimeError);
    expect(error.message).toContain(
      "could not read job 4242 in the time allowed: rate limited (HTTP 429), asked to wait 300 s",
    );
    expect(error.message).not.toContain("no runs at all");
    // Given up when told, not after one or two cooldowns (600 s).
    expect(h.clock.now() - started).toBeLessThan(130_000);
    expect(h.server.requests.map((r) => r.status)).toEqual([200, 429]);
  });

  it("an outage on the job question goes on waiting: the runs list answered, so the host is there", async () => {
    // A clock 100 times real time, not 1000: the wait's 120 s are then 1.2 s of real time, which a busy
    // machine's slow requests cannot use up before the outage has passed.
    h = await startHarness(100);
    h.server.addJob(4242);
    // More 503s than one request retries: the job question gives up, and is asked again at the next look.
    h.server.failNext(4, 503, "Service Unavailable", (path) => path.includes("/jobs/"));
    const error = await catchError(
      h.fetch({
        "dbt-cloud-job-id": "4242",
        "pr-number": "418",
        "dbt-cloud-max-wait-seconds": "120",
        "dbt-cloud-poll-interval-seconds": "20",
      }),
    );

    expect(h.logs.join("\n")).toMatch(/Still waiting: looking again in 20 s/);
    // Asked again once the outage passed: the job exists, so the wait runs to its limit.
    expect(error.message).toMatch(/job 4242 has no runs at all/);
    expect(h.logs.some((line) => line.includes("no run of job 4242 for this pull request yet"))).toBe(true);
    expect(h.server.requests.filter((r) => r.path.includes("/jobs/4242/") && r.status === 200).length).toBe(
      1,
    );
  });

  it("a rate limit that outlasts the cooldowns on the job question is the error, not 'no runs at all'", async () => {
    h = await startHarness(1000);
    h.server.addJob(4242);
    h.server.failNext(3, 429, "Too Many Requests", (path) => path.includes("/jobs/"));
    const error = await catchError(h.fetch({ "dbt-cloud-job-id": "4242", "pr-number": "418" }));

    expect(error).toBeInstanceOf(DbtCloudRateLimitError);
    expect(error.message).toMatch(/rate limit still exceeded \(HTTP 429\) reading job 4242 after 2 cooldown/);
    expect(h.server.requests.map((r) => r.status)).toEqual([200, 429, 429, 429]);
  });

  it("a request with a time to finish by retries no later than that", async () => {
    // A fake clock that moves only when slept on, and pauses as long as the backoff allows.
    let now = 0;
    const clock: Clock = { now: () => now, sleep: async (ms) => void (now += ms) };
    const unavailable: FetchResponse = {
      status: 503,
      headers: { get: () => null },
      body: null,
      text: async () => "down",
    };
    const requests: number[] = [];
    const http = createDbtCloudHttp(
      {
        baseUrl: "http://127.0.0.1:9",
        token: "dbtc_t0ken-0123456789",
        requestTimeoutMs: 1000,
        maxAttempts: 6,
      },
      {
        clock,
        limiter: createRateLimiter({ clock }),
        log: () => {},
        random: () => 1,
        fetchImpl: async () => {
          requests.push(now);
          return unavailable;
        },
      },
    );
    // Pauses of 1, 2, 4 and 8 s: the fourth would end past 10 s.
    const error = await catchError(http.getJson("/api/v2/x/", {}, { what: "run 1", notAfter: 10_000 }));
    expect(error).toBeInstanceOf(DbtCloudOutOfTimeError);
    expect(error.message).toContain("could not read run 1 in the time allowed: HTTP 503 (after 4 attempts).");
    expect(requests).toEqual([0, 1_000, 3_000, 7_000]);
    expect(now).toBe(7_000);
    // Without one, all six attempts are made.
    requests.length = 0;
    const unbounded = await catchError(http.getJson("/api/v2/x/", {}, { what: "run 1" }));
    expect(unbounded).not.toBeInstanceOf(DbtCloudOutOfTimeError);
    expect(requests).toHaveLength(6);
  });

  it("a host that never answered fails at once, also while waiting", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun({ status: 3, is_complete: false }));
    h.server.failNext(100, 503);
    const error = await catchError(h.fetch({ ...SERIAL, "dbt-cloud-wait": "true" }));
    expect(error).toBeInstanceOf(DbtCloudUnavailableError);
    expect(h.server.requests).toHaveLength(4);
  });

  it("reports a network failure (nothing listening) after bounded retries", async () => {
    h = await startHarness(1000);
    const port = await findClosedPort();
    const settings = h.settings({ ...SERIAL, "dbt-cloud-base-url": `http://127.0.0.1:${port}` });
    const { fetchDbtCloudTelemetry } = await import("../../../src/sources/dbt-cloud/index.js");
    const logs: string[] = [];
    const error = await catchError(
      fetchDbtCloudTelemetry(settings, { log: (l) => logs.push(l), clock: h.clock }),
    );
    expect(error).toBeInstanceOf(DbtCloudUnavailableError);
    expect(error.message).toMatch(/network error .*ECONNREFUSED.*gave up after 4 attempts.*reachable/);
    expectNoToken(error, ...logs);
  });
});

describe("redirects", () => {
  it("stops a redirect loop within the origin, and refuses a Location that is not a URL", async () => {
    h = await startHarness(1000);
    h.server.addRun(exampleRun());
    h.server.redirectNext(100, 302, (url) => `${url.pathname}${url.search}&again=1`);
    const loop = await catchError(h.fetch(SERIAL));
    expect(loop).toBeInstanceOf(DbtCloudResponseError);
    expect(loop.message).toMatch(/redirected the request for run 7001234 more than 5 times/);
    expect(h.server.requests).toHaveLength(6);

    h.server.redirectNext(1, 307, () => "http://[not a host/");
    const bad = await catchError(h.fetch(SERIAL));
    expect(bad.message).toMatch(/a redirect to another host \(an address that is not a URL\)/);
    expectNoToken(loop, bad);
  });
});

async function findClosedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
