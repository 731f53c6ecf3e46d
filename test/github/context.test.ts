import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient, type GitHubClient } from "../../src/github/client.js";
import {
  attemptUrl,
  ContextError,
  needsPullRequestLookup,
  parseRunContext,
  readEventPayload,
  completeRunContext,
  type EventPayload,
} from "../../src/github/context.js";
import { FakeGitHub } from "../support/github-server.js";
import { makeTempDir } from "../support/temp-dir.js";

const HEAD = "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e";
const MERGE = "1111111111111111111111111111111111111111";
const env = {
  GITHUB_REPOSITORY: "acme/analytics",
  GITHUB_SHA: MERGE,
  GITHUB_SERVER_URL: "https://github.com",
  GITHUB_RUN_ID: "42",
};
const workflowRunFork = JSON.parse(
  readFileSync(
    new URL("../fixtures/reference/examples/gh-workflow-run-event-excerpt.json", import.meta.url),
    "utf8",
  ),
) as Record<string, unknown>;

/** `workflow_run.pull_requests` items name their repositories by id and API URL (pull-request-minimal). */
const HERE = { id: 1296269, url: "https://api.github.com/repos/acme/analytics", name: "analytics" };
const ELSEWHERE = { id: 5550001, url: "https://api.github.com/repos/someone/analytics", name: "analytics" };
const pull = (number: number, sha: string, base: Record<string, unknown>) => ({
  id: number * 1000,
  number,
  url: `${String(base.url)}/pulls/${number}`,
  head: { ref: "main", sha, repo: ELSEWHERE },
  base: { ref: "main", sha: "0".repeat(40), repo: base },
});

const pullRequestPayload = {
  pull_request: {
    number: 418,
    head: { sha: HEAD, ref: "feature/orders", repo: { full_name: "acme/analytics" } },
  },
};

