import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/github/client.js";
import { readRunClock, skewOf } from "../../src/github/run-clock.js";
import { FakeGitHub, scheduledRun } from "../support/github-server.js";

let server: FakeGitHub;
beforeEach(async () => {
  server = await FakeGitHub.start();
  // A re-run: run_started_at is the attempt's start, created_at the event's time.
  server.workflowRuns.push(scheduledRun({ runStartedAt: "2026-03-05T08:00:00Z", runAttempt: 2 }));
});
afterEach(async () => {
  await server.close();
});

const client = () => createClient("ghs_test", { baseUrl: server.url, fastRetry: true });
const run = { owner: "acme", repo: "analytics", runId: 4242 };

describe("readRunClock", () => {
  it("gives the run's creation (not a re-run's start) and GitHub's clock against the runner's", async () => {
    server.clockSkewMs = 5 * 60_000;
    const clock = await readRunClock(client(), run);
    expect(clock).toMatchObject({ createdMs: Date.parse("2026-03-01T10:00:00Z") });
    const { skewMs } = clock as { skewMs: number };
    // Whole seconds in the Date header, and the trip: about five minutes, to a second or two.
    expect(skewMs).toBeGreaterThan(5 * 60_000 - 3_000);
    expect(skewMs).toBeLessThan(5 * 60_000 + 1_000);
    expect(server.violations).toEqual([]);
  });

  it("takes no creation time later than the answer (a hostile or broken one would make every build look old)", async () => {
    server.workflowRuns.push(scheduledRun({ id: 4343, createdAt: "3000-01-01T00:00:00Z" }));
    const clock = await readRunClock(client(), { ...run, runId: 4343 });
    expect(clock).toMatchObject({ createdMs: null });
  });

  it("says why, never throws, when GitHub refuses or does not know the run", async () => {
    server.inject({
      operationId: "actions/get-workflow-run",
      status: 403,
      body: { message: "Resource not accessible by integration" },
      times: 1,
    });
    const refused = await readRunClock(client(), run);
    expect(refused).toEqual({
      skip: expect.stringMatching(/^GitHub did not give workflow run 4242: .*actions: read/),
    });
    const unknown = await readRunClock(client(), { ...run, runId: 99 });
    expect(unknown).toEqual({
      skip: expect.stringMatching(/^GitHub did not give workflow run 99: Not Found/),
    });
  });
});

describe("skewOf", () => {
  it("is GitHub's time minus the runner's; 0 without a readable Date", () => {
    const at = Date.parse("2026-03-01T10:00:00Z");
    expect(skewOf("Sun, 01 Mar 2026 10:02:00 GMT", at)).toBe(120_000);
    expect(skewOf("Sun, 01 Mar 2026 09:59:00 GMT", at)).toBe(-60_000);
    expect(skewOf("yesterday", at)).toBe(0);
    expect(skewOf(undefined, at)).toBe(0);
  });

  it("is 0 for a Date more than a day off (a hostile or broken answer is no clock)", () => {
    const at = Date.parse("2026-03-01T10:00:00Z");
    expect(skewOf("Sun, 01 Mar 2026 10:00:00 GMT", at + 86_400_000)).toBe(-86_400_000);
    expect(skewOf("Sun, 01 Mar 2026 10:00:00 GMT", at + 86_400_001)).toBe(0);
    expect(skewOf("Fri, 01 Mar 3000 10:00:00 GMT", at)).toBe(0);
  });
});
