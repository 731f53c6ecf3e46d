// Issue 10 item 11, through dist/index.js: a 307/308 from the GitHub API to another origin gets
// nothing (no report body, no token), fails only its own channel with a warning, and never sets
// comment-url / check-run-url from the other host's answer. Same-origin redirects still work, and
// the artifact download's 302 to blob storage never carries the token.
import { readFileSync, rmSync } from "node:fs";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildZip, startArtifactServer } from "../support/artifact-server.js";
import { startOtherHost } from "../support/github-server.js";
import {
  ensureBuilt,
  fixture,
  HEAD_SHA,
  PR_NUMBER,
  runAction,
  startGateway,
  startServer,
  TOKEN,
  type ActionRun,
  type E2EServer,
  type RunOptions,
} from "./helpers.js";

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
  const run = await runAction(server, { ...options, inputs: { telemetry: FAILING, ...options.inputs } });
  workspaces.push(run.workspace);
  return run;
}

describe("redirects from the GitHub API", () => {
  it.each([307, 308])(
    "a %s to another host: nothing sent there, that channel fails, the others publish",
    async (status) => {
      const other = await startOtherHost();
      try {
        server.inject({
          operationId: "issues/create-comment",
          status,
          headers: { location: `${other.url}/repos/acme/analytics/issues/${PR_NUMBER}/comments` },
        });
        server.inject({
          operationId: "checks/create",
          status,
          headers: { location: `${other.url}/repos/acme/analytics/check-runs` },
        });

        const run = await act();

        expect(other.requests).toEqual([]);
        expect(run.outputs["comment-url"]).toBe("");
        expect(run.outputs["check-run-url"]).toBe("");
        expect(run.outputFile).not.toContain("evil.example");
        expect(run.stdout).toMatch(
          new RegExp(
            `^::warning::Could not publish the pull request comment: Did not write the pull request comment: GitHub answered POST /repos/acme/analytics/issues/${PR_NUMBER}/comments with HTTP ${status}, a redirect to another host \\(${other.url}\\)`,
            "m",
          ),
        );
        expect(run.stdout).toMatch(
          /^::warning::Could not publish the check run: Did not create the check run: .*another host/m,
        );
        // The rest of the report still goes out: summary, outputs, annotations as workflow commands.
        expect(run.summary).toContain("dbt Fusion: 1 node error, 1 failed test");
        expect(run.outputs).toMatchObject({ conclusion: "failure", errors: "1" });
        expect(run.stdout).toMatch(
          /^::error title=test accepted_values.*file=models\/marts\/customers\.yml/m,
        );
        // Refused at once: one request each, not retried like a server error.
        expect(server.requests.filter((r) => r.operationId === "issues/create-comment")).toHaveLength(1);
        expect(server.requests.filter((r) => r.operationId === "checks/create")).toHaveLength(1);
      } finally {
        await other.close();
      }
    },
  );

  it("a redirect within the API's origin is followed, with the same method, body and token", async () => {
    server.inject({
      operationId: "checks/create",
      status: 307,
      headers: { location: `${server.url}/repos/acme/analytics/check-runs` },
      times: 1,
    });
    server.inject({
      operationId: "issues/create-comment",
      status: 308,
      headers: { location: `${server.url}/repos/acme/analytics/issues/${PR_NUMBER}/comments` },
      times: 1,
    });
    const run = await act();

    expect(run.outputs["check-run-url"]).toMatch(/^https:\/\/github\.com\/acme\/analytics\/runs\/\d+$/);
    expect(run.outputs["comment-url"]).toMatch(/#issuecomment-\d+$/);
    expect(server.checkRuns).toHaveLength(1);
    expect(server.checkRuns[0]!.head_sha).toBe(HEAD_SHA);
    expect(server.commentsOn(PR_NUMBER)).toHaveLength(1);
    const creates = server.requests.filter((r) => r.operationId === "checks/create");
    expect(creates.map((r) => [r.method, r.status, r.authorization])).toEqual([
      ["POST", 307, `token ${TOKEN}`],
      ["POST", 201, `token ${TOKEN}`],
    ]);
    expect(run.stdout).not.toContain("::warning::Could not publish");
  });
});

describe("artifact download", () => {
  it("follows GitHub's 302 to blob storage on another host without sending the token there", async () => {
    const artifacts = await startArtifactServer();
    const blobs = await startArtifactServer();
    const gateway = await startGateway(server, artifacts);
    try {
      const zip = buildZip([{ name: "logs/telemetry.jsonl", data: readFileSync(FAILING) }]);
      const served = artifacts.add({ name: "dbt-telemetry", runId: 555, zip });
      blobs.add({ id: served.id, name: "dbt-telemetry", runId: 555, zip });
      artifacts.blobOrigin = blobs.url;

      const run = await act({
        event: "workflow_run",
        payload: { workflow_run: { id: 555, head_sha: HEAD_SHA, pull_requests: [] } },
        apiUrl: gateway.url,
        inputs: { telemetry: "", "artifact-name": "dbt-telemetry", "check-run": "false", comment: "off" },
      });

      expect(run.code, run.stdout).toBe(1);
      expect(run.outputs.conclusion).toBe("failure");
      const rest = artifacts.requests.filter((r) => r.path.startsWith("/repos/"));
      expect(rest.length).toBeGreaterThanOrEqual(2);
      expect(rest.every((r) => r.authorization?.endsWith(TOKEN))).toBe(true);
      expect(blobs.requests.map((r) => [r.path, r.authorization])).toEqual([
        [`/blobs/${served.id}.zip`, undefined],
      ]);
    } finally {
      await gateway.close();
      await blobs.close();
      await artifacts.close();
    }
  });
});
