// Through dist/index.js: a GitHub API that leaves requests without an answer holds the step for a
// bounded time, not for undici's five minutes per request. The channel that never gets an answer
// fails with a message that says so; a check run whose answer was lost is found, not made twice;
// the summary, outputs and annotations go out as always.
import { rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureBuilt, fixture, PR_NUMBER, runAction, startServer, type E2EServer } from "./helpers.js";

const FAILING = fixture("preview120_build_success.otel.jsonl");
const LIMIT_MS = 400;

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

describe("a GitHub API that stops answering", () => {
  it("gives up on the silent channel, finds the check run whose answer was lost, publishes the rest", async () => {
    server.inject({ operationId: "issues/list-comments", status: 200, stall: "headers" });
    server.inject({
      operationId: "checks/create",
      status: 201,
      stall: "headers",
      afterHandling: true,
      times: 1,
    });

    const run = await runAction(server, {
      inputs: { telemetry: FAILING },
      env: { FUSION_REPORT_TEST_REQUEST_TIMEOUT_MS: String(LIMIT_MS) },
    });
    workspaces.push(run.workspace);

    expect(run.stdout).toMatch(
      new RegExp(
        `^::warning::Could not publish the pull request comment: Could not write the pull request comment: ` +
          `GitHub did not answer GET /repos/acme/analytics/issues/${PR_NUMBER}/comments within ${LIMIT_MS} ms, ` +
          "nor when asked again\\. GitHub may be having an outage \\(https://www\\.githubstatus\\.com\\); re-run the job later\\.",
        "m",
      ),
    );
    expect(server.commentsOn(PR_NUMBER)).toHaveLength(0);
    expect(run.outputs["comment-url"]).toBe("");
    // Created once: the lost answer was looked for before posting again.
    expect(server.checkRuns).toHaveLength(1);
    expect(run.outputs["check-run-url"]).toMatch(/^https:\/\/github\.com\/acme\/analytics\/runs\/\d+$/);
    expect(run.summary).toContain("dbt Fusion: 1 node error, 1 failed test");
    expect(run.outputs).toMatchObject({ conclusion: "failure", errors: "1" });
    expect(run.code).toBe(1);
  });

  it("a whole API that accepts connections and never answers: two requests are tried, the rest not sent", async () => {
    const sockets: Socket[] = [];
    const asked: string[] = [];
    const silent = createServer((socket) => {
      sockets.push(socket);
      socket.on("data", (data) => {
        const line = /^([A-Z]+ \S+) HTTP/.exec(data.toString("latin1"));
        if (line) asked.push(line[1]!);
      });
      socket.on("error", () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as { port: number };
      const run = await runAction(server, {
        apiUrl: `http://127.0.0.1:${port}`,
        inputs: { telemetry: FAILING },
        env: { FUSION_REPORT_TEST_REQUEST_TIMEOUT_MS: String(LIMIT_MS) },
      });
      workspaces.push(run.workspace);
      // Each of the two asked four times (the retry plugin's three after the first); nothing after them.
      expect(asked).toHaveLength(8);
      expect(new Set(asked).size).toBe(2);
      const warnings = run.stdout
        .split("\n")
        .filter((line) => line.startsWith("::warning::Could not publish"));
      expect(warnings).toHaveLength(2);
      expect(run.stdout).toMatch(
        /did not ask GitHub for \w+ \/repos\/acme\/analytics\/\S+: it had left the 2 requests/,
      );
      expect(run.summary).toContain("dbt Fusion: 1 node error, 1 failed test");
      expect(run.outputs).toMatchObject({
        conclusion: "failure",
        errors: "1",
        "comment-url": "",
        "check-run-url": "",
      });
      expect(run.code).toBe(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
