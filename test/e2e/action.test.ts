// The Action end to end, the way the runner runs a JavaScript action: `node dist/index.js` as a
// child process with INPUT_* / GITHUB_* variables and nothing else in its environment, talking to
// the GitHub stand-in (every request validated against GitHub's OpenAPI description).
import { existsSync, readFileSync } from "node:fs";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildZip, startArtifactServer } from "../support/artifact-server.js";
import { BOT, HUMAN } from "../support/github-server.js";
import {
  ensureBuilt,
  expectTokenHidden,
  fixture,
  HEAD_SHA,
  hugeErrorsJsonl,
  manyFailingTestsJsonl,
  MERGE_SHA,
  PR_NUMBER,
  pullRequestPayload,
  PUSH_SHA,
  runAction,
  startGateway,
  startServer,
  tempFile,
  TOKEN,
  type ActionRun,
  type E2EServer,
  type RunOptions,
} from "./helpers.js";

const MARKER = "<!-- fusion-report:dbt Fusion -->";
// preview.120 `dbt build` on jaffle_shop: 1 unit-test error, 1 failed test, 4 skipped, 42 passed.
const FAILING = fixture("preview120_build_success.otel.jsonl");
// preview.72: two invocations, everything passes.
const PASSING = fixture("preview72_build_success.otel.jsonl");
const PARQUET_FAILED = fixture("parquet-replica/preview120_failed.REPLICA.parquet");

let server: E2EServer;

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  expect(server.violations).toEqual([]);
  await server.close();
});

/** Runs the Action and checks what must hold for every run: no token anywhere the user can see it. */
async function act(options: RunOptions): Promise<ActionRun> {
  const run = await runAction(server, options);
  expectTokenHidden(run);
  // `::add-mask::<token>` is the one line that must carry it: the runner consumes it and masks the value.
  expect(run.stdout).toContain(`::add-mask::${TOKEN}`);
  const reportJson = run.outputs["report-json"];
  if (reportJson && existsSync(reportJson)) expect(readFileSync(reportJson, "utf8")).not.toContain(TOKEN);
  return run;
}

const ops = (op: string) => server.requests.filter((r) => r.operationId === op);

/** GitHub's workflow_run event after a fork's pull_request run (an excerpt, pull_requests empty). */
const workflowRunExcerpt = (): unknown =>
  JSON.parse(
    readFileSync(
      new URL("../fixtures/reference/examples/gh-workflow-run-event-excerpt.json", import.meta.url),
      "utf8",
    ),
  );

