// A GitHub API request that gets no answer, or half of one, is given up after the client's limit
// and asked again; one that never gets an answer fails its channel with a message that says so.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/github/client.js";
import { commentMarker, upsertComment } from "../../src/github/comment.js";
import { classifyGitHubError } from "../../src/github/errors.js";
import { GitHubRequestTimeoutError, withRequestTimeout } from "../../src/github/stalled-requests.js";
import { FakeGitHub } from "../support/github-server.js";

const TOKEN = "ghs_stalledRequestToken0123456789abcdef";
/** Long enough for the fake server to answer on a busy machine, short enough for a test. */
const LIMIT_MS = 400;

let server: FakeGitHub;
beforeEach(async () => {
  server = await FakeGitHub.start();
});
afterEach(async () => {
  expect(server.violations).toEqual([]);
  await server.close();
});

const target = {
  owner: "acme",
  repo: "analytics",
  prNumber: 7,
  body: "the report",
  marker: commentMarker("x"),
  create: true,
};
const client = (): ReturnType<typeof createClient> =>
  createClient(TOKEN, { baseUrl: server.url, fastRetry: true, requestTimeoutMs: LIMIT_MS });

describe("GitHub API requests that get no answer", () => {
  it("a request left without an answer is given up and asked again, and then succeeds", async () => {
    server.inject({ operationId: "issues/list-comments", status: 200, stall: "headers", times: 2 });
    const result = await upsertComment(client(), target);
    expect(result.action).toBe("created");
    // Two unanswered, the third answered, and one after creating (comment.ts, keepOldest).
    expect(server.requests.filter((r) => r.operationId === "issues/list-comments")).toHaveLength(4);
    expect(server.commentsOn(7)).toHaveLength(1);
  });

  it("an answer whose body stops half way fails the attempt (never read as an empty success)", async () => {
    server.inject({
      operationId: "issues/list-comments",
      status: 200,
      body: [{ id: 1, body: "x".repeat(200) }],
      stall: "body",
      times: 1,
    });
    const result = await upsertComment(client(), target);
    expect(result.action).toBe("created");
    expect(server.requests.filter((r) => r.operationId === "issues/list-comments")).toHaveLength(3);
  });

  it("a comment stored but whose answer never came is found, not posted twice", async () => {
    server.inject({
      operationId: "issues/create-comment",
      status: 201,
      stall: "headers",
      afterHandling: true,
      times: 1,
    });
    const result = await upsertComment(client(), target);
    expect(result.url).toMatch(/#issuecomment-\d+$/);
    expect(server.commentsOn(7)).toHaveLength(1);
    expect(server.requests.filter((r) => r.operationId === "issues/create-comment")).toHaveLength(1);
  });

  it("a comment POST that got no answer and was not stored is posted once more, and the log says why", async () => {
    server.inject({ operationId: "issues/create-comment", status: 201, stall: "headers", times: 1 });
    const logs: string[] = [];
    const result = await upsertComment(client(), target, (line) => logs.push(line));
    expect(result.action).toBe("created");
    expect(server.commentsOn(7)).toHaveLength(1);
    expect(logs).toContain(
      `Creating the PR comment failed (GitHub did not answer POST /repos/acme/analytics/issues/7/comments ` +
        `within ${LIMIT_MS} ms), and it was not stored; posting it once more.`,
    );
  });

  it("a server that never answers: bounded attempts, and a message that says what happened", async () => {
    server.inject({ operationId: "issues/list-comments", status: 200, stall: "headers" });
    const error = await upsertComment(client(), target).catch((e: unknown) => e);
    // One attempt and the retry plugin's three.
    expect(server.requests.filter((r) => r.operationId === "issues/list-comments")).toHaveLength(4);
    const classified = classifyGitHubError(error, "comment");
    expect(classified.message).toBe(
      `Could not write the pull request comment: GitHub did not answer GET /repos/acme/analytics/issues/7/comments ` +
        `within ${LIMIT_MS} ms, nor when asked again. GitHub may be having an outage ` +
        "(https://www.githubstatus.com); re-run the job later.",
    );
    expect(classified.status).toBeNull();
    expect(JSON.stringify(classified)).not.toContain(TOKEN.slice(4, 12));
    expect(server.commentsOn(7)).toHaveLength(0);
  });

  it("a silent API: after two requests went unanswered, the next is not sent, and says why", async () => {
    server.inject({ operationId: "issues/list-comments", status: 200, stall: "headers" });
    const octokit = client();
    for (let i = 0; i < 2; i++) await upsertComment(octokit, target).catch(() => undefined);
    const asked = server.requests.length;
    expect(asked).toBe(8);
    const error = await upsertComment(octokit, target).catch((e: unknown) => e);
    expect(server.requests).toHaveLength(asked);
    expect(classifyGitHubError(error, "comment").message).toBe(
      "Could not write the pull request comment: did not ask GitHub for GET /repos/acme/analytics/issues/7/comments: " +
        "it had left the 2 requests before it without an answer, each asked again. GitHub may be having an outage " +
        "(https://www.githubstatus.com); re-run the job later.",
    );
  });

  it("any answer in between starts the count again: one endpoint that hangs leaves the others alone", async () => {
    const octokit = client();
    server.inject({ operationId: "issues/list-comments", status: 200, stall: "headers", times: 4 });
    await expect(upsertComment(octokit, target)).rejects.toBeDefined();
    // Answered, with an error status: GitHub is there.
    server.inject({ operationId: "issues/list-comments", status: 404, times: 1 });
    await expect(upsertComment(octokit, target)).rejects.toMatchObject({ status: 404 });
    server.inject({ operationId: "issues/list-comments", status: 200, stall: "headers", times: 4 });
    await expect(upsertComment(octokit, target)).rejects.toBeDefined();
    expect((await upsertComment(octokit, target)).action).toBe("created");
    expect(server.requests.filter((r) => r.operationId === "issues/list-comments")).toHaveLength(11);
  });

  it("a connection refused is named as no answer, not as an HTTP 500", async () => {
    const closed = await FakeGitHub.start();
    const url = closed.url;
    await closed.close();
    const octokit = createClient(TOKEN, { baseUrl: url, fastRetry: true, requestTimeoutMs: LIMIT_MS });
    const error = await upsertComment(octokit, target).catch((e: unknown) => e);
    const classified = classifyGitHubError(error, "comment");
    expect(classified.message).toMatch(
      /^Could not write the pull request comment: the request to GitHub failed \(.+\)$/,
    );
    expect(classified.message).not.toMatch(/\b500\b/);
    expect(classified.status).toBeNull();
  });
});

describe("the limit, through the client", () => {
  let slow: Server;
  let base: string;
  beforeEach(async () => {
    // Every answer takes 150 ms; /hop/N redirects to /hop/N+1 within the origin, up to /hop/3.
    slow = createServer((req, res) => {
      const hop = /^\/(?:proxy\/[^/]+\/)?hop\/(\d)$/.exec(req.url ?? "");
      setTimeout(() => {
        if (hop && Number(hop[1]) < 3) {
          res.writeHead(302, { location: req.url!.replace(/\d$/, String(Number(hop[1]) + 1)) });
          res.end();
        } else if (hop) {
          res.writeHead(200, { "content-type": "application/json" });
          res.end("{}");
        }
        // Anything else is never answered.
      }, 150);
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    slow.closeAllConnections();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
  });

  it("covers a whole redirect chain, not each hop", async () => {
    const octokit = (ms: number) =>
      createClient(TOKEN, { baseUrl: base, fastRetry: true, requestTimeoutMs: ms });
    // Four answers of 150 ms: within 1,500 ms, not within 400 (each hop alone would be).
    expect((await octokit(1_500).request("GET /hop/0")).status).toBe(200);
    const error = await octokit(400)
      .request("GET /hop/0", { request: { retries: 0 } })
      .catch((e: unknown) => e);
    expect(classifyGitHubError(error, "pr-files").message).toMatch(
      /GitHub did not answer GET \/hop\/0 within 400 ms/,
    );
  });

  it("a token in the API URL's path is masked in the timeout's message", async () => {
    const octokit = createClient(TOKEN, {
      baseUrl: `${base}/proxy/${TOKEN}`,
      fastRetry: true,
      requestTimeoutMs: 200,
    });
    const error = await octokit.request("GET /never", { request: { retries: 0 } }).catch((e: unknown) => e);
    const classified = classifyGitHubError(error, "pr-files");
    expect(classified.message).toContain("GitHub did not answer GET /proxy/***/never within 200 ms");
    expect(`${classified.message} ${classified.detail}`).not.toContain(TOKEN.slice(4, 12));
  });
});

describe("withRequestTimeout", () => {
  let silent: Server;
  let url: string;
  beforeEach(async () => {
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/repos/acme/analytics`;
  });
  afterEach(async () => {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it("throws GitHubRequestTimeoutError naming the method and path, not the query", async () => {
    const timed = withRequestTimeout(fetch, 50);
    const error = await timed(`${url}?access_token=${TOKEN}`, { method: "post" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubRequestTimeoutError);
    expect((error as Error).message).toBe("GitHub did not answer POST /repos/acme/analytics within 50 ms");
  });

  it("a caller's own abort stays the caller's", async () => {
    const timed = withRequestTimeout(fetch, 5_000);
    const controller = new AbortController();
    const pending = timed(url, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new Error("stopped by the caller"));
    const error = await pending;
    expect(error).not.toBeInstanceOf(GitHubRequestTimeoutError);
    expect((error as Error).message).toBe("stopped by the caller");
  });

  it("a whole answer comes back as it was: status, headers, body and url", async () => {
    const answering = createServer((_req, res) => {
      res.writeHead(201, { "content-type": "application/json", "x-github-request-id": "ABC" });
      res.end('{"id":1}');
    });
    await new Promise<void>((resolve) => answering.listen(0, "127.0.0.1", resolve));
    try {
      const address = `http://127.0.0.1:${(answering.address() as AddressInfo).port}/x`;
      const response = await withRequestTimeout(fetch, 5_000)(address);
      expect(response.status).toBe(201);
      expect(response.headers.get("x-github-request-id")).toBe("ABC");
      expect(response.url).toBe(address);
      expect(await response.json()).toEqual({ id: 1 });
    } finally {
      answering.closeAllConnections();
      await new Promise<void>((resolve) => answering.close(() => resolve()));
    }
  });
});
