import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/github/client.js";
import { upsertComment, commentMarker } from "../../src/github/comment.js";
import { RateLimitError } from "../../src/github/errors.js";
import { FakeGitHub } from "../support/github-server.js";

let server: FakeGitHub;
beforeEach(async () => {
  server = await FakeGitHub.start();
});
afterEach(async () => {
  await server.close();
});

const target = { owner: "acme", repo: "analytics", prNumber: 7, body: "hi", marker: commentMarker("x") };

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
