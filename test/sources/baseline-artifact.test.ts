// The baseline from the newest successful base-branch run's artifact: workflow runs from the
// OpenAPI-validating GitHub stand-in, the artifact through the real `@actions/artifact` client from
// the artifact stand-in (both on 127.0.0.1).
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildZip, startArtifactServer } from "../support/artifact-server.js";
import { FakeGitHub, type FakeWorkflowRun } from "../support/github-server.js";
import { reportFor } from "../support/report.js";
import { rejection } from "../support/rejection.js";
import { makeTempDir } from "../support/temp-dir.js";

const artifacts = await startArtifactServer();
// @actions/artifact reads GITHUB_API_URL when it is imported: set it first, import afterwards.
const saved = { ...process.env };
process.env.GITHUB_API_URL = artifacts.url;
process.env.GITHUB_SERVER_URL = "https://github.com";
const { pickReportFile } = await import("../../src/sources/baseline-artifact.js");
const { baselineTarget, findLatestSuccessfulRun, isBaselineRun, readDefaultBranch, workflowFromRef } =
  await import("../../src/github/baseline-run.js");
const { downloadBaselineReport } = await import("../../src/pipeline/baseline.js");
const { createArtifactReader } = await import("../../src/github/artifact-download.js");
const { BaselineError } = await import("../../src/model/baseline.js");
const { createClient } = await import("../../src/github/client.js");
const { renderJsonReport } = await import("../../src/render/json-report.js");

const TOKEN = "ghs_baselineTest0123456789abcdefABCDEF";
const ARTIFACT = "fusion-report-main";
// The green preview.72 build (two invocations, everything passed), as the base branch's report.
const BASE_REPORT = renderJsonReport(
  await reportFor(["test/fixtures/real/preview72_build_success.otel.jsonl"]),
);

let github: FakeGitHub;
let temp: string;
const logs: string[] = [];

beforeEach(async () => {
  github = await FakeGitHub.start();
  temp = makeTempDir("fusion-baseline-artifact-");
  logs.length = 0;
  artifacts.forbidden = false;
});

afterEach(async () => {
  expect(github.violations).toEqual([]);
  await github.close();
});

afterAll(async () => {
  await artifacts.close();
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});

let nextRun = 5000;
function seedRun(over: Partial<FakeWorkflowRun>): FakeWorkflowRun {
  const run: FakeWorkflowRun = {
    id: nextRun++,
    workflow: "dbt-main.yml",
    workflowId: 161335,
    branch: "main",
    status: "completed",
    conclusion: "success",
    event: "push",
    headSha: "a".repeat(40),
    createdAt: "2026-11-20T10:00:00Z",
    ...over,
  };
  github.workflowRuns.push(run);
  return run;
}

function lookup(over: { workflow?: string; branch?: string } = {}) {
  const octokit = createClient(TOKEN, { baseUrl: github.url, fastRetry: true });
  const log = (line: string) => logs.push(line);
  return downloadBaselineReport(
    {
      artifact: ARTIFACT,
      workflow: over.workflow ?? "dbt-main.yml",
      branch: over.branch ?? "main",
      tempDir: temp,
    },
    {
      findRun: async (run) => {
        const found = await findLatestSuccessfulRun(octokit, { owner: "acme", repo: "analytics", ...run });
        return found.absent ? { absent: found.absent } : found.run;
      },
      readArtifact: createArtifactReader(
        { token: TOKEN, repository: "acme/analytics", timeoutMs: 60_000 },
        { log },
      ).readBaseline,
      log,
    },
  );
}

