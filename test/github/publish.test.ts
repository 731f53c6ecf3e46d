import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { summary } from "@actions/core";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createClient, type GitHubClient } from "../../src/github/client.js";
import { commentMarker } from "../../src/github/comment.js";
import { createActionLog } from "../../src/github/action-log.js";
import { publishAll, type PublishDeps, type PublishPlan } from "../../src/github/publish.js";
import { completeStepCheckRun } from "../../src/github/step-check-run.js";
import { SUMMARY_MAX_BYTES, writeJobSummary } from "../../src/github/summary.js";
import { toWorkflowCommands, type CheckAnnotation } from "../../src/render/annotations.js";
import { FakeGitHub } from "../support/github-server.js";
import { makeTempDir } from "../support/temp-dir.js";

let server: FakeGitHub;
let octokit: GitHubClient;
// @actions/core caches the summary path on first write, so one file serves the whole test file.
const summaryFile = join(makeTempDir("fusion-summary-"), "step_summary.md");
let log: { warnings: string[]; infos: string[]; outputs: Record<string, string>; annotations: unknown[][] };

beforeAll(() => writeFileSync(summaryFile, ""));
beforeEach(async () => {
  server = await FakeGitHub.start();
  octokit = createClient("ghs_test", { baseUrl: server.url, fastRetry: true });
  writeFileSync(summaryFile, "");
  process.env.GITHUB_STEP_SUMMARY = summaryFile;
  log = { warnings: [], infos: [], outputs: {}, annotations: [] };
});
afterEach(async () => {
  expect(server.violations).toEqual([]);
  await server.close();
  delete process.env.GITHUB_STEP_SUMMARY;
});

const deps = (): PublishDeps => ({
  octokit,
  warning: (m) => log.warnings.push(m),
  info: (m) => log.infos.push(m),
  writeSummary: (md) => writeJobSummary(md),
  setOutputs: (outputs) => Object.assign(log.outputs, outputs),
  annotate: (level, message, props) => log.annotations.push([level, message, props]),
});

const annotations: CheckAnnotation[] = Array.from({ length: 12 }, (_, i) => ({
  path: `models/m${i}.sql`,
  start_line: 1,
  end_line: 1,
  annotation_level: "failure",
  title: `model m${i} failed`,
  message: `boom ${i}`,
}));

const plan = (over: Partial<PublishPlan> = {}): PublishPlan => ({
  comment: {
    owner: "acme",
    repo: "analytics",
    prNumber: 418,
    body: "## dbt Fusion\n\n1 error",
    marker: commentMarker("dbt Fusion"),
    create: true,
  },
  checkRun: {
    owner: "acme",
    repo: "analytics",
    headSha: "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e",
    name: "dbt Fusion",
    conclusion: "failure",
    title: "1 model failed",
    summary: "## dbt Fusion",
    annotations,
  },
  summary: "## dbt Fusion\n\nfull report",
  outputs: { conclusion: "failure", errors: "1" },
  fallbackAnnotations: toWorkflowCommands(annotations),
  ...over,
});

