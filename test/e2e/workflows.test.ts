// Through dist/index.js: the workflows teams run besides one job on `pull_request` — a matrix of jobs
// on one pull request, re-runs, events without a pull request, and GitHub Enterprise Server.
import { createServer, request as httpRequest, type Server } from "node:http";
import { readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  expectTokenHidden,
  fixture,
  HEAD_SHA,
  PR_NUMBER,
  pullRequestPayload,
  PUSH_SHA,
  runAction,
  useStandIn,
  type ActionRun,
  type RunOptions,
} from "./helpers.js";

// preview.120 `dbt build`: 1 node error, 1 failed test. preview.72: everything passes.
const FAILING = fixture("preview120_build_success.otel.jsonl");
const PASSING = fixture("preview72_build_success.otel.jsonl");
const RUN_URL = "https://github.com/acme/analytics/actions/runs/9876543210";

const standIn = useStandIn();

async function act(options: RunOptions): Promise<ActionRun> {
  const run = await runAction(standIn.current, options);
  expectTokenHidden(run);
  expect(run.stderr).not.toMatch(/Unhandled|node:internal|^\s+at /m);
  return run;
}

const ops = (op: string) => standIn.current.requests.filter((r) => r.operationId === op);
const warnings = (run: ActionRun) => run.stdout.split("\n").filter((line) => line.startsWith("::warning::"));
const openPull = () =>
  standIn.current.pulls.push({
    number: PR_NUMBER,
    state: "open",
    head: { sha: HEAD_SHA, ref: "feature/orders", repoFullName: "acme/analytics" },
  });

