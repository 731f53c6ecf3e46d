import { describe, expect, it } from "vitest";
import {
  eventTimeOf,
  hasStaleInvocation,
  warnAboutStaleInvocations,
} from "../../src/github/stale-telemetry.js";
import type { EventPayload } from "../../src/github/context.js";
import type { Invocation, Report } from "../../src/model/types.js";

const invocation = (startedAt: string | null): Invocation =>
  ({ invocationId: startedAt ?? "none", startedAt, readerWarnings: [] }) as unknown as Invocation;
const report = (...starts: (string | null)[]): Report =>
  ({ invocations: starts.map(invocation) }) as unknown as Report;

describe("eventTimeOf", () => {
  it("reads a pull request's last update and a push's time; nothing for other events", () => {
    const pr = { pull_request: { updated_at: "2026-03-01T10:00:00Z" } } as EventPayload;
    expect(eventTimeOf("pull_request", pr)).toBe(Date.parse("2026-03-01T10:00:00Z"));
    expect(eventTimeOf("pull_request_target", pr)).toBe(Date.parse("2026-03-01T10:00:00Z"));
    expect(eventTimeOf("push", { repository: { pushed_at: 1772359200 } } as EventPayload)).toBe(
      1772359200_000,
    );
    expect(eventTimeOf("pull_request", {})).toBeNull();
    expect(
      eventTimeOf("pull_request", { pull_request: { updated_at: "yesterday" } } as EventPayload),
    ).toBeNull();
    expect(
      eventTimeOf("push", { repository: { pushed_at: "2026-03-01T10:00:00Z" } } as EventPayload),
    ).toBeNull();
    expect(eventTimeOf("workflow_run", pr)).toBeNull();
    expect(eventTimeOf("schedule", {})).toBeNull();
  });
});

describe("warnAboutStaleInvocations", () => {
  const event = Date.parse("2026-03-01T10:00:00Z");

  it("warns on each invocation that began before the event, naming both times", () => {
    const out = warnAboutStaleInvocations(
      report("2026-02-26T02:33:08.904Z", "2026-03-01T10:05:00Z"),
      "pull_request",
      event,
    );
    expect(out.invocations[0]!.readerWarnings).toEqual([
      "this invocation began at 2026-02-26T02:33:08.904Z, before the pull_request event this workflow run " +
        "answers (2026-03-01T10:00:00.000Z): it is an earlier build's telemetry (a cache of target/ or logs/, " +
        "files an earlier run left), not this run's; check that dbt ran in this job and wrote the files the " +
        "'telemetry' input names",
    ]);
    expect(out.invocations[1]!.readerWarnings).toEqual([]);
  });

  it("leaves a minute for clocks that differ, and an invocation without a start, alone", () => {
    const same = report("2026-03-01T09:59:30Z", null);
    expect(warnAboutStaleInvocations(same, "push", event)).toBe(same);
  });

  it("leaves a start that is no real time alone: never set (1970) is no earlier build", () => {
    // model/implausible-times.ts already says of it that it is not a real time.
    const unset = report("1970-01-01T00:00:00.000000Z", "2019-12-31T23:59:59Z");
    expect(warnAboutStaleInvocations(unset, "push", event)).toBe(unset);
    expect(hasStaleInvocation(unset, event)).toBe(false);
  });
});

describe("hasStaleInvocation", () => {
  const event = Date.parse("2026-03-01T10:00:00Z");

  it("moves the runner's times by the skew to GitHub's clock before comparing", () => {
    // Stamped 09:57 by a runner five minutes slow: 10:02 by GitHub's clock.
    const slowRunner = report("2026-03-01T09:57:00Z");
    expect(hasStaleInvocation(slowRunner, event)).toBe(true);
    expect(hasStaleInvocation(slowRunner, event, 5 * 60_000)).toBe(false);
    expect(warnAboutStaleInvocations(slowRunner, "push", event, 5 * 60_000)).toBe(slowRunner);
    // A runner ahead of GitHub's clock makes an old build look newer than it is.
    const fastRunner = report("2026-03-01T10:03:00Z");
    expect(hasStaleInvocation(fastRunner, event, -5 * 60_000)).toBe(true);
  });
});
