// The check's conclusion for each policy, from the counts alone (the invocations only matter for a
// failure no node explains; see build-report and baseline tests).
import { describe, expect, it } from "vitest";
import { decideConclusion } from "../../src/model/conclusion.js";
import { buildFailedStep } from "../../src/model/failed-step.js";
import type { BaselineComparison, FailOn, StatusCounts } from "../../src/model/types.js";

function counts(some: Partial<StatusCounts>): StatusCounts {
  const zero: StatusCounts = {
    total: 0,
    success: 0,
    error: 0,
    skipped: 0,
    pass: 0,
    warn: 0,
    fail: 0,
    reused: 0,
    noOp: 0,
    phaseDisabled: 0,
    phaseSkipped: 0,
    canceled: 0,
    unknown: 0,
  };
  const all = { ...zero, ...some };
  return { ...all, total: some.total ?? Object.values(all).reduce((a, b) => a + b, 0) };
}

const decide = (some: Partial<StatusCounts>, failOn: FailOn) => decideConclusion([], counts(some), failOn);

/** A failed invocation with no node: a dbt platform step that ended in Error without telemetry. */
const step = (index: number) =>
  buildFailedStep({
    index,
    name: `step ${index}`,
    runId: 7001234,
    command: null,
    status: "Error",
    startedAt: null,
    completedAt: null,
    logTail: null,
  });

describe("decideConclusion", () => {
  it("writes counts of a thousand or more with separators, as every count in the report", () => {
    expect(decide({ success: 10, error: 3_300, fail: 1_500 }, "errors")).toEqual({
      conclusion: "failure",
      reason: "3,300 node errors, 1,500 failed tests",
    });
  });

  it("a canceled node is never a failure, and never a success either: neutral under every policy", () => {
    for (const failOn of ["errors", "warnings", "new-errors"] as const) {
      expect(decide({ success: 3, canceled: 1 }, failOn), failOn).toEqual({
        conclusion: "neutral",
        reason: "1 node canceled",
      });
    }
    expect(decide({ success: 3, canceled: 2 }, "never")).toEqual({
      conclusion: "neutral",
      reason: "2 nodes canceled (fail-on: never)",
    });
  });

  it("never: problems make it neutral", () => {
    expect(decide({ error: 1, warn: 2 }, "never")).toEqual({
      conclusion: "neutral",
      reason: "1 node error, 2 warnings (fail-on: never)",
    });
    expect(decide({ success: 2 }, "never")).toEqual({ conclusion: "success", reason: "all nodes succeeded" });
  });

  it("errors and warnings fail on what they name", () => {
    expect(decide({ fail: 1, warn: 1 }, "errors")).toEqual({
      conclusion: "failure",
      reason: "1 failed test",
    });
    expect(decide({ pass: 1, warn: 1 }, "errors")).toEqual({
      conclusion: "success",
      reason: "1 warning, no errors",
    });
    expect(decide({ pass: 1, warn: 1 }, "warnings")).toEqual({ conclusion: "failure", reason: "1 warning" });
  });

  it("a run of no nodes says so instead of 'all nodes succeeded'", () => {
    for (const failOn of ["errors", "never"] as const) {
      expect(decide({}, failOn)).toEqual({ conclusion: "success", reason: "no nodes ran" });
    }
  });

  it("names the dbt platform steps that failed without a node error; elsewhere, says an invocation", () => {
    const reason = (invocations: ReturnType<typeof step>[]) =>
      decideConclusion(invocations, counts({}), "errors").reason;
    expect(reason([step(4)])).toBe("step 4 failed without a node error");
    expect(reason([step(5), step(3)])).toBe("steps 3 and 5 failed without a node error");
    expect(reason([step(5), step(2), step(3)])).toBe("steps 2, 3 and 5 failed without a node error");
    const local = { ...step(1), source: { files: ["logs/otel.jsonl"], format: "jsonl" as const } };
    expect(reason([local])).toBe("an invocation failed without a node error");
    expect(reason([local, step(3)])).toBe("an invocation failed without a node error");
  });

  it("canceled nodes explain an invocation that ended failed, never one that did not end", () => {
    const local = step(1);
    const ran = counts({ success: 1, canceled: 1 });
    const invocation = (state: "complete" | "incomplete") => ({
      ...local,
      source: { files: ["logs/otel.jsonl"], format: "jsonl" as const },
      runErrors: [],
      state,
      counts: ran,
    });
    expect(decideConclusion([invocation("complete")], ran, "errors")).toEqual({
      conclusion: "neutral",
      reason: "1 node canceled",
    });
    expect(decideConclusion([invocation("incomplete")], ran, "errors")).toEqual({
      conclusion: "failure",
      reason: "an invocation did not finish",
    });
  });

  it("a node of unknown outcome in a run that ended is not a pass: neutral, never 'all nodes succeeded'", () => {
    for (const failOn of ["errors", "warnings", "new-errors"] as const) {
      expect(decide({ success: 3, unknown: 1 }, failOn), failOn).toEqual({
        conclusion: "neutral",
        reason: "1 node with an unknown outcome",
      });
    }
    expect(decide({ success: 1, canceled: 1, unknown: 2, warn: 1 }, "errors")).toEqual({
      conclusion: "neutral",
      reason: "1 node canceled, 2 nodes with an unknown outcome, 1 warning",
    });
    expect(decide({ unknown: 1 }, "never")).toEqual({
      conclusion: "neutral",
      reason: "1 node with an unknown outcome (fail-on: never)",
    });
    // A run that did not finish explains its unfinished nodes: they are not counted again.
    const ran = counts({ success: 1, unknown: 2 });
    const crashed = {
      ...step(1),
      source: { files: ["logs/otel.jsonl"], format: "jsonl" as const },
      runErrors: [],
      state: "incomplete" as const,
      counts: ran,
    };
    expect(decideConclusion([crashed], ran, "errors")).toEqual({
      conclusion: "failure",
      reason: "an invocation did not finish",
    });
  });

  it("a run that did not finish fails also when its nodes failed, under new-errors too (old failures do not explain it)", () => {
    const ran = counts({ success: 3, error: 1, skipped: 2 });
    const crashed = {
      ...step(1),
      source: { files: ["logs/otel.jsonl"], format: "jsonl" as const },
      runErrors: [],
      state: "incomplete" as const,
      counts: ran,
    };
    expect(decideConclusion([crashed], ran, "errors")).toEqual({
      conclusion: "failure",
      reason: "1 node error, an invocation did not finish",
    });
    // The node error was on the base branch already: not new, but the crash is.
    const baseline = { counts: { newFailures: 0, addedFailing: 0 } } as unknown as BaselineComparison;
    expect(decideConclusion([crashed], ran, "new-errors", baseline)).toEqual({
      conclusion: "failure",
      reason: "an invocation did not finish compared with the base branch",
    });
  });
});
