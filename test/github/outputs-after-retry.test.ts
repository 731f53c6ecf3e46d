// After `dbt build || dbt retry` every count a workflow reads (the step outputs, the check run's title,
// the job summary's headline) is each node's latest result: the build's error the retry fixed is
// counted by its pass, once.
import { describe, expect, it } from "vitest";
import { outputsFor } from "../../src/github/outputs.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { retryReport } from "../support/retry-report.js";

describe("outputs after dbt retry", () => {
  it("count each node's latest result, as the headline and the check run's title do", async () => {
    const report = await retryReport();
    const outputs = outputsFor(report, { jsonReport: "report.json", runResults: null }, new Set());
    expect(outputs).toMatchObject({
      conclusion: "failure",
      errors: "0",
      "failed-tests": "1",
      skipped: "0",
      passed: "4",
    });
    // The check run's title is the conclusion's reason (github/plan.ts).
    expect(report.conclusionReason).toBe("1 failed test");
    const headline = renderMarkdown(report, {
      maxBytes: 1_000_000,
      title: "dbt Fusion",
      fullReportHint: "the JSON report",
    })
      .split("\n")
      .slice(0, 3)
      .join("\n");
    expect(headline).toContain("dbt Fusion: 1 failed test");
    expect(headline).toContain("**5 nodes:** ✅&nbsp;4&nbsp;passed · ❌&nbsp;1&nbsp;failed&nbsp;test");
  });
});
