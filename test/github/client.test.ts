import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/github/client.js";
import { upsertComment, commentMarker } from "../../src/github/comment.js";
import { classifyGitHubError, RateLimitError } from "../../src/github/errors.js";
import { publishCheckRun } from "../../src/github/check-run.js";
import { CrossOriginRedirectError } from "../../src/github/redirects.js";
import { FakeGitHub, startOtherHost } from "../support/github-server.js";

let server: FakeGitHub;
beforeEach(async () => {
  server = await FakeGitHub.start();
});
afterEach(async () => {
  await server.close();
});

const target = {
  owner: "acme",
  repo: "analytics",
  prNumber: 7,
  body: "hi",
  marker: commentMarker("x"),
  create: true,
};

describe("createClient", () => {
  it("retries secondary rate limits, honouring retry-after (scaled down in fast mode)", async () => {
    const logs: string[] = [];
    const octokit = createClient("ghs_test", {
      baseUrl: server.url,
      fastRetry: true,
      log: (m) => logs.push(m),
    });
    server.secondaryRateLimit(2);
    const result = await upsertComment(octokit, target);
    expect(result.action).toBe("created");
    expect(server.requests.filter((r) => r.status === 403)).toHaveLength(2);
    expect(logs.join("\n")).toMatch(/secondary rate limit on GET .*retrying in 1 s \(attempt 1 of 3\)/);
    expect(server.violations).toEqual([]);
  });

  it("gives up after a bounded number of retries with an actionable error", async () => {
    const octokit = createClient("ghs_test", {
      baseUrl: server.url,
      fastRetry: true,
      maxRateLimitRetries: 1,
    });
    server.secondaryRateLimit(10);
    const error = await upsertComment(octokit, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as Error).message).toMatch(/rate limit.*Re-run the job later/s);
    expect(server.requests).toHaveLength(2);
  });

  it("a primary rate limit that resets later than it waits is not retried, and the log says when it resets", async () => {
    const logs: string[] = [];
    const octokit = createClient("ghs_test", {
      baseUrl: server.url,
      fastRetry: true,
      log: (m) => logs.push(m),
    });
    const reset = Math.floor(Date.now() / 1000) + 3_000;
    server.inject({
      operationId: "issues/list-comments",
      status: 403,
      body: { message: "API rate limit exceeded for installation ID 1." },
      headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) },
    });
    const error = await upsertComment(octokit, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(server.requests).toHaveLength(1);
    expect(logs.join("\n")).toMatch(
      /primary rate limit on GET .*; it resets in \d+ s, longer than the 120 s fusion-report waits; not retried\./,
    );
  });

  it("a secondary rate limit that asks to wait longer than it waits is not retried, and the log says so", async () => {
    const logs: string[] = [];
    const octokit = createClient("ghs_test", {
      baseUrl: server.url,
      fastRetry: true,
      log: (m) => logs.push(m),
    });
    server.inject({
      operationId: "issues/list-comments",
      status: 403,
      body: {
        message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
      },
      headers: { "retry-after": "3600" },
    });
    const error = await upsertComment(octokit, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(server.requests).toHaveLength(1);
    expect(logs.join("\n")).toMatch(
      /secondary rate limit on GET .*; it asks to wait 3600 s, longer than the 120 s fusion-report waits; not retried\./,
    );
  });

  it("a 429 that names no rate limit is still one, not a bare 'Could not'", async () => {
    const octokit = createClient("ghs_test", { baseUrl: server.url, fastRetry: true });
    server.inject({
      operationId: "issues/list-comments",
      status: 429,
      body: { message: "Too Many Requests" },
    });
    const error = await upsertComment(octokit, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as Error).message).toMatch(
      /GitHub rate limit while trying to write the pull request comment \(Too Many Requests\).*Re-run the job later/s,
    );
  });

  it("honours FUSION_REPORT_TEST_FAST_RETRY=1 and GITHUB_API_URL from the env it is given", async () => {
    const octokit = createClient(
      "ghs_test",
      {},
      { GITHUB_API_URL: server.url, FUSION_REPORT_TEST_FAST_RETRY: "1" },
    );
    server.secondaryRateLimit(1);
    const started = Date.now();
    await upsertComment(octokit, target);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it("retries 5xx responses", async () => {
    const octokit = createClient("ghs_test", { baseUrl: server.url, fastRetry: true });
    server.inject({ operationId: "issues/list-comments", status: 502, times: 2 });
    expect((await upsertComment(octokit, target)).action).toBe("created");
  });

  it("does not retry a 501: a server without the endpoint will not have it a moment later", async () => {
    const octokit = createClient("ghs_test", { baseUrl: server.url, fastRetry: true });
    server.inject({ operationId: "issues/list-comments", status: 501, times: 2 });
    await expect(upsertComment(octokit, target)).rejects.toMatchObject({ status: 501 });
    const asked = server.requests.filter((r) => r.method === "GET" && r.path.endsWith("/comments"));
    expect(asked).toHaveLength(1);
  });
});