describe("pure parts", () => {
  it("takes the workflow file name from GITHUB_WORKFLOW_REF", () => {
    expect(workflowFromRef("acme/analytics/.github/workflows/dbt.yml@refs/pull/418/merge")).toBe("dbt.yml");
    expect(workflowFromRef("acme/analytics/.github/workflows/ci.yaml@refs/heads/main")).toBe("ci.yaml");
    expect(workflowFromRef(undefined)).toBeNull();
    expect(workflowFromRef("")).toBeNull();
  });

  it("searches the PR's base branch, else GITHUB_BASE_REF, else the default branch in the payload", () => {
    const env = { GITHUB_WORKFLOW_REF: "acme/analytics/.github/workflows/dbt.yml@refs/pull/1/merge" };
    expect(baselineTarget(null, { pull_request: { base: { ref: "develop" } } }, env)).toEqual({
      workflow: "dbt.yml",
      branch: "develop",
    });
    expect(baselineTarget("dbt-main.yml", {}, { ...env, GITHUB_BASE_REF: "release" })).toEqual({
      workflow: "dbt-main.yml",
      branch: "release",
    });
    expect(baselineTarget(null, { repository: { default_branch: "trunk" } }, env).branch).toBe("trunk");
    expect(baselineTarget("123", {}, {})).toEqual({ workflow: "123", branch: null });
    expect(() => baselineTarget(null, {}, {})).toThrow(/set baseline-workflow/);
  });

  it("on workflow_run, takes the base branch only from a pull request of this repository", () => {
    const env = {
      GITHUB_WORKFLOW_REF: "acme/analytics/.github/workflows/dbt.yml@refs/heads/main",
      GITHUB_REPOSITORY: "acme/analytics",
    };
    const pullInto = (repo: string, ref: string) => ({
      number: 1,
      head: { ref: "main", sha: "a".repeat(40), repo: { id: 2, url: "", name: "x" } },
      base: {
        ref,
        sha: "b".repeat(40),
        repo: { id: 3, url: `https://api.github.com/repos/${repo}`, name: "x" },
      },
    });
    const payload = (pulls: ReturnType<typeof pullInto>[]) => ({
      workflow_run: { head_sha: "a".repeat(40), pull_requests: pulls },
      repository: { default_branch: "main" },
    });
    const elsewhere = pullInto("someone/else", "their-branch");
    expect(baselineTarget(null, payload([elsewhere]), env).branch).toBe("main");
    expect(
      baselineTarget(null, payload([elsewhere, pullInto("acme/analytics", "develop")]), env).branch,
    ).toBe("develop");
  });

  it("trusts only the repository's own push, schedule and dispatch runs on the branch", () => {
    const where = { owner: "acme", repo: "analytics", branch: "main" };
    const run = (over: Record<string, unknown> = {}) => ({
      id: 1,
      head_sha: "a".repeat(40),
      head_branch: "main",
      event: "push",
      conclusion: "success",
      head_repository: { full_name: "Acme/Analytics" },
      ...over,
    });
    for (const event of ["push", "schedule", "workflow_dispatch", "repository_dispatch"]) {
      expect(isBaselineRun(run({ event }), where), event).toBe(true);
    }
    for (const event of ["pull_request", "pull_request_target", "workflow_run", "merge_group", undefined]) {
      expect(isBaselineRun(run({ event }), where), String(event)).toBe(false);
    }
    expect(isBaselineRun(run({ head_repository: { full_name: "mallory/analytics" } }), where)).toBe(false);
    expect(isBaselineRun(run({ head_repository: null }), where)).toBe(false);
    expect(isBaselineRun(run({ head_branch: "feature" }), where)).toBe(false);
    expect(isBaselineRun(run({ conclusion: "failure" }), where)).toBe(false);
  });

  it("picks fusion-report.json, else the one JSON file that is not run_results.json", () => {
    expect(pickReportFile(["run_results.json", "fusion-report.json"])).toBe("fusion-report.json");
    expect(pickReportFile(["report.json", "run_results.json"])).toBe("report.json");
    expect(pickReportFile(["a.json", "b.json"])).toBeNull();
    expect(pickReportFile(["run_results.json"])).toBeNull();
    // An artifact uploaded before the JSON report was always named fusion-report.json.
    expect(pickReportFile(["report.json", "run_results.fusion.json"])).toBe("report.json");
  });
});