describe("parseRunContext", () => {
  it.each(["pull_request", "pull_request_target"])(
    "%s uses the PR head sha, never the merge commit",
    (event) => {
      expect(parseRunContext(event, pullRequestPayload, env)).toEqual({
        owner: "acme",
        repo: "analytics",
        eventName: event,
        headSha: HEAD,
        prNumber: 418,
        runUrl: "https://github.com/acme/analytics/actions/runs/42",
        runKey: "42.1",
        runAttempt: 1,
        headRepoFullName: "acme/analytics",
        headBranch: "feature/orders",
      });
    },
  );

  it("a re-run: its attempt in the run key and the check run's details page; the run's page for the report", () => {
    const ctx = parseRunContext("pull_request", pullRequestPayload, { ...env, GITHUB_RUN_ATTEMPT: "3" });
    expect(ctx).toMatchObject({
      runKey: "42.3",
      runUrl: "https://github.com/acme/analytics/actions/runs/42",
    });
    expect(attemptUrl(ctx)).toBe("https://github.com/acme/analytics/actions/runs/42/attempts/3");
    const first = parseRunContext("pull_request", pullRequestPayload, env);
    expect(attemptUrl(first)).toBe("https://github.com/acme/analytics/actions/runs/42");
    for (const odd of ["", "0", "x", "-1"]) {
      expect(parseRunContext("push", {}, { ...env, GITHUB_RUN_ATTEMPT: odd }).runKey).toBe("42.1");
    }
    expect(parseRunContext("push", {}, { ...env, GITHUB_RUN_ID: undefined }).runKey).toBeNull();
  });

  it("GitHub Enterprise Server: links on GITHUB_SERVER_URL, without a trailing slash", () => {
    const ctx = parseRunContext("push", {}, { ...env, GITHUB_SERVER_URL: "https://ghes.example.com/" });
    expect(ctx.runUrl).toBe("https://ghes.example.com/acme/analytics/actions/runs/42");
    expect(parseRunContext("push", {}, { ...env, GITHUB_SERVER_URL: "" }).runUrl).toBe(
      "https://github.com/acme/analytics/actions/runs/42",
    );
  });

  it.each([
    ["pull_request", true],
    ["pull_request_target", true],
    [undefined, true],
    ["push", false],
    ["merge_group", false],
    ["schedule", false],
    ["workflow_dispatch", false],
  ])("a workflow_run of a %s run looks for its pull request: %s", (event, lookup) => {
    const payload = JSON.parse(JSON.stringify(workflowRunFork)) as { workflow_run: Record<string, unknown> };
    if (event) payload.workflow_run.event = event;
    else delete payload.workflow_run.event;
    const ctx = parseRunContext("workflow_run", payload as EventPayload, env);
    expect(ctx.triggeredBy ?? undefined).toBe(event);
    expect(needsPullRequestLookup(ctx)).toBe(lookup);
  });

  it.each(["push", "workflow_dispatch"])("%s uses GITHUB_SHA and has no PR", (event) => {
    const ctx = parseRunContext(event, {}, { ...env, GITHUB_REF_NAME: "main" });
    expect(ctx).toMatchObject({
      headSha: MERGE,
      prNumber: null,
      headRepoFullName: "acme/analytics",
      headBranch: "main",
    });
  });

  it("workflow_run takes head_sha and the PR from pull_requests when present", () => {
    const payload = {
      workflow_run: {
        head_sha: HEAD,
        head_branch: "feature/orders",
        head_repository: { full_name: "acme/analytics" },
        pull_requests: [pull(9, "other", HERE), pull(418, HEAD, HERE)],
      },
    };
    const ctx = parseRunContext("workflow_run", payload, env);
    expect(ctx).toMatchObject({ headSha: HEAD, prNumber: 418 });
    expect(needsPullRequestLookup(ctx)).toBe(false);
  });

  describe("workflow_run: only a pull request of this repository", () => {
    const run = (pulls: unknown[], over: Record<string, unknown> = {}): EventPayload =>
      ({
        workflow_run: {
          head_sha: HEAD,
          head_branch: "main",
          head_repository: { full_name: "contributor/analytics" },
          pull_requests: pulls,
        },
        repository: { full_name: "acme/analytics", id: HERE.id },
        ...over,
      }) as EventPayload;

    it("never takes another repository's pull request, even one with the run's head commit", () => {
      // A fork's run on its `main` lists the open PRs of any repository whose head is that branch.
      const ctx = parseRunContext(
        "workflow_run",
        run([pull(12, HEAD, ELSEWHERE), pull(3, HEAD, ELSEWHERE)]),
        env,
      );
      expect(ctx.prNumber).toBeNull();
      expect(needsPullRequestLookup(ctx)).toBe(true);
    });

    it("prefers this repository's pull request, the one with the head commit first", () => {
      const pulls = [pull(12, HEAD, ELSEWHERE), pull(5, "other", HERE), pull(7, HEAD, HERE)];
      expect(parseRunContext("workflow_run", run(pulls), env).prNumber).toBe(7);
      expect(parseRunContext("workflow_run", run(pulls.slice(0, 2)), env).prNumber).toBe(5);
    });

    it("tells the repositories apart by id when both are known, else by the API URL (GHES too)", () => {
      const renamed = { id: HERE.id, url: "https://api.github.com/repos/acme/old-name" };
      expect(parseRunContext("workflow_run", run([pull(4, HEAD, renamed)]), env).prNumber).toBe(4);
      const sameUrlOtherId = { id: 999, url: HERE.url };
      expect(parseRunContext("workflow_run", run([pull(4, HEAD, sameUrlOtherId)]), env).prNumber).toBeNull();
      const ghes = { url: "https://ghes.example/api/v3/repos/ACME/Analytics" };
      const noIds = run([pull(6, HEAD, ghes)], { repository: { full_name: "acme/analytics" } });
      expect(parseRunContext("workflow_run", noIds, env).prNumber).toBe(6);
      const viaEnv = run([pull(8, HEAD, { id: 31337, url: ELSEWHERE.url })], { repository: {} });
      expect(
        parseRunContext("workflow_run", viaEnv, { ...env, GITHUB_REPOSITORY_ID: "31337" }).prNumber,
      ).toBe(8);
    });

    it("does not take a pull request whose base repository it cannot see", () => {
      const pulls = [
        { number: 2, head: { sha: HEAD } },
        { number: 3, head: { sha: HEAD }, base: { ref: "main" } },
      ];
      expect(parseRunContext("workflow_run", run(pulls), env).prNumber).toBeNull();
    });
  });

  it("workflow_run from a fork has an empty pull_requests array and needs the API", () => {
    const ctx = parseRunContext("workflow_run", workflowRunFork, env);
    expect(ctx).toMatchObject({
      headSha: HEAD,
      prNumber: null,
      headRepoFullName: "contributor/analytics",
      headBranch: "feature/orders-model",
    });
    expect(needsPullRequestLookup(ctx)).toBe(true);
  });

  it("explains what is missing", () => {
    expect(() => parseRunContext("push", {}, {})).toThrow(ContextError);
    expect(() => parseRunContext("pull_request", {}, env)).toThrow(/pull_request.head.sha/);
  });
});

