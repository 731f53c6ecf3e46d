import { describe, expect, it } from "vitest";
import { ReportBuilder } from "../../src/model/build-report.js";
import type { FailedStep } from "../../src/model/failed-step.js";
import type { FailOn } from "../../src/model/types.js";
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
