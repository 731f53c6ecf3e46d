// The publish plan: what each channel gets, from the report and the Action's settings.
import { describe, expect, it } from "vitest";
import { planPublish, type PlanInput } from "../../src/github/plan.js";
import type { RunContext } from "../../src/github/context.js";
import type { Report } from "../../src/model/types.js";
import type { CheckAnnotation } from "../../src/render/annotations.js";
import { reportFor } from "../support/report.js";

const CONTEXT: RunContext = {
  owner: "acme",
  repo: "analytics",
  eventName: "pull_request",
  headSha: "a".repeat(40),
  prNumber: 7,
  runUrl: null,
  headRepoFullName: "acme/analytics",
  headBranch: "feature",
};

function input(report: Report, annotations: boolean): PlanInput {
  const annotation: CheckAnnotation = {
    path: "models/a.sql",
    start_line: 1,
    end_line: 1,
    annotation_level: "failure",
    message: "boom",
  };
  return {
    report,
    settings: {
      checkName: "dbt Fusion",
      comment: "always",
      checkRun: true,
      jobSummary: true,
      annotations,
      maxAnnotations: 1,
    },
    context: CONTEXT,
    canCallApi: true,
    markdown: { comment: "c", checkRun: "r", summary: "s" },
    findingsHint: { checkRun: "the job summary", log: "the job summary" },
    annotations: { annotations: [annotation], omitted: 4, runLevel: ["a run-level error"] },
    outputs: {},
  };
}

describe("planPublish", () => {
  it("with annotations off, the check run's text counts none as left out by max-annotations", async () => {
    const report = await reportFor(["test/fixtures/real/preview120_failed.otel.jsonl"]);
    const on = planPublish(input(report, true)).checkRun!;
    expect(on.text).toBe(
      "4 more annotation(s) were not sent (max-annotations: 1); see the job summary.\n- a run-level error",
    );
    expect(on.annotations).toHaveLength(1);
    const off = planPublish(input(report, false));
    expect(off.checkRun!.text).toBe("- a run-level error");
    expect(off.checkRun!.annotations).toEqual([]);
    expect(off.fallbackAnnotations).toBeNull();
  });
});
