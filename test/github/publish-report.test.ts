// Where a cut report points: the job summary while it holds everything, else where this run keeps
// the whole report (the uploaded artifact, report files that outlive the job), else how to keep it.
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  channelRenderer,
  fileChannelPieces,
  keptReport,
  type PublishSettings,
} from "../../src/github/publish-report.js";
import type { NodeLocation, Report } from "../../src/model/types.js";
import { extraSections } from "../../src/render/extra-sections.js";
import { renderWholeReportHint } from "../../src/render/whole-report.js";
import { reportFor } from "../support/report.js";
import { hugeErrorsJsonl, manyFailingTestsJsonl, tempFile } from "../e2e/helpers.js";

const RUN_URL = "https://github.com/acme/analytics/actions/runs/9876543210";

describe("renderWholeReportHint", () => {
  it("names the uploaded artifact first, linking the workflow run", () => {
    expect(renderWholeReportHint({ artifact: "fusion-report", files: ["r.md"] }, RUN_URL)).toBe(
      `the \`fusion-report\` artifact of [this workflow run](${RUN_URL})`,
    );
    expect(renderWholeReportHint({ artifact: "dbt report", files: [] })).toBe(
      "the `dbt report` artifact of this workflow run",
    );
  });

  it("else the report files the step wrote; else how to keep the report", () => {
    expect(renderWholeReportHint({ artifact: null, files: ["reports/dbt.md", "reports/dbt.json"] })).toBe(
      "`reports/dbt.md` and `reports/dbt.json` (written on the runner)",
    );
    expect(renderWholeReportHint({ artifact: null, files: [] })).toBe(
      "the JSON report, which this run did not keep: set `upload-artifact` to keep the reports with the " +
        "workflow run, or `json-report` to write it where a later step can upload it",
    );
  });

  it("never names an artifact whose upload failed: the files if any, else that the upload failed", () => {
    expect(renderWholeReportHint({ artifact: null, failedArtifact: "fusion-report", files: ["r.md"] })).toBe(
      "`r.md` (written on the runner)",
    );
    expect(renderWholeReportHint({ artifact: null, failedArtifact: "fusion-report", files: [] })).toBe(
      "the JSON report, which this run could not keep: the upload of the `fusion-report` artifact failed " +
        "(the step's warnings say why)",
    );
  });
});

describe("keptReport", () => {
  const settings = (over: Partial<PublishSettings>): PublishSettings => ({
    checkName: "dbt Fusion",
    comment: "always",
    checkRun: true,
    jobSummary: true,
    annotations: true,
    maxAnnotations: 50,
    projectDir: ".",
    jsonReport: "/runner/_temp/fusion-report.json",
    runResults: null,
    markdownReport: null,
    uploadArtifact: null,
    artifactTimeoutMinutes: 10,
    ...over,
  });

  it("counts only files this run wrote, outside the runner's temp folder (emptied after the job)", () => {
    const written = new Set([path.resolve("/runner/_temp/fusion-report.json"), path.resolve("out/r.md")]);
    expect(keptReport(settings({ markdownReport: "out/r.md" }), written, "/runner/_temp", false)).toEqual({
      artifact: null,
      failedArtifact: null,
      files: ["out/r.md"],
    });
    expect(keptReport(settings({ jsonReport: "out/r.json" }), written, "/runner/_temp", false).files).toEqual(
      [],
    );
    expect(keptReport(settings({ uploadArtifact: "fusion-report" }), written, "/runner/_temp", true)).toEqual(
      {
        artifact: "fusion-report",
        failedArtifact: null,
        files: [],
      },
    );
  });

  it("names the artifact only once its upload succeeded", () => {
    const written = new Set([path.resolve("/runner/_temp/fusion-report.json")]);
    expect(
      keptReport(settings({ uploadArtifact: "fusion-report" }), written, "/runner/_temp", false),
    ).toEqual({
      artifact: null,
      failedArtifact: "fusion-report",
      files: [],
    });
  });
});

