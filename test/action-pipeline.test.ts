// The stale-telemetry check as the Action makes it: the event's time from the payload or from GitHub
// (the run's creation), GitHub's clock against the runner's, against a fake GitHub on 127.0.0.1.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actionPipelineRequest, olderBuildsNamed } from "../src/action-pipeline.js";
import { createClient } from "../src/github/client.js";
import type { GitHubSide } from "../src/github/connect.js";
import type { EventPayload } from "../src/github/context.js";
import type { Runner } from "../src/github/runner.js";
import { readInputs } from "../src/inputs.js";
import type { Invocation, Report } from "../src/model/types.js";
import type { PipelineRequest, PipelineResult } from "../src/pipeline/run.js";
import { FakeGitHub, scheduledRun } from "./support/github-server.js";

let server: FakeGitHub;
beforeEach(async () => {
  server = await FakeGitHub.start();
  server.workflowRuns.push(scheduledRun());
});
afterEach(async () => {
  await server.close();
});

const runner = (eventName: string, payload: EventPayload = {}): Runner => ({
  env: { GITHUB_RUN_ID: "4242" },
  eventName,
  payload,
  payloadError: null,
  repository: "acme/analytics",
  workspace: "/work",
  tempDir: "/tmp",
  serverUrl: "https://github.com",
});
const github = (): GitHubSide => ({
  octokit: createClient("ghs_test", { baseUrl: server.url, fastRetry: true }),
  context: null,
});
const local = { telemetry: { paths: ["logs/otel.jsonl"] } } as unknown as PipelineRequest;
const resultOf = (startedAt: string): PipelineResult =>
  ({
    report: { invocations: [{ invocationId: "a", startedAt, readerWarnings: [] } as unknown as Invocation] },
  }) as unknown as PipelineResult;
const warningsOf = (result: PipelineResult): string[] =>
  (result.report as Report).invocations[0]!.readerWarnings;
const pullRequest = { pull_request: { updated_at: "2026-03-01T10:00:00Z" } } as EventPayload;
/** The request main.ts makes from these inputs (the rest at their defaults) on this runner. */
const requestFor = (inputs: Record<string, string>, on: Runner): PipelineRequest =>
  actionPipelineRequest(
    readInputs((name) => inputs[name] ?? "", on.env),
    on,
    github(),
  );

