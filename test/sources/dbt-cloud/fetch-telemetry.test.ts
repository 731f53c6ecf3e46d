import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import {
  DbtCloudArtifactError,
  DbtCloudAuthError,
  DbtCloudNotFoundError,
  DbtCloudPermissionError,
  DbtCloudResponseError,
  DbtCloudRunLookupError,
  DbtCloudWaitTimeoutError,
  FAILED_WITHOUT_TELEMETRY_NOTE,
  NO_TELEMETRY_FROM_DBT_NOTE,
  NO_TELEMETRY_NOTE,
} from "../../../src/sources/dbt-cloud/index.js";
import { linkDestination } from "../../../src/render/escape.js";
import {
  ACCOUNT_ID,
  PARQUET,
  TOKEN,
  catchError,
  exampleRun,
  expectNoToken,
  startHarness,
  type Harness,
} from "./harness.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness(1000);
});
afterEach(async () => {
  expectNoToken(...h.logs);
  await h.close();
});

describe("fetchDbtCloudTelemetry", () => {
  it("downloads telemetry per step and reports steps without an artifact as no telemetry", async () => {
    h.server.addRun(exampleRun(), { artifacts: { 4: PARQUET } });

    const result = await h.fetch({ "dbt-cloud-run-id": "7001234" });

    expect(result.run).toEqual({
      id: 7001234,
      status: 20,
      statusHumanized: "Error",
      // The example's page is on ab123.us1.dbt.com, not on the stand-in's host: no link to it.
      href: null,
      gitSha: "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e",
      gitBranch: "feature/orders-model",
      prNumber: 418,
      jobId: 900112,
      finishedAt: "2026-10-02T09:19:40.871Z",
      isSuccess: false,
    });
    expect(result.steps.map(({ index, file, note }) => ({ index, file, note }))).toEqual([
      { index: 1, file: null, note: NO_TELEMETRY_NOTE },
      { index: 2, file: null, note: NO_TELEMETRY_NOTE },
      { index: 3, file: null, note: NO_TELEMETRY_NOTE },
      { index: 4, file: join(h.dir, "run-7001234", "telemetry-4-otel.parquet"), note: undefined },
    ]);
    expect(result.steps[3]).toMatchObject({
      name: "Invoke dbt with `dbt build --select state:modified+`",
      status: 20,
    });
    expect(await readFile(result.steps[3]!.file!)).toEqual(PARQUET);

    // Wire contract: include_related as a JSON array, step by index (never id), Accept */* for bytes.
    const runGet = h.server.requests.find((r) => r.path.endsWith("/runs/7001234/"))!;
    expect(JSON.parse(runGet.query.get("include_related")!)).toEqual(["trigger", "run_steps"]);
    const downloads = h.server.requests.filter((r) => r.path.includes("/artifacts/"));
    expect(downloads.map((r) => [r.path.split("/artifacts/")[1], r.query.get("step")])).toEqual(
      expect.arrayContaining([1, 2, 3, 4].map((i) => [`metadata/telemetry-${i}-otel.parquet`, String(i)])),
    );
    expect(downloads.every((r) => r.accept === "*/*" && r.authorization === `Token ${TOKEN}`)).toBe(true);
  });

  it("keeps the run's link as the URL parser reads it, so a Markdown link to it stays on the host", async () => {
    // `\` is `/` to the parser (host: the stand-in), but a Markdown link percent-encodes it, and
    // `http://127.0.0.1:PORT%5C@evil.example/` is a link to evil.example.
    h.server.addRun(exampleRun({ href: `${h.server.baseUrl}\\@evil.example/deploy/1/` }), {
      artifacts: { 4: PARQUET },
    });
    const { href } = (await h.fetch({ "dbt-cloud-run-id": "7001234" })).run;
    expect(href).toBe(`${h.server.baseUrl}/@evil.example/deploy/1/`);
    expect(new URL(linkDestination(href!)).origin).toBe(new URL(h.server.baseUrl).origin);
  });

  it("skips a step without an index, saying so, instead of asking for telemetry-undefined", async () => {
    const run = exampleRun();
    const [first, ...rest] = run.run_steps!;
    run.run_steps = [{ ...first!, index: undefined } as unknown as typeof first & object, ...rest];
    h.server.addRun(run, { artifacts: { 4: PARQUET } });
    const result = await h.fetch({ "dbt-cloud-run-id": "7001234" });
    expect(result.steps.map((step) => step.index)).toEqual([2, 3, 4]);
    expect(h.logs).toContain("dbt platform: 1 step(s) of run 7001234 have no index and were skipped.");
    expect(h.server.requests.filter((r) => r.path.includes("undefined"))).toEqual([]);
  });

  it("skips run_steps entries that are not objects, saying so, and refuses run_steps that is not a list", async () => {
    const run = exampleRun();
    run.run_steps = [null, "step", ...run.run_steps!] as unknown as typeof run.run_steps;
    h.server.addRun(run, { artifacts: { 4: PARQUET } });
    const result = await h.fetch({ "dbt-cloud-run-id": "7001234" });
    expect(result.steps.map((step) => step.index)).toEqual([1, 2, 3, 4]);
    expect(h.logs).toContain(
      'dbt platform: skipped 2 of the 6 entries of "run_steps" of run 7001234: not step objects.',
    );

    for (const [id, steps, type] of [
      [7001235, {}, "an object"],
      [7001236, "step 1", "a string"],
    ] as const) {
      h.server.addRun(exampleRun({ id, run_steps: steps as unknown as [] }));
      const error = await catchError(h.fetch({ "dbt-cloud-run-id": String(id) }));
      expect(error).toBeInstanceOf(DbtCloudResponseError);
      expect(error.message).toMatch(
        new RegExp(`^dbt platform: run ${id} came back with "run_steps" that is not a list \\(${type}\\),`),
      );
    }
  });

  it("a dbt build step without telemetry asks whether the job runs on Fusion", async () => {
    const run = exampleRun();
    run.run_steps = run.run_steps!.map((step) => ({ ...step, status: 10, status_humanized: "Success" }));
    h.server.addRun(run);
    const result = await h.fetch({ "dbt-cloud-run-id": "7001234" });
    expect(result.steps[0]!.note).toBe(NO_TELEMETRY_NOTE);
    expect(result.steps[3]!.name).toMatch(/dbt build/);
    expect(result.steps[3]!.note).toBe(NO_TELEMETRY_FROM_DBT_NOTE);
    expect(result.steps.map((step) => step.failed)).toEqual([false, false, false, false]);
  });

  it("a dbt build step with global flags before the command asks the same", async () => {
    const run = exampleRun();
    run.run_steps = run.run_steps!.map((step) => ({
      ...step,
      status: 10,
      status_humanized: "Success",
      name: String(step.name).replace("`dbt build", "`dbt --debug build"),
    }));
    h.server.addRun(run);
    const result = await h.fetch({ "dbt-cloud-run-id": "7001234" });
    expect(result.steps[3]!.name).toMatch(/dbt --debug build/);
    expect(result.steps[3]!.note).toBe(NO_TELEMETRY_FROM_DBT_NOTE);
    expect(result.steps[0]!.note).toBe(NO_TELEMETRY_NOTE);
  });

  it("marks a step that ended in Error without telemetry, with the end of its log, escape sequences removed", async () => {
    const run = exampleRun();
    const log = [
      ...Array.from({ length: 30 }, (_, i) => `line ${i}`),
      "\u001b[31mError: package x/y not found\u001b[0m",
      "",
    ];
    run.run_steps = run.run_steps!.map((step) =>
      step.index === 3 ? { ...step, status: 20, status_humanized: "Error", logs: log.join("\n") } : step,
    );
    h.server.addRun(run, { artifacts: { 4: PARQUET } });
    const result = await h.fetch({ "dbt-cloud-run-id": "7001234" });
    const deps = result.steps[2]!;
    expect(deps).toMatchObject({ file: null, failed: true, note: FAILED_WITHOUT_TELEMETRY_NOTE });
    expect(deps.logTail!.split("\n")).toEqual([
      ...Array.from({ length: 11 }, (_, i) => `line ${19 + i}`),
      "Error: package x/y not found",
    ]);
    expect(deps.startedAt).toBe("2026-10-02T09:14:15.700Z");
    // A failed step whose telemetry came is reported from its telemetry; the end of its log is kept
    // for when that telemetry shows no failure (model/failed-step.ts).
    expect(result.steps[3]).toMatchObject({ failed: true });
    expect(result.steps[3]!.logTail).toContain("ERROR creating table model analytics.orders");
    expect(result.steps[3]!.file).not.toBeNull();
    // A step that passed keeps no log.
    expect(result.steps[1]).toMatchObject({ failed: false, logTail: null });
  });

  it("quotes the end of a huge log, without OSC links, titles or short escapes, lines split as shown", async () => {
    const run = exampleRun();
    const log =
      "x".repeat(20_000_000) +
      "\nstart \u001b]8;;https://evil.example/\u0007click here\u001b]8;;\u0007 end" +
      "\n\u001b]0;window title\u001b\\\u001b7saved\u001b8 \u001b(Bplain" +
      "\nprogress 10%\rprogress 100%\u2028next" +
      "\n\u009b31mC1 red\u009b0m\n" +
      "\ud83d\ude00".repeat(1500);
    run.run_steps = run.run_steps!.map((step) =>
      step.index === 3 ? { ...step, status: 20, status_humanized: "Error", logs: log } : step,
    );
    h.server.addRun(run, { artifacts: { 4: PARQUET } });
    const result = await h.fetch({ "dbt-cloud-run-id": "7001234" });
    const tail = result.steps[2]!.logTail!;
    // eslint-disable-next-line no-control-regex
    expect(tail).not.toMatch(/[\u001b\u0007\u009b\u009c\u009d]/);
    expect(tail.length).toBeLessThanOrEqual(2000);
    // Cut to 2000 characters from the end, not inside an emoji's surrogate pair.
    expect(tail).toMatch(/^…\ud83d\ude00/);
    const short = exampleRun();
    short.run_steps = short.run_steps!.map((step) =>
      step.index === 3
        ? { ...step, status: 20, status_humanized: "Error", logs: log.slice(0, log.length - 3000) }
        : step,
    );
    h.server.addRun({ ...short, id: 7001235 }, { artifacts: { 4: PARQUET } });
    const lines = (await h.fetch({ "dbt-cloud-run-id": "7001235" })).steps[2]!.logTail!.split("\n");
    expect(lines).toEqual([
      "start click here end",
      "saved plain",
      "progress 10%",
      "progress 100%",
      "next",
      "C1 red",
    ]);
  });

  it("downloads with bounded concurrency and keeps step order", async () => {
    const steps = Array.from({ length: 8 }, (_, i) => ({
      index: i + 1,
      name: `Invoke dbt with \`dbt build --select tag:part${i + 1}\``,
      status: 10,
      status_humanized: "Success",
    }));
    const artifacts = Object.fromEntries(steps.map((s) => [s.index, PARQUET]));
    h.server.addRun(
      exampleRun({ status: 10, status_humanized: "Success", is_success: true, run_steps: steps }),
      {
        artifacts,
      },
    );
    h.server.slowNext(9, 40); // overlap the downloads so the bound is observable

    const result = await h.fetch({ "dbt-cloud-run-id": "7001234", "dbt-cloud-concurrency": "2" });

    expect(result.run.isSuccess).toBe(true);
    expect(result.steps.map((s) => s.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(result.steps.every((s) => s.file !== null)).toBe(true);
    expect(h.server.maxInFlight()).toBe(2);
  });

  it("finds the newest run for the PR and head SHA, paging only when the first page has no match", async () => {
    const sha = "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e";
    // 130 newer runs of the same job belong to another PR, so the match is on page 2.
    for (let i = 0; i < 130; i += 1) {
      h.server.addRun(
        exampleRun({
          id: 8000000 + i,
          git_sha: "a".repeat(40),
          trigger: { github_pull_request_id: 500 + i },
        }),
      );
    }
    h.server.addRun(exampleRun({ id: 7001234 }), { artifacts: { 4: PARQUET } });
    h.server.addRun(exampleRun({ id: 7001200 })); // older run of the same PR+SHA: must not be picked
    h.server.addRun(exampleRun({ id: 7009999, job_definition_id: 1 })); // other job

    const result = await h.fetch({
      "dbt-cloud-job-id": "900112",
      "pr-number": "418",
      "head-sha": sha.toUpperCase(),
    });

    expect(result.run.id).toBe(7001234);
    const lists = h.server.requests.filter((r) => r.path.endsWith("/runs/"));
    expect(lists.map((r) => [r.query.get("offset"), r.query.get("order_by"), r.query.get("limit")])).toEqual([
      ["0", "-id", "100"],
      ["100", "-id", "100"],
    ]);
    expect(JSON.parse(lists[0]!.query.get("include_related")!)).toEqual(["trigger"]);
    expect(h.logs.some((l) => l.includes("using run 7001234 of job 900112"))).toBe(true);
  });

  it("finds the run by an abbreviated head SHA, as git log --oneline shows it", async () => {
    h.server.addRun(exampleRun(), { artifacts: { 4: PARQUET } });
    const result = await h.fetch({
      "dbt-cloud-job-id": "900112",
      "head-sha": "3F1C2E9",
      "dbt-cloud-wait": "false",
    });
    expect(result.run.id).toBe(7001234);
  });

  it("fails the lookup with what to check when no run matches and waiting is off", async () => {
    h.server.addRun(exampleRun({ trigger: { github_pull_request_id: 1 } }));
    const error = await catchError(
      h.fetch({ "dbt-cloud-job-id": "900112", "pr-number": "418", "dbt-cloud-wait": "false" }),
    );
    expect(error).toBeInstanceOf(DbtCloudRunLookupError);
    expect(error.message).toMatch(/no run of job 900112 for pull request #418 among its 1 newest runs/);
  });

  it("keeps looking for the PR's run while waiting is on, until the run appears", async () => {
    // A new CI job, with no run yet: the account has it.
    h.server.addJob(900112);
    // The CI run appears only after the first lookup found none (not after a fixed delay, which a
    // busy machine can outrun).
    const firstLookup = setInterval(() => {
      if (!h.server.requests.some((r) => r.path.endsWith("/runs/"))) return;
      clearInterval(firstLookup);
      h.server.addRun(exampleRun(), { artifacts: { 4: PARQUET } });
    }, 5);
    const result = await h.fetch({ "dbt-cloud-job-id": "900112", "pr-number": "418" }).finally(() => {
      clearInterval(firstLookup);
    });
    expect(result.run.id).toBe(7001234);
    expect(h.logs.some((l) => l.includes("no run of job 900112 for this pull request yet"))).toBe(true);
  });

  it("stops waiting at once for a job the account does not have, naming the job id setting", async () => {
    // What it sleeps, not how long the scaled clock ran: a busy machine stretches the requests.
    const slept: number[] = [];
    const clock = { now: h.clock.now, sleep: (ms: number) => (slept.push(ms), h.clock.sleep(ms)) };
    const error = await catchError(
      h.fetch(
        { "dbt-cloud-job-id": "4242", "pr-number": "418", "dbt-cloud-poll-interval-seconds": "30" },
        { clock },
      ),
    );
    expect(error).toBeInstanceOf(DbtCloudNotFoundError);
    expect(error.message).toContain("dbt platform: job 4242 was not found (HTTP 404).");
    expect(error.message).toContain(
      `Check dbt-cloud-job-id (4242): the CI job's id, the number after /jobs/ in its dbt platform URL, in the ` +
        `account of dbt-cloud-account-id (${ACCOUNT_ID}); and that the token can see the job's project. Not ` +
        `waiting for runs of a job the account does not have (or the token cannot see).`,
    );
    // One look at the job's runs, one at the job: no wait of a poll interval, let alone of the maximum.
    expect(h.server.requests.map((r) => r.path.replace(/^\/api\/v2\/accounts\/\d+/, ""))).toEqual([
      "/runs/",
      "/jobs/4242/",
    ]);
    expect(slept.filter((ms) => ms >= 1_000)).toEqual([]);
  });

  it("asks about the job once, and keeps waiting when the token may not read it (403)", async () => {
    h.server.failNext(
      1,
      403,
      JSON.stringify({ status: { code: 403, is_success: false, user_message: "No." }, data: null }),
      (path) => path.includes("/jobs/"),
    );
    let lookups = 0;
    const secondLookup = setInterval(() => {
      lookups = h.server.requests.filter((r) => r.path.endsWith("/runs/")).length;
      if (lookups < 2) return;
      clearInterval(secondLookup);
      h.server.addRun(exampleRun(), { artifacts: { 4: PARQUET } });
    }, 5);
    const result = await h.fetch({ "dbt-cloud-job-id": "900112", "pr-number": "418" }).finally(() => {
      clearInterval(secondLookup);
    });
    expect(result.run.id).toBe(7001234);
    expect(h.server.requests.filter((r) => r.path.includes("/jobs/")).map((r) => r.status)).toEqual([403]);
    expect(h.server.requests.filter((r) => r.path.endsWith("/runs/")).length).toBeGreaterThanOrEqual(3);
  });

  it("waits for a running run, logging progress and polling no faster than the interval", async () => {
    const running = { status: 3, status_humanized: "Running", is_complete: false, in_progress: true };
    h.server.addRun(exampleRun(running), {
      artifacts: { 4: PARQUET },
      pollsUntilComplete: 3,
      finalState: { status: 20, status_humanized: "Error", is_complete: true, in_progress: false },
    });

    const result = await h.fetch({ "dbt-cloud-run-id": "7001234", "dbt-cloud-poll-interval-seconds": "10" });

    expect(result.run.status).toBe(20);
    expect(result.steps[3]!.file).not.toBeNull();
    const polls = h.server.requests.filter((r) => r.path.endsWith("/runs/7001234/"));
    expect(polls.length).toBe(4); // 3 polls until complete + 1 re-read after the settle pause
    for (let i = 1; i < 3; i += 1) expect(polls[i]!.at - polls[i - 1]!.at).toBeGreaterThanOrEqual(10_000);
    expect(h.logs.filter((l) => /run 7001234 is Running; waited \d+ s of up to 1800 s/.test(l))).toHaveLength(
      2,
    );
  });

  it("gives up with a clear error when the run outlasts max-wait-seconds", async () => {
    h.server.addRun(exampleRun({ status: 1, status_humanized: "Queued", is_complete: false }));

    const error = await catchError(
      h.fetch({
        "dbt-cloud-run-id": "7001234",
        "dbt-cloud-max-wait-seconds": "60",
        "dbt-cloud-poll-interval-seconds": "20",
      }),
    );

    expect(error).toBeInstanceOf(DbtCloudWaitTimeoutError);
    expect(error.message).toMatch(/run 7001234 is still Queued after \d+ s.*max-wait-seconds \(60 s\)/);
    expect(h.server.requests.length).toBeLessThanOrEqual(4);
  });

  it("refuses an unfinished run when waiting is off", async () => {
    h.server.addRun(exampleRun({ status: 3, status_humanized: "Running", is_complete: false }));
    const error = await catchError(h.fetch({ "dbt-cloud-run-id": "7001234", "dbt-cloud-wait": "false" }));
    expect(error).toBeInstanceOf(DbtCloudWaitTimeoutError);
    expect(error.message).toContain("waiting is off");
  });

  it("explains a 401 as access URL first, token second, without echoing the token", async () => {
    h.server.addRun(exampleRun());
    const error = await catchError(
      h.fetch({ "dbt-cloud-run-id": "7001234", "dbt-cloud-token": "wrong-token-value-123456" }),
    );
    expect(error).toBeInstanceOf(DbtCloudAuthError);
    expect(error.message).toContain('"Invalid token."');
    expect(error.message).toContain("Access URL");
    expect(error.message).toMatch(/check the token/i);
    expect(error.message).not.toContain("wrong-token-value-123456");
    expect(JSON.stringify(error)).not.toContain("wrong-token-value-123456");
  });

  it("names the permission to add on a 403", async () => {
    h.server.addRun(exampleRun());
    h.server.setForbidden(true);
    const error = await catchError(h.fetch({ "dbt-cloud-run-id": "7001234" }));
    expect(error).toBeInstanceOf(DbtCloudPermissionError);
    expect(error.message).toMatch(/run 7001234 \(HTTP 403\).*service token.*"Job Admin"/);
    expectNoToken(error);
  });

  it("reports a missing run as not found with what to check", async () => {
    const error = await catchError(h.fetch({ "dbt-cloud-run-id": "999" }));
    expect(error).toBeInstanceOf(DbtCloudNotFoundError);
    expect(error.message).toContain("run 999 was not found (HTTP 404)");
    expect(error.message).toContain("proper permissions");
    expect(error.message).toContain("Check dbt-cloud-run-id (999) and dbt-cloud-account-id (51798)");
    expectNoToken(error);
  });

  it("fails a truncated download with an error naming the step, and leaves no partial file", async () => {
    // Step 4 succeeded here: a failed step's footerless file is reported as that step's failure.
    const run = exampleRun();
    Object.assign(run.run_steps![3]!, { status: 10, status_humanized: "Success" });
    h.server.addRun(run, { artifacts: { 4: { bytes: PARQUET, truncate: true } } });
    const error = await catchError(h.fetch({ "dbt-cloud-run-id": "7001234" }));
    expect(error).toBeInstanceOf(DbtCloudArtifactError);
    expect(error.message).toMatch(/step 4 of run 7001234 is not a complete Parquet file: truncated/);
    await expect(stat(join(h.dir, "run-7001234", "telemetry-4-otel.parquet"))).rejects.toThrow();
    expectNoToken(error);
  });

  it("rejects a non-Parquet artifact body", async () => {
    const html = Buffer.from("<html><body>Please sign in</body></html>");
    h.server.addRun(exampleRun(), { artifacts: { 4: { bytes: html, contentType: "text/html" } } });
    const error = await catchError(h.fetch({ "dbt-cloud-run-id": "7001234" }));
    expect(error).toBeInstanceOf(DbtCloudArtifactError);
    expect(error.message).toContain(
      "step 4 of run 7001234 is not a complete Parquet file: it does not start with",
    );
    expect(error.message).toContain("text/html");
  });

  it("rejects a non-JSON API response with a hint about the base URL", async () => {
    h.server.addRun(exampleRun());
    h.server.setHtmlMode(true);
    const error = await catchError(h.fetch({ "dbt-cloud-run-id": "7001234" }));
    expect(error).toBeInstanceOf(DbtCloudResponseError);
    expect(error.message).toMatch(/expected JSON reading run 7001234 but got text\/html.*base URL/);
  });
});
