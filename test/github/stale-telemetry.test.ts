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

  it("on workflow_run, reads the triggering run's creation", () => {
    const triggered = (created_at: unknown): EventPayload =>
      ({ workflow_run: { id: 18123456789, created_at } }) as EventPayload;
    expect(eventTimeOf("workflow_run", triggered("2026-03-01T10:00:00Z"))).toBe(
      Date.parse("2026-03-01T10:00:00Z"),
    );
    expect(eventTimeOf("workflow_run", triggered("2026-03-01T12:00:00.5+02:00"))).toBe(
      Date.parse("2026-03-01T10:00:00.500Z"),
    );
    // Only on workflow_run: another event's payload with a workflow_run in it is not read as one.
    expect(eventTimeOf("schedule", triggered("2026-03-01T10:00:00Z"))).toBeNull();
  });

  it("takes no payload time that is not an ISO time GitHub could have written", () => {
    const now = Date.parse("2026-03-02T00:00:00Z");
    const triggered = (created_at: unknown): EventPayload =>
      ({ workflow_run: { created_at } }) as EventPayload;
    // Date.parse reads each of these as some time; none is GitHub's.
    for (const odd of ["1", "March 1, 2026", "2026-03-01", "2026-03-01T10:00:00Z\n", 1772359200, null, {}]) {
      expect(eventTimeOf("workflow_run", triggered(odd), now)).toBeNull();
    }
    expect(eventTimeOf("workflow_run", { workflow_run: null } as unknown as EventPayload, now)).toBeNull();
    // Before 2020 or over a day after now is no real time: a future one would brand every build an earlier one.
    expect(eventTimeOf("workflow_run", triggered("2019-12-31T23:59:59Z"), now)).toBeNull();
    expect(eventTimeOf("workflow_run", triggered("2026-03-03T00:00:01Z"), now)).toBeNull();
    expect(eventTimeOf("workflow_run", triggered("2026-03-02T23:59:59Z"), now)).toBe(
      Date.parse("2026-03-02T23:59:59Z"),
    );
    const later = { pull_request: { updated_at: "9999-12-31T23:59:59Z" } } as EventPayload;
    expect(eventTimeOf("pull_request", later, now)).toBeNull();
    expect(eventTimeOf("push", { repository: { pushed_at: 253402300799 } } as EventPayload, now)).toBeNull();
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

  it("on workflow_run, names the triggering run's creation and sends the reader to that run", () => {
    const out = warnAboutStaleInvocations(report("2026-02-26T02:33:08.904Z"), "workflow_run", event);
    expect(out.invocations[0]!.readerWarnings).toEqual([
      "this invocation began at 2026-02-26T02:33:08.904Z, before the workflow run that triggered this one " +
        "was created (2026-03-01T10:00:00.000Z): it is an earlier build's telemetry (a cache of target/ or " +
        "logs/ that run restored, files an earlier run left), not that run's; check that dbt ran in that run " +
        "and wrote the files it uploaded",
    ]);
  });

  it("on this run's own artifact, sends the reader to the job that uploaded it", () => {
    // The two-job setup: job 1 ran dbt on a restored target/ and uploaded it; this job reads it.
    const expected = (before: string): string =>
      `this invocation began at 2026-02-26T02:33:08.904Z, before ${before} (2026-03-01T10:00:00.000Z): ` +
      "it is an earlier build's telemetry (a cache of target/ or logs/ restored in the job that uploaded " +
      "it, files an earlier run left), not this run's; check that dbt ran in the job that uploaded the " +
      "artifact 'dbt-telemetry' and wrote the files it uploaded";
    const old = report("2026-02-26T02:33:08.904Z");
    expect(
      warnAboutStaleInvocations(old, "schedule", event, 0, "dbt-telemetry").invocations[0]!.readerWarnings,
    ).toEqual([expected("the schedule event this workflow run answers")]);
    // An artifact of this run on workflow_run is younger still than the run that triggered it.
    expect(
      warnAboutStaleInvocations(old, "workflow_run", event, 0, "dbt-telemetry").invocations[0]!
        .readerWarnings,
    ).toEqual([expected("the workflow run that triggered this one was created")]);
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