describe("channelRenderer: what a channel leaves out points to the whole report", () => {
  const render = (report: Report, jobSummary: boolean) =>
    channelRenderer(report, {
      title: "dbt Fusion",
      extras: [],
      links: { fileUrl: () => null, runUrl: RUN_URL },
      kept: { artifact: "fusion-report", files: [], jobSummary },
    });
  const artifact = `the \`fusion-report\` artifact of [this workflow run](${RUN_URL})`;

  it("the comment and check run point to the job summary when it holds everything", async () => {
    // 700 failed tests: too many for the comment, all of them in the summary.
    const report = await reportFor([
      path.relative(process.cwd(), tempFile("t.jsonl", manyFailingTestsJsonl(700))),
    ]);
    const channel = render(report, true);
    expect(channel("summary")).not.toContain("left out");
    expect(channel("comment")).toMatch(
      /more failed tests?, listed in the job summary of this workflow run\._/,
    );
    expect(channel("checkRun")).toContain("listed in the job summary of this workflow run");
    expect(channel.findingsHint(true)).toBe("the job summary");
    // Without a job summary, the artifact.
    expect(render(report, false)("comment")).toContain(`listed in ${artifact}._`);
    expect(render(report, false).findingsHint(true)).toBe(artifact);
  });

  it("a list the job summary holds whole is pointed to there, also when it left out other detail", async () => {
    // 400 errors with 4 KB messages: the summary lists them all, with shorter excerpts.
    const report = await reportFor([
      path.relative(process.cwd(), tempFile("h.jsonl", hugeErrorsJsonl(400, 4_000))),
    ]);
    const channel = render(report, true);
    const summary = channel("summary");
    expect(summary).toContain(`the complete report is in ${artifact}.</sub>`);
    expect(summary).not.toMatch(/more errors?, listed in/);
    expect(summary.match(/^\*\*<code title="unit_test\./gm)).toHaveLength(400);
    for (const name of ["comment", "checkRun"] as const) {
      expect(channel(name), name).toMatch(/more errors, listed in the job summary of this workflow run\._/);
      // What else it left out (shorter excerpts, the slowest nodes) is in the artifact.
      expect(channel(name), name).toContain(`the complete report is in ${artifact}.</sub>`);
    }
    // Without a job summary, the artifact.
    expect(render(report, false)("comment")).toMatch(
      new RegExp(`more errors, listed in ${escape(artifact)}\\._`),
    );
    // The file is whole: nothing left out, nothing to point to.
    expect(channel("file")).not.toContain("left out");
  }, 60_000);

  it("every channel points to the artifact for a list the job summary cut short too", async () => {
    const report = await reportFor([
      path.relative(process.cwd(), tempFile("h.jsonl", hugeErrorsJsonl(900, 4_000))),
    ]);
    const channel = render(report, true);
    for (const name of ["summary", "comment", "checkRun"] as const) {
      expect(channel(name), name).toContain(`the complete report is in ${artifact}.</sub>`);
      expect(channel(name), name).toMatch(new RegExp(`more errors, listed in ${escape(artifact)}\\._`));
    }
    // The annotations left out, too: the job summary does not list them all.
    expect(channel.findingsHint(true)).toBe(artifact);
    expect(channel.findingsHint(false)).toBe("the `fusion-report` artifact of this workflow run");
  }, 60_000);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

describe("fileChannelPieces: the Action's report file, a table row at a time", () => {
  it.each([
    "test/fixtures/real/preview120_build_success.otel.jsonl",
    "test/fixtures/real/preview72_failed.otel.jsonl",
    "test/fixtures/generated/large-run/telemetry.jsonl",
    "test/fixtures/generated/skip-chains/telemetry.jsonl",
  ])("joins to the file channel's text, links and diagrams included (%s)", async (file) => {
    const report = await reportFor([file]);
    const options = {
      title: "dbt Fusion",
      extras: extraSections(report, { diagrams: true }),
      links: {
        fileUrl: (location: NodeLocation) =>
          `https://github.com/acme/analytics/blob/0123abc/${location.path}${location.line ? `#L${location.line}` : ""}`,
        runUrl: RUN_URL,
      },
    };
    const pieces = [...fileChannelPieces(report, options)];
    expect(pieces.join("")).toBe(channelRenderer(report, options)("file"));
    expect(pieces.length).toBeGreaterThan(report.invocations[0]!.nodes.length);
  });
});