describe("a matrix: two jobs of one run report on the same pull request", () => {
  it("with a check-name per entry: two comments and two check runs, neither touching the other", async () => {
    openPull();
    const snowflake = await act({ inputs: { telemetry: FAILING, "check-name": "dbt Fusion (snowflake)" } });
    const bigquery = await act({ inputs: { telemetry: PASSING, "check-name": "dbt Fusion (bigquery)" } });
    expect([snowflake.code, bigquery.code]).toEqual([1, 0]);
    expect(warnings(snowflake)).toEqual([]);
    expect(warnings(bigquery)).toEqual([]);
    const server = standIn.current;
    expect(server.checkRuns.map((c) => [c.name, c.head_sha, c.conclusion])).toEqual([
      ["dbt Fusion (snowflake)", HEAD_SHA, "failure"],
      ["dbt Fusion (bigquery)", HEAD_SHA, "success"],
    ]);
    const comments = server.commentsOn(PR_NUMBER);
    expect(comments).toHaveLength(2);
    expect(comments[0]!.body).toMatch(/^## ❌ dbt Fusion \(snowflake\)/);
    expect(comments[0]!.body.trimEnd()).toMatch(/<!-- fusion-report:dbt Fusion \(snowflake\) -->$/);
    expect(comments[1]!.body).toMatch(/^## ✅ dbt Fusion \(bigquery\)/);

    // The next push's run: each entry updates its own comment.
    await act({
      inputs: { telemetry: PASSING, "check-name": "dbt Fusion (snowflake)" },
      env: { GITHUB_RUN_ID: "9876543211" },
    });
    expect(server.commentsOn(PR_NUMBER).map((c) => c.id)).toEqual(comments.map((c) => c.id));
    expect(server.commentsOn(PR_NUMBER)[0]!.body).toMatch(/^## ✅ dbt Fusion \(snowflake\)/);
  });

  it("with one check-name for both: the later job says so, and its check run never reads better than the other's", async () => {
    openPull();
    const failing = await act({ inputs: { telemetry: FAILING } });
    expect(warnings(failing)).toEqual([]);
    const passing = await act({ inputs: { telemetry: PASSING } });
    // The job's own verdict is its own report's; only the shared check is held at the worse one.
    expect(passing.code).toBe(0);
    expect(passing.outputs.conclusion).toBe("success");
    const server = standIn.current;
    expect(server.checkRuns.map((c) => c.conclusion)).toEqual(["failure", "failure"]);
    expect(server.checkRuns[1]!.output.title).toBe(
      "all nodes succeeded (another job of this run reported failure under the same check name)",
    );
    expect(server.checkRuns[1]!.output.summary).toMatch(
      /^> \[!WARNING\]\n> Another job of this workflow run/,
    );
    expect(warnings(passing)).toEqual([
      expect.stringMatching(
        /^::warning::Another job of this workflow run already reported check 'dbt Fusion' on this commit \(failure\): .*own check-name/,
      ),
    ]);
    const [comment] = server.commentsOn(PR_NUMBER);
    expect(server.commentsOn(PR_NUMBER)).toHaveLength(1);
    expect(comment!.body).toMatch(
      /^> \[!WARNING\]\n> Another job of this workflow run also reported under the check name `dbt Fusion`/,
    );

    // The stopped step (no telemetry) of a third job says it too.
    const stopped = await act({ inputs: { telemetry: "nowhere/*.jsonl", "if-no-telemetry": "neutral" } });
    expect(stopped.code).toBe(0);
    expect(server.checkRuns[2]).toMatchObject({ conclusion: "failure" });
    expect(warnings(stopped)).toEqual([
      expect.stringMatching(/^::warning::2 other jobs of this workflow run/),
    ]);
  });

  it("two jobs finishing together: the one whose check run is newer still concludes no better than the other", async () => {
    openPull();
    const server = standIn.current;
    // The failing job creates its check run after the passing one looked for others, before it created its own.
    server.afterNext("checks/list-for-ref", () =>
      server.checkRuns.push({
        id: 1,
        name: "dbt Fusion",
        head_sha: HEAD_SHA,
        status: "completed",
        conclusion: "failure",
        details_url: RUN_URL,
        external_id: "fusion-report-9876543210.1-5b0f0d7e-8f3a-4f4e-9d51-2a8c3c1e6f00",
        output: { title: "1 node error, 1 failed test", summary: "## ❌ dbt Fusion", text: null },
        annotations: [],
      }),
    );
    const passing = await act({ inputs: { telemetry: PASSING } });
    expect(passing.code).toBe(0);
    expect(passing.outputs.conclusion).toBe("success");
    // GitHub counts the newest check run of the name: the passing job's.
    const newest = server.checkRuns[1]!;
    expect(newest).toMatchObject({ conclusion: "failure" });
    expect(newest.output.title).toBe(
      "all nodes succeeded (another job of this run reported failure under the same check name)",
    );
    expect(newest.output.summary).toMatch(/^> \[!WARNING\]\n> Another job of this workflow run/);
    expect(warnings(passing)).toEqual([
      expect.stringMatching(
        /^::warning::Another job of this workflow run already reported check 'dbt Fusion'/,
      ),
    ]);
    expect(server.commentsOn(PR_NUMBER)[0]!.body).toMatch(/^> \[!WARNING\]\n> Another job/);
    expect(server.violations).toEqual([]);
  });

  it("jobs of another run (a newer push) or another attempt are not counted as sharing the name", async () => {
    openPull();
    await act({ inputs: { telemetry: FAILING } });
    const rerun = await act({ inputs: { telemetry: PASSING }, env: { GITHUB_RUN_ATTEMPT: "2" } });
    const other = await act({ inputs: { telemetry: PASSING }, env: { GITHUB_RUN_ID: "9876543211" } });
    expect(warnings(rerun)).toEqual([]);
    expect(warnings(other)).toEqual([]);
    expect(standIn.current.checkRuns.map((c) => c.conclusion)).toEqual(["failure", "success", "success"]);
  });
});

describe("re-runs (GITHUB_RUN_ATTEMPT > 1)", () => {
  it("the comment is updated in place; the attempt gets a check run of its own whose details are that attempt's", async () => {
    openPull();
    const first = await act({ inputs: { telemetry: FAILING } });
    const again = await act({ inputs: { telemetry: PASSING }, env: { GITHUB_RUN_ATTEMPT: "2" } });
    expect([first.code, again.code]).toEqual([1, 0]);
    const server = standIn.current;
    expect(server.commentsOn(PR_NUMBER)).toHaveLength(1);
    expect(server.commentsOn(PR_NUMBER)[0]!.body).toMatch(/^## ✅ dbt Fusion/);
    expect(server.commentsOn(PR_NUMBER)[0]!.body).toContain(`(${RUN_URL})`);
    expect(again.outputs["comment-url"]).toBe(first.outputs["comment-url"]);
    // GitHub counts the newest check run of a name: the re-run's.
    expect(server.checkRuns.map((c) => [c.head_sha, c.conclusion, c.details_url])).toEqual([
      [HEAD_SHA, "failure", RUN_URL],
      [HEAD_SHA, "success", `${RUN_URL}/attempts/2`],
    ]);
  });
});

describe("events without a pull request", () => {
  it.each(["push", "schedule", "workflow_dispatch"] as const)(
    "%s: check run on GITHUB_SHA, no pull request asked for, one quiet line about the comment",
    async (event) => {
      const run = await act({ event, inputs: { telemetry: FAILING } });
      expect(run.code).toBe(1);
      const server = standIn.current;
      expect(server.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[PUSH_SHA, "failure"]]);
      expect(server.requests.filter((r) => /^(issues|pulls|repos)\//.test(r.operationId ?? ""))).toEqual([]);
      expect(run.stdout.match(/No PR comment/g)).toHaveLength(1);
      expect(run.stdout).toContain(
        `No PR comment: this ${event} run is for commit 2222222, not a pull request.`,
      );
      expect(warnings(run)).toEqual([]);
      expect(run.summary).toMatch(/^## ❌ dbt Fusion/);
      expect(run.summary).toContain(
        `https://github.com/acme/analytics/blob/${PUSH_SHA}/models/marts/customers.yml`,
      );
    },
  );

  it("comment: off says nothing about a comment", async () => {
    const run = await act({ event: "push", inputs: { telemetry: PASSING, comment: "off" } });
    expect(run.stdout).not.toContain("No PR comment");
  });

  it("pull_request_target: check run on the pull request's head, not GITHUB_SHA (the base branch); comment on it", async () => {
    openPull();
    const run = await act({
      event: "pull_request_target",
      payload: pullRequestPayload({ headRepo: "contributor/analytics" }),
      sha: "5".repeat(40),
      inputs: { telemetry: PASSING },
    });
    expect(run.code).toBe(0);
    expect(standIn.current.checkRuns.map((c) => c.head_sha)).toEqual([HEAD_SHA]);
    expect(standIn.current.commentsOn(PR_NUMBER)).toHaveLength(1);
  });

  const workflowRun = (event: string, headSha: string, headBranch: string) => ({
    action: "completed",
    workflow_run: {
      id: 18123456789,
      event,
      head_sha: headSha,
      head_branch: headBranch,
      head_repository: { full_name: "acme/analytics" },
      pull_requests: [],
    },
    repository: { full_name: "acme/analytics" },
  });

  it("workflow_run after a push to main: no pull request is looked for, not even the one just merged", async () => {
    // A fast-forward or rebase merge makes main's commit the head of the merged pull request.
    standIn.current.pulls.push({
      number: 50,
      state: "closed",
      head: { sha: HEAD_SHA, ref: "feature/x", repoFullName: "acme/analytics" },
    });
    const run = await act({
      event: "workflow_run",
      payload: workflowRun("push", HEAD_SHA, "main"),
      inputs: { telemetry: PASSING },
    });
    expect(run.code).toBe(0);
    expect(ops("repos/list-pull-requests-associated-with-commit")).toEqual([]);
    expect(standIn.current.comments).toEqual([]);
    expect(standIn.current.checkRuns.map((c) => c.head_sha)).toEqual([HEAD_SHA]);
    expect(run.stdout).toContain(
      "No PR comment: this push run (through workflow_run) is for commit 3f1c2e9, not a pull request.",
    );
  });

  it("workflow_run after a pull request's run whose pull request is not found: the log does not call it no pull request", async () => {
    // The fork's branch was pushed again (or the pull request closed) before this run looked.
    const run = await act({
      event: "workflow_run",
      payload: {
        ...workflowRun("pull_request", HEAD_SHA, "feature/orders"),
        workflow_run: {
          ...workflowRun("pull_request", HEAD_SHA, "feature/orders").workflow_run,
          head_repository: { full_name: "contributor/analytics" },
        },
      },
      inputs: { telemetry: PASSING },
    });
    expect(run.code).toBe(0);
    expect(ops("repos/list-pull-requests-associated-with-commit")).toHaveLength(1);
    expect(run.stdout).not.toContain("not a pull request");
    expect(run.stdout).toContain(
      "No PR comment: no pull request was found for commit 3f1c2e9 of this pull_request run (through workflow_run).",
    );
  });

  it("workflow_run after a merge queue's run: the check run goes on the queue's commit", async () => {
    const queued = "4".repeat(40);
    const run = await act({
      event: "workflow_run",
      payload: workflowRun("merge_group", queued, `gh-readonly-queue/main/pr-${PR_NUMBER}-${HEAD_SHA}`),
      inputs: { telemetry: FAILING },
    });
    expect(run.code).toBe(1);
    expect(standIn.current.checkRuns.map((c) => [c.head_sha, c.conclusion])).toEqual([[queued, "failure"]]);
    expect(ops("repos/list-pull-requests-associated-with-commit")).toEqual([]);
    expect(ops("pulls/list")).toEqual([]);
    expect(warnings(run)).toEqual([]);
  });
});

describe("cancelled runs", () => {
  it("the report step cancelled while it creates the check run: nothing is left in progress or half-written", async () => {
    openPull();
    const server = standIn.current;
    server.inject({ operationId: "checks/create", status: 0, stall: "headers", times: 1 });
    const started = Date.now();
    const run = await act({
      inputs: { telemetry: FAILING, "run-results": "target/run_results.fusion.json" },
      // As the runner cancels a step: SIGINT, here once the check run is being created.
      onSpawn: (child) => {
        const poll = setInterval(() => {
          if (server.requests.some((r) => r.operationId === "checks/create")) {
            clearInterval(poll);
            child.kill("SIGINT");
          }
        }, 10);
        child.on("exit", () => clearInterval(poll));
      },
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.code).not.toBe(0);
    // The one check-run request was for a completed check: none is ever left "in progress".
    const creates = server.requests.filter((r) => r.operationId === "checks/create");
    expect(creates.map((r) => (r.body as { status?: string }).status)).toEqual(["completed"]);
    expect(server.checkRuns).toEqual([]);
    expect(server.comments).toEqual([]);
    // The report files were in place before publishing began; no temporary file is left beside them.
    expect(readdirSync(join(run.workspace, "target"))).toEqual(["run_results.fusion.json"]);
  });

  it("a build stopped before it finished: failure on its own commit, saying so", async () => {
    const crashed = fileURLToPath(
      new URL("../fixtures/generated/crashed-run/telemetry.jsonl", import.meta.url),
    );
    const run = await act({ inputs: { telemetry: crashed } });
    expect(run.code).toBe(1);
    expect(standIn.current.checkRuns.map((c) => [c.head_sha, c.conclusion, c.output.title])).toEqual([
      [HEAD_SHA, "failure", "an invocation did not finish"],
    ]);
  });
});

/**
 * GitHub Enterprise Server serves the REST API under /api/v3 and GraphQL at /api/graphql, on its own
 * host: this front strips the prefixes for the stand-in and records what was asked.
 */
async function startEnterpriseFront(
  target: string,
): Promise<{ url: string; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    const asked = req.url ?? "/";
    paths.push(`${req.method} ${asked}`);
    const known = /^\/api\/v3\//.test(asked) || asked === "/api/graphql";
    const forwarded = asked === "/api/graphql" ? "/graphql" : asked.replace(/^\/api\/v3/, "");
    if (!known) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Not Found" }));
      return;
    }
    const url = new URL(forwarded, target);
    const forward = httpRequest(
      url,
      { method: req.method, headers: { ...req.headers, host: url.host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

describe("GitHub Enterprise Server (GITHUB_API_URL, GITHUB_SERVER_URL)", () => {
  it("every API call goes to the server's API, every link to its host", async () => {
    const server = standIn.current;
    const front = await startEnterpriseFront(server.url);
    try {
      openPull();
      // An earlier run's comment: finding it without a check run of its own asks GraphQL who the token is.
      server.seedComment(PR_NUMBER, "old report\n\n<!-- fusion-report:dbt Fusion -->");
      const enterprise = {
        apiUrl: `${front.url}/api/v3`,
        // A trailing slash as someone might write it in a self-hosted runner's environment.
        env: { GITHUB_SERVER_URL: "https://ghes.example.com/" },
      };
      const commentOnly = await act({ ...enterprise, inputs: { telemetry: FAILING, "check-run": "false" } });
      expect(commentOnly.code).toBe(1);
      expect(front.paths).toContain("POST /api/graphql");

      const run = await act({ ...enterprise, inputs: { telemetry: FAILING } });
      expect(run.code).toBe(1);
      expect(front.paths.every((p) => / \/api\/(v3\/|graphql$)/.test(p))).toBe(true);
      expect(server.requests.length).toBe(front.paths.length);

      const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s)"'<>\]]+/g)].map((m) => m[0]);
      const comment = server.commentsOn(PR_NUMBER)[0]!.body;
      const check = server.checkRuns[0]!;
      const everyLink = [
        ...linksIn(comment),
        ...linksIn(run.summary),
        ...linksIn(check.output.summary ?? ""),
        ...linksIn(check.output.text ?? ""),
        check.details_url ?? "",
      ];
      expect(everyLink.length).toBeGreaterThan(3);
      for (const link of everyLink)
        expect(link).toMatch(/^https:\/\/ghes\.example\.com\/acme\/analytics\/[^/]/);
      expect(check.details_url).toBe("https://ghes.example.com/acme/analytics/actions/runs/9876543210");
      expect(comment).toContain(
        `https://ghes.example.com/acme/analytics/blob/${HEAD_SHA}/models/marts/customers.yml#L31`,
      );
    } finally {
      await front.close();
    }
  });
});
