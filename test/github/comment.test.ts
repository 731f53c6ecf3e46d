import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient, type GitHubClient } from "../../src/github/client.js";
import {
  commentMarker,
  COMMENT_MAX_CHARS,
  fitCommentBody,
  supersededNote,
  upsertComment,
} from "../../src/github/comment.js";
import { ValidationError } from "../../src/github/errors.js";
import { BOT, FakeGitHub, HUMAN, OTHER_BOT } from "../support/github-server.js";

const TOKEN = "ghs_0123456789abcdefghijABCDEFGHIJ0123";
let server: FakeGitHub;
let octokit: GitHubClient;
const marker = commentMarker("dbt Fusion");
const target = (body: string, create = true) => ({
  owner: "acme",
  repo: "analytics",
  prNumber: 418,
  body,
  marker,
  create,
});

beforeEach(async () => {
  server = await FakeGitHub.start();
  octokit = createClient(TOKEN, { baseUrl: server.url, fastRetry: true });
});
afterEach(async () => {
  expect(server.violations).toEqual([]);
  await server.close();
});

describe("commentMarker", () => {
  it("is a hidden HTML comment per check name that cannot be closed early", () => {
    expect(commentMarker("dbt Fusion")).toBe("<!-- fusion-report:dbt Fusion -->");
    expect(commentMarker("a --> b")).toBe("<!-- fusion-report:a -%2D%3E b -->");
    expect(commentMarker("<!-- x -->")).toBe("<!-- fusion-report:%3C!-%2D x -%2D%3E -->");
  });

  it("gives every check name a marker of its own", () => {
    const names = [
      "prod--eu",
      "prod-eu",
      "<pg>",
      "pg",
      "a%3Cb",
      "a<b",
      "a---b",
      "a-%2D-b",
      "dbt Fusion (pg)",
    ];
    const markers = names.map(commentMarker);
    expect(new Set(markers).size).toBe(names.length);
    for (const marker of markers) {
      // Nothing inside closes the comment: its one "-->" is its end.
      expect(marker.slice(4, -4)).not.toMatch(/--|[<>]/);
    }
  });
});