describe("publishAll", () => {
  it("first run: creates the comment and the check run, writes the summary and outputs", async () => {
    const result = await publishAll(deps(), plan());
    expect(result.results.map((r) => [r.channel, r.ok])).toEqual([
      ["check-run", true],
      ["comment", true],
      ["summary", true],
      ["outputs", true],
    ]);
    expect(server.commentsOn(418)).toHaveLength(1);
    expect(server.checkRuns[0]?.annotations).toHaveLength(12);
    expect(readFileSync(summaryFile, "utf8")).toContain("full report");
    expect(log.outputs).toMatchObject({
      conclusion: "failure",
      errors: "1",
      "comment-url": result.commentUrl,
      "check-run-url": result.checkRunUrl,
    });
    expect(result.commentUrl).toMatch(/#issuecomment-/);
    expect(result.usedAnnotationFallback).toBe(false);
    expect(log.warnings).toEqual([]);
    expect(log.annotations).toEqual([]);
  });

  it("re-run: updates the same comment, never duplicates", async () => {
    await publishAll(deps(), plan());
    const second = await publishAll(
      deps(),
      plan({ comment: { ...plan().comment!, body: "## dbt Fusion\n\nfixed" } }),
    );
    const third = await publishAll(
      deps(),
      plan({ comment: { ...plan().comment!, body: "## dbt Fusion\n\nfixed" } }),
    );
    expect(second.results.find((r) => r.channel === "comment")?.detail).toBe("updated");
    expect(third.results.find((r) => r.channel === "comment")?.detail).toBe("unchanged");
    expect(server.commentsOn(418)).toHaveLength(1);
  });

  it("fork token: 403 on comment and check become warnings naming the permissions; summary, outputs and fallback annotations still happen", async () => {
    server.forbid("checks/create");
    server.forbid("issues/create-comment");
    const result = await publishAll(deps(), plan());
    expect(result.results.map((r) => [r.channel, r.ok])).toEqual([
      ["check-run", false],
      ["comment", false],
      ["annotations", true],
      ["summary", true],
      ["outputs", true],
    ]);
    expect(log.warnings).toHaveLength(2);
    expect(log.warnings[0]).toMatch(/checks: write/);
    expect(log.warnings[1]).toMatch(/pull-requests: write/);
    expect(log.warnings.join("\n")).toMatch(/workflow_run/);
    expect(readFileSync(summaryFile, "utf8")).toContain("full report");
    expect(result.usedAnnotationFallback).toBe(true);
    expect(log.annotations).toHaveLength(10); // 10 errors per step are displayed
    expect(log.infos.join("\n")).toMatch(/2 more findings are not annotated/);
    expect(log.outputs).toMatchObject({ "comment-url": "", "check-run-url": "" });
  });

  it("annotations GitHub refuses are a warning; the check run is written, so no fallback", async () => {
    server.refusesAnnotation = (a) => a.path === "models/m0.sql";
    const result = await publishAll(deps(), plan());
    expect(result.results.find((r) => r.channel === "check-run")).toMatchObject({ ok: true, detail: "11" });
    expect(server.checkRuns).toHaveLength(1);
    expect(server.checkRuns[0]).toMatchObject({ status: "completed", conclusion: "failure" });
    expect(log.warnings).toEqual([
      expect.stringMatching(
        /^GitHub refused 1 of 12 annotations \(1 request of up to 50 answered 422\); they are not on the check run: GitHub rejected/,
      ),
    ]);
    expect(result.usedAnnotationFallback).toBe(false);
    expect(log.annotations).toEqual([]);
  });

  it("annotations refused before a batch that fails are still named in a warning", async () => {
    const many: CheckAnnotation[] = Array.from({ length: 120 }, (_, i) => ({
      ...annotations[0]!,
      path: `models/n${i}.sql`,
    }));
    // The first batch (sent with the create) is refused, and halved down to n0 in 13 updates (7 refused,
    // 6 taken); the next batch's update then fails.
    server.refusesAnnotation = (a) => a.path === "models/n0.sql";
    let updates = 0;
    const failAfter13 = (): void =>
      server.afterNext("checks/update", () => {
        if (++updates === 13) server.inject({ operationId: "checks/update", status: 500, times: 10 });
        else failAfter13();
      });
    failAfter13();
    await publishAll(deps(), plan({ checkRun: { ...plan().checkRun!, annotations: many } }));
    expect(log.warnings.join("\n")).toMatch(/GitHub refused 1 of 120 annotations/);
    expect(log.warnings.join("\n")).toMatch(/only 49 of 120 annotations were added/);
  });

  it("a failing summary does not hide the other channels", async () => {
    delete process.env.GITHUB_STEP_SUMMARY;
    const result = await publishAll(deps(), plan());
    expect(result.results.find((r) => r.channel === "summary")).toMatchObject({ ok: false });
    expect(log.warnings[0]).toMatch(/GITHUB_STEP_SUMMARY is not set/);
    expect(result.checkRunUrl).not.toBeNull();
    expect(result.commentUrl).not.toBeNull();
  });

  it("records its check run for the step, so a later failure completes that one, not a second", async () => {
    const written = { id: null as number | null };
    await publishAll({ ...deps(), checkRunWritten: written }, plan());
    expect(written.id).toBe(server.checkRuns[0]!.id);

    const github = {
      octokit,
      context: {
        owner: "acme",
        repo: "analytics",
        eventName: "pull_request",
        headSha: "3f1c2e9a7b6d5c4e3f2a1b0c9d8e7f6a5b4c3d2e",
        prNumber: 418,
        runUrl: null,
        headRepoFullName: "acme/analytics",
        headBranch: "feature",
      },
    };
    const check = { name: "dbt Fusion", conclusion: "failure" as const, title: "stopped", summary: "boom" };
    const stepLog = createActionLog(
      {
        info: () => undefined,
        warning: (m) => log.warnings.push(m),
        error: () => undefined,
        notice: () => undefined,
        setFailed: () => undefined,
      },
      [],
    );
    await completeStepCheckRun(github, check, stepLog, written);
    expect(server.checkRuns).toHaveLength(1);
    expect(server.checkRuns[0]!.output.title).toBe("stopped");

    // A message that quotes megabytes (a name, a server's answer) is cut to the API's limit there too.
    const long = { ...check, summary: `## stopped\n\n\`\`\`text\n${"ü".repeat(100_000)}\n\`\`\`\n` };
    await completeStepCheckRun(github, long, stepLog, written);
    expect(log.warnings).toEqual([]);
    expect(server.checkRuns).toHaveLength(1);
    expect(Buffer.byteLength(server.checkRuns[0]!.output.summary!, "utf8")).toBeLessThanOrEqual(65_535);
    expect(server.checkRuns[0]!.output.summary).toMatch(/^## stopped\n\n```text\nü/);
  });

  it("skips disabled channels", async () => {
    const result = await publishAll(
      deps(),
      plan({ comment: null, checkRun: null, summary: null, fallbackAnnotations: null }),
    );
    expect(result.results.map((r) => r.channel)).toEqual(["outputs"]);
    expect(server.requests).toEqual([]);
  });
});

describe("writeJobSummary", () => {
  it("keeps the step summary under 1 MiB", async () => {
    const result = await writeJobSummary("ü".repeat(600_000));
    expect(result.truncated).toBe(true);
    const written = readFileSync(summaryFile);
    expect(written.byteLength).toBeLessThanOrEqual(SUMMARY_MAX_BYTES + 1);
    expect(written.toString("utf8")).toContain("Job summary truncated");
  });

  it("a write cut short (a disk that filled up) leaves the file as it was, and says which file", async () => {
    writeFileSync(summaryFile, "## An earlier step's summary\n");
    // What a full disk does to an append: part of the text is written, then ENOSPC.
    const write = vi.spyOn(summary, "write").mockImplementationOnce(async () => {
      appendFileSync(summaryFile, "## dbt Fusion\n\n```text\nhalf of a code bl");
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    });
    await expect(writeJobSummary("## dbt Fusion\n\n```text\nhalf of a code block\n```\n")).rejects.toThrow(
      `${summaryFile} (GITHUB_STEP_SUMMARY): no space left on the device`,
    );
    write.mockRestore();
    expect(readFileSync(summaryFile, "utf8")).toBe("## An earlier step's summary\n");
    // Nor does the refused text come back with the next summary written.
    await writeJobSummary("## stopped\n");
    expect(readFileSync(summaryFile, "utf8")).toBe("## An earlier step's summary\n## stopped\n\n");
  });
});