/** What main.ts does with the runner's variables: the payload file read once, then parsed. */
const readRunContext = (runEnv: Record<string, string>) =>
  parseRunContext(runEnv.GITHUB_EVENT_NAME ?? "", readEventPayload(runEnv), runEnv);

describe("readEventPayload + parseRunContext", () => {
  it("reads GITHUB_EVENT_NAME and the payload file", () => {
    const dir = makeTempDir("fusion-ctx-");
    const eventPath = join(dir, "event.json");
    writeFileSync(eventPath, JSON.stringify(pullRequestPayload));
    const ctx = readRunContext({ ...env, GITHUB_EVENT_NAME: "pull_request", GITHUB_EVENT_PATH: eventPath });
    expect(ctx.prNumber).toBe(418);
  });
});

describe("completeRunContext for a fork workflow_run", () => {
  let server: FakeGitHub;
  let octokit: GitHubClient;
  let runEnv: Record<string, string>;
  beforeEach(async () => {
    server = await FakeGitHub.start();
    octokit = createClient("ghs_test", { baseUrl: server.url, fastRetry: true });
    const dir = makeTempDir("fusion-ctx-");
    const eventPath = join(dir, "event.json");
    writeFileSync(eventPath, JSON.stringify(workflowRunFork));
    runEnv = { ...env, GITHUB_EVENT_NAME: "workflow_run", GITHUB_EVENT_PATH: eventPath };
  });
  afterEach(async () => {
    expect(server.violations).toEqual([]);
    await server.close();
  });

  it("finds the PR via the commit's pulls, matching head sha and head repository", async () => {
    server.pulls.push(
      {
        number: 5,
        state: "open",
        head: { sha: HEAD, ref: "feature/orders-model", repoFullName: "someone-else/analytics" },
      },
      {
        number: 418,
        state: "open",
        head: { sha: HEAD, ref: "feature/orders-model", repoFullName: "contributor/analytics" },
      },
    );
    const ctx = await completeRunContext(octokit, readRunContext(runEnv));
    expect(ctx.prNumber).toBe(418);
    expect(server.requests.map((r) => r.operationId)).toEqual([
      "repos/list-pull-requests-associated-with-commit",
    ]);
  });

  it("falls back to open pulls for owner:branch", async () => {
    server.commitPullsVisible = false;
    server.pulls.push(
      {
        number: 417,
        state: "open",
        head: { sha: "stale", ref: "feature/orders-model", repoFullName: "contributor/analytics" },
      },
      {
        number: 418,
        state: "open",
        head: { sha: HEAD, ref: "feature/orders-model", repoFullName: "contributor/analytics" },
      },
    );
    const ctx = await completeRunContext(octokit, readRunContext(runEnv));
    expect(ctx.prNumber).toBe(418);
    const list = server.requests.find((r) => r.operationId === "pulls/list");
    expect(list?.query).toMatchObject({ state: "open", head: "contributor:feature/orders-model" });
  });

  it("returns null when no PR matches (e.g. the PR was closed)", async () => {
    server.pulls.push({
      number: 1,
      state: "open",
      head: { sha: "nope", ref: "x", repoFullName: "contributor/analytics" },
    });
    expect((await completeRunContext(octokit, readRunContext(runEnv))).prNumber).toBeNull();
  });
});