describe("upsertComment", () => {
  const OLD = "1111111aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
  const NEW = "2222222bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
  const onCommit = (body: string, headSha: string) => ({ ...target(body), headSha });

  it("leaves the comment alone when the pull request's head has moved past this run's commit", async () => {
    const earlier = server.seedComment(418, `newer report\n\n${marker}`, BOT);
    server.pulls.push({
      number: 418,
      state: "open",
      head: { sha: NEW, ref: "f", repoFullName: "acme/analytics" },
    });
    const result = await upsertComment(octokit, onCommit("older report", OLD));
    expect(result).toEqual({ url: null, id: null, action: "superseded", head: NEW });
    expect(earlier.body).toBe(`newer report\n\n${marker}`);
    expect(server.requests.map((r) => r.operationId)).toEqual(["pulls/get"]);
    expect(supersededNote({ prNumber: 418, headSha: OLD }, NEW)).toBe(
      "No PR comment: pull request #418 has moved on to 2222222 since this run's commit 1111111; the run for the " +
        "newer commit writes the comment. The check run is on 1111111.",
    );
  });

  it("writes it when this run's commit is the head, or when GitHub does not say which is", async () => {
    server.pulls.push({
      number: 418,
      state: "open",
      head: { sha: NEW, ref: "f", repoFullName: "acme/analytics" },
    });
    expect((await upsertComment(octokit, onCommit("head report", NEW))).action).toBe("created");
    server.pulls.splice(0); // GET /pulls/418 answers 404: written as before the check
    expect((await upsertComment(octokit, onCommit("again", OLD))).action).toBe("updated");
    expect(server.commentsOn(418).map((c) => c.body)).toEqual([`again\n\n${marker}`]);
  });

  it("creates the comment on the first run, with the marker", async () => {
    const result = await upsertComment(octokit, target("## Report\n\nAll good."));
    expect(result.action).toBe("created");
    expect(result.url).toMatch(/\/pull\/418#issuecomment-\d+$/);
    const [comment] = server.commentsOn(418);
    expect(comment?.body).toBe(`## Report\n\nAll good.\n\n${marker}`);
    expect(server.requests[0]?.authorization).toBe(`token ${TOKEN}`);
  });

  it("updates the same comment on a re-run and skips when unchanged", async () => {
    const first = await upsertComment(octokit, target("run 1"));
    const second = await upsertComment(octokit, target("run 2"));
    const third = await upsertComment(octokit, target("run 2"));
    expect([first.action, second.action, third.action]).toEqual(["created", "updated", "unchanged"]);
    expect(second.id).toBe(first.id);
    expect(server.commentsOn(418)).toHaveLength(1);
    expect(server.commentsOn(418)[0]?.body).toContain("run 2");
    const writes = server.requests.filter((r) => r.method !== "GET" && r.operationId !== "graphql");
    expect(writes.map((r) => r.operationId)).toEqual(["issues/create-comment", "issues/update-comment"]);
  });

  it("with create: false, updates an earlier comment but never starts one", async () => {
    const none = await upsertComment(octokit, target("passed", false));
    expect(none).toEqual({ url: null, id: null, action: "not-posted" });
    expect(server.commentsOn(418)).toHaveLength(0);
    const failed = await upsertComment(octokit, target("failed"));
    const passed = await upsertComment(octokit, target("passed", false));
    expect([failed.action, passed.action]).toEqual(["created", "updated"]);
    expect(server.commentsOn(418).map((c) => c.body)).toEqual([`passed\n\n${marker}`]);
  });

  it("with create: false, does not say it writes a new comment next to someone else's", async () => {
    server.seedComment(418, `quoted\n\n${marker}`, HUMAN);
    const logs: string[] = [];
    const result = await upsertComment(octokit, target("passed", false), (line) => logs.push(line));
    expect(result.action).toBe("not-posted");
    expect(logs.join("\n")).toMatch(/Left alone 1 comment\(s\) .*\.$/);
    expect(logs.join("\n")).not.toContain("writing a new comment");
  });

  it("writes a new comment when its own was deleted between finding and editing it", async () => {
    const old = server.seedComment(418, `old\n\n${marker}`, BOT);
    server.afterNext("issues/list-comments", () => server.comments.splice(server.comments.indexOf(old), 1));
    const logs: string[] = [];
    const result = await upsertComment(octokit, target("new report"), (line) => logs.push(line));
    expect(result.action).toBe("created");
    expect(server.commentsOn(418).map((c) => c.body)).toEqual([`new report\n\n${marker}`]);
    expect(logs.join("\n")).toContain("was deleted meanwhile");
  });

  it("with create: false, does not start one when its own was deleted meanwhile", async () => {
    const old = server.seedComment(418, `old\n\n${marker}`, BOT);
    server.afterNext("issues/list-comments", () => server.comments.splice(server.comments.indexOf(old), 1));
    expect((await upsertComment(octokit, target("passed", false))).action).toBe("not-posted");
    expect(server.commentsOn(418)).toEqual([]);
  });

  it("two runs that create the comment at the same moment leave one, holding one of their reports", async () => {
    const [a, b] = await Promise.all([
      upsertComment(octokit, target("job A")),
      upsertComment(octokit, target("job B")),
    ]);
    const [kept] = server.commentsOn(418);
    expect(server.commentsOn(418)).toHaveLength(1);
    expect([a.id, b.id]).toEqual([kept!.id, kept!.id]);
    expect(["job A", "job B"]).toContain(kept!.body.split("\n")[0]);
    expect((await upsertComment(octokit, target("next push"))).id).toBe(kept!.id);
    expect(server.commentsOn(418).map((c) => c.body)).toEqual([`next push\n\n${marker}`]);
  });

  it("updates the oldest of its comments and deletes the others (left by two runs at one moment)", async () => {
    const older = server.seedComment(418, `job A\n\n${marker}`, BOT);
    server.seedComment(418, `unrelated`, HUMAN);
    server.seedComment(418, `job B\n\n${marker}`, BOT);
    const logs: string[] = [];
    const result = await upsertComment(octokit, target("next push"), (line) => logs.push(line));
    expect(result).toMatchObject({ action: "updated", id: older.id });
    expect(server.commentsOn(418).map((c) => c.body)).toEqual([`next push\n\n${marker}`, "unrelated"]);
    expect(logs.join("\n")).toContain("Deleted 1 extra copy(ies) of the PR comment.");
  });

  it("a duplicate it cannot delete is logged, and the report is still written", async () => {
    const older = server.seedComment(418, `job A\n\n${marker}`, BOT);
    server.seedComment(418, `job B\n\n${marker}`, BOT);
    server.inject({
      operationId: "issues/delete-comment",
      status: 403,
      body: { message: "Resource not accessible by integration" },
    });
    const logs: string[] = [];
    const result = await upsertComment(octokit, target("next push"), (line) => logs.push(line));
    expect(result).toMatchObject({ action: "updated", id: older.id });
    expect(logs.join("\n")).toMatch(/Could not delete an extra copy of the PR comment .*403/);
    expect(logs.join("\n")).not.toContain("Deleted");
  });

  it("a comment written stays written when looking for another run's at the same moment fails", async () => {
    server.afterNext("issues/create-comment", () =>
      server.inject({ operationId: "issues/list-comments", status: 502, times: 10 }),
    );
    const logs: string[] = [];
    const result = await upsertComment(octokit, target("report"), (line) => logs.push(line));
    expect(result.action).toBe("created");
    expect(server.commentsOn(418)).toHaveLength(1);
    expect(logs.join("\n")).toMatch(/Wrote the PR comment, but could not look for one another run wrote/);
  });

  it("a locked conversation is not blamed on permissions", async () => {
    server.inject({
      operationId: "issues/create-comment",
      status: 403,
      body: { message: "Unable to create comment because issue is locked." },
    });
    const error = (await upsertComment(octokit, target("x")).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/conversation is locked/);
    expect(error.message).not.toMatch(/permissions: pull-requests: write|fork/);
  });

  it("keeps one comment per check name", async () => {
    await upsertComment(octokit, target("a"));
    await upsertComment(octokit, { ...target("b"), marker: commentMarker("dbt Fusion (prod)") });
    expect(server.commentsOn(418)).toHaveLength(2);
  });

  it("finds the marker on page 2 of more than 100 comments", async () => {
    for (let i = 0; i < 130; i++) server.seedComment(418, `chatter ${i}`, HUMAN);
    const old = server.seedComment(418, `old report\n\n${marker}`);
    const result = await upsertComment(octokit, target("new report"));
    expect(result).toMatchObject({ action: "updated", id: old.id });
    expect(server.commentsOn(418)).toHaveLength(131);
    const pages = server.requests
      .filter((r) => r.operationId === "issues/list-comments")
      .map((r) => r.query.page ?? "1");
    expect(pages).toEqual(["1", "2"]);
  });

  it("never takes over a human comment that quotes the marker", async () => {
    server.seedComment(418, `look: ${marker}`, HUMAN);
    const result = await upsertComment(octokit, target("report"));
    expect(result.action).toBe("created");
    expect(server.commentsOn(418)).toHaveLength(2);
  });

  it("truncates bodies over 65,536 characters so GitHub's 422 never happens", async () => {
    const huge = "x".repeat(70_000);
    const result = await upsertComment(octokit, target(huge));
    expect(result.action).toBe("created");
    const body = server.commentsOn(418)[0]!.body;
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(body).toContain("Comment truncated");
    expect(body.endsWith(marker)).toBe(true);
  });

  it("reports a 422 clearly when GitHub rejects the body anyway", async () => {
    server.inject({
      operationId: "issues/create-comment",
      status: 422,
      body: {
        message: "Validation Failed",
        errors: [{ message: "Body is too long (maximum is 65536 characters)" }],
      },
    });
    const error = await upsertComment(octokit, target("short")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/422 Validation Failed: Body is too long/);
    expect((error as Error).message).not.toContain(TOKEN);
  });
});

describe("upsertComment: whose comment it is", () => {
  const ops = () => server.requests.map((r) => r.operationId);

  it("asks who the token is only when a comment ends with the marker", async () => {
    server.seedComment(418, `mentions ${marker} in passing`);
    await upsertComment(octokit, target("first"));
    // Listed again after creating (a comment another run created at the same moment), as the
    // login the new comment names.
    expect(ops()).toEqual(["issues/list-comments", "issues/create-comment", "issues/list-comments"]);
  });

  it("never updates another bot's comment, with the marker at the end or in the middle", async () => {
    const atEnd = server.seedComment(418, `spoofed\n\n${marker}`, OTHER_BOT);
    const inMiddle = server.seedComment(418, `x ${marker} y`, OTHER_BOT);
    const logs: string[] = [];
    const result = await upsertComment(octokit, target("ours"), (m) => logs.push(m));
    expect(result.action).toBe("created");
    expect([atEnd.body, inMiddle.body]).toEqual([`spoofed\n\n${marker}`, `x ${marker} y`]);
    expect(server.commentsOn(418)).toHaveLength(3);
    expect(logs.join("\n")).toMatch(
      /Left alone 1 comment\(s\) .* not written by github-actions\[bot\] \(\d+ by renovate\[bot\]\)/,
    );
  });

  it("does not take one of our own comments that only quotes the marker (another report's body)", async () => {
    const other = server.seedComment(418, `lint report quoting ${marker}\n\n<!-- fusion-report:lint -->`);
    const result = await upsertComment(octokit, target("ours"));
    expect(result.action).toBe("created");
    expect(other.body).toContain("lint report");
  });

  it("updates our comment from an earlier run, even as GitHub stores it (CRLF, trailing space)", async () => {
    const old = server.seedComment(418, `old\r\n\r\n${marker}\r\n `);
    const result = await upsertComment(octokit, target("new"));
    expect(result).toMatchObject({ action: "updated", id: old.id });
    expect(ops()).toEqual(["issues/list-comments", "graphql", "issues/update-comment"]);
  });

  it("with a GitHub App token, only that app's comments are ours (not github-actions[bot]'s)", async () => {
    const app = { login: "fusion-reporter[bot]", id: 9001, type: "Bot" };
    server.tokenOwner = { user: app, kind: "installation" };
    const actions = server.seedComment(418, `from the default token\n\n${marker}`, BOT);
    const mine = server.seedComment(418, `from the app\n\n${marker}`, app);
    const result = await upsertComment(octokit, target("new"));
    expect(result).toMatchObject({ action: "updated", id: mine.id });
    expect(actions.body).toContain("from the default token");
  });

  it("with a personal access token and no GraphQL, GET /user names the user", async () => {
    server.tokenOwner = { user: HUMAN, kind: "user" };
    server.inject({ operationId: "graphql", status: 404, body: { message: "Not Found" } });
    const bots = server.seedComment(418, `bot\n\n${marker}`, BOT);
    const mine = server.seedComment(418, `mine\n\n${marker}`, HUMAN);
    const result = await upsertComment(octokit, target("new"));
    expect(result).toMatchObject({ action: "updated", id: mine.id });
    expect(bots.body).toBe(`bot\n\n${marker}`);
    expect(ops()).toContain("users/get-authenticated");
  });

  it("an installation token without GraphQL (GET /user: 403) is taken for the default token, and says so", async () => {
    server.inject({ operationId: "graphql", status: 502, body: { message: "Bad gateway" } });
    const old = server.seedComment(418, `old\n\n${marker}`, BOT);
    const logs: string[] = [];
    const result = await upsertComment(octokit, target("new"), (m) => logs.push(m));
    expect(result).toMatchObject({ action: "updated", id: old.id });
    const users = server.requests.filter((r) => r.operationId === "users/get-authenticated");
    expect(users.map((r) => r.status)).toEqual([403]);
    expect(logs.join("\n")).toMatch(
      /Could not tell which account the github-token writes as \(GraphQL viewer: .*502.*; GET \/user: 403 Resource not accessible by integration.*\); assuming the default GITHUB_TOKEN \(github-actions\[bot\]\)/,
    );
  });
});

describe("fitCommentBody", () => {
  it("never splits a surrogate pair", () => {
    const body = "😀".repeat(40_000);
    const fitted = fitCommentBody(body, marker);
    expect(fitted.length).toBeLessThanOrEqual(COMMENT_MAX_CHARS);
    expect(fitted).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(fitCommentBody(`a\n\n${marker}`, marker)).toBe(`a\n\n${marker}`);
  });
});
