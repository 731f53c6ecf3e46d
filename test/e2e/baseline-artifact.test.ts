// `baseline-artifact` end to end: `node dist/index.js` on a pull request finds the newest successful
// run of its own workflow on the base branch (GitHub stand-in, OpenAPI-validated), downloads that
// run's report artifact (artifact stand-in, behind one API origin) and compares with it.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderJsonReport } from "../../src/render/json-report.js";
import { buildZip, startArtifactServer, type ArtifactServer } from "../support/artifact-server.js";
import { reportFor } from "../support/report.js";
import {
  ensureBuilt,
  expectTokenHidden,
  fixture,
  PR_NUMBER,
  runAction,
  startGateway,
  startServer,
  type E2EServer,
} from "./helpers.js";

// preview.120 `dbt build`: 1 unit-test error, 1 failed test. preview.72: everything passes.
const PR_TELEMETRY = fixture("preview120_build_success.otel.jsonl");
const BASE_RUN = 31415926;
const WORKFLOW_REF = "acme/analytics/.github/workflows/dbt.yml@refs/pull/418/merge";

let server: E2EServer;
let artifacts: ArtifactServer;
let gateway: { url: string; close(): Promise<void> };

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  server = await startServer();
  artifacts = await startArtifactServer();
  gateway = await startGateway(server, artifacts);
});
afterEach(async () => {
  expect(server.violations).toEqual([]);
  await gateway.close();
  await artifacts.close();
  await server.close();
});

function seedBaseRun(conclusion: "success" | "failure" = "success"): void {
  server.workflowRuns.push({
    id: BASE_RUN,
    workflow: "dbt.yml",
    workflowId: 161335,
    branch: "main",
    status: "completed",
    conclusion,
    event: "push",
    headSha: "c".repeat(40),
    createdAt: "2026-11-20T10:00:00Z",
  });
}