describe("pull_request", () => {
  it("first run: sticky comment, check run on the PR head with annotations, summary, outputs, exit 1", async () => {
    const run = await act({ inputs: { telemetry: FAILING, "project-dir": "transform" } });

    expect(run.code).toBe(1);
    expect(run.stdout).toContain("::error::dbt Fusion: 1 node error, 1 failed test (fail-on: errors)");

    // Comment: one, on the PR, carrying the hidden marker.
    const comments = server.commentsOn(PR_NUMBER);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain(MARKER);
    expect(comments[0]!.body).toContain("1 node error, 1 failed test");
    expect(comments[0]!.body.length).toBeLessThanOrEqual(65_536);

    // Check run: on the PR head commit, never the test merge commit in GITHUB_SHA.
    expect(server.checkRuns).toHaveLength(1);
    const check = server.checkRuns[0]!;
    expect(check.head_sha).toBe(HEAD_SHA);
    expect(check.head_sha).not.toBe(MERGE_SHA);
    expect(check).toMatchObject({ name: "dbt Fusion", status: "completed", conclusion: "failure" });
    expect(check.details_url).toBe("https://github.com/acme/analytics/actions/runs/9876543210");
    expect(check.output.title).toBe("1 node error, 1 failed test");
    expect(check.output.summary).toContain("dbt Fusion");
    // Links in the report point at the head commit, with the project-dir prefix.
    expect(check.output.summary).toContain(
      `https://github.com/acme/analytics/blob/${HEAD_SHA}/transform/models/marts/customers.yml#L31`,
    );

    // Annotations: repository paths (project-dir prefix applied) and the lines dbt reported.
    const annotations = check.annotations.map((a) => [a.path, a.start_line, a.annotation_level]);
    expect(annotations).toEqual([
      ["transform/models/staging/stg_locations.yml", 1, "failure"],
      ["transform/models/marts/customers.yml", 31, "failure"],
    ]);
    expect(check.annotations[1]).toMatchObject({
      title: "test accepted_values_customers_customer_type__new__returning failed",
      message: "2 failing rows.",
    });

    // Job summary and outputs.
    expect(run.summary).toContain("## ❌ dbt Fusion: 1 node error, 1 failed test");
    expect(run.summary).toContain("accepted_values_customers_customer_type__new__returning");
    expect(run.outputs).toMatchObject({
      conclusion: "failure",
      errors: "1",
      "failed-tests": "1",
      "warned-tests": "0",
      skipped: "4",
      passed: "42",
      "comment-url": `https://github.com/acme/analytics/pull/${PR_NUMBER}#issuecomment-${comments[0]!.id}`,
      "check-run-url": `https://github.com/acme/analytics/runs/${check.id}`,
    });
    const report = JSON.parse(readFileSync(run.outputs["report-json"]!, "utf8")) as { conclusion: string };
    expect(report.conclusion).toBe("failure");

    // Every request used the token; nothing went to GitHub without it.
    expect(server.requests.every((r) => r.authorization === `token ${TOKEN}`)).toBe(true);
  });

  it("re-run: updates the comment in place, never duplicates it, and skips an unchanged body", async () => {
    await act({ inputs: { telemetry: FAILING } });
    const [first] = server.commentsOn(PR_NUMBER);

    // Re-run with the same telemetry: the comment is found and left alone.
    const again = await act({ inputs: { telemetry: FAILING }, env: { GITHUB_RUN_ATTEMPT: "2" } });
    expect(again.stdout).toContain("PR comment unchanged");
    expect(ops("issues/update-comment")).toHaveLength(0);
    expect(ops("issues/create-comment")).toHaveLength(1);

    // Different result: the same comment is rewritten.
    const fixed = await act({ inputs: { telemetry: PASSING }, env: { GITHUB_RUN_ATTEMPT: "3" } });
    expect(fixed.code).toBe(0);
    expect(ops("issues/create-comment")).toHaveLength(1);
    expect(ops("issues/update-comment")).toHaveLength(1);
    const comments = server.commentsOn(PR_NUMBER);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.id).toBe(first!.id);
    expect(comments[0]!.body).toContain(MARKER);
    expect(comments[0]!.body).not.toContain("failed test");
    expect(fixed.outputs["comment-url"]).toContain(`#issuecomment-${first!.id}`);
    // Each run makes its own check run (a check run belongs to one workflow run).
    expect(server.checkRuns.map((c) => c.conclusion)).toEqual(["failure", "failure", "success"]);
  });

  it("finds its comment on page 2 of a PR with more than 100 comments, and ignores humans quoting the marker", async () => {
    for (let i = 0; i < 105; i++) server.seedComment(PR_NUMBER, `chatter ${i}`, i % 2 ? HUMAN : BOT);
    server.seedComment(PR_NUMBER, `I saw this: ${MARKER}`, HUMAN);
    const ours = server.seedComment(PR_NUMBER, `old report\n\n${MARKER}`, BOT);

    const run = await act({ inputs: { telemetry: FAILING } });
    expect(run.code).toBe(1);
    expect(ops("issues/list-comments").map((r) => r.query.page ?? "1")).toEqual(["1", "2"]);
    expect(ops("issues/create-comment")).toHaveLength(0);
    expect(ops("issues/update-comment").map((r) => r.path)).toEqual([
      `/repos/acme/analytics/issues/comments/${ours.id}`,
    ]);
    expect(server.commentsOn(PR_NUMBER)).toHaveLength(107);
    expect(ours.body).toContain("1 node error, 1 failed test");
    expect(run.outputs["comment-url"]).toContain(`#issuecomment-${ours.id}`);
  });

  it("more than 50 annotations: batched 50 per request up to max-annotations, with a note about the rest", async () => {
    const telemetry = tempFile("many.otel.jsonl", manyFailingTestsJsonl(120));
    server.changedFiles = ["models/marts/model_117.yml"];
    const run = await act({ inputs: { telemetry, "max-annotations": "100" } });

    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ conclusion: "failure", "failed-tests": "120", errors: "0" });
    const check = server.checkRuns[0]!;
    expect(check.annotations).toHaveLength(100);
    const batches = [...ops("checks/create"), ...ops("checks/update")].map(
      (r) => ((r.body as { output: { annotations: unknown[] } }).output.annotations ?? []).length,
    );
    expect(batches).toEqual([50, 50]);
    expect(new Set(check.annotations.map((a) => `${a.path}:${a.start_line}`)).size).toBe(100);
    // The file the PR changed comes first: in the annotations, and in the comment's and check's lists.
    expect(check.annotations[0]).toMatchObject({ path: "models/marts/model_117.yml" });
    const comment = server.commentsOn(PR_NUMBER)[0]!.body;
    for (const text of [comment, check.output.summary ?? ""]) {
      const table = text.slice(text.indexOf("#### ❌ Failed tests"));
      expect(table.indexOf("node_117_")).toBeGreaterThan(0);
      expect(table.indexOf("node_117_")).toBeLessThan(table.indexOf("node_000_"));
    }
    expect(check.output.text).toContain("20 more annotation(s) were not sent (max-annotations: 100)");
    expect(run.stdout).toContain("written with 100 annotations");
  });

  it("all annotations when max-annotations allows them (create + two updates)", async () => {
    const telemetry = tempFile("many.otel.jsonl", manyFailingTestsJsonl(120));
    await act({ inputs: { telemetry, "max-annotations": "500", comment: "off" } });
    expect(server.checkRuns[0]!.annotations).toHaveLength(120);
    expect(ops("checks/update")).toHaveLength(2);
    expect(server.checkRuns[0]!.output.text ?? "").not.toContain("more annotation");
    expect(ops("issues/list-comments")).toHaveLength(0);
  });

  it("an annotation GitHub refuses: the check run is still completed, and every other annotation is written", async () => {
    const telemetry = tempFile("many.otel.jsonl", manyFailingTestsJsonl(120));
    // In the first batch: the create is refused, and made again without annotations.
    server.refusesAnnotation = (a) => /model_000\b/.test(String(a.path));
    const run = await act({ inputs: { telemetry, "max-annotations": "500", comment: "off" } });
    expect(run.code).toBe(1);
    expect(ops("checks/create").map((r) => r.status)).toEqual([422, 201]);
    const check = server.checkRuns[0]!;
    expect(check).toMatchObject({ status: "completed", conclusion: "failure" });
    // Its request was sent again in halves down to the one refused.
    expect(check.annotations).toHaveLength(119);
    expect(check.annotations.some((a) => /model_000\b/.test(String(a.path)))).toBe(false);
    expect(check.output.text).toMatch(/^1 annotation\(s\) were refused by GitHub \(HTTP 422\)/);
    expect(run.stdout).toContain("::warning::GitHub refused 1 of 120 annotations");
    // The check run has the rest: no workflow-command annotations instead.
    expect(run.stdout).not.toMatch(/^::error file=/m);
    expect(run.outputs["check-run-url"]).not.toBe("");
  });

  it("project-dir: the default telemetry paths are read inside the dbt project, where the engine writes them", async () => {
    const run = await act({
      inputs: { "project-dir": "transform" },
      workspaceFiles: {
        "transform/logs/dbt.otel.jsonl": readFileSync(FAILING),
        // Outside the project: not this project's telemetry, never read.
        "logs/other.jsonl": readFileSync(PASSING),
      },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain("other.jsonl");
    expect(run.outputs).toMatchObject({ conclusion: "failure", errors: "1", "failed-tests": "1" });
  });

  it("fork (read-only token, 403): summary, workflow-command annotations, permission warnings, exit per fail-on", async () => {
    server.forbid("issues/create-comment");
    server.forbid("checks/create");
    const run = await act({
      payload: pullRequestPayload({ headRepo: "contributor/analytics" }),
      inputs: { telemetry: FAILING, "project-dir": "transform" },
    });

    expect(run.code).toBe(1);
    expect(server.comments).toHaveLength(0);
    expect(server.checkRuns).toHaveLength(0);
    // On a fork's pull request no `permissions:` entry helps: the warning says why, and what does.
    for (const what of [
      "check run: GitHub refused to create the check run",
      "pull request comment: GitHub refused to write the pull request comment",
    ]) {
      expect(run.stdout).toContain(
        `::warning::Could not publish the ${what} (403 Resource not accessible by integration). This pull request ` +
          "comes from the fork contributor/analytics, whose runs get a read-only token whatever the workflow's " +
          "`permissions:` say. Pull requests from forks",
      );
    }
    expect(run.stdout).not.toMatch(/Add `permissions: (checks|pull-requests): write`/);
    expect(run.stdout).toContain("workflow_run");
    // Annotations fall back to workflow commands (no token needed).
    expect(run.stdout).toMatch(
      /^::error title=test accepted_values.*file=transform\/models\/marts\/customers\.yml,line=31,/m,
    );
    expect(run.stdout).toMatch(/^::error .*file=transform\/models\/staging\/stg_locations\.yml,line=1,/m);
    expect(run.summary).toContain("## ❌ dbt Fusion: 1 node error, 1 failed test");
    expect(run.outputs).toMatchObject({
      conclusion: "failure",
      errors: "1",
      "comment-url": "",
      "check-run-url": "",
    });
    expect(run.stdout).toContain("::error::dbt Fusion: 1 node error, 1 failed test (fail-on: errors)");
  });

  it("a fork's pull request on pull_request_target or workflow_run: a 403 asks for the job's permissions, not the fork", async () => {
    // Both run in the base repository with the token its `permissions:` give, fork or not.
    const workflowRun = workflowRunExcerpt() as Record<string, unknown>;
    const events = [
      { event: "pull_request_target", payload: pullRequestPayload({ headRepo: "contributor/analytics" }) },
      { event: "workflow_run", payload: workflowRun },
    ] as const;
    for (const { event, payload } of events) {
      await server.close();
      server = await startServer();
      server.pulls.push({
        number: 77,
        state: "open",
        head: { sha: HEAD_SHA, ref: "feature/orders-model", repoFullName: "contributor/analytics" },
      });
      server.forbid("issues/create-comment");
      server.forbid("checks/create");
      const run = await act({ event, payload, inputs: { telemetry: FAILING } });
      expect(run.code, event).toBe(1);
      expect(run.stdout, event).not.toContain("comes from the fork");
      for (const [what, permission] of [
        ["check run: GitHub refused to create the check run", "checks"],
        ["pull request comment: GitHub refused to write the pull request comment", "pull-requests"],
      ]) {
        expect(run.stdout, event).toContain(
          `::warning::Could not publish the ${what} (403 Resource not accessible by integration). Add ` +
            `\`permissions: ${permission}: write\` to the workflow job.`,
        );
      }
    }
  });

  it("fork with fail-on: never still exits 0 after the 403s", async () => {
    server.forbid("issues/create-comment");
    server.forbid("checks/create");
    const run = await act({ inputs: { telemetry: FAILING, "fail-on": "never" } });
    expect(run.code).toBe(0);
    expect(run.outputs.conclusion).toBe("neutral");
    expect(run.stdout).toMatch(/^::error .*file=models\/marts\/customers\.yml,line=31,/m);
  });

  it("fork, the step stopped without a report: the refused comment update names the fork too", async () => {
    server.seedComment(PR_NUMBER, `Old report\n\n${MARKER}`, BOT);
    server.forbid("issues/update-comment");
    server.forbid("checks/create");
    const run = await act({
      payload: pullRequestPayload({ headRepo: "contributor/analytics" }),
      inputs: { telemetry: "logs/none.jsonl" },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "::warning::Could not update the pull request comment: GitHub refused to write the pull request comment (403 " +
        "Resource not accessible by integration). This pull request comes from the fork contributor/analytics",
    );
  });

  it("huge error messages never produce a comment GitHub would reject (≤ 65,536 characters)", async () => {
    // 60 errored nodes with 100 kB messages each: ~6 MB of error text for one comment.
    const telemetry = tempFile("huge.otel.jsonl", hugeErrorsJsonl(60, 100_000));
    const run = await act({ inputs: { telemetry } });
    expect(run.code).toBe(1);
    expect(run.outputs.errors).toBe("60");
    const [comment] = server.commentsOn(PR_NUMBER);
    expect(comment).toBeDefined();
    expect(comment!.body.length).toBeLessThanOrEqual(65_536);
    expect(comment!.body.endsWith(MARKER)).toBe(true);
    // Budgeted, not just cut: the comment says where the rest is.
    expect(comment!.body.length).toBeGreaterThan(30_000);
    expect(comment!.body).toContain("listed in the job summary of this workflow run");
    expect(run.summary.length).toBeGreaterThan(comment!.body.length);
    const check = server.checkRuns[0]!;
    expect(Buffer.byteLength(check.output.summary ?? "", "utf8")).toBeLessThanOrEqual(65_535);
    expect(check.annotations).toHaveLength(50);
    expect(check.output.text).toContain("10 more annotation(s) were not sent (max-annotations: 50)");
    for (const a of check.annotations)
      expect(Buffer.byteLength(String(a.message), "utf8")).toBeLessThanOrEqual(65_536);
    expect(server.requests.filter((r) => r.status === 422)).toEqual([]);
    expect(run.stdout).not.toContain("::warning::Could not publish");
    expect(run.outputs["comment-url"]).not.toBe("");
  });

  it("a comment GitHub stored but answered 502 for is not posted twice; one it did not store is posted again", async () => {
    server.inject({ operationId: "issues/create-comment", status: 502, times: 1, afterHandling: true });
    const stored = await act({ inputs: { telemetry: FAILING } });
    expect(stored.code).toBe(1);
    expect(ops("issues/create-comment")).toHaveLength(1);
    expect(server.commentsOn(PR_NUMBER)).toHaveLength(1);
    expect(stored.stdout).not.toContain("::warning::");

    server.comments.length = 0;
    server.inject({ operationId: "issues/create-comment", status: 502, times: 1 });
    const lost = await act({ inputs: { telemetry: FAILING } });
    expect(lost.code).toBe(1);
    expect(ops("issues/create-comment")).toHaveLength(3);
    expect(server.commentsOn(PR_NUMBER)).toHaveLength(1);
    expect(lost.stdout).toContain("Creating the PR comment failed with HTTP 502, and it was not stored");
  });

  it("a check run GitHub stored but answered 502 for is not created twice; one it did not store is created again", async () => {
    server.inject({ operationId: "checks/create", status: 502, times: 1, afterHandling: true });
    const stored = await act({ inputs: { telemetry: FAILING } });
    expect(stored.code).toBe(1);
    expect(ops("checks/create")).toHaveLength(1);
    // One look for other jobs' check runs of the name before creating, one for the stored one after,
    // one for a job that created its check run at the same time.
    expect(ops("checks/list-for-ref")).toHaveLength(3);
    expect(server.checkRuns).toHaveLength(1);
    expect(stored.stdout).not.toContain("::warning::");

    server.checkRuns.length = 0;
    server.inject({ operationId: "checks/create", status: 502, times: 1 });
    const lost = await act({ inputs: { telemetry: FAILING } });
    expect(lost.code).toBe(1);
    expect(server.checkRuns).toHaveLength(1);
    expect(server.checkRuns[0]!.annotations.length).toBeGreaterThan(0);
  });

  it("retries a secondary rate limit on the first requests", async () => {
    server.secondaryRateLimit(2);
    const run = await act({ inputs: { telemetry: FAILING } });
    expect(run.code).toBe(1);
    expect(server.requests.filter((r) => r.status === 403)).toHaveLength(2);
    expect(run.stdout).toContain("secondary rate limit");
    expect(run.stdout).not.toContain("::warning::Could not publish");
    expect(server.checkRuns).toHaveLength(1);
    expect(server.commentsOn(PR_NUMBER)).toHaveLength(1);
  });

  it("without a token: nothing through the API, the log says so, the job summary still links the files", async () => {
    const run = await runAction(server, { inputs: { telemetry: FAILING, "github-token": "" } });
    expect(run.code).toBe(1);
    expect(server.requests).toEqual([]);
    expect(run.stdout).toMatch(
      /^No check run 'dbt Fusion' could be created \(no github-token, or not run in a repository\); a required check of that name stays pending\.$/m,
    );
    expect(run.stdout).toContain(`No comment on pull request #${PR_NUMBER} is written (no github-token`);
    expect(run.summary).toContain(`https://github.com/acme/analytics/blob/${HEAD_SHA}/models/`);
    expect(run.stdout).toMatch(/^::error title=.*,file=models\//m);
  });

  it("fail-on: never → exit 0 and a neutral check run", async () => {
    const run = await act({ inputs: { telemetry: FAILING, "fail-on": "never" } });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/^::error::/m);
    expect(server.checkRuns[0]).toMatchObject({ conclusion: "neutral", head_sha: HEAD_SHA });
    expect(run.outputs).toMatchObject({ conclusion: "neutral", errors: "1", "failed-tests": "1" });
  });

  it("comment: on-failure on a passing run posts no comment", async () => {
    const run = await act({ inputs: { telemetry: PASSING, comment: "on-failure" } });
    expect(run.code).toBe(0);
    // It looks for an earlier comment to bring up to date, and finds none.
    expect(ops("issues/list-comments")).toHaveLength(1);
    expect(server.comments).toHaveLength(0);
    expect(run.stdout).toContain("No PR comment: the report did not fail");
    expect(server.checkRuns[0]).toMatchObject({ conclusion: "success", head_sha: HEAD_SHA });
    expect(run.outputs).toMatchObject({ conclusion: "success", errors: "0", "comment-url": "" });
    expect(Number(run.outputs.passed)).toBeGreaterThan(0);
  });

  it("comment: on-failure, a failing run then a passing one: the red comment is updated, not left behind", async () => {
    const failed = await act({ inputs: { telemetry: FAILING, comment: "on-failure" } });
    expect(failed.code).toBe(1);
    const [comment] = server.commentsOn(PR_NUMBER);
    expect(comment!.body).toContain("1 failed test");
    const passed = await act({ inputs: { telemetry: PASSING, comment: "on-failure" } });
    expect(passed.code).toBe(0);
    expect(server.commentsOn(PR_NUMBER).map((c) => c.id)).toEqual([comment!.id]);
    expect(server.commentsOn(PR_NUMBER)[0]!.body).not.toContain("failed test");
    expect(server.commentsOn(PR_NUMBER)[0]!.body).toContain(MARKER);
    expect(passed.outputs["comment-url"]).toMatch(new RegExp(`#issuecomment-${comment!.id}$`));
  });
});

describe("other events", () => {
  it("push: no comment, check run on GITHUB_SHA", async () => {
    const run = await act({ event: "push", inputs: { telemetry: FAILING } });
    expect(run.code).toBe(1);
    expect(server.comments).toHaveLength(0);
    expect(ops("issues/list-comments")).toHaveLength(0);
    expect(ops("pulls/list-files")).toHaveLength(0);
    expect(server.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[PUSH_SHA, "failure"]]);
    expect(run.outputs["comment-url"]).toBe("");
    expect(run.outputs["check-run-url"]).toMatch(/\/runs\/\d+$/);
  });

  it("workflow_run from a fork (empty pull_requests): finds the PR through the API and comments on it", async () => {
    const payload = workflowRunExcerpt() as Record<string, unknown>;
    server.pulls.push({
      number: 77,
      state: "open",
      head: { sha: HEAD_SHA, ref: "feature/orders-model", repoFullName: "contributor/analytics" },
    });
    const run = await act({
      event: "workflow_run",
      payload,
      sha: "9".repeat(40),
      inputs: { telemetry: FAILING },
    });
    expect(run.code).toBe(1);
    expect(ops("repos/list-pull-requests-associated-with-commit")).toHaveLength(1);
    expect(server.commentsOn(77)).toHaveLength(1);
    expect(server.commentsOn(77)[0]!.body).toContain(MARKER);
    expect(server.checkRuns.map((c) => c.head_sha)).toEqual([HEAD_SHA]);
    expect(run.outputs["comment-url"]).toContain("/pull/77#issuecomment-");
  });

  it("workflow_run listing another repository's pull request: never comments there, finds its own through the API", async () => {
    // GitHub lists the open PRs of any repository whose head is the run's branch: a fork's run on its
    // `main` can name a pull request of someone else's repository, with the same number as one here.
    const payload = workflowRunExcerpt() as { workflow_run: Record<string, unknown> };
    const elsewhere = {
      id: 5550001,
      url: "https://api.github.com/repos/someone/analytics",
      name: "analytics",
    };
    payload.workflow_run.pull_requests = [
      {
        id: 12000,
        number: 12,
        url: `${elsewhere.url}/pulls/12`,
        head: { ref: "feature/orders-model", sha: HEAD_SHA, repo: elsewhere },
        base: { ref: "main", sha: "0".repeat(40), repo: elsewhere },
      },
    ];
    server.pulls.push({
      number: 77,
      state: "open",
      head: { sha: HEAD_SHA, ref: "feature/orders-model", repoFullName: "contributor/analytics" },
    });
    const run = await act({ event: "workflow_run", payload, inputs: { telemetry: PASSING } });
    expect(run.code).toBe(0);
    expect(server.commentsOn(12)).toHaveLength(0);
    expect(ops("repos/list-pull-requests-associated-with-commit")).toHaveLength(1);
    expect(server.commentsOn(77)).toHaveLength(1);
    expect(run.outputs["comment-url"]).toContain("/pull/77#issuecomment-");
  });

  it("workflow_run when the commit's PRs are hidden: falls back to listing open PRs by head branch", async () => {
    const payload = workflowRunExcerpt() as Record<string, unknown>;
    server.commitPullsVisible = false;
    server.pulls.push({
      number: 78,
      state: "open",
      head: { sha: HEAD_SHA, ref: "feature/orders-model", repoFullName: "contributor/analytics" },
    });
    const run = await act({ event: "workflow_run", payload, inputs: { telemetry: PASSING } });
    expect(run.code).toBe(0);
    expect(ops("pulls/list").map((r) => r.query.head)).toEqual(["contributor:feature/orders-model"]);
    expect(server.commentsOn(78)).toHaveLength(1);
  });

  it("fork-safe recipe: workflow_run reads the telemetry artifact of the triggering run and publishes on the PR", async () => {
    const payload = workflowRunExcerpt() as { workflow_run: { id: number } };
    server.pulls.push({
      number: 77,
      state: "open",
      head: { sha: HEAD_SHA, ref: "feature/orders-model", repoFullName: "contributor/analytics" },
    });
    const artifacts = await startArtifactServer();
    const gateway = await startGateway(server, artifacts);
    try {
      artifacts.add({
        name: "dbt-telemetry",
        runId: payload.workflow_run.id,
        zip: buildZip([
          { name: "logs/telemetry.jsonl", data: readFileSync(FAILING) },
          { name: "logs/dbt.log", data: "not telemetry" },
        ]),
      });
      // As in examples/fork-safe-publish.yml: no checkout, no local telemetry, just the artifact.
      for (const runId of [String(payload.workflow_run.id), ""]) {
        const run = await act({
          event: "workflow_run",
          payload,
          apiUrl: gateway.url,
          inputs: { "artifact-name": "dbt-telemetry", "artifact-run-id": runId, "project-dir": "transform" },
        });
        expect(run.code).toBe(1);
        expect(run.outputs).toMatchObject({
          conclusion: "failure",
          errors: "1",
          "failed-tests": "1",
          skipped: "4",
        });
      }
      const restCalls = artifacts.requests.filter((r) => r.path.startsWith("/repos/"));
      expect(restCalls.map((r) => r.path)).toContain(
        `/repos/acme/analytics/actions/runs/${payload.workflow_run.id}/artifacts`,
      );
      expect(
        restCalls.every((r) => r.authorization === `token ${TOKEN}` || r.authorization === `Bearer ${TOKEN}`),
      ).toBe(true);
      expect(server.commentsOn(77)).toHaveLength(1);
      expect(server.checkRuns.map((c) => c.head_sha)).toEqual([HEAD_SHA, HEAD_SHA]);
      expect(server.checkRuns[0]!.annotations.map((a) => a.path)).toContain(
        "transform/models/marts/customers.yml",
      );
    } finally {
      await gateway.close();
      await artifacts.close();
    }
  });

  it("workflow_run whose PR lookup is forbidden: still writes the check run on the head commit", async () => {
    const payload = workflowRunExcerpt() as Record<string, unknown>;
    server.forbid("repos/list-pull-requests-associated-with-commit");
    const run = await act({ event: "workflow_run", payload, inputs: { telemetry: FAILING } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::warning::.*pull-requests: read/m);
    expect(server.comments).toHaveLength(0);
    expect(server.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[HEAD_SHA, "failure"]]);
    expect(run.outputs["check-run-url"]).not.toBe("");
  });

  it("workflow_dispatch with Parquet telemetry: check run on GITHUB_SHA, no comment", async () => {
    const run = await act({ event: "workflow_dispatch", inputs: { telemetry: PARQUET_FAILED } });
    expect(run.code).toBe(1);
    expect(server.comments).toHaveLength(0);
    expect(server.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[PUSH_SHA, "failure"]]);
    // Same numbers as the JSONL the replica was converted from.
    expect(run.outputs).toMatchObject({ conclusion: "failure", errors: "1", "failed-tests": "1" });
    expect(server.checkRuns[0]!.annotations.map((a) => [a.path, a.start_line])).toEqual([
      ["models/staging/stg_locations.yml", 1],
      ["models/marts/customers.yml", 31],
    ]);
  });
});

