// Issue 10 item 2 (the lookup half), through dist/index.js: the sticky comment is only ever one the
// token's own account wrote, ending with the marker where fusion-report puts it.
import { rmSync } from "node:fs";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BOT, HUMAN, OTHER_BOT } from "../support/github-server.js";
import {
  ensureBuilt,
  fixture,
  HEAD_SHA,
  PR_NUMBER,
  runAction,
  startServer,
  type ActionRun,
  type E2EServer,
  type RunOptions,
} from "./helpers.js";

const MARKER = "<!-- fusion-report:dbt Fusion -->";
const FAILING = fixture("preview120_build_success.otel.jsonl");

let server: E2EServer;
const workspaces: string[] = [];

beforeAll(() => ensureBuilt(), 120_000);
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  expect(server.violations).toEqual([]);
  await server.close();
  for (const dir of workspaces.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function act(options: RunOptions = {}): Promise<ActionRun> {
  const run = await runAction(server, { inputs: { telemetry: FAILING }, ...options });
  workspaces.push(run.workspace);
  expect(run.code, run.stdout + run.stderr).toBe(1);
  return run;
}

const ops = (op: string) => server.requests.filter((r) => r.operationId === op);

describe("sticky comment lookup (dist/index.js)", () => {
  it("never updates another bot's comment carrying our marker at the end or in the middle", async () => {
    const atEnd = server.seedComment(PR_NUMBER, `Spoofed report\n\n${MARKER}`, OTHER_BOT);
    const inMiddle = server.seedComment(PR_NUMBER, `quoting ${MARKER} here`, OTHER_BOT);

    const run = await act();

    expect(ops("issues/update-comment")).toEqual([]);
    expect(atEnd.body).toBe(`Spoofed report\n\n${MARKER}`);
    expect(inMiddle.body).toBe(`quoting ${MARKER} here`);
    const ours = server.commentsOn(PR_NUMBER).filter((c) => c.user.login === BOT.login);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.body).toContain("1 node error, 1 failed test");
    expect(run.outputs["comment-url"]).toContain(`#issuecomment-${ours[0]!.id}`);
    expect(run.stdout).toMatch(/Left alone 1 comment\(s\) .*not written by github-actions\[bot\]/);
  });

  it("updates its own comment from an earlier run, and ignores a human quoting the marker", async () => {
    const human = server.seedComment(PR_NUMBER, `Why does it say\n\n${MARKER}`, HUMAN);
    const earlier = server.seedComment(PR_NUMBER, `Old report\n\n${MARKER}`, BOT);

    const run = await act();

    expect(ops("issues/create-comment")).toEqual([]);
    expect(ops("issues/update-comment").map((r) => r.path)).toEqual([
      `/repos/acme/analytics/issues/comments/${earlier.id}`,
    ]);
    expect(earlier.body).toContain("1 node error, 1 failed test");
    expect(human.body).toBe(`Why does it say\n\n${MARKER}`);
    expect(run.outputs["comment-url"]).toContain(`#issuecomment-${earlier.id}`);
    // Who the token is came from the check run it wrote (its app's bot): GraphQL, whose pacing costs the
    // client a second, is not asked.
    expect(ops("graphql")).toEqual([]);
    expect(server.requests.map((r) => r.operationId).filter((op) => op !== "checks/list-for-ref")).toEqual([
      "pulls/list-files",
      "checks/create",
      "pulls/get",
      "issues/list-comments",
      "issues/update-comment",
    ]);
  });

  it("without a check run of its own, asks GraphQL who the token is, once", async () => {
    const earlier = server.seedComment(PR_NUMBER, `Old report\n\n${MARKER}`, BOT);
    const other = server.seedComment(PR_NUMBER, `Spoofed\n\n${MARKER}`, OTHER_BOT);

    await act({ inputs: { telemetry: FAILING, "check-run": "false" } });

    expect(ops("checks/create")).toEqual([]);
    expect(ops("graphql")).toHaveLength(1);
    expect(ops("issues/update-comment").map((r) => r.path)).toEqual([
      `/repos/acme/analytics/issues/comments/${earlier.id}`,
    ]);
    expect(other.body).toBe(`Spoofed\n\n${MARKER}`);
  });

  it("a check run GitHub refuses (a classic PAT) leaves the identity to GraphQL", async () => {
    server.tokenOwner = { user: HUMAN, kind: "user" };
    const mine = server.seedComment(PR_NUMBER, `Old report\n\n${MARKER}`, HUMAN);
    const actions = server.seedComment(PR_NUMBER, `Other workflow\n\n${MARKER}`, BOT);

    const run = await act();

    expect(ops("checks/create").map((r) => r.status)).toEqual([403]);
    expect(ops("graphql")).toHaveLength(1);
    expect(ops("issues/update-comment").map((r) => r.path)).toEqual([
      `/repos/acme/analytics/issues/comments/${mine.id}`,
    ]);
    expect(actions.body).toBe(`Other workflow\n\n${MARKER}`);
    expect(run.outputs["comment-url"]).toContain(`#issuecomment-${mine.id}`);
  });

  it("with a GitHub App token, a github-actions[bot] comment is not ours", async () => {
    const app = { login: "acme-reporter[bot]", id: 7_000_001, type: "Bot" };
    server.tokenOwner = { user: app, kind: "installation" };
    const actions = server.seedComment(PR_NUMBER, `Other workflow\n\n${MARKER}`, BOT);
    const mine = server.seedComment(PR_NUMBER, `Old report\n\n${MARKER}`, app);

    await act();

    expect(ops("issues/update-comment").map((r) => r.path)).toEqual([
      `/repos/acme/analytics/issues/comments/${mine.id}`,
    ]);
    expect(actions.body).toBe(`Other workflow\n\n${MARKER}`);
  });

  it("when the identity cannot be learned, assumes the default token and says so in the log", async () => {
    server.inject({ operationId: "graphql", status: 502, body: { message: "Server Error" } });
    const earlier = server.seedComment(PR_NUMBER, `Old report\n\n${MARKER}`, BOT);
    const other = server.seedComment(PR_NUMBER, `Spoofed\n\n${MARKER}`, OTHER_BOT);

    // No check run: nothing else tells who the token is.
    const run = await act({ inputs: { telemetry: FAILING, "check-run": "false" } });

    expect(ops("users/get-authenticated").map((r) => r.status)).toEqual([403]);
    expect(run.stdout).toMatch(
      /Could not tell which account the github-token writes as .*GET \/user: 403 .*; assuming the default GITHUB_TOKEN \(github-actions\[bot\]\)/,
    );
    expect(ops("issues/update-comment").map((r) => r.path)).toEqual([
      `/repos/acme/analytics/issues/comments/${earlier.id}`,
    ]);
    expect(other.body).toBe(`Spoofed\n\n${MARKER}`);
  });

  it("a run of an older commit leaves the newer commit's comment alone, also when it stops without a report", async () => {
    const newer = "9".repeat(40);
    server.pulls.push({
      number: PR_NUMBER,
      state: "open",
      head: { sha: newer, ref: "feature/orders", repoFullName: "acme/analytics" },
    });
    const current = server.seedComment(PR_NUMBER, `Report of 9999999\n\n${MARKER}`, BOT);

    // A superseded run that finished late: its report goes on its own commit's check run only.
    const late = await act();
    const note = /No PR comment: pull request #418 has moved on to 9999999 since this run's commit 3f1c2e9/;
    expect(late.stdout).toMatch(note);
    expect(ops("issues/update-comment")).toEqual([]);
    expect(ops("issues/create-comment")).toEqual([]);
    expect(server.checkRuns.map((r) => [r.head_sha, r.conclusion])).toEqual([[HEAD_SHA, "failure"]]);
    expect(late.outputs["comment-url"]).toBe("");

    // A cancelled build's `if: always()` step with no telemetry: the step stops, the comment stays.
    const cancelled = await runAction(server, { inputs: { telemetry: "logs/none.jsonl" } });
    workspaces.push(cancelled.workspace);
    expect(cancelled.code).toBe(1);
    expect(cancelled.stdout).toMatch(note);
    expect(ops("issues/update-comment")).toEqual([]);
    expect(current.body).toBe(`Report of 9999999\n\n${MARKER}`);
  });
});
