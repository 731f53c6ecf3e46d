// Through dist/index.js: teams make the check run (named by check-name) a required status check, so
// the step completes it whenever it has a token and knows the commit, also when it stops before it
// has a report (no telemetry, unreadable telemetry, an input it cannot use, an unexpected error).
// A check that is never created leaves the pull request "Expected — waiting for status" for good.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isElement, markdownToHtml, parseHtml, walk } from "../support/gfm-html.js";
import { makeTempDir } from "../support/temp-dir.js";
import {
  ensureBuilt,
  expectTokenHidden,
  fixture,
  HEAD_SHA,
  PR_NUMBER,
  runAction,
  startServer,
  tempFile,
  type ActionRun,
  type E2EServer,
  type RunOptions,
} from "./helpers.js";

let server: E2EServer;

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  expect(server.violations).toEqual([]);
  await server.close();
});

async function act(options: RunOptions): Promise<ActionRun> {
  const run = await runAction(server, options);
  expectTokenHidden(run, { "check runs": JSON.stringify(server.checkRuns) });
  expect(run.stderr).not.toMatch(/Unhandled|node:internal|^\s+at /m);
  return run;
}

function onlyCheck() {
  expect(server.checkRuns).toHaveLength(1);
  return server.checkRuns[0]!;
}

const RUN_URL = "https://github.com/acme/analytics/actions/runs/9876543210";