describe("unusable telemetry", () => {
  it("no telemetry found: clear error in the log and the summary, exit 1", async () => {
    const run = await act({ inputs: { telemetry: "target/metadata/*.parquet\nlogs/*.jsonl" } });
    expect(run.code).toBe(1);
    const log = run.stdout + run.stderr;
    expect(log).toMatch(/^::error::No telemetry found at target\/metadata\/\*\.parquet, logs\/\*\.jsonl/m);
    expect(log).toContain("--otel-parquet-file-name");
    expect(run.summary).toContain("no telemetry found");
    expect(run.summary).toContain("No telemetry found at target/metadata/*.parquet");
    expect(run.outputs.conclusion).toBe("failure");
    // The check run is completed (a required check must not wait for ever); no comment.
    expect(server.checkRuns.map((c) => [c.conclusion, c.output.title])).toEqual([
      ["failure", "No telemetry found"],
    ]);
    expect(server.comments).toHaveLength(0);
  });

  it("no telemetry with if-no-telemetry: neutral → exit 0, conclusion neutral", async () => {
    const run = await act({ inputs: { telemetry: "nothing/here/*.jsonl", "if-no-telemetry": "neutral" } });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/^::error/m);
    expect(run.stdout).toMatch(/^::notice::No telemetry found/m);
    expect(run.outputs.conclusion).toBe("neutral");
    expect(run.summary).toContain("no telemetry found");
  });

  it("corrupt (truncated) Parquet: failed step naming the file, summary explains", async () => {
    const bytes = readFileSync(PARQUET_FAILED);
    const telemetry = tempFile("telemetry.parquet", bytes.subarray(0, Math.floor(bytes.length / 2)));
    const run = await act({ inputs: { telemetry } });
    expect(run.code).toBe(1);
    const log = run.stdout + run.stderr;
    expect(log).toMatch(/^::error::.*telemetry\.parquet/m);
    expect(run.summary).toContain("telemetry could not be read");
    expect(run.summary).toContain("telemetry.parquet");
    expect(run.outputs.conclusion).toBe("failure");
    expect(server.checkRuns.map((c) => [c.conclusion, c.output.title])).toEqual([
      ["failure", "Telemetry could not be read"],
    ]);
  });

  it("a blob host that never answers: the step gives up after artifact-timeout-minutes, completes the check run and ends", async () => {
    const artifacts = await startArtifactServer();
    const gateway = await startGateway(server, artifacts);
    try {
      artifacts.add({ name: "dbt-telemetry", runId: 555, zip: buildZip([{ name: "t.jsonl", data: "{}" }]) });
      artifacts.silentBlobs = true;
      // The toolkit would wait on the blob for ever (no timeout, five attempts); the step must not.
      const run = await act({
        event: "workflow_run",
        payload: { workflow_run: { id: 555, head_sha: HEAD_SHA, pull_requests: [] } },
        apiUrl: gateway.url,
        inputs: {
          "artifact-name": "dbt-telemetry",
          "artifact-timeout-minutes": "0.05",
          "if-no-telemetry": "warn",
        },
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /^::error::artifact 'dbt-telemetry' of workflow run 555: downloading it took longer than 3 seconds \(artifact-timeout-minutes\)/m,
      );
      expect(artifacts.requests.map((r) => r.path)).toContain("/blobs/7000.zip");
      expect(run.summary).toContain("telemetry could not be read");
      expect(run.outputs.conclusion).toBe("failure");
      expect(server.checkRuns.map((c) => [c.head_sha, c.status, c.conclusion])).toEqual([
        [HEAD_SHA, "completed", "failure"],
      ]);
    } finally {
      await gateway.close();
      await artifacts.close();
    }
  });

  it("artifact-run-id of a run that is not this repository's: not found, saying the run must be this repository's", async () => {
    const artifacts = await startArtifactServer();
    const gateway = await startGateway(server, artifacts);
    try {
      // Run 999 uploaded dbt-telemetry, but in another repository: this repository's API lists nothing for it.
      const run = await act({
        event: "workflow_run",
        payload: { workflow_run: { id: 555, head_sha: HEAD_SHA, pull_requests: [] } },
        apiUrl: gateway.url,
        inputs: { "artifact-name": "dbt-telemetry", "artifact-run-id": "999" },
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /^::error::artifact 'dbt-telemetry' of workflow run 999 was not found\. .*'actions: read' permission; and that run 999 is a workflow run of acme\/analytics\.$/m,
      );
      expect(artifacts.requests.map((r) => r.path)).toContain(
        "/repos/acme/analytics/actions/runs/999/artifacts",
      );
    } finally {
      await gateway.close();
      await artifacts.close();
    }
  });

  it("an artifact whose download is 0 bytes is an error that says so, even with if-no-telemetry: warn", async () => {
    const artifacts = await startArtifactServer();
    const gateway = await startGateway(server, artifacts);
    try {
      artifacts.add({ name: "dbt-telemetry", runId: 555, zip: Buffer.alloc(0) });
      const run = await act({
        event: "workflow_run",
        payload: { workflow_run: { id: 555, head_sha: HEAD_SHA, pull_requests: [] } },
        apiUrl: gateway.url,
        inputs: { "artifact-name": "dbt-telemetry", "if-no-telemetry": "warn" },
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /^::error::artifact 'dbt-telemetry' of workflow run 555 was downloaded as 0 bytes: GitHub's storage sent nothing\. Re-run the job\.$/m,
      );
      expect(run.outputs.conclusion).toBe("failure");
    } finally {
      await gateway.close();
      await artifacts.close();
    }
  });

  it("an artifact GitHub refuses (403) is an error even with if-no-telemetry: warn, and says what to grant", async () => {
    const artifacts = await startArtifactServer();
    const gateway = await startGateway(server, artifacts);
    try {
      artifacts.forbidden = true;
      const run = await act({
        event: "workflow_run",
        payload: { workflow_run: { id: 555, head_sha: HEAD_SHA, pull_requests: [] } },
        apiUrl: gateway.url,
        inputs: { "artifact-name": "dbt-telemetry", "if-no-telemetry": "warn" },
      });
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(
        /^::error::GitHub refused access to artifact 'dbt-telemetry' .*actions: read/m,
      );
      expect(run.summary).toContain("telemetry could not be read");
      expect(run.outputs.conclusion).toBe("failure");
    } finally {
      await gateway.close();
      await artifacts.close();
    }
  });
});
