// End to end through the bundles: dist/index.js run the way the runner runs it (INPUT_* variables,
// file commands, RUNNER_TEMP) and dist/cli.js, both against the dbt platform stand-in on 127.0.0.1.
// FUSION_REPORT_TEST_CLOCK_SCALE makes the child's dbt platform waits 100× shorter; the stand-in runs
// on a clock with the same scale, so polls, Retry-After and cooldowns line up.
import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createScaledClock,
  ERROR_404,
  RUN_WITH_STEPS,
  startDbtCloudServer,
  startRecordingServer,
  type DbtCloudServer,
  type FakeRun,
} from "../support/dbt-cloud-server.js";
import { buildZip, listZipEntries, runtimeToken, startArtifactServer } from "../support/artifact-server.js";
import { attribute, isElement, markdownToHtml, parseHtml, walk } from "../support/gfm-html.js";
import { foreignCommands } from "../support/runner-commands.js";
import { reportSchemaErrors } from "../support/report.js";
import { makeTempDir } from "../support/temp-dir.js";
import {
  DIST_CLI,
  ensureBuilt,
  HEAD_SHA,
  inheritedTmpdir,
  PR_NUMBER,
  pullRequestPayload,
  REPO_ROOT,
  runAction,
  runCliBundle,
  startServer,
  type ActionRun,
  type E2EServer,
} from "./helpers.js";

const SCALE = 100;
const DBT_TOKEN = "dbtc_e2eS3cr3tT0ken-0123456789abcdefXYZ";
const ACCOUNT_ID = 51798;
const JOB_ID = 900112;
const replica = (name: string): Buffer =>
  readFileSync(join(REPO_ROOT, "test/fixtures/real/parquet-replica", name));
const FAILED = replica("preview120_failed.REPLICA.parquet");
// (The preview120 "build_success" replica has an errored unit test; this generated run passes.)
const SUCCESS = readFileSync(join(REPO_ROOT, "test/fixtures/generated/warnings-and-idle/telemetry.parquet"));

let dbt: DbtCloudServer;
let nextRunId = 7100000;

beforeAll(async () => {
  ensureBuilt();
  dbt = await startDbtCloudServer({
    token: DBT_TOKEN,
    accountId: ACCOUNT_ID,
    clock: createScaledClock(SCALE),
  });
});
afterAll(async () => {
  await dbt.close();
});
afterEach(() => {
  dbt.setRateLimit(undefined);
  dbt.requests.length = 0;
});

/**
 * The reference run (failed CI run of job 900112 for PR #418 at HEAD_SHA; steps 1–3 clone, profile and
 * deps have no telemetry) with a fifth step that passed, under a fresh id.
 */
function addRun(
  options: {
    steps?: number[];
    artifacts?: Record<number, Uint8Array | { bytes: Uint8Array; truncate?: boolean }>;
    run?: Partial<FakeRun>;
    pollsUntilComplete?: number;
    finalState?: Record<string, unknown>;
  } = {},
): FakeRun {
  const base = structuredClone((RUN_WITH_STEPS as { data: FakeRun }).data);
  const steps = [
    ...(base.run_steps ?? []),
    {
      ...(base.run_steps ?? [])[0],
      id: 5,
      index: 5,
      name: "Invoke dbt with `dbt build --select tag:nightly`",
      status: 10,
      status_humanized: "Success",
    },
  ].filter((step) => (options.steps ?? [1, 2, 3, 4, 5]).includes(step.index as number));
  const run: FakeRun = { ...base, id: nextRunId++, run_steps: steps, ...options.run };
  dbt.addRun(run, {
    artifacts: options.artifacts ?? { 4: FAILED, 5: SUCCESS },
    ...(options.pollsUntilComplete !== undefined && { pollsUntilComplete: options.pollsUntilComplete }),
    ...(options.finalState && { finalState: options.finalState }),
  });
  return run;
}

const dbtInputs = (over: Record<string, string>): Record<string, string> => ({
  "dbt-cloud-base-url": dbt.baseUrl,
  "dbt-cloud-account-id": String(ACCOUNT_ID),
  "dbt-cloud-token": DBT_TOKEN,
  "check-run": "false",
  comment: "off",
  ...over,
});

/** The Action with no GitHub API: no repository and no token, so only the summary and outputs are written. */
function runDbtAction(inputs: Record<string, string>, server: E2EServer | null = null): Promise<ActionRun> {
  return runAction(server, {
    inputs: { "github-token": server ? "ghs_e2eTokenValue0123456789abcdefABCDEF" : "", ...dbtInputs(inputs) },
    env: {
      FUSION_REPORT_TEST_CLOCK_SCALE: String(SCALE),
      ...(server ? {} : { GITHUB_REPOSITORY: "", GITHUB_API_URL: "http://127.0.0.1:9" }),
    },
  });
}

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI on a dbt platform run with `--json`: how it ended, and the JSON report, checked against its schema. */
async function runCliWithReport<Report>(runId: number): Promise<{ result: CliRun; report: Report }> {
  const out = join(makeTempDir("fusion-e2e-report-"), "report.json");
  const result = await runCli(["--dbt-cloud-run-id", String(runId), "--json", out]);
  expect(existsSync(out), result.stderr).toBe(true);
  const report = JSON.parse(readFileSync(out, "utf8")) as Report;
  expect(reportSchemaErrors(report)).toBe("");
  return { result, report };
}

function runCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const cwd = makeTempDir("fusion-e2e-cli-");
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [DIST_CLI, "--dbt-cloud-base-url", dbt.baseUrl, "--dbt-cloud-account-id", String(ACCOUNT_ID), ...args],
      {
        cwd,
        env: {
          PATH: [dirname(process.execPath), "/usr/bin", "/bin"].join(delimiter),
          HOME: process.env.HOME ?? cwd,
          ...inheritedTmpdir(),
          DBT_CLOUD_TOKEN: DBT_TOKEN,
          FUSION_REPORT_TEST_CLOCK_SCALE: String(SCALE),
          ...env,
        },
        timeout: 30_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

/** Where the token shows up; `::add-mask::` is the one line that must carry it (the runner masks it). */
function tokenLeaks(
  run: Partial<ActionRun> & { stdout: string; stderr: string },
  token = DBT_TOKEN,
): string[] {
  const stdout = run.stdout
    .split("\n")
    .filter((line) => !line.startsWith("::add-mask::"))
    .join("\n");
  const places: [string, string][] = [
    ["stdout", stdout],
    ["stderr", run.stderr],
    ["summary", run.summary ?? ""],
    ["outputs", run.outputFile ?? ""],
  ];
  return places.filter(([, text]) => text.includes(token)).map(([name]) => name);
}

const runGets = (runId: number) => dbt.requests.filter((r) => r.path.endsWith(`/runs/${runId}/`));

describe("Action (dist/index.js) with a dbt platform run", () => {
  it("reports every step with telemetry in its own section and fails on the failed step", async () => {
    const run = addRun();
    const result = await runDbtAction({ "dbt-cloud-run-id": String(run.id) });

    expect(result.code, result.stdout).toBe(1);
    expect(result.outputs.conclusion).toBe("failure");
    expect(Number(result.outputs.errors) + Number(result.outputs["failed-tests"])).toBeGreaterThan(0);
    expect(result.summary).toMatch(/Step 4: Invoke dbt with .*dbt build --select state:modified\+/);
    expect(result.summary).toMatch(/Step 5: Invoke dbt with .*dbt build --select tag:nightly/);
    expect(result.summary).not.toMatch(/Step [123]:/);
    expect(result.stdout).toContain("Step 1 (Clone git repository): no telemetry");
    expect(result.stdout).toContain("Step 3 (Invoke dbt with `dbt deps`): no telemetry");
    // The token travels only in the Authorization header, and never back out.
    expect(dbt.requests.every((r) => r.authorization === `Token ${DBT_TOKEN}`)).toBe(true);
    expect(result.stdout).toContain(`::add-mask::${DBT_TOKEN}`);
    expect(tokenLeaks(result)).toEqual([]);
  });

  it("links the run's page only when the server's href is on the dbt platform host it asked", async () => {
    const own = addRun({ run: { href: `${dbt.baseUrl}/deploy/${ACCOUNT_ID}/projects/24680/runs/1/` } });
    const linked = await runDbtAction({ "dbt-cloud-run-id": String(own.id) });
    expect(linked.summary).toContain(
      `[run ${own.id}](${dbt.baseUrl}/deploy/${ACCOUNT_ID}/projects/24680/runs/1/)`,
    );

    const foreign = addRun({ run: { href: "https://evil.example/phish" } });
    const unlinked = await runDbtAction({ "dbt-cloud-run-id": String(foreign.id) });
    expect(unlinked.code).toBe(1);
    expect(unlinked.summary).toContain("Step 4: Invoke dbt with");
    expect(unlinked.summary).not.toContain("evil.example");
    expect(unlinked.summary).not.toContain(`[run ${foreign.id}]`);
  });

  it("finds the run by job id and the pull request's head SHA from the event payload", async () => {
    // Older run for the same PR, a newer run for another PR, and the one we want.
    addRun({
      run: {
        git_sha: "a".repeat(40),
        trigger: {
          ...((RUN_WITH_STEPS as { data: FakeRun }).data.trigger as object),
          git_sha: "a".repeat(40),
        },
      },
    });
    const wanted = addRun({ steps: [1, 5], artifacts: { 5: SUCCESS } });
    addRun({
      run: {
        trigger: {
          ...((RUN_WITH_STEPS as { data: FakeRun }).data.trigger as object),
          github_pull_request_id: 999,
          git_sha: "b".repeat(40),
        },
        git_sha: "b".repeat(40),
      },
    });
    const github = await startServer();
    try {
      const result = await runDbtAction({ "dbt-cloud-job-id": String(JOB_ID) }, github);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toContain(`dbt platform: using run ${wanted.id} of job ${JOB_ID}`);
      expect(result.outputs.conclusion).toBe("success");
      expect(result.summary).toContain("Step 5:");
      const list = dbt.requests.find((r) => r.path.endsWith("/runs/"));
      expect(list?.query.get("job_definition_id")).toBe(String(JOB_ID));
      expect(HEAD_SHA).toBe(wanted.git_sha);
      expect(PR_NUMBER).toBe(418);
      expect(tokenLeaks(result)).toEqual([]);
    } finally {
      await github.close();
    }
  });

  it("finds the run by job id from the event alone, without a github-token", async () => {
    const wanted = addRun({ steps: [1, 5], artifacts: { 5: SUCCESS } });
    const result = await runAction(null, {
      inputs: { ...dbtInputs({ "dbt-cloud-job-id": String(JOB_ID) }), "github-token": "" },
      env: { FUSION_REPORT_TEST_CLOCK_SCALE: String(SCALE) },
    });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain(`dbt platform: using run ${wanted.id} of job ${JOB_ID}`);
  });

  it("waits for a running run, polling no faster than the interval, then reports it", async () => {
    const run = addRun({
      run: {
        status: 3,
        status_humanized: "Running",
        is_complete: false,
        in_progress: true,
        is_running: true,
        finished_at: null,
      },
      pollsUntilComplete: 3,
      finalState: {
        status: 20,
        status_humanized: "Error",
        is_complete: true,
        in_progress: false,
        is_running: false,
        finished_at: "2026-10-02 09:19:40.871122+00:00",
      },
    });
    const result = await runDbtAction({ "dbt-cloud-run-id": String(run.id), "dbt-cloud-wait": "true" });

    expect(result.code, result.stdout).toBe(1);
    expect(result.stdout).toMatch(
      new RegExp(`run ${run.id} is Running; waited \\d+ s of up to 1800 s, checking again in 15 s`),
    );
    const gets = runGets(run.id);
    expect(gets.length).toBeGreaterThanOrEqual(4); // 3 polls + the re-read after it settled
    // Polls sit at least the 15 s interval apart on the shared (scaled) timeline.
    for (let i = 1; i < 3; i++) expect(gets[i]!.at - gets[i - 1]!.at).toBeGreaterThanOrEqual(14_000);
    expect(result.summary).toContain("Step 4:");
    expect(tokenLeaks(result)).toEqual([]);
  });

  it("rides out an outage longer than one poll's retries while waiting, then reports the run", async () => {
    const run = addRun({
      run: { status: 3, status_humanized: "Running", is_complete: false, finished_at: null },
      pollsUntilComplete: 4,
      finalState: { status: 20, status_humanized: "Error", is_complete: true },
    });
    const firstPoll = setInterval(() => {
      if (!runGets(run.id).some((r) => r.status === 200)) return;
      clearInterval(firstPoll);
      dbt.failNext(6, 503);
    }, 2);
    const result = await runDbtAction({
      "dbt-cloud-run-id": String(run.id),
      "dbt-cloud-wait": "true",
    }).finally(() => clearInterval(firstPoll));
    expect(result.code, result.stdout).toBe(1);
    expect(result.stdout).toMatch(
      new RegExp(
        `HTTP 503 after 4 attempts reading run ${run.id}\\..*Still waiting for run ${run.id}: checking again in 15 s`,
      ),
    );
    expect(runGets(run.id).filter((r) => r.status === 503)).toHaveLength(6);
    expect(result.summary).toContain("Step 4:");
    expect(tokenLeaks(result)).toEqual([]);
  });

  it("sits out a 429 for its Retry-After and sends nothing during the cooldown", async () => {
    const run = addRun({ steps: [1, 4] });
    // getRun + two concurrent downloads: the third request of the minute gets 429 + Retry-After: 30.
    dbt.setRateLimit({ perMinute: 2, cooldownMs: 30_000, headers: "retry-after" });
    const result = await runDbtAction({ "dbt-cloud-run-id": String(run.id) });

    expect(result.code, result.stdout).toBe(1);
    expect(result.summary).toContain("Step 4:");
    const limited = dbt.requests.filter((r) => r.status === 429);
    expect(limited).toHaveLength(1);
    expect(result.stdout).toMatch(/rate limited \(HTTP 429\) reading .*; pausing all requests for 30 s/);
    expect(dbt.requests.filter((r) => r.duringCooldown)).toEqual([]);
    const after = dbt.requests.filter((r) => r.at > limited[0]!.at);
    expect(after.length).toBeGreaterThan(0);
    for (const r of after) expect(r.at - limited[0]!.at).toBeGreaterThanOrEqual(30_000);
    expect(tokenLeaks(result)).toEqual([]);
  });

  it("explains a 401 without echoing the token", async () => {
    const run = addRun();
    const wrong = "dbtc_WrongT0ken-abcdefghijklmnop0123";
    const result = await runDbtAction({ "dbt-cloud-run-id": String(run.id), "dbt-cloud-token": wrong });

    expect(result.code).toBe(1);
    expect(result.outputs.conclusion).toBe("failure");
    expect(result.summary).toContain("telemetry could not be read");
    expect(result.summary).toContain("rejected the token (HTTP 401)");
    expect(result.summary).toMatch(/Access URL/);
    expect(tokenLeaks(result, wrong)).toEqual([]);
  });

  it("names the step whose telemetry download was cut short", async () => {
    // Step 5 succeeded (a failed step's footerless file is its failure, see below).
    const run = addRun({ artifacts: { 4: FAILED, 5: { bytes: SUCCESS, truncate: true } } });
    const result = await runDbtAction({ "dbt-cloud-run-id": String(run.id) });

    expect(result.code).toBe(1);
    expect(result.summary).toContain(`step 5 of run ${run.id}`);
    expect(result.summary).toMatch(/truncated|cut short/);
    expect(tokenLeaks(result)).toEqual([]);
  });
});

describe("CLI (dist/cli.js) with a dbt platform run", () => {
  it("prints a section per step, exits 1 for the failed step and leaves no downloads behind", async () => {
    const run = addRun();
    const tmp = makeTempDir("fusion-e2e-tmp-");
    const result = await runCli(["--dbt-cloud-run-id", String(run.id)], { TMPDIR: tmp });
    expect(readdirSync(tmp)).toEqual([]);

    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toMatch(/Step 4: Invoke dbt with .*state:modified\+/);
    expect(result.stdout).toMatch(/Step 5: Invoke dbt with .*tag:nightly/);
    expect(result.stderr).toContain("step 2 (Create profile from connection Snowflake): no telemetry");
    expect(tokenLeaks(result)).toEqual([]);
  });

  it("finds the run by job id and head SHA", async () => {
    const wanted = addRun({ steps: [1, 5], artifacts: { 5: SUCCESS } });
    const result = await runCli([
      "--dbt-cloud-job-id",
      String(JOB_ID),
      "--head-sha",
      HEAD_SHA,
      "--pr-number",
      "418",
    ]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`using run ${wanted.id} of job ${JOB_ID}`);
    expect(result.stdout).toContain("Step 5:");
  });

  it("waits for a running run with --dbt-cloud-wait", async () => {
    const run = addRun({
      run: { status: 1, status_humanized: "Queued", is_complete: false, finished_at: null },
      pollsUntilComplete: 2,
      finalState: { status: 10, status_humanized: "Success", is_complete: true },
      steps: [1, 5],
      artifacts: { 5: SUCCESS },
    });
    const result = await runCli(["--dbt-cloud-run-id", String(run.id), "--dbt-cloud-wait"]);

    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`run ${run.id} is Queued`);
  });

  it("sequential requests: one 429, a pause of Retry-After, nothing sent meanwhile", async () => {
    const run = addRun();
    dbt.setRateLimit({ perMinute: 4, cooldownMs: 20_000, headers: "retry-after" });
    const result = await runCli([
      "--dbt-cloud-run-id",
      String(run.id),
      "--dbt-cloud-concurrency",
      "1",
      "--quiet",
    ]);

    expect(result.code, result.stderr).toBe(1);
    expect(dbt.requests.filter((r) => r.status === 429)).toHaveLength(1);
    expect(dbt.requests.filter((r) => r.duringCooldown)).toEqual([]);
    expect(result.stderr).toContain("pausing all requests for 20 s");
  });

  it("a Retry-After of hours, in seconds or as an HTTP date, fails at once saying how long, not after hours", async () => {
    const run = addRun({ steps: [1, 4] });
    for (const headers of ["retry-after", "retry-after-date"] as const) {
      dbt.setRateLimit({ perMinute: 0, cooldownMs: 3 * 3600_000, headers });
      dbt.requests.length = 0;
      const result = await runCli(["--dbt-cloud-run-id", String(run.id)]);
      expect(result.code, headers).toBe(2);
      expect(result.stderr).toMatch(
        new RegExp(
          `rate limited \\(HTTP 429\\) reading run ${run.id}: the server asked to wait 1(0799|0800) s \\(3 h\\), ` +
            `longer than the 900 s \\(15 min\\) fusion-report waits\\. Re-run after that time`,
        ),
      );
      expect(dbt.requests.map((r) => r.status)).toEqual([429]);
    }
  });

  it("explains a 401 and never prints the token given by flag or environment", async () => {
    const run = addRun();
    const wrong = "dbtc_WrongT0ken-abcdefghijklmnop0123";
    const byEnv = await runCli(["--dbt-cloud-run-id", String(run.id)], { DBT_CLOUD_TOKEN: wrong });
    expect(byEnv.code).toBe(2);
    expect(byEnv.stderr).toContain("rejected the token (HTTP 401)");
    expect(tokenLeaks(byEnv, wrong)).toEqual([]);

    const byFlag = await runCli(["--dbt-cloud-run-id", String(run.id), "--dbt-cloud-token", wrong], {
      DBT_CLOUD_TOKEN: "",
    });
    expect(byFlag.code).toBe(2);
    expect(tokenLeaks(byFlag, wrong)).toEqual([]);
  });

  it("names the step of a truncated download, and removes the downloads", async () => {
    const run = addRun({ artifacts: { 4: FAILED, 5: { bytes: SUCCESS, truncate: true } } });
    const tmp = makeTempDir("fusion-e2e-tmp-");
    const result = await runCli(["--dbt-cloud-run-id", String(run.id)], { TMPDIR: tmp });

    expect(readdirSync(tmp)).toEqual([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`step 5 of run ${run.id}`);
    expect(tokenLeaks(result)).toEqual([]);
  });
});

describe("dbt platform redirects: within its origin only", () => {
  const stopRedirecting = () => dbt.redirectNext(0, 307, () => null);

  it("CLI: a redirect of the run to another host is refused before anything is sent there", async () => {
    // The other host answers as the platform would, with a run of its own making.
    const forged = structuredClone(RUN_WITH_STEPS) as { data: FakeRun };
    forged.data.run_steps = [];
    const other = await startRecordingServer(forged);
    try {
      const run = addRun();
      dbt.redirectNext(1, 307, (url) => `${other.origin}/steal${url.pathname}?X-Signature=S3CR3T-SIG`);
      const result = await runCli(["--dbt-cloud-run-id", String(run.id)]);
      expect(result.code).toBe(2);
      expect(other.received).toEqual([]);
      expect(result.stderr).toContain(
        `dbt platform: the dbt platform at ${dbt.baseUrl} answered the request for run ${run.id} with HTTP 307, ` +
          `a redirect to another host (${other.origin}); fusion-report follows redirects only within ${dbt.baseUrl}, ` +
          "so nothing was sent there.",
      );
      expect(result.stderr).not.toMatch(/S3CR3T|\/steal|include_related/);
      expect(tokenLeaks(result)).toEqual([]);
    } finally {
      stopRedirecting();
      await other.close();
    }
  });

  it("Action: a 302 of a step's telemetry download to another host fails the step; that host gets nothing", async () => {
    // The other host serves a passing build: followed, its telemetry would have become the report.
    const other = await startRecordingServer(new Uint8Array(SUCCESS));
    try {
      const run = addRun({ steps: [1, 4], artifacts: { 4: SUCCESS } });
      dbt.redirectNext(1, 302, (url) =>
        url.searchParams.get("step") === "4"
          ? `${other.origin}/bucket/telemetry.parquet?sig=S3CR3T-SIG`
          : null,
      );
      const result = await runDbtAction({ "dbt-cloud-run-id": String(run.id) });
      expect(result.code).toBe(1);
      expect(result.outputs.conclusion).toBe("failure");
      expect(other.received).toEqual([]);
      expect(result.summary).toContain("telemetry could not be read");
      expect(result.summary).toContain(
        `answered the request for artifact metadata/telemetry-4-otel.parquet of step 4 of run ${run.id} with ` +
          `HTTP 302, a redirect to another host (${other.origin})`,
      );
      expect(result.summary + result.stdout).not.toContain("S3CR3T");
      expect(tokenLeaks(result)).toEqual([]);
    } finally {
      stopRedirecting();
      await other.close();
    }
  });

  it("follows a redirect within the platform's origin, with the token, for the run and the download", async () => {
    const run = addRun();
    // Every request moves once: relative Locations for the run, absolute ones for the downloads.
    dbt.redirectNext(100, 307, (url) => {
      if (url.searchParams.has("moved")) return null;
      const moved = `${url.pathname}${url.search}&moved=1`;
      return url.pathname.includes("/artifacts/") ? `${dbt.baseUrl}${moved}` : moved;
    });
    try {
      const result = await runCli(["--dbt-cloud-run-id", String(run.id)]);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toContain("Step 4:");
      expect(result.stdout).toContain("Step 5:");
      const moved = dbt.requests.filter((r) => r.query.has("moved"));
      expect(moved.map((r) => [r.path.replace(/.*\/runs\/\d+\//, ""), r.status])).toEqual(
        expect.arrayContaining([
          ["", 200],
          ["artifacts/metadata/telemetry-4-otel.parquet", 200],
          ["artifacts/metadata/telemetry-5-otel.parquet", 200],
        ]),
      );
      for (const r of moved) expect(r.authorization).toBe(`Token ${DBT_TOKEN}`);
    } finally {
      stopRedirecting();
    }
  });
});

/** The CLI's flags for the stand-in's `runId` (the token comes by flag or environment, per test). */
const platformArgs = (runId: number): string[] => [
  "--dbt-cloud-base-url",
  dbt.baseUrl,
  "--dbt-cloud-account-id",
  String(ACCOUNT_ID),
  "--dbt-cloud-run-id",
  String(runId),
];

describe("a repeated --dbt-cloud-token", () => {
  it("masks every value given, also the one replaced, where a server's answer echoes them", async () => {
    const run = addRun();
    const first = "dbtc_FirstGivenThenReplaced-9876543210";
    const echo = `unknown token ${first}; also ${DBT_TOKEN}`;
    dbt.failNext(
      1,
      404,
      JSON.stringify({ status: { code: 404, is_success: false, user_message: echo }, data: null }),
    );
    const result = await runCliBundle(
      ["--quiet", "--dbt-cloud-token", first, `--dbt-cloud-token=${DBT_TOKEN}`, ...platformArgs(run.id)],
      { cwd: makeTempDir("fusion-e2e-cli-"), env: {} },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The server said: "unknown token ***; also ***"');
    for (const secret of [first, DBT_TOKEN]) {
      expect(result.stderr + result.stdout).not.toContain(secret.slice(0, 12));
    }
  });
});

describe("a run that lists no steps", () => {
  it("says the API listed none, not that no step had telemetry", async () => {
    const run = addRun({ steps: [] });
    const result = await runCliBundle(["--quiet", ...platformArgs(run.id)], {
      cwd: makeTempDir("fusion-e2e-cli-"),
      env: { DBT_CLOUD_TOKEN: DBT_TOKEN },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `dbt platform run ${run.id} has no step to read telemetry from (the API listed none with an index)`,
    );
  });
});

describe("a wrong id names the input or flag to fix", () => {
  it("Action: a run the account does not have names dbt-cloud-run-id and dbt-cloud-account-id", async () => {
    const run = addRun();
    const result = await runDbtAction({ "dbt-cloud-run-id": String(run.id), "dbt-cloud-account-id": "1" });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `::error::dbt platform: run ${run.id} was not found (HTTP 404). The server said: "The requested resource was ` +
        `not found. Please check that you have the proper permissions.". Check input "dbt-cloud-run-id" (${run.id}) ` +
        `and input "dbt-cloud-account-id" (1), and that the token's project can see this run.`,
    );
    expect(tokenLeaks(result)).toEqual([]);
  });

  it("CLI: a job with no runs at all says so and names the flags, instead of 'among its 0 newest runs'", async () => {
    const result = await runCli(["--dbt-cloud-job-id", "4242", "--pr-number", "418"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "dbt platform: job 4242 has no runs at all (looking for pull request #418). Check --dbt-cloud-job-id",
    );
    expect(result.stderr).toContain("in the account of --dbt-cloud-account-id");
    expect(result.stderr).not.toContain("among its 0 newest runs");
  });

  it("Action: waiting for a job the account does not have ends at once, naming dbt-cloud-job-id", async () => {
    const result = await runAction(null, {
      inputs: {
        ...dbtInputs({ "dbt-cloud-job-id": "4242", "dbt-cloud-wait": "true" }),
        "github-token": "",
      },
      env: { FUSION_REPORT_TEST_CLOCK_SCALE: String(SCALE) },
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("::error::dbt platform: job 4242 was not found (HTTP 404).");
    expect(result.stdout).toContain(
      `Check input "dbt-cloud-job-id" (4242): the CI job's id, the number after /jobs/ in its dbt platform URL, ` +
        `in the account of input "dbt-cloud-account-id" (${ACCOUNT_ID}); and that the token can see the job's ` +
        `project. Not waiting for runs of a job the account does not have (or the token cannot see).`,
    );
    // One look at the runs and one at the job; before, the step waited out dbt-cloud-max-wait-minutes.
    expect(dbt.requests.map((r) => r.path.replace(/^\/api\/v2\/accounts\/\d+/, ""))).toEqual([
      "/runs/",
      "/jobs/4242/",
    ]);
    expect(tokenLeaks(result)).toEqual([]);
  });

  it("CLI: a run found through the job id that then answers 404 does not name --dbt-cloud-run-id", async () => {
    const run = addRun();
    dbt.failNext(1, 404, JSON.stringify(ERROR_404), (path) => path.endsWith(`/runs/${run.id}/`));
    const result = await runCli(["--dbt-cloud-job-id", String(JOB_ID), "--pr-number", "418"]);
    dbt.failNext(0);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`using run ${run.id} of job ${JOB_ID}`);
    expect(result.stderr).toContain(
      `run ${run.id} was not found (HTTP 404). The server said: "The requested resource was not found. ` +
        `Please check that you have the proper permissions.". The run was listed among the runs of the job of ` +
        `--dbt-cloud-job-id; check --dbt-cloud-account-id (${ACCOUNT_ID})`,
    );
    expect(result.stderr).not.toContain("--dbt-cloud-run-id");
  });

  it("CLI: a job whose runs list answers 404 names the job and account flags", async () => {
    const result = await runCli([
      "--dbt-cloud-job-id",
      String(JOB_ID),
      "--pr-number",
      "418",
      "--dbt-cloud-account-id",
      "7",
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Check --dbt-cloud-job-id \(900112\) and --dbt-cloud-account-id \(7\)/);
  });
});

describe("a run that failed in a step without telemetry", () => {
  /**
   * The reference run's `steps`, all passed but `failed`, which ended in Error with `log`; step 4
   * (`dbt build`), when among them, wrote telemetry that shows no failure.
   */
  function addRunWithFailedStep(failed: number, log: string, steps: number[]): FakeRun {
    const base = structuredClone((RUN_WITH_STEPS as { data: FakeRun }).data);
    const runSteps = (base.run_steps ?? [])
      .filter((step) => steps.includes(step.index as number))
      .map((step) =>
        step.index === failed
          ? { ...step, status: 20, status_humanized: "Error", logs: log }
          : { ...step, status: 10, status_humanized: "Success" },
      );
    const run: FakeRun = {
      ...base,
      id: nextRunId++,
      run_steps: runSteps,
      status: 20,
      status_humanized: "Error",
    };
    dbt.addRun(run, { artifacts: steps.includes(4) ? { 4: SUCCESS } : {} });
    return run;
  }
  /** The reference run's clone, profile and deps steps; `dbt deps` ended in Error with this log. */
  const addDepsFailure = (log: string, extraSteps: number[] = []): FakeRun =>
    addRunWithFailedStep(3, log, [1, 2, 3, ...extraSteps]);
  const LOG = "\u001b[32mRunning dbt deps\u001b[0m\nError: package acme/utils@9.9.9 not found\n";

  it("Action: the failed step fails the report, also with if-no-telemetry: neutral, and quotes its log", async () => {
    const run = addDepsFailure(LOG);
    const result = await runDbtAction({ "dbt-cloud-run-id": String(run.id), "if-no-telemetry": "neutral" });
    expect(result.code, result.stdout).toBe(1);
    expect(result.outputs.conclusion).toBe("failure");
    expect(result.stdout).toContain(
      "Step 3 (Invoke dbt with `dbt deps`): ended in Error and produced no Fusion telemetry: reported as a failed step",
    );
    expect(result.summary).toMatch(/### Step 3: Invoke dbt with \\`dbt deps\\`/);
    expect(result.summary).toContain("Step 3 ended with status Error and wrote no Fusion telemetry");
    expect(result.summary).toContain("Error: package acme/utils@9.9.9 not found");
    expect(result.summary).not.toContain("\u001b");
    expect(tokenLeaks(result)).toEqual([]);
  });

  it("Action: a failed step without telemetry is not hidden by a step whose telemetry passed", async () => {
    const run = addDepsFailure(LOG, [4]);
    const result = await runDbtAction({ "dbt-cloud-run-id": String(run.id) });
    expect(result.code, result.stdout).toBe(1);
    expect(result.outputs).toMatchObject({ conclusion: "failure", errors: "0", passed: "4" });
    expect(result.summary.indexOf("### ❌ Step 3:")).toBeGreaterThan(0);
    expect(result.summary.indexOf("### ✅ Step 4:")).toBeGreaterThan(
      result.summary.indexOf("### ❌ Step 3:"),
    );
  });

  it("CLI: exits 1 with the failed step in the report; fail-on never makes it 0", async () => {
    const run = addDepsFailure(LOG);
    const failed = await runCli(["--dbt-cloud-run-id", String(run.id)]);
    expect(failed.code, failed.stderr).toBe(1);
    expect(failed.stdout).toContain("Error: package acme/utils@9.9.9 not found");
    const never = await runCli(["--dbt-cloud-run-id", String(run.id), "--fail-on", "never"]);
    expect(never.code, never.stderr).toBe(0);
  });

  it("Action: a hostile step log is only shown: no runner command, element, mention or link in any channel", async () => {
    const hostileLog =
      "::error::PWNED from the log\n##[warning]PWNED legacy\n\u2028::set-output name=x::PWNED\n" +
      "<img src=x onerror=alert(1)> <details><summary>PWNED</summary> @octocat #1 https://evil.example/x\n" +
      "```\n</details>\n# PWNED heading\n";
    const run = addDepsFailure(hostileLog);
    const result = await runDbtAction({ "dbt-cloud-run-id": String(run.id) });
    expect(result.code, result.stdout).toBe(1);
    expect(result.summary).toContain("PWNED from the log");
    expect(foreignCommands(result.stdout, [DBT_TOKEN, "ghs_e2eTokenValue0123456789abcdefABCDEF"])).toEqual(
      [],
    );
    const html = markdownToHtml(result.summary);
    const elements = new Set<string>();
    const links: string[] = [];
    for (const [node] of walk(parseHtml(html))) {
      if (!isElement(node)) continue;
      elements.add(node.tagName);
      if (node.tagName === "a") links.push(attribute(node, "href") ?? "");
    }
    for (const tag of ["img", "h1", "script"]) expect(elements.has(tag), tag).toBe(false);
    expect(links.filter((href) => href.includes("evil.example") || href.includes("octocat"))).toEqual([]);
  });

  it("CLI: a run cancelled in a step without telemetry is not green because an earlier step passed", async () => {
    // A job timeout (or a newer CI run) cancels the run while `dbt build` runs: no Parquet footer.
    const run = addRun({
      steps: [1, 2, 3, 4, 5],
      artifacts: { 4: SUCCESS },
      run: { status: 30, status_humanized: "Cancelled", is_cancelled: true, is_error: false },
    });
    const [, , , four, five] = run.run_steps!;
    Object.assign(four!, { status: 10, status_humanized: "Success" });
    Object.assign(five!, {
      status: 30,
      status_humanized: "Cancelled",
      logs: "Cancelled: job timeout of 3600 s",
    });
    dbt.addRun(run, { artifacts: { 4: SUCCESS } });
    const { result, report } = await runCliWithReport<Record<string, unknown>>(run.id);

    expect(result.code, result.stdout).toBe(1);
    expect(result.stderr).toContain(
      "step 5 (Invoke dbt with `dbt build --select tag:nightly`): was cancelled",
    );
    expect(result.stdout).toContain("Step 5 was cancelled (status Cancelled) and wrote no Fusion telemetry");
    expect(result.stdout).toContain("Cancelled: job timeout of 3600 s");
    expect(report).toMatchObject({ conclusion: "failure", conclusionReason: "an invocation did not finish" });
    const never = await runCli(["--dbt-cloud-run-id", String(run.id), "--fail-on", "never"]);
    expect(never.code, never.stderr).toBe(0);
  });

  it("CLI: a failed step whose telemetry file has no footer (dbt died writing it) is reported as failed", async () => {
    const run = addDepsFailure(LOG, [4]);
    const build = run.run_steps!.find((step) => step.index === 4)!;
    Object.assign(build, { status: 20, status_humanized: "Error", logs: "Killed: out of memory" });
    // Half of a Parquet file, served whole (its Content-Length says so): the file as it was left.
    dbt.addRun(run, { artifacts: { 4: { bytes: SUCCESS, truncate: true } } });
    const result = await runCli(["--dbt-cloud-run-id", String(run.id)]);

    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(
      "step 4 (Invoke dbt with `dbt build --select state:modified+`): ended in Error and its telemetry is not a " +
        "complete Parquet file",
    );
    expect(result.stdout).toContain("Step 3 ended with status Error");
    expect(result.stdout).toContain(
      "Step 4 ended with status Error and wrote no complete Fusion telemetry (its file ends without the Parquet footer",
    );
    expect(result.stdout).toContain("Killed: out of memory");
  });

  /** Clone, profile and deps passed; `dbt build` (step 4) wrote telemetry with no failure and ended in Error. */
  const addGreenStepInError = (): FakeRun =>
    addRunWithFailedStep(4, "Error: on-run-end hook failed", [1, 2, 3, 4]);

  it("CLI: a step that ended in Error fails the report though its telemetry shows no failure", async () => {
    const run = addGreenStepInError();
    const { result, report } = await runCliWithReport<{ invocations: { failed: boolean }[] }>(run.id);

    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain(
      "Step 4 ended with status Error on the dbt platform, but its telemetry shows no failure",
    );
    expect(result.stdout).toContain("Error: on-run-end hook failed");
    expect(report).toMatchObject({
      conclusion: "failure",
      conclusionReason: "step 4 failed without a node error",
    });
    expect(report.invocations.map((inv) => inv.failed)).toEqual([true]);
    const never = await runCli(["--dbt-cloud-run-id", String(run.id), "--fail-on", "never"]);
    expect(never.code, never.stderr).toBe(0);
  });

  it("Action: the check of a run whose green-looking step ended in Error is a failure, and says why", async () => {
    const run = addGreenStepInError();
    const result = await runDbtAction({ "dbt-cloud-run-id": String(run.id) });
    expect(result.code, result.stdout).toBe(1);
    expect(result.outputs.conclusion).toBe("failure");
    expect(result.summary).toContain(
      "Step 4 ended with status Error on the dbt platform, but its telemetry shows no failure",
    );
    expect(tokenLeaks(result)).toEqual([]);
  });

  it("CLI: a failed step whose name and status are not text is still reported, schema-valid", async () => {
    const run = addDepsFailure(LOG, [4]);
    const [, , deps, build] = run.run_steps!;
    Object.assign(deps!, { name: 42, status_humanized: 7, logs: { not: "text" } });
    Object.assign(build!, { name: ["x"], status_humanized: { y: 1 } });
    dbt.addRun(run, { artifacts: { 4: SUCCESS } });
    const { result, report } = await runCliWithReport<{ invocations: { source: unknown }[] }>(run.id);

    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).not.toContain("is not a function");
    expect(result.stdout).toContain("Step 3 ended with status Error and wrote no Fusion telemetry");
    expect(report.invocations.map((inv) => inv.source)).toMatchObject([
      { step: { index: 3, name: "step 3" } },
      { step: { index: 4, name: "step 4" } },
    ]);
  });

  it("a cancelled run without telemetry says it was cancelled", async () => {
    const run = addRun({ steps: [1, 2], artifacts: {}, run: { status: 30, status_humanized: "Cancelled" } });
    const result = await runCli(["--dbt-cloud-run-id", String(run.id)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `dbt platform run ${run.id} was cancelled before any step wrote Fusion telemetry`,
    );
  });
});

describe("an interrupted CLI", () => {
  it("removes the folder it was downloading into, and ends by the signal (128 + it, to a shell)", async () => {
    const run = addRun();
    const tmp = makeTempDir("fusion-e2e-sigint-");
    dbt.slowNext(20, 5_000);
    const child = spawn(process.execPath, [DIST_CLI, "--quiet", ...platformArgs(run.id)], {
      cwd: tmp,
      env: { PATH: dirname(process.execPath), TMPDIR: tmp, DBT_CLOUD_TOKEN: DBT_TOKEN },
      stdio: "ignore",
    });
    const exited = new Promise<string>((resolve) =>
      child.once("exit", (code, signal) => resolve(signal ?? `code ${code}`)),
    );
    const working = (): string[] => readdirSync(tmp).filter((name) => name.startsWith("fusion-report-"));
    for (let waited = 0; working().length === 0 && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(working()).toHaveLength(1);
    child.kill("SIGINT");
    // Ended by the signal itself, raised again after the clean-up: a shell sees 130.
    expect(await exited).toBe("SIGINT");
    expect(working()).toEqual([]);
    dbt.slowNext(0, 0);
  }, 30_000);

  // As PID 1 (a container without an init) a signal left to its default action is ignored, so the
  // raised signal did nothing and the run went on. Needs root and util-linux' unshare for a PID namespace.
  const pidNamespace = process.getuid?.() === 0 && existsSync("/usr/bin/unshare");
  it.runIf(pidNamespace)(
    "as PID 1 it still ends on SIGTERM, with 128 + 15",
    async () => {
      const run = addRun();
      const tmp = makeTempDir("fusion-e2e-pid1-");
      dbt.slowNext(20, 5_000);
      const unshare = spawn(
        "/usr/bin/unshare",
        ["--pid", "--fork", process.execPath, DIST_CLI, "--quiet", ...platformArgs(run.id)],
        {
          cwd: tmp,
          env: { PATH: dirname(process.execPath), TMPDIR: tmp, DBT_CLOUD_TOKEN: DBT_TOKEN },
          stdio: "ignore",
        },
      );
      const exited = new Promise<number | null>((resolve) => unshare.once("exit", (code) => resolve(code)));
      const working = (): string[] => readdirSync(tmp).filter((name) => name.startsWith("fusion-report-"));
      for (let waited = 0; working().length === 0 && waited < 10_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(working()).toHaveLength(1);
      // The CLI is unshare's child: PID 1 inside its namespace.
      const pid = Number(execFileSync("pgrep", ["-P", String(unshare.pid)], { encoding: "utf8" }).trim());
      process.kill(pid, "SIGTERM");
      const late = setTimeout(() => unshare.kill("SIGKILL"), 10_000);
      // unshare exits with its child's status (a shell's 128 + 15): the raised signal alone did nothing.
      expect(await exited).toBe(143);
      clearTimeout(late);
      expect(working()).toEqual([]);
      dbt.slowNext(0, 0);
    },
    30_000,
  );
});

describe("dbt platform settings errors name what the user set", () => {
  const queued = { status: 1, status_humanized: "Queued", is_complete: false, finished_at: null };
  /** The CLI with nothing but the arguments and `env` (no DBT_CLOUD_* from the other tests). */
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCliBundle(["--quiet", ...args], { cwd: makeTempDir("fusion-e2e-cli-"), env });

  it("CLI: the flag, the DBT_CLOUD_* variable it came from, or both ways when it is missing", async () => {
    const where = ["--dbt-cloud-base-url", dbt.baseUrl, "--dbt-cloud-account-id", String(ACCOUNT_ID)];
    const missing = await cli(["--dbt-cloud-run-id", "7", ...where]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      "fusion-report: dbt platform: --dbt-cloud-token (or DBT_CLOUD_TOKEN) is required: " +
        "use a dbt platform service token or personal access token.\n",
    );
    const spaced = `Token ${DBT_TOKEN}`;
    const byEnv = await cli(["--dbt-cloud-run-id", "7", ...where], { DBT_CLOUD_TOKEN: spaced });
    expect(byEnv.stderr).toMatch(/^fusion-report: dbt platform: DBT_CLOUD_TOKEN contains whitespace; /);
    const byFlag = await cli(["--dbt-cloud-run-id", "7", ...where, "--dbt-cloud-token", spaced]);
    expect(byFlag.stderr).toMatch(/^fusion-report: dbt platform: --dbt-cloud-token contains whitespace; /);
    for (const run of [byEnv, byFlag]) {
      expect(run.code).toBe(2);
      expect(tokenLeaks(run)).toEqual([]);
    }
    const http = await cli([], {
      DBT_CLOUD_BASE_URL: "http://ab123.us1.dbt.com",
      DBT_CLOUD_ACCOUNT_ID: String(ACCOUNT_ID),
      DBT_CLOUD_TOKEN: DBT_TOKEN,
      DBT_CLOUD_RUN_ID: "7",
    });
    expect(http.stderr).toMatch(/^fusion-report: dbt platform: DBT_CLOUD_BASE_URL must use https: /);
    const badId = await cli(["--dbt-cloud-run-id", "seven", ...where], { DBT_CLOUD_TOKEN: DBT_TOKEN });
    expect(badId.stderr).toMatch(
      /^fusion-report: dbt platform: --dbt-cloud-run-id must be a positive whole number/,
    );
  });

  it("CLI: an unfinished run names --dbt-cloud-wait", async () => {
    const run = addRun({ run: queued });
    const result = await runCli(["--dbt-cloud-run-id", String(run.id)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`run ${run.id} is still Queued and waiting is off (--dbt-cloud-wait);`);
  });

  it("Action: the input, never a CLI flag or variable", async () => {
    const missing = await runDbtAction({ "dbt-cloud-run-id": "7", "dbt-cloud-token": "" });
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/^::error::dbt platform: input "dbt-cloud-token" is required: /m);
    expect(missing.summary).not.toMatch(/DBT_CLOUD_TOKEN|--dbt-cloud/);
    // The input's fault, said as such (it read "telemetry could not be read").
    expect(missing.summary).toContain("an input cannot be used");
    const unfinished = addRun({ run: queued });
    const waiting = await runDbtAction({ "dbt-cloud-run-id": String(unfinished.id) });
    expect(waiting.stdout).toMatch(/waiting is off \(input "dbt-cloud-wait"\); turn it on/);
    const tooLong = await runDbtAction({ "dbt-cloud-run-id": "7", "dbt-cloud-max-wait-minutes": "500" });
    expect(tooLong.code).toBe(1);
    expect(tooLong.stdout).toMatch(
      /^::error::input 'dbt-cloud-max-wait-minutes': '500' is not a number from 1 to 360/m,
    );
  });

  it("Action: an empty token on a fork's pull request says GitHub passes it no secrets", async () => {
    const run = await runAction(null, {
      inputs: {
        "github-token": "",
        ...dbtInputs({ "dbt-cloud-job-id": String(JOB_ID), "dbt-cloud-token": "" }),
      },
      payload: pullRequestPayload({ headRepo: "contributor/analytics" }),
      env: { FUSION_REPORT_TEST_CLOCK_SCALE: String(SCALE), GITHUB_API_URL: "http://127.0.0.1:9" },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^::error::dbt platform: input "dbt-cloud-token" is empty: this run is for a pull request from the fork contributor\/analytics, and GitHub does not pass secrets to workflows run for pull requests from forks\. .*'Fork-safe two-workflow setup'/m,
    );
    expect(run.summary).toContain("an input cannot be used");
    expect(dbt.requests).toEqual([]);
  });
});

describe("Action (dist/index.js) with workflow artifacts", () => {
  it("reads telemetry from another run's artifact and uploads the reports as an artifact", async () => {
    const github = await startArtifactServer();
    try {
      github.add({
        name: "dbt-telemetry",
        runId: 555,
        zip: buildZip([{ name: "target/metadata/telemetry.parquet", data: FAILED }]),
      });
      const result = await runAction(null, {
        event: "workflow_run",
        payload: { workflow_run: { id: 555, head_sha: HEAD_SHA, pull_requests: [] } },
        inputs: {
          "artifact-name": "dbt-telemetry",
          "check-run": "false",
          comment: "off",
          "upload-artifact": "fusion-report",
        },
        env: {
          GITHUB_API_URL: github.url,
          ACTIONS_RESULTS_URL: `${github.url}/`,
          ACTIONS_RUNTIME_TOKEN: runtimeToken("run-1", "job-2"),
        },
      });

      expect(result.code, result.stdout).toBe(1);
      expect(result.outputs.conclusion).toBe("failure");
      expect(result.stdout).toContain(
        "Found 1 telemetry file(s) in artifact 'dbt-telemetry' of workflow run 555",
      );
      expect(github.requests.map((r) => r.path)).toContain(
        "/repos/acme/analytics/actions/runs/555/artifacts",
      );
      const upload = github.uploads.find((u) => u.name === "fusion-report");
      expect(upload?.finalized).toBe(true);
      expect(listZipEntries(upload!.bytes).sort()).toEqual(["fusion-report.json", "fusion-report.md"]);
    } finally {
      await github.close();
    }
  });
});