describe("redirects", () => {
  const checkRun = {
    owner: "acme",
    repo: "analytics",
    headSha: "a".repeat(40),
    name: "dbt Fusion",
    conclusion: "success" as const,
    title: "ok",
    summary: "the whole report",
    annotations: [],
  };

  it.each([307, 308])(
    "refuses a %s to another origin: nothing is sent there, nothing is retried",
    async (status) => {
      const other = await startOtherHost();
      try {
        const octokit = createClient("ghs_test", { baseUrl: server.url, fastRetry: true });
        server.inject({
          operationId: "issues/create-comment",
          status,
          headers: { location: `${other.url}/repos/acme/analytics/issues/7/comments` },
        });
        const raw = await octokit.rest.issues
          .createComment({ owner: "acme", repo: "analytics", issue_number: 7, body: "the report" })
          .catch((e: unknown) => e);
        expect(raw).toBeInstanceOf(CrossOriginRedirectError);
        expect(other.requests).toEqual([]);
        expect(server.requests.filter((r) => r.operationId === "issues/create-comment")).toHaveLength(1);
        const message = classifyGitHubError(raw, "comment").message;
        expect(message).toContain("Did not write the pull request comment");
        expect(message).toContain(`HTTP ${status}, a redirect to another host (${other.url})`);
        expect(server.violations).toEqual([]);
      } finally {
        await other.close();
      }
    },
  );

  it("follows a redirect within the API's origin, keeping method, body and token", async () => {
    const octokit = createClient("ghs_test", { baseUrl: server.url, fastRetry: true });
    server.inject({
      operationId: "checks/create",
      status: 307,
      headers: { location: `${server.url}/repos/acme/analytics/check-runs` },
      times: 1,
    });
    server.inject({
      operationId: "issues/list-comments",
      status: 301,
      headers: { location: `${server.url}/repos/acme/analytics/issues/7/comments?per_page=100` },
      times: 1,
    });
    const result = await publishCheckRun(octokit, checkRun);
    expect(result.url).toMatch(/\/runs\/\d+$/);
    expect((await upsertComment(octokit, target)).action).toBe("created");
    const creates = server.requests.filter((r) => r.operationId === "checks/create");
    expect(creates.map((r) => r.status)).toEqual([307, 201]);
    expect(creates[1]).toMatchObject({ method: "POST", authorization: "token ghs_test" });
    expect((creates[1]!.body as { output: { summary: string } }).output.summary).toBe("the whole report");
    expect(server.violations).toEqual([]);
  });
});

describe("token redaction by value", () => {
  it("masks the client's own token, whatever its shape, from every error it throws", async () => {
    const token = "enterprise-Zq9xW2mB7vR4nK1pL8sD3fG6";
    const octokit = createClient(token, { baseUrl: server.url, fastRetry: true });
    server.inject({
      operationId: "issues/list-comments",
      status: 401,
      body: { message: `Bad credentials: ${token}`, errors: [{ message: `token ${token.slice(0, 14)}` }] },
      times: 1,
    });
    const raw = (await octokit.rest.issues
      .listComments({ owner: "acme", repo: "analytics", issue_number: 7 })
      .catch((e: unknown) => e)) as Error & { response: { data: unknown } };
    expect(JSON.stringify(raw.response.data)).not.toContain(token.slice(0, 8));
    expect(raw.message).not.toContain(token.slice(0, 8));
    server.inject({
      operationId: "issues/list-comments",
      status: 500,
      body: { message: `Internal error for ${token}` },
    });
    const classified = (await upsertComment(octokit, target).catch((e: unknown) => e)) as Error;
    expect(classified.message).toMatch(
      /^Could not write the pull request comment: 500 Internal error for \*\*\*/,
    );
  });
});

describe("the fake server's OpenAPI validation", () => {
  it("records unknown routes and invalid bodies as violations", async () => {
    const octokit = createClient("ghs_test", { baseUrl: server.url, fastRetry: true });
    await octokit
      .request("GET /repos/{owner}/{repo}/no-such-thing", { owner: "acme", repo: "analytics" })
      .catch(() => {});
    // Deliberately invalid (no output.summary, unknown conclusion), so typed as a plain record.
    const invalid: Record<string, unknown> = {
      owner: "acme",
      repo: "analytics",
      name: "x",
      head_sha: "abc",
      output: { title: "t" },
      conclusion: "errored",
    };
    await octokit.request("POST /repos/{owner}/{repo}/check-runs", invalid as never).catch(() => {});
    await octokit
      .request("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        owner: "acme",
        repo: "analytics",
        issue_number: 1,
        perpage: 5,
      })
      .catch(() => {});
    expect(server.violations).toHaveLength(3);
    expect(server.violations[0]).toMatch(/no such operation/);
    expect(server.violations[1]).toMatch(/checks\/create: request body: .*(summary|conclusion)/);
    expect(server.violations[2]).toMatch(/unknown query parameter 'perpage'/);
    server.violations.length = 0;
  });
});
