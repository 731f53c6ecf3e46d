// Golden comments: what the Action posts on a pull request (renderComment, with the links and
// diagrams the Action adds) for the views docs/images shows (issue 14): the real preview.120 build,
// the four real invocations together and a generated 400-node comparison with the base branch.
// scripts/render-images.ts renders these files to the PNGs in docs/images.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildScenarioRecords, writeJsonl } from "../../scripts/fixture-gen/index.js";
import {
  baselineComparisonScenarios,
  PREVIEW120_BUILD,
  REAL_FOUR_INVOCATIONS,
} from "../../scripts/render-images-views.js";
import type { RunContext } from "../../src/github/context.js";
import { linksFor } from "../../src/github/plan.js";
import { channelRenderer } from "../../src/github/publish-report.js";
import { applyBaseline, compareWithBaseline } from "../../src/model/baseline.js";
import type { Report } from "../../src/model/types.js";
import { extraSections } from "../../src/render/extra-sections.js";
import { CHECK_CODE_WIDTH } from "../../src/render/markdown.js";
import { ROOT, reportFor } from "../support/report.js";
import { makeTempDir } from "../support/temp-dir.js";

export const COMMENTS = "test/golden/comments";

/** The context the e2e tests run the Action in (test/e2e/helpers.ts). */
const CONTEXT: RunContext = {
  owner: "acme",
  repo: "analytics",
  eventName: "pull_request",
  headSha: "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e",
  prNumber: 418,
  runUrl: "https://github.com/acme/analytics/actions/runs/9876543210",
  headRepoFullName: "acme/analytics",
  headBranch: "feature/orders",
};

const temp = makeTempDir("fusion-golden-comments-");

/** The Action's rendering for a channel, with its links and diagrams (the input defaults). */
function render(report: Report, channel: "comment" | "checkRun"): string {
  const links = linksFor(CONTEXT, { projectDir: ".", serverUrl: "https://github.com" }, report);
  return channelRenderer(report, {
    title: "dbt Fusion",
    extras: extraSections(report, { diagrams: true }),
    links,
  })(channel);
}

const comment = (report: Report): string => render(report, "comment");

/** A generated scenario as a JSONL file, named for reportFor (relative to the repository). */
function scenarioFile(name: string, records: ReturnType<typeof buildScenarioRecords>): string {
  const file = path.join(temp, name);
  writeFileSync(file, writeJsonl(records));
  return path.relative(ROOT, file);
}

/** The head of the 400-node project compared with its base branch, as the Action would. */
export async function baselineComparisonReport(): Promise<Report> {
  const { base, head } = baselineComparisonScenarios();
  const baseReport = await reportFor([scenarioFile("base.jsonl", buildScenarioRecords(base))]);
  const headReport = await reportFor([scenarioFile("head.jsonl", buildScenarioRecords(head))]);
  const comparison = compareWithBaseline(headReport, baseReport, {
    regressionThresholdPercent: 50,
    source: "base-report.json",
  });
  return applyBaseline(headReport, comparison, "errors");
}

describe("golden comments", () => {
  it("the real preview.120 build", async () => {
    const report = await reportFor(PREVIEW120_BUILD);
    await expect(comment(report)).toMatchFileSnapshot(`../../${COMMENTS}/preview120-build.md`);
  });

  it("its check run summary, wrapped for the narrower Checks tab", async () => {
    const report = await reportFor(PREVIEW120_BUILD);
    const summary = render(report, "checkRun");
    await expect(summary).toMatchFileSnapshot(`../../${COMMENTS}/preview120-build.check.md`);
    for (const block of summary.matchAll(/^```text\n([\s\S]*?)\n```$/gm)) {
      for (const line of block[1]!.split("\n"))
        expect([...line].length).toBeLessThanOrEqual(CHECK_CODE_WIDTH);
    }
  });

  it("the four real invocations together", async () => {
    const report = await reportFor(REAL_FOUR_INVOCATIONS);
    expect(report.invocations).toHaveLength(4);
    await expect(comment(report)).toMatchFileSnapshot(`../../${COMMENTS}/real-four-invocations.md`);
  });

  it("a generated 400-node comparison with more than 50 regressions", async () => {
    const report = await baselineComparisonReport();
    expect(report.counts.total).toBe(400);
    expect(report.baseline!.counts.regressions).toBeGreaterThan(50);
    expect(report.baseline!.counts.newFailures).toBe(3);
    await expect(comment(report)).toMatchFileSnapshot(`../../${COMMENTS}/baseline-400.md`);
  });
});