describe("downloadBaselineReport", () => {
  it("parses the report of the newest successful run on the base branch", async () => {
    seedRun({ id: 101, createdAt: "2026-11-18T10:00:00Z" });
    const newest = seedRun({ id: 102, createdAt: "2026-11-19T10:00:00Z", headSha: "b".repeat(40) });
    seedRun({ id: 103, createdAt: "2026-11-20T10:00:00Z", conclusion: "failure" });
    seedRun({ id: 104, createdAt: "2026-11-21T10:00:00Z", branch: "feature/x" });
    seedRun({ id: 105, createdAt: "2026-11-22T10:00:00Z", status: "in_progress", conclusion: null });
    for (const runId of [101, 102, 103, 104]) {
      artifacts.add({
        name: ARTIFACT,
        runId,
        zip: buildZip([
          { name: "fusion-report.json", data: runId === 102 ? BASE_REPORT : "{}" },
          { name: "run_results.json", data: "{}" },
          { name: "fusion-report.md", data: "# dbt Fusion\n" },
        ]),
      });
    }

    const result = await lookup();
    expect(result).toMatchObject({ found: true, runId: newest.id, source: `${ARTIFACT} (run 102 on main)` });
    if (!result.found) throw new Error("expected a baseline");
    expect(result.report.schemaVersion).toBe(1);
    expect(result.report.invocations).toHaveLength(2);
    expect(logs.join("\n")).toContain(`artifact '${ARTIFACT}' of workflow run 102 (fusion-report.json)`);

    const list = github.requests.find((r) => r.operationId === "actions/list-workflow-runs");
    expect(list).toMatchObject({
      path: "/repos/acme/analytics/actions/workflows/dbt-main.yml/runs",
      query: { branch: "main", status: "success", exclude_pull_requests: "true", per_page: "100" },
      authorization: `token ${TOKEN}`,
    });
    expect(artifacts.requests.map((r) => r.path)).toContain(
      "/repos/acme/analytics/actions/runs/102/artifacts",
    );
  });

  it("accepts a numeric workflow id", async () => {
    seedRun({ id: 201 });
    artifacts.add({
      name: ARTIFACT,
      runId: 201,
      zip: buildZip([{ name: "report.json", data: BASE_REPORT }]),
    });
    expect(await lookup({ workflow: "161335" })).toMatchObject({ found: true, runId: 201 });
  });

  it("skips with a reason when the base branch has no successful run yet", async () => {
    seedRun({ id: 301, conclusion: "failure" });
    seedRun({ id: 302, branch: "develop" });
    expect(await lookup()).toEqual({
      found: false,
      reason: "no successful run of workflow 'dbt-main.yml' on main yet",
    });
  });

  it("skips with a reason when the run has no such artifact", async () => {
    seedRun({ id: 401 });
    artifacts.add({
      name: "dbt-state-main",
      runId: 401,
      zip: buildZip([{ name: "manifest.json", data: "{}" }]),
    });
    const result = await lookup();
    expect(result.found).toBe(false);
    if (result.found) return;
    expect(result.reason).toContain(`artifact '${ARTIFACT}' of workflow run 401 was not found`);
  });

  it("skips with a reason when the artifact has expired", async () => {
    seedRun({ id: 501 });
    artifacts.add({
      name: ARTIFACT,
      runId: 501,
      expired: true,
      zip: buildZip([{ name: "fusion-report.json", data: BASE_REPORT }]),
    });
    const result = await lookup();
    expect(result).toEqual({
      found: false,
      reason: expect.stringContaining("of workflow run 501 has expired"),
    });
  });

  it("stops on a corrupt report, naming the artifact, the run and the file", async () => {
    seedRun({ id: 601 });
    artifacts.add({
      name: ARTIFACT,
      runId: 601,
      zip: buildZip([{ name: "fusion-report.json", data: "{not json" }]),
    });
    const error = await rejection(lookup());
    expect(error).toBeInstanceOf(BaselineError);
    expect(error.message).toMatch(
      new RegExp(
        `^baseline artifact '${ARTIFACT}' of workflow run 601 \\(fusion-report.json\\): not valid JSON`,
      ),
    );
  });

  it("stops on an artifact without a JSON report (the wrong artifact name)", async () => {
    seedRun({ id: 701 });
    artifacts.add({
      name: ARTIFACT,
      runId: 701,
      zip: buildZip([{ name: "logs/dbt.otel.jsonl", data: "{}" }]),
    });
    const error = await rejection(lookup());
    expect(error).toBeInstanceOf(BaselineError);
    expect(error.message).toContain(`artifact '${ARTIFACT}' of workflow run 701 holds no *.json file`);
  });

  it("names `actions: read` when GitHub refuses to list the runs", async () => {
    seedRun({ id: 801 });
    github.forbid("actions/list-workflow-runs");
    const error = await rejection(lookup());
    expect(error).toBeInstanceOf(BaselineError);
    expect(error.message).toContain("403");
    expect(error.message).toContain("permissions: actions: read");
    expect(error.message).not.toContain(TOKEN);
  });

  it("names `actions: read` when GitHub refuses the artifact download", async () => {
    seedRun({ id: 901 });
    artifacts.forbidden = true;
    const error = await rejection(lookup());
    expect(error).toBeInstanceOf(BaselineError);
    expect(error.message).toContain("HTTP 403");
    expect(error.message).toContain("actions: read");
  });

  it("skips, naming the status and a possible outage, when GitHub fails to list the runs (5xx)", async () => {
    // A baseline only adds to the report: GitHub failing to answer costs the comparison, not the step.
    seedRun({ id: 1101 });
    github.inject({
      operationId: "actions/list-workflow-runs",
      status: 503,
      body: "<html><body><h1>503 Service Unavailable</h1>\n::error::No server is available</body></html>",
    });
    const result = await lookup();
    expect(result.found).toBe(false);
    if (result.found) return;
    expect(result.reason).toMatch(
      /^GitHub did not list the runs of workflow 'dbt-main\.yml' on main \(HTTP 503: 503 Service Unavailable ::error::No server is available\. GitHub may be having an outage/,
    );
    expect(result.reason).not.toMatch(/[<>\n]/);
  });

  it("skips, saying to re-run later, when GitHub rate-limits the listing", async () => {
    seedRun({ id: 1201 });
    github.inject({
      operationId: "actions/list-workflow-runs",
      status: 429,
      body: { message: "Too many requests" },
      headers: { "retry-after": "0" },
    });
    const result = await lookup();
    expect(result).toEqual({
      found: false,
      reason: expect.stringMatching(/\(rate limited: Too many requests; re-run the job later\)$/),
    });
  });

  it("skips, saying which workflow GitHub does not know and why that may be, when it is not found", async () => {
    // The pull request that adds the base branch's workflow: GitHub answers 404 until it is merged.
    seedRun({ id: 1001 });
    expect(await lookup({ workflow: "nope.yml" })).toEqual({
      found: false,
      reason:
        "workflow 'nope.yml' was not found in acme/analytics (404): it has no baseline until it is on the default " +
        "branch (the pull request that adds it), or baseline-workflow names the wrong file (give the file name, " +
        "e.g. dbt-main.yml, or the id of the workflow that uploads the report)",
    });
  });
});

describe("readDefaultBranch", () => {
  it("gives a skip reason when GitHub fails to answer", async () => {
    const octokit = createClient(TOKEN, { baseUrl: github.url, fastRetry: true });
    github.inject({ operationId: "repos/get", status: 502, body: { message: "Bad gateway" } });
    expect(await readDefaultBranch(octokit, "acme", "analytics")).toEqual({
      skip: expect.stringMatching(
        /^GitHub did not give the default branch of acme\/analytics \(HTTP 502: Bad gateway\. /,
      ),
    });
  });

  it("stops when GitHub refuses to give the default branch", async () => {
    const octokit = createClient(TOKEN, { baseUrl: github.url, fastRetry: true });
    github.forbid("repos/get");
    await expect(readDefaultBranch(octokit, "acme", "analytics")).rejects.toThrow(
      /cannot read the default branch/,
    );
  });

  it("asks the API when the event names no base branch", async () => {
    github.defaultBranch = "trunk";
    expect(await readDefaultBranch(createClient(TOKEN, { baseUrl: github.url }), "acme", "analytics")).toBe(
      "trunk",
    );
  });
});