describe("olderBuildsNamed", () => {
  it("on an event whose payload has no time, compares with the run's creation that GitHub gives", async () => {
    for (const event of ["schedule", "workflow_dispatch", "merge_group"]) {
      const logs: string[] = [];
      const old = await olderBuildsNamed(
        resultOf("2026-03-01T09:00:00Z"),
        local,
        runner(event),
        github(),
        (m) => logs.push(m),
      );
      expect(warningsOf(old)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^this invocation began at 2026-03-01T09:00:00Z, before the ${event} event this workflow run answers \\(2026-03-01T10:00:00.000Z\\)`,
          ),
        ),
      ]);
      const fresh = resultOf("2026-03-01T10:05:00Z");
      expect(await olderBuildsNamed(fresh, local, runner(event), github(), (m) => logs.push(m))).toBe(fresh);
      expect(logs).toEqual([]);
    }
    expect(server.requests.map((r) => r.operationId)).toEqual(Array(6).fill("actions/get-workflow-run"));
  });

  it("allows for a runner whose clock is behind GitHub's, by the Date of GitHub's answer", async () => {
    // The build began at 10:02 by GitHub's clock, after the pull request's update; the runner's
    // clock, five minutes slow, stamped it 09:57.
    server.clockSkewMs = 5 * 60_000;
    const logs: string[] = [];
    const result = resultOf("2026-03-01T09:57:00Z");
    expect(
      await olderBuildsNamed(result, local, runner("pull_request", pullRequest), github(), (m) =>
        logs.push(m),
      ),
    ).toBe(result);
    expect(logs).toEqual([
      expect.stringMatching(/^The runner's clock is (29\d|30\d) s behind GitHub's .*allowing for it\.$/),
    ]);
    // A build older than the event by more than the skew is still an earlier build's.
    const old = resultOf("2026-03-01T09:50:00Z");
    expect(
      warningsOf(await olderBuildsNamed(old, local, runner("pull_request", pullRequest), github(), () => {})),
    ).toHaveLength(1);
  });

  it("asks GitHub nothing when the payload's time shows nothing older, nor on other events", async () => {
    const result = resultOf("2026-03-01T10:05:00Z");
    expect(
      await olderBuildsNamed(result, local, runner("pull_request", pullRequest), github(), () => {}),
    ).toBe(result);
    const old = resultOf("2026-03-01T09:00:00Z");
    expect(await olderBuildsNamed(old, local, runner("workflow_run"), github(), () => {})).toBe(old);
    const fromArtifact = { telemetry: { paths: [] } } as unknown as PipelineRequest;
    expect(await olderBuildsNamed(old, fromArtifact, runner("schedule"), github(), () => {})).toBe(old);
    expect(server.requests).toEqual([]);
  });

  it("on workflow_run, compares the triggering run's telemetry with that run's creation", async () => {
    // The fork-safe pair: the first workflow, created at 10:00, restored a cached target/ from 09:00
    // and uploaded it; the second reads that artifact (or the files downloaded from it).
    const triggered = runner("workflow_run", {
      workflow_run: { id: 18123456789, created_at: "2026-03-01T10:00:00Z" },
    } as EventPayload);
    const artifactOf = (runId: string | null) =>
      ({
        telemetry: { paths: [], artifact: { name: "fusion-telemetry", runId } },
      }) as unknown as PipelineRequest;
    const logs: string[] = [];
    const old = resultOf("2026-03-01T09:00:00Z");
    for (const request of [artifactOf("18123456789"), artifactOf(null), local]) {
      expect(
        warningsOf(await olderBuildsNamed(old, request, triggered, github(), (m) => logs.push(m))),
      ).toEqual([
        expect.stringMatching(
          /^this invocation began at 2026-03-01T09:00:00Z, before the workflow run that triggered this one was created \(2026-03-01T10:00:00.000Z\)/,
        ),
      ]);
    }
    const fresh = resultOf("2026-03-01T10:03:00Z");
    expect(await olderBuildsNamed(fresh, artifactOf("18123456789"), triggered, github(), () => {})).toBe(
      fresh,
    );
    // Another run's artifact, named by artifact-run-id, is the build asked for, whenever it ran.
    expect(await olderBuildsNamed(old, artifactOf("17000000000"), triggered, github(), () => {})).toBe(old);
    // This runner's clock did not stamp the telemetry: GitHub is not asked how far off it is.
    expect(server.requests).toEqual([]);
    expect(logs).toEqual([]);
  });

  it("when GitHub does not answer, skips the check (or makes it by the runner's clock) and says so", async () => {
    server.inject({
      operationId: "actions/get-workflow-run",
      status: 403,
      body: { message: "Resource not accessible by integration" },
    });
    const logs: string[] = [];
    const old = resultOf("2026-03-01T09:00:00Z");
    expect(await olderBuildsNamed(old, local, runner("schedule"), github(), (m) => logs.push(m))).toBe(old);
    const byRunner = await olderBuildsNamed(
      old,
      local,
      runner("push", { repository: { pushed_at: 1772359200 } } as EventPayload),
      github(),
      (m) => logs.push(m),
    );
    expect(warningsOf(byRunner)).toHaveLength(1);
    const noToken = await olderBuildsNamed(
      old,
      local,
      runner("schedule"),
      { octokit: null, context: null },
      (m) => logs.push(m),
    );
    expect(noToken).toBe(old);
    expect(logs).toEqual([
      expect.stringMatching(
        /^GitHub did not give workflow run 4242: .*actions: read.*: whether the telemetry is this run's own or an earlier build's is not checked on schedule$/,
      ),
      expect.stringMatching(
        /^GitHub did not give workflow run 4242: .*: the telemetry's times are compared with the event's by the runner's clock$/,
      ),
      "No github-token or GITHUB_RUN_ID to ask GitHub for this workflow run's time: whether the telemetry is this run's own or an earlier build's is not checked on schedule",
    ]);
  });

  describe("this run's own artifact (the two-job setup: job 1 runs dbt and uploads target/ and logs/)", () => {
    const ownArtifact = { "artifact-name": "dbt-telemetry" };
    const staleWarning = (before: string) =>
      new RegExp(
        `^this invocation began at 2026-03-01T09:00:00Z, before ${before} \\(2026-03-01T10:00:00.000Z\\): ` +
          ".*check that dbt ran in the job that uploaded the artifact 'dbt-telemetry' and wrote the files it uploaded$",
      );

    it("on pull_request and push, compares it with the payload's time, asking GitHub nothing", async () => {
      const push = { repository: { pushed_at: 1772359200 } } as EventPayload;
      for (const [event, payload] of [
        ["pull_request", pullRequest],
        ["push", push],
      ] as const) {
        const on = runner(event, payload);
        const request = requestFor(ownArtifact, on);
        expect(request.telemetry.artifact).toEqual({ name: "dbt-telemetry", runId: null });
        const old = await olderBuildsNamed(resultOf("2026-03-01T09:00:00Z"), request, on, github(), () => {});
        expect(warningsOf(old)).toEqual([
          expect.stringMatching(staleWarning(`the ${event} event this workflow run answers`)),
        ]);
        const fresh = resultOf("2026-03-01T10:05:00Z");
        expect(await olderBuildsNamed(fresh, request, on, github(), () => {})).toBe(fresh);
      }
      expect(server.requests).toEqual([]);
    });

    it("on schedule, workflow_dispatch and merge_group, compares it with the run's creation", async () => {
      for (const event of ["schedule", "workflow_dispatch", "merge_group"]) {
        const on = runner(event);
        const request = requestFor(ownArtifact, on);
        const old = await olderBuildsNamed(resultOf("2026-03-01T09:00:00Z"), request, on, github(), () => {});
        expect(warningsOf(old)).toEqual([
          expect.stringMatching(staleWarning(`the ${event} event this workflow run answers`)),
        ]);
        const fresh = resultOf("2026-03-01T10:05:00Z");
        expect(await olderBuildsNamed(fresh, request, on, github(), () => {})).toBe(fresh);
      }
      expect(server.requests.map((r) => r.operationId)).toEqual(Array(6).fill("actions/get-workflow-run"));
    });

    it('after "Re-run failed jobs", takes the build job 1 kept from the first attempt as this run\'s', async () => {
      // Created at 10:00, re-run at 11:00: job 1 passed at 10:10 and was kept, so its artifact is
      // older than the re-run's start (run_started_at) but not than the run's creation.
      server.workflowRuns.splice(0, 1, scheduledRun({ runStartedAt: "2026-03-01T11:00:00Z", runAttempt: 2 }));
      const on = runner("schedule");
      const request = requestFor(ownArtifact, on);
      const kept = resultOf("2026-03-01T10:10:00Z");
      expect(await olderBuildsNamed(kept, request, on, github(), () => {})).toBe(kept);
      const old = await olderBuildsNamed(resultOf("2026-03-01T09:00:00Z"), request, on, github(), () => {});
      expect(warningsOf(old)).toHaveLength(1);
    });

    it("allows only the minute of slack: this runner's clock did not stamp it", async () => {
      // This runner is five minutes behind GitHub; job 1's runner, which stamped 09:57, may not be.
      server.clockSkewMs = 5 * 60_000;
      const logs: string[] = [];
      for (const on of [runner("schedule"), runner("pull_request", pullRequest)]) {
        const old = await olderBuildsNamed(
          resultOf("2026-03-01T09:57:00Z"),
          requestFor(ownArtifact, on),
          on,
          github(),
          (m) => logs.push(m),
        );
        expect(warningsOf(old)).toHaveLength(1);
      }
      // GitHub was asked for the scheduled run's creation only, and its Date is not said to apply.
      expect(server.requests.map((r) => r.operationId)).toEqual(["actions/get-workflow-run"]);
      expect(logs).toEqual([]);
    });

    it("naming this run by artifact-run-id is the same; another run's artifact is not checked", async () => {
      const on = runner("pull_request", pullRequest);
      const old = resultOf("2026-03-01T09:00:00Z");
      const thisRun = requestFor({ ...ownArtifact, "artifact-run-id": "4242" }, on);
      expect(warningsOf(await olderBuildsNamed(old, thisRun, on, github(), () => {}))).toHaveLength(1);
      const anotherRun = requestFor({ ...ownArtifact, "artifact-run-id": "17000000000" }, on);
      expect(await olderBuildsNamed(old, anotherRun, on, github(), () => {})).toBe(old);
      const scheduled = runner("schedule");
      const another = requestFor({ ...ownArtifact, "artifact-run-id": "17000000000" }, scheduled);
      expect(await olderBuildsNamed(old, another, scheduled, github(), () => {})).toBe(old);
      // A dbt platform run outranks the artifact, and is the run asked for.
      const dbtPlatform = requestFor(
        {
          ...ownArtifact,
          "dbt-cloud-account-id": "1",
          "dbt-cloud-run-id": "2",
          "dbt-cloud-token": "dbtc_test",
        },
        scheduled,
      );
      expect(dbtPlatform.telemetry.artifact).toBeNull();
      expect(await olderBuildsNamed(old, dbtPlatform, scheduled, github(), () => {})).toBe(old);
      expect(server.requests).toEqual([]);
    });

    it("when GitHub does not give the run's creation, skips the check and says so", async () => {
      server.inject({
        operationId: "actions/get-workflow-run",
        status: 403,
        body: { message: "Resource not accessible by integration" },
      });
      const on = runner("workflow_dispatch");
      const logs: string[] = [];
      const old = resultOf("2026-03-01T09:00:00Z");
      expect(
        await olderBuildsNamed(old, requestFor(ownArtifact, on), on, github(), (m) => logs.push(m)),
      ).toBe(old);
      expect(logs).toEqual([
        expect.stringMatching(
          /^GitHub did not give workflow run 4242: .*actions: read.*: whether the telemetry is this run's own or an earlier build's is not checked on workflow_dispatch$/,
        ),
      ]);
    });
  });
});