describe("baseline-artifact", () => {
  it("compares with the base branch's report from its newest successful run; new failures fail the step", async () => {
    seedBaseRun();
    const base = await reportFor(["test/fixtures/real/preview72_build_success.otel.jsonl"]);
    artifacts.add({
      name: "fusion-report-main",
      runId: BASE_RUN,
      zip: buildZip([
        { name: "fusion-report.json", data: renderJsonReport(base) },
        { name: "fusion-report.md", data: "# dbt Fusion\n" },
      ]),
    });

    const run = await runAction(server, {
      apiUrl: gateway.url,
      env: { GITHUB_WORKFLOW_REF: WORKFLOW_REF },
      inputs: { telemetry: PR_TELEMETRY, "fail-on": "new-errors", "baseline-artifact": "fusion-report-main" },
    });

    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::dbt Fusion: .*new failure.*\(fail-on: new-errors\)/);
    const list = server.requests.find((r) => r.operationId === "actions/list-workflow-runs");
    expect(list).toMatchObject({
      path: "/repos/acme/analytics/actions/workflows/dbt.yml/runs",
      query: { branch: "main", status: "success", per_page: "100" },
    });
    expect(artifacts.requests.map((r) => r.path)).toContain(
      `/repos/acme/analytics/actions/runs/${BASE_RUN}/artifacts`,
    );

    // The comment leads with what the pull request changed.
    const [comment] = server.commentsOn(PR_NUMBER);
    const body = comment!.body;
    const compared = body.indexOf("### 🔁 Compared with the base branch");
    expect(compared).toBeGreaterThan(0);
    expect(body.slice(compared)).toMatch(
      /^### 🔁 Compared with the base branch\n+\*\*🆕 \d+ new failures?\*\*/,
    );
    expect(compared).toBeLessThan(body.indexOf("Errors ("));
    expect(body).toContain(`fusion-report-main (run ${BASE_RUN} on main)`);
    expect(run.outputs.conclusion).toBe("failure");
    expectTokenHidden(run);
  });

  it("without a successful base-branch run, says the comparison was skipped and fails like `errors`", async () => {
    seedBaseRun("failure");
    const run = await runAction(server, {
      apiUrl: gateway.url,
      env: { GITHUB_WORKFLOW_REF: WORKFLOW_REF },
      inputs: {
        telemetry: PR_TELEMETRY,
        "fail-on": "new-errors",
        "baseline-artifact": "fusion-report-main",
        "baseline-workflow": "dbt.yml",
      },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "::warning::Baseline comparison skipped: no successful run of workflow 'dbt.yml' on main yet.",
    );
    expect(run.stdout).toContain("::error::dbt Fusion: 1 node error, 1 failed test (fail-on: new-errors)");
    expect(server.commentsOn(PR_NUMBER)[0]!.body).not.toContain("Compared with the base branch");
  });

  it("when GitHub fails to list the base branch's runs, skips the comparison and still publishes", async () => {
    seedBaseRun();
    server.inject({
      operationId: "actions/list-workflow-runs",
      status: 500,
      body: { message: "Server Error" },
    });
    const run = await runAction(server, {
      apiUrl: gateway.url,
      env: { GITHUB_WORKFLOW_REF: WORKFLOW_REF },
      inputs: { telemetry: PR_TELEMETRY, "fail-on": "new-errors", "baseline-artifact": "fusion-report-main" },
    });
    expect(run.stdout).toContain(
      "::warning::Baseline comparison skipped: GitHub did not list the runs of workflow 'dbt.yml' on main " +
        "(HTTP 500: Server Error. GitHub may be having an outage (https://www.githubstatus.com); re-run the job " +
        "later). The report has no comparison and fail-on: new-errors acts like errors.",
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("::error::dbt Fusion: 1 node error, 1 failed test (fail-on: new-errors)");
    expect(server.commentsOn(PR_NUMBER)).toHaveLength(1);
    expect(server.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "failure" });
  });

  it("never takes the baseline from a fork's pull request whose branch is named like the base branch", async () => {
    // The base branch's own push run: the unit test passed there, so this PR's error is new.
    seedBaseRun();
    const base = await reportFor(["test/fixtures/real/preview72_build_success.otel.jsonl"]);
    artifacts.add({
      name: "fusion-report-main",
      runId: BASE_RUN,
      zip: buildZip([{ name: "fusion-report.json", data: renderJsonReport(base) }]),
    });
    // A fork's PR from its own `main`, newer and successful: GitHub lists it under branch=main. Its
    // "baseline" (this PR's own report) would make every failure "still failing": neutral, not red.
    const FORK_RUN = BASE_RUN + 1;
    server.workflowRuns.push({
      id: FORK_RUN,
      workflow: "dbt.yml",
      workflowId: 161335,
      branch: "main",
      status: "completed",
      conclusion: "success",
      event: "pull_request",
      headSha: "f".repeat(40),
      createdAt: "2026-11-21T10:00:00Z",
      headRepository: "mallory/analytics",
    });
    const poisoned = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    artifacts.add({
      name: "fusion-report-main",
      runId: FORK_RUN,
      zip: buildZip([{ name: "fusion-report.json", data: renderJsonReport(poisoned) }]),
    });

    const run = await runAction(server, {
      apiUrl: gateway.url,
      env: { GITHUB_WORKFLOW_REF: WORKFLOW_REF },
      inputs: { telemetry: PR_TELEMETRY, "fail-on": "new-errors", "baseline-artifact": "fusion-report-main" },
    });

    expect(run.code, run.stdout).toBe(1);
    expect(run.outputs.conclusion).toBe("failure");
    expect(run.stdout).toMatch(/::error::dbt Fusion: .*new failure.*\(fail-on: new-errors\)/);
    expect(run.stdout).toContain("Baseline: passed over 1 newer successful run(s) of 'dbt.yml' on main");
    const downloads = artifacts.requests.map((r) => r.path);
    expect(downloads).toContain(`/repos/acme/analytics/actions/runs/${BASE_RUN}/artifacts`);
    expect(downloads).not.toContain(`/repos/acme/analytics/actions/runs/${FORK_RUN}/artifacts`);
    expect(server.commentsOn(PR_NUMBER)[0]!.body).toContain(`fusion-report-main (run ${BASE_RUN} on main)`);
  });
});
