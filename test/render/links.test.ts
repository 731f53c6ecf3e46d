import { afterEach, describe, expect, it, vi } from "vitest";
import type { RunContext } from "../../src/github/context.js";
import { linksFor } from "../../src/github/plan.js";
import type { Report } from "../../src/model/types.js";
import { renderMarkdown } from "../../src/render/markdown.js";
import { markdownToHtml, parseHtml, textOf } from "../support/gfm-html.js";
import { reportFor } from "../support/report.js";

const HEAD = "0123456789abcdef0123456789abcdef01234567";
const CONTEXT: RunContext = {
  owner: "acme",
  repo: "analytics",
  eventName: "pull_request",
  headSha: HEAD,
  prNumber: 7,
  runUrl: "https://github.com/acme/analytics/actions/runs/42",
  headRepoFullName: "acme/analytics",
  headBranch: "feature",
};

async function render(report: Report, projectDir: string): Promise<string> {
  return renderMarkdown(report, {
    maxBytes: 60_000,
    title: "dbt Fusion",
    fullReportHint: "the job summary",
    // The Action reads GITHUB_SERVER_URL once (github/runner.ts) and hands it down.
    links: linksFor(
      CONTEXT,
      { projectDir, serverUrl: process.env.GITHUB_SERVER_URL || "https://github.com" },
      report,
    ),
  });
}

function links(markdown: string): string[] {
  return [...markdown.matchAll(/\]\((https:\/\/[^)\s]+)\)/g)].map((m) => m[1]!);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("links to files at the PR head", () => {
  it("errors and failed tests link to their file and line at the head SHA (golden)", async () => {
    vi.stubEnv("GITHUB_SERVER_URL", "https://github.com");
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const markdown = await render(report, "transform");
    await expect(markdown).toMatchFileSnapshot("__snapshots__/links-preview120.md");
    const urls = links(markdown);
    expect(urls).toContain("https://github.com/acme/analytics/actions/runs/42");
    const files = urls.filter((u) => u.includes("/blob/"));
    expect(files.length).toBeGreaterThan(0);
    for (const url of files) {
      expect(url.startsWith(`https://github.com/acme/analytics/blob/${HEAD}/transform/`)).toBe(true);
    }
    // The failed accepted_values test is defined on a line of a YAML file: the link carries #L<line>.
    expect(files.some((u) => /\/transform\/models\/.+\.yml#L\d+$/.test(u))).toBe(true);
  });

  it("uses GITHUB_SERVER_URL (GitHub Enterprise) and encodes path segments", async () => {
    vi.stubEnv("GITHUB_SERVER_URL", "https://ghe.example.com");
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const failed = report.invocations[0]!.nodes.find((n) => n.status === "fail")!;
    failed.location = { path: "models/my marts/#customers?.yml", line: 12 };
    const urls = links(await render(report, "."));
    expect(urls).toContain(
      `https://ghe.example.com/acme/analytics/blob/${HEAD}/models/my%20marts/%23customers%3F.yml#L12`,
    );
  });

  it("gives no link to files of installed packages or outside the repository", async () => {
    vi.stubEnv("GITHUB_SERVER_URL", "https://github.com");
    const report = await reportFor(["test/fixtures/real/preview120_build_success.otel.jsonl"]);
    const nodes = report.invocations[0]!.nodes;
    const failed = nodes.find((n) => n.status === "fail")!;
    const errored = nodes.find((n) => n.status === "error")!;
    failed.packageName = "dbt_utils";
    failed.location = { path: "dbt_packages/dbt_utils/macros/x.sql", line: 3 };
    errored.location = { path: "../../etc/passwd", line: 1 };
    const markdown = await render(report, ".");
    expect(links(markdown).filter((u) => u.includes("/blob/"))).toEqual([]);
    const text = parseHtml(markdownToHtml(markdown)).map(textOf).join("");
    expect(text).toContain("dbt_packages/dbt_utils/macros/x.sql:3");
  });

  it("gives no link to a path no checkout can hold, which would crowd the errors out of the comment", async () => {
    vi.stubEnv("GITHUB_SERVER_URL", "https://github.com");
    const report = await reportFor(["test/fixtures/generated/model-errors/telemetry.jsonl"]);
    const errored = report.invocations[0]!.nodes.filter((n) => n.status === "error");
    expect(errored.length).toBe(2);
    errored[0]!.location = { path: `models/${"a/".repeat(100_000)}x.sql`, line: 3 };
    const markdown = await render(report, ".");
    // Both errors and their messages are there, the long path shown cut and not linked.
    const text = parseHtml(markdownToHtml(markdown)).map(textOf).join("");
    for (const node of errored) expect(text).toContain(node.message!.split("\n")[0]);
    expect(Math.max(...links(markdown).map((url) => url.length))).toBeLessThan(200);
    expect(text).toContain("models/a/a/a/");
  });
});
