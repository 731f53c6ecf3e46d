import { describe, expect, it } from "vitest";
import { ReportBuilder } from "../../src/model/build-report.js";
import type { FailedStep } from "../../src/model/failed-step.js";
import type { FailOn } from "../../src/model/types.js";
import type { TelemetryEvent } from "../../src/telemetry/events.js";
import { nodeFacts } from "../support/node-facts.js";
import { reportSchemaErrors } from "../support/report.js";

const DEPS: FailedStep = {
  index: 3,
  name: "Invoke dbt with `dbt deps`",
  runId: 7001234,
  url: "https://ab123.us1.dbt.com/deploy/51798/projects/24680/runs/7001234/",
  command: "dbt deps",
  status: "Error",
  startedAt: "2026-10-02T09:14:15.700Z",
  completedAt: "2026-10-02T09:14:21.000Z",
  logTail: "Error: package x/y not found",
};

function reportOf(failOn: FailOn, steps: FailedStep[]) {
  const builder = new ReportBuilder({ slowest: 10, failOn, generatorVersion: "test" });
  for (const step of steps) builder.addFailedStep(step);
  return builder.finish();
}

describe("a dbt platform step that failed without telemetry", () => {
  it("is a failed invocation of its own, in the report's schema, quoting the end of its log and linking the run", () => {
    const report = reportOf("errors", [DEPS]);
    expect(reportSchemaErrors(report)).toBe("");
    expect(report.conclusion).toBe("failure");
    const [inv] = report.invocations;
    expect(inv).toMatchObject({
      failed: true,
      command: "dbt deps",
      durationMs: 5300,
      source: { files: [], step: { index: 3, runId: 7001234, url: DEPS.url } },
      nodes: [],
    });
    expect(inv!.runErrors).toHaveLength(1);
    expect(inv!.runErrors[0]!.text).toContain("Step 3 ended with status Error and wrote no Fusion telemetry");
    expect(inv!.runErrors[0]!.text).toContain(DEPS.url);
    expect(inv!.runErrors[0]!.text).toMatch(/The end of its log:\nError: package x\/y not found$/);
  });

  it("follows fail-on like any invocation that failed without a node to blame", () => {
    expect(reportOf("never", [DEPS]).conclusion).toBe("neutral");
    expect(reportOf("warnings", [DEPS]).conclusion).toBe("failure");
  });

  it("goes in step order among the run's steps, whatever the times say", () => {
    const later = {
      ...DEPS,
      index: 5,
      name: "Invoke dbt with `dbt build`",
      startedAt: "2020-01-01T00:00:00.000Z",
    };
    const report = reportOf("errors", [later, { ...DEPS, logTail: null, url: undefined } as FailedStep]);
    expect(report.invocations.map((inv) => inv.source.step?.index)).toEqual([3, 5]);
    expect(report.invocations[0]!.runErrors[0]!.text).not.toContain("The end of its log");
    expect(reportSchemaErrors(report)).toBe("");
  });
});

describe("a dbt platform step that ended in Error and wrote telemetry", () => {
  const BUILD: FailedStep = {
    ...DEPS,
    index: 4,
    name: "Invoke dbt with `dbt build`",
    command: "dbt build",
    wroteTelemetry: true,
    logTail: "Error: post-run hook failed",
  };
  const STEP = { index: 4, name: BUILD.name, runId: BUILD.runId, url: BUILD.url! };
  const T0 = 1_763_700_000_000_000_000n;
  const TRACE = "0190aa00bb11cc22dd33ee44ff556677";
  const node = (id: string, outcome: "success" | "error", traceId = TRACE): TelemetryEvent => ({
    kind: "node",
    traceId,
    spanId: `span-${id}`,
    ended: true,
    startNs: T0,
    endNs: T0 + 1_000_000n,
    span: "processed",
    facts: nodeFacts(id, { inSelection: true, outcome }),
  });

  function reportWith(outcome: "success" | "error", steps: FailedStep[], failOn: FailOn = "errors") {
    const builder = new ReportBuilder({ slowest: 10, failOn, generatorVersion: "test" });
    for (const step of steps) builder.addFailedStep(step);
    const sink = builder.startFile({ files: ["run 7001234 step 4"], format: "parquet", step: STEP });
    sink.add(invocation(TRACE));
    sink.add(node("model.shop.a", "success"));
    sink.add(node("model.shop.b", outcome));
    return builder.finish();
  }

  /** The invocation's own span, ended without an error status: the telemetry of a run that finished. */
  function invocation(traceId: string): TelemetryEvent {
    return {
      kind: "invocation",
      traceId,
      ended: true,
      startNs: T0,
      endNs: T0 + 5_000_000n,
      statusCode: 1,
      statusMessage: null,
      invocationId: "11111111-2222-3333-4444-555555555555",
      command: "build",
      rawCommand: "dbt build",
      target: "prod",
      version: "2.0.0-preview.120",
    };
  }

  it("fails its invocation when the telemetry shows no failure, saying why and quoting its log", () => {
    const report = reportWith("success", [BUILD]);
    expect(reportSchemaErrors(report)).toBe("");
    expect(report.invocations).toHaveLength(1);
    const [inv] = report.invocations;
    expect(inv).toMatchObject({ failed: true, source: { step: { index: 4 } } });
    expect(inv!.counts.success).toBe(2);
    expect(inv!.runErrors).toHaveLength(1);
    expect(inv!.runErrors[0]!.text).toContain(
      "Step 4 ended with status Error on the dbt platform, but its telemetry shows no failure",
    );
    expect(inv!.runErrors[0]!.text).toContain(BUILD.url);
    expect(inv!.runErrors[0]!.text).toMatch(/The end of its log:\nError: post-run hook failed$/);
    expect(report).toMatchObject({
      conclusion: "failure",
      conclusionReason: "step 4 failed without a node error",
    });
    expect(reportWith("success", [BUILD], "never").conclusion).toBe("neutral");
  });

  it("leaves an invocation whose telemetry already fails as it is", () => {
    const report = reportWith("error", [BUILD]);
    const [inv] = report.invocations;
    expect(inv!.runErrors).toEqual([]);
    expect(report).toMatchObject({ conclusion: "failure", conclusionReason: "1 node error" });
  });

  it("touches no invocation of another step, and a step whose file held none gets its own", () => {
    const other: FailedStep = { ...BUILD, index: 5 };
    const report = reportWith("success", [other]);
    expect(report.invocations.map((inv) => [inv.source.step?.index, inv.failed])).toEqual([
      [4, false],
      [5, true],
    ]);
    expect(report.invocations[1]!.runErrors[0]!.text).toContain(
      "Step 5 ended with status Error and its telemetry holds no dbt invocation",
    );
    expect(reportSchemaErrors(report)).toBe("");
  });

  it("leaves a green invocation alone when another invocation of the same step explains its Error", () => {
    const builder = new ReportBuilder({ slowest: 10, failOn: "errors", generatorVersion: "test" });
    builder.addFailedStep(BUILD);
    const sink = builder.startFile({ files: ["run 7001234 step 4"], format: "parquet", step: STEP });
    const second = "0190aa00bb11cc22dd33ee44ff55ffff";
    sink.add(invocation(TRACE));
    sink.add(node("model.shop.a", "success"));
    sink.add(invocation(second));
    sink.add(node("model.shop.b", "error", second));
    const report = builder.finish();
    expect(report.invocations.map((inv) => [inv.counts.error, inv.failed, inv.runErrors.length])).toEqual([
      [0, false, 0],
      [1, false, 0],
    ]);
  });
});