describe("required status check: completed when there is no report", () => {
  it("no telemetry (if-no-telemetry: error): failure on the PR head, saying why", async () => {
    const run = await act({ inputs: { telemetry: "nowhere/*.jsonl", "check-name": "dbt (prod)" } });
    expect(run.code).toBe(1);
    const check = onlyCheck();
    expect(check).toMatchObject({
      name: "dbt (prod)",
      head_sha: HEAD_SHA,
      status: "completed",
      conclusion: "failure",
      details_url: RUN_URL,
    });
    expect(check.output.title).toBe("No telemetry found");
    // The same words as the job summary, from the same renderer; ❌, since the step fails.
    expect(check.output.summary).toBe(run.summary.trimEnd() + "\n");
    expect(check.output.summary).toMatch(/^## ❌ dbt \(prod\): no telemetry found\n\n```text\n.*nowhere/);
    expect(run.outputs["conclusion"]).toBe("failure");
    expect(run.stdout).toMatch(/^Check run 'dbt \(prod\)' completed \(failure\): /m);
  });

  it.each(["neutral", "warn"])(
    "no telemetry with if-no-telemetry: %s: neutral (passes a required check), the step passes",
    async (mode) => {
      const run = await act({ inputs: { telemetry: "nowhere/*.jsonl", "if-no-telemetry": mode } });
      expect(run.code).toBe(0);
      const check = onlyCheck();
      expect(check.conclusion).toBe("neutral");
      expect(check.output.title).toBe("No telemetry found");
      // A warning, not ❌: the step goes on.
      expect(check.output.summary).toMatch(/^## ⚠️ dbt Fusion: no telemetry found\n/);
      expect(run.outputs["conclusion"]).toBe("neutral");
    },
  );

  it("unreadable telemetry: failure; the file's name is shown as text, never as HTML", async () => {
    const name = "<img src=x onerror=alert(1)> @octocat.jsonl";
    const file = tempFile(name, "[[[ not telemetry\n");
    const run = await act({ inputs: { telemetry: file } });
    expect(run.code).toBe(1);
    const check = onlyCheck();
    expect(check.conclusion).toBe("failure");
    expect(check.output.title).toBe("Telemetry could not be read");
    const html = parseHtml(markdownToHtml(check.output.summary!));
    const tags = [...walk(html)].flatMap(([node]) => (isElement(node) ? [node.tagName] : []));
    expect(tags).not.toContain("img");
    expect(tags).not.toContain("a");
    expect(check.output.summary).toContain(name);
  });

  it("an input it cannot use: failure, with the input named; the token still completes the check", async () => {
    const run = await act({ inputs: { telemetry: "logs/*.jsonl", "fail-on": "sometimes" } });
    expect(run.code).toBe(1);
    const check = onlyCheck();
    expect(check.conclusion).toBe("failure");
    expect(check.output.title).toBe("An input cannot be used");
    expect(check.output.summary).toContain("input 'fail-on': 'sometimes' is not allowed");
    expect(check.head_sha).toBe(HEAD_SHA);
  });

  it("an unexpected error after a neutral check: the same check run becomes failure (no second one)", async () => {
    const outputs = join(makeTempDir("fusion-e2e-outputs-"), "github_output");
    mkdirSync(outputs);
    const run = await act({
      inputs: { telemetry: "nowhere/*.jsonl", "if-no-telemetry": "neutral" },
      env: { GITHUB_OUTPUT: outputs },
    });
    expect(run.code).toBe(1);
    const check = onlyCheck();
    expect(check.conclusion).toBe("failure");
    expect(check.output.title).toBe("Stopped unexpectedly");
    expect(check.output.summary).toMatch(/stopped unexpectedly: .*EISDIR/);
    expect(server.requests.filter((r) => r.operationId === "checks/create")).toHaveLength(1);
  });

  it("workflow_run (the fork-safe set-up): on the pull request's head commit, not the run's", async () => {
    const payload = JSON.parse(
      readFileSync(
        new URL("../fixtures/reference/examples/gh-workflow-run-event-excerpt.json", import.meta.url),
        "utf8",
      ),
    ) as Record<string, unknown>;
    server.pulls.push({
      number: 77,
      state: "open",
      head: { sha: HEAD_SHA, ref: "feature/orders-model", repoFullName: "contributor/analytics" },
    });
    const run = await act({
      event: "workflow_run",
      payload,
      sha: "9".repeat(40),
      inputs: { telemetry: "nowhere/*.jsonl" },
    });
    expect(run.code).toBe(1);
    expect(onlyCheck()).toMatchObject({ head_sha: HEAD_SHA, conclusion: "failure" });
  });

  it("merge_group (a merge queue): on the queue's commit, with the report; no comment is attempted", async () => {
    const queued = "4".repeat(40);
    const ref = `gh-readonly-queue/main/pr-${PR_NUMBER}-${HEAD_SHA}`;
    const run = await act({
      event: "merge_group",
      payload: {
        merge_group: { head_sha: queued, head_ref: `refs/heads/${ref}`, base_ref: "refs/heads/main" },
      },
      sha: queued,
      env: { GITHUB_REF: `refs/heads/${ref}`, GITHUB_REF_NAME: ref },
      inputs: { telemetry: fixture("preview120_build_success.otel.jsonl") },
    });
    expect(run.code).toBe(1);
    expect(onlyCheck()).toMatchObject({
      head_sha: queued,
      conclusion: "failure",
      output: { title: "1 node error, 1 failed test" },
    });
    expect(server.requests.filter((r) => r.operationId?.startsWith("issues/"))).toEqual([]);
    expect(run.stdout).not.toMatch(/^::warning::/m);
    expect(run.outputs["check-run-url"]).toMatch(/^https:\/\/github\.com\/acme\/analytics\/runs\/\d+$/);
  });

  it("an earlier run's sticky comment is replaced by why this one stopped, never a new one started", async () => {
    const first = await act({ inputs: { telemetry: fixture("preview72_build_success.otel.jsonl") } });
    expect(first.code).toBe(0);
    expect(server.commentsOn(PR_NUMBER)).toHaveLength(1);
    expect(server.commentsOn(PR_NUMBER)[0]!.body).toMatch(/^## ✅ dbt Fusion/);

    const stopped = await act({ inputs: { telemetry: "nowhere/*.jsonl" } });
    expect(stopped.code).toBe(1);
    const comments = server.commentsOn(PR_NUMBER);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toMatch(/^## ❌ dbt Fusion: no telemetry found/);
    expect(comments[0]!.body.trimEnd().endsWith("<!-- fusion-report:dbt Fusion -->")).toBe(true);

    // comment: off does not touch it (no comment is even looked for); with no earlier comment of
    // its check name none is started.
    const before = server.requests.length;
    await act({ inputs: { telemetry: "nowhere/*.jsonl", comment: "off" } });
    const off = server.requests.slice(before).map((r) => r.operationId);
    expect(off).not.toContain("issues/list-comments");
    expect(off).not.toContain("issues/update-comment");
    await act({ inputs: { telemetry: "nowhere/*.jsonl", "check-name": "other" } });
    expect(server.commentsOn(PR_NUMBER)).toHaveLength(1);
  });

  it("check-run: false creates none", async () => {
    const run = await act({ inputs: { telemetry: "nowhere/*.jsonl", "check-run": "false" } });
    expect(run.code).toBe(1);
    expect(server.checkRuns).toEqual([]);
  });

  it("without a token: the log says no check run could be created; the step fails with its message", async () => {
    const run = await act({ inputs: { telemetry: "nowhere/*.jsonl", "github-token": "" } });
    expect(run.code).toBe(1);
    expect(server.checkRuns).toEqual([]);
    expect(run.stdout).toMatch(
      /^No check run 'dbt Fusion' could be created \(no github-token, or not run in a repository\); a required check of that name stays pending\.$/m,
    );
    expect(run.stdout).toMatch(/^::error::.*nowhere/m);
  });

  it("a token that may not write checks: a warning naming the permission; summary and failure still there", async () => {
    server.forbid("checks/create");
    const run = await act({ inputs: { telemetry: "logs/*.jsonl", "fail-on": "sometimes" } });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^::warning::No check run 'dbt Fusion' could be created \(.*checks: write/m);
    // The reason's own full stop is not doubled before the closing words.
    expect(run.stdout).toMatch(/setup'\)\); a required check of that name stays pending\.$/m);
    expect(run.stdout).toMatch(/^::error::input 'fail-on'/m);
    expect(run.summary).toContain("an input cannot be used");
    expect(run.outputs["conclusion"]).toBe("failure");
  });
});
